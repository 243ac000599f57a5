"""Playing: ``/guess`` and ``/hint``, the moves behind ``/wordle giveup`` and ``/wordle board``,
and what the board's buttons and guess modal do (:class:`PlayCog`); how a finished game is told
(the last board, the daily's share grid and results post).

Each move is one service call (:class:`~bot.service.moves.Moves`), which decides the game it
goes to (a button names it); the answer is that game's board, or the player's race board (and
the race's live message is brought up to date). A move from a board edits the board in place;
a refusal is told only to the player and changes nothing.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.board import (
    board_reply,
    current_look,
    is_channel_game,
    player_texts,
    reply_texts,
    server_texts,
    shown,
    use_look_of,
)
from bot.cogs.buttons import BoardButton, GuessModal, give_up_confirm, modal_submit
from bot.cogs.client import WordleClient
from bot.cogs.interact import (
    GUESSES,
    HINTS,
    Reply,
    cooldown,
    guarded,
    on_public_board,
    place_of,
    send,
    spend,
    update,
    within_deadline,
)
from bot.cogs.messages import choices, finish_fields, hint_embed, mention
from bot.cogs.race_messages import race_board_reply
from bot.core.domain import HintKind, Kind
from bot.render.common import ENGLISH, Texts, game_label_text
from bot.render.share_words import share_words
from bot.render.stats_image import stats_png_async
from bot.service import Finish, Game, GiveUpResult, GuessResult
from bot.service.moves import Moves
from bot.service.race_views import RaceMove

log = logging.getLogger(__name__)


class PlayCog(commands.Cog):
    """The players' moves, typed or from a board."""

    def __init__(self, bot: WordleClient, moves: Moves) -> None:
        self.bot = bot
        self.moves = moves

    async def cog_load(self) -> None:
        # Matched by custom id, so the buttons of old messages work after a restart.
        self.bot.add_dynamic_items(BoardButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(BoardButton)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        await self._look(interaction)
        return True

    async def _look(self, interaction: discord.Interaction) -> None:
        """How this player sees things, for everything drawn while answering them."""
        await use_look_of(self.moves.games, interaction.user.id)

    # -- the commands ------------------------------------------------------------------

    @app_commands.command(name="guess",
                          description="Guess the hidden word in your game here")
    @app_commands.describe(word="your guess")
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.allowed_installs(guilds=True, users=True)
    @cooldown(GUESSES)
    async def guess_command(self, interaction: discord.Interaction, word: str) -> None:
        await self.guess(interaction, word)

    @app_commands.command(name="hint", description="A hint: a letter, a position, or a word")
    @app_commands.describe(kind="letter: one in the word; position: one letter in place; "
                                "word: the solver's best next guess")
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.allowed_installs(guilds=True, users=True)
    @cooldown(HINTS)
    @app_commands.choices(kind=choices(HintKind))
    async def hint_command(self, interaction: discord.Interaction,
                           kind: str = HintKind.LETTER.value) -> None:
        await self.hint(interaction, kind)

    @commands.Cog.listener("on_interaction")
    async def guess_modal_submitted(self, interaction: discord.Interaction) -> None:
        """A guess modal submitted (:func:`~bot.cogs.buttons.modal_submit`)."""
        if interaction.type is not discord.InteractionType.modal_submit:
            return  # (every interaction comes here)
        found = modal_submit(interaction)
        if found is None:
            return
        match, word = found
        target = int(match["id"])
        work = (self.guess(interaction, word, race_id=target, from_board=True) if match["race"]
                else self.guess(interaction, word, game_id=target, from_board=True))
        await guarded(interaction, work, "a guess from the board")

    # -- the moves ---------------------------------------------------------------------

    async def guess(self, interaction: discord.Interaction, word: str, *,
                    game_id: int | None = None, race_id: int | None = None,
                    from_board: bool = False) -> None:
        """Play ``word`` in the game a button named, else the player's game here."""
        if from_board:
            spend(GUESSES, interaction)  # the same 5 in 10 s as /guess
            await self._look(interaction)

        async def work() -> tuple[GuessResult | RaceMove, Reply]:
            result = await self.moves.guess(
                place_of(interaction), interaction.user.id, word, game_id=game_id,
                race_id=race_id, public_board=on_public_board(interaction))
            if isinstance(result, RaceMove):
                note = player_texts(interaction)._("You joined the race!") if result.joined \
                    else None
                return result, await self._race_board(interaction, result, note)
            texts = reply_texts(interaction, ephemeral=result.game.private)
            note = guessed_note(result, texts)
            if result.finish is not None:
                return result, await self.finished_reply(interaction, result.game,
                                                         result.finish, note)
            return result, await board_reply(result.game, content=note,
                                             ephemeral=result.game.private, texts=texts)

        result, reply = await within_deadline(interaction, work(), update=from_board)
        await (update if from_board else send)(interaction, reply)
        await self._told(interaction, result)

    async def hint(self, interaction: discord.Interaction, kind: HintKind | str, *,
                   game_id: int | None = None, race_id: int | None = None,
                   from_board: bool = False) -> None:
        if from_board:
            spend(HINTS, interaction)  # the same 3 in 10 s as /hint
        # A word hint may have to build the solver first; within_deadline defers if so.
        result = await within_deadline(interaction, self.moves.hint(
            place_of(interaction), interaction.user.id, kind, game_id=game_id, race_id=race_id,
            public_board=on_public_board(interaction)))
        texts = reply_texts(interaction, ephemeral=result.game.private)
        await send(interaction, Reply(embeds=[hint_embed(result, texts)],
                                      ephemeral=result.game.private))
        if result.game.kind is Kind.RACE:
            await self.bot.live_races.hinted(result.game.id)

    async def give_up(self, interaction: discord.Interaction, *, game_id: int | None = None,
                      race_id: int | None = None, from_board: bool = False) -> None:
        """Give up the game a button named (after its confirmation), else the player's game
        here; the last board (or race board) follows."""
        if from_board:
            await self._look(interaction)
        player = interaction.user.id

        async def work() -> tuple[GiveUpResult | RaceMove, Reply]:
            result = await self.moves.give_up(place_of(interaction), player, game_id=game_id,
                                              race_id=race_id)
            if isinstance(result, RaceMove):
                return result, await self._race_board(
                    interaction, result, player_texts(interaction)._("You gave up this race."))
            note = server_texts(interaction)._("{player} gave up.", player=mention(player)) \
                if is_channel_game(result.game) else None
            return result, await self.finished_reply(interaction, result.game, result.finish,
                                                     note)

        result, reply = await within_deadline(interaction, work(), update=from_board)
        if from_board and not isinstance(result, RaceMove):
            await update(interaction, Reply(  # the confirmation
                content=player_texts(interaction)._("You gave up.")))
            await send(interaction, reply)
        else:
            await (update if from_board else send)(interaction, reply)
        await self._told(interaction, result)

    async def board(self, interaction: discord.Interaction) -> None:
        """The board a guess from this player here would go to."""
        async def work() -> Reply:
            shown = await self.moves.board(place_of(interaction), interaction.user.id)
            if isinstance(shown, RaceMove):
                return await self._race_board(interaction, shown, None)
            return await board_reply(shown, ephemeral=shown.private,
                                     texts=reply_texts(interaction, ephemeral=shown.private))

        await send(interaction, await within_deadline(interaction, work()))

    async def guess_clicked(self, interaction: discord.Interaction, *,
                            game_id: int | None = None, race_id: int | None = None) -> None:
        """The Guess button: the guess modal, for those who may guess."""
        board = await self.moves.may_guess(place_of(interaction), interaction.user.id,
                                           game_id=game_id, race_id=race_id,
                                           public_board=on_public_board(interaction))
        await interaction.response.send_modal(GuessModal(board, interaction.user.id,
                                                         player_texts(interaction)))

    async def give_up_clicked(self, interaction: discord.Interaction, game_id: int) -> None:
        """A game's Give up button: asks to confirm (the rules are asked again then: the
        game may have changed meanwhile)."""
        game = await self.moves.games.may(place_of(interaction), interaction.user.id, game_id,
                                          "give_up", public_board=on_public_board(interaction))
        texts = player_texts(interaction)
        label = game_label_text(game, texts)
        question = texts._("Give up {game}? It counts as a loss, and the word is shown to you.",
                           game=label) if game.private else texts._(
            "Give up {game}? It counts as a loss, and the word is shown to everyone here.",
            game=label)
        await send(interaction, Reply(content=question, view=give_up_confirm(game_id, texts),
                                      ephemeral=True))

    async def join(self, interaction: discord.Interaction, race_id: int) -> None:
        """A race's Join button: the player's race board, privately."""
        await self._look(interaction)

        async def work() -> tuple[RaceMove, Reply]:
            move = await self.moves.races.join(place_of(interaction), interaction.user.id,
                                               race_id)
            texts = player_texts(interaction)
            return move, await self._race_board(interaction, move, (
                texts._("You're in! Everyone plays the same word; your board is yours alone.")
                if move.joined else
                texts._("You're already in this race: here's your board.")))

        move, reply = await within_deadline(interaction, work())
        await send(interaction, reply)
        self.bot.live_races.moved(move)

    async def end_race(self, interaction: discord.Interaction, race_id: int) -> None:
        """A race's End race button: its starter may end it, and so may anyone who can
        manage the server (Discord says who can: the starter may have been forgotten)."""
        move = await within_deadline(interaction, self.moves.races.end(
            place_of(interaction), interaction.user.id, race_id,
            may_manage=interaction.permissions.manage_guild))
        await send(interaction, Reply(content=player_texts(interaction)._("You ended the race."),
                                      ephemeral=True))
        self.bot.live_races.moved(move)

    async def _race_board(self, interaction: discord.Interaction, move: RaceMove,
                          note: str | None) -> Reply:
        """The player's race board: private, in their language."""
        hints = await self.moves.races.hints_allowed(move.race.guild_id)
        return await race_board_reply(move, note=note, hints=hints,
                                      texts=player_texts(interaction))

    # -- telling a move and a finish -----------------------------------------------------

    async def _told(self, interaction: discord.Interaction,
                    result: GuessResult | GiveUpResult | RaceMove) -> None:
        """After the answer: the race's live message, or a finished daily's announcement."""
        if isinstance(result, RaceMove):
            self.bot.live_races.moved(result)
        elif result.finish is not None:
            await self.announce(interaction, result.game, result.finish)

    async def finished_reply(self, interaction: discord.Interaction, game: Game,
                             finish: Finish, note: str | None) -> Reply:
        """The last board: the word or the win, the share grid and the statistics."""
        texts = reply_texts(interaction, ephemeral=game.private)
        if game.won and is_channel_game(game):
            note = "🎉 " + texts._("{player} solved it!", player=mention(game.solved_by))
        extra = finish_fields(game, finish, interaction.user.id, texts)
        picture = None
        mine = [s.stats for s in finish.stats if s.player_id == interaction.user.id]
        look = current_look()
        if mine and look.picture:  # the statistics screen of the one who finished it, this
            lit = game.attempts_used if game.won else None  # game's bar lit (joined from
            picture = await stats_png_async(  # cached parts at once, or drawn in a thread)
                mine[0], highlight=lit, theme=look.theme, variant=game.variant, texts=texts)
        return await board_reply(game, content=note, ephemeral=game.private, extra=extra,
                                 stats_png=picture, texts=texts)

    async def announce(self, interaction: discord.Interaction, game: Game,
                       finish: Finish) -> None:
        """After a daily: the spoiler-free grid to the channel (not when the hints used are
        not known: ``Finish.figures``), and the results post (even when the grid could not be
        posted: the post is the day's record)."""
        if game.kind is not Kind.DAILY:
            return
        try:
            if finish.figures:
                texts = server_texts(interaction)  # posted for everyone in the channel
                finished = texts._("{player} finished:", player=mention(interaction.user.id))
                grid = share_words(game, finish, texts)
                await send(interaction, Reply(content=f"{finished}\n{shown(grid)}"))
        except discord.HTTPException as exc:
            log.warning("could not post the share grid of user %s in channel %s: %s",
                        interaction.user.id, interaction.channel_id, exc)
        await self.bot.results_post.update(place_of(interaction).guild_id,
                                           interaction.channel_id, game.puzzle_number)


def guessed_note(result: GuessResult, texts: Texts = ENGLISH) -> str | None:
    """Who guessed what, on a channel game's board."""
    game = result.game
    if not is_channel_game(game):
        return None
    return texts._("{player} guessed **{word}** ({score})", player=mention(result.player_id),
                   word=result.row.word.upper(), score=f"{result.attempt}/{game.max_attempts}")
