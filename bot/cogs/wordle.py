"""The slash commands: ``/guess`` and ``/hint`` at the top level (fastest to type) and the
``/wordle`` group for everything else. Each command turns the interaction into one service call
and the result into a message. The rules live in :mod:`bot.core.domain`, the use cases in
:mod:`bot.service`; the slash-command choices come from the domain's enums.

Errors a player causes come back from the service as :class:`bot.service.PlayerError` (a code
and its data) and are worded for these commands by :func:`bot.cogs.messages.error_text` in the
bot's error handler (:mod:`bot.app`), ephemerally.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.cooldown import ANALYSES, GUESSES, HINTS, LEADERBOARDS, cooldown
from bot.cogs.help import help_text
from bot.cogs.interact import (
    NO_PINGS,
    Reply,
    guarded,
    may_post_in,
    place_of,
    send,
    within_deadline,
)
from bot.cogs.messages import (
    GREEN,
    STATS_FILE,
    analysis_embed,
    board_reply,
    hint_embed,
    is_channel_game,
    is_private,
    mention,
    stats_file,
)
from bot.cogs.play import BoardPlay
from bot.cogs.prefs import (
    CONTEXTS,
    INSTALLS,
    current_look,
    forget_look,
    is_personal,
    needs_server,
    prefs_command,
    server_only,
    shown,
    use_look_of,
)
from bot.cogs.race import race_cog, takes_race
from bot.cogs.views import COG_NAME, DYNAMIC_ITEMS, loaded_cog
from bot.core.domain import WORD_LENGTH
from bot.core.periods import Period
from bot.render.account_text import forgotten_text, settings_text
from bot.render.common import ORDER_NAMES
from bot.render.leaderboard import board_text, board_title, period_span
from bot.render.race import race_board_text, race_board_title, race_stats_text
from bot.render.stats_image import stats_png_async
from bot.render.stats_text import stats_text
from bot.service import (
    GameService,
    GiveUpResult,
    HintKind,
    Kind,
    LeaderboardOrder,
    PlayerError,
    Problem,
    Scope,
    StatsBucket,
)
from bot.service.views import latest_win
from bot.storage.races import RaceBoard, RaceStats

if TYPE_CHECKING:
    from bot.storage.models import Stats

__all__ = ["NO_PINGS", "WordleCog", "send"]

log = logging.getLogger(__name__)

#: The slash-command choices, from the domain's vocabulary ("me" is an own game).
WHO = {"me": Scope.OWN, "channel": Scope.CHANNEL}
START_KINDS = (Kind.RANDOM, Kind.DAILY, Kind.ARCHIVE)
Choice = app_commands.Choice


#: Choices shown in words where the stored value is not one (the value is what is sent).
_CHOICE_NAMES = {"random": "practice", **{str(o): name for o, name in ORDER_NAMES.items()}}


def _choices(values: Any) -> list[Choice[str]]:
    return [Choice(name=_CHOICE_NAMES.get(str(v), str(v)), value=str(v)) for v in values]


#: Seconds /wordle forgetme's question can be answered "yes" (Cancel always works).
FORGET_ANSWERED_WITHIN = 120


class ForgetButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                   template=r"wordle:forget:(?P<answer>yes|no):(?P<player>\d+):(?P<until>\d+)"):
    """"Yes, forget me" or "Cancel" under /wordle forgetme's question. The custom id names
    the player and until when (Unix seconds) a yes is taken, so the buttons answer after a
    restart too, and a late yes says the question timed out instead of failing."""

    def __init__(self, yes: bool, player_id: int, until: int) -> None:
        answer = "yes" if yes else "no"
        super().__init__(discord.ui.Button(
            label="Yes, forget me" if yes else "Cancel",
            style=discord.ButtonStyle.danger if yes else discord.ButtonStyle.secondary,
            custom_id=f"wordle:forget:{answer}:{player_id}:{until}"))
        self.yes, self.player_id, self.until = yes, player_id, until

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> ForgetButton:
        return cls(match["answer"] == "yes", int(match["player"]), int(match["until"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._answer(interaction), "a forget-me button")

    async def _answer(self, interaction: discord.Interaction) -> None:
        if interaction.user.id != self.player_id:
            await send(interaction, Reply(content="This button isn't for you.", ephemeral=True))
            return
        if not self.yes:
            text = "Nothing was deleted."
        elif time.time() > self.until:
            text = ("That question timed out, so nothing was deleted. To delete everything "
                    "about you, use /wordle forgetme again.")
        else:
            cog = cast(WordleCog, loaded_cog(interaction, COG_NAME))
            report = await cog.service.forget_me(self.player_id)
            forget_look(self.player_id)
            cog.redo_soon()  # the results posts that showed them
            text = forgotten_text(report.total)
        await interaction.response.edit_message(content=text, view=None)


def forget_question(player_id: int) -> discord.ui.View:
    until = int(time.time()) + FORGET_ANSWERED_WITHIN
    view = discord.ui.View(timeout=None)
    view.add_item(ForgetButton(True, player_id, until))
    view.add_item(ForgetButton(False, player_id, until))
    return view


class WordleCog(BoardPlay, commands.Cog):
    wordle = app_commands.Group(name="wordle", description="Play Wordle together",
                                allowed_contexts=CONTEXTS, allowed_installs=INSTALLS)

    def __init__(self, bot: commands.Bot, service: GameService) -> None:
        self.bot = bot
        self.service = service
        self._post_locks: dict[int, asyncio.Lock] = {}
        self._posts_due: dict[tuple[int, int, int | None], bool] = {}
        self._catch_up: asyncio.Task[None] | None = None
        self._redo: asyncio.Task[None] | None = None
        self._redo_soon = asyncio.Event()

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        await use_look_of(self.service, interaction.user.id)  # how this player sees things
        return True

    async def cog_load(self) -> None:
        # The board's buttons: matched by custom id, so old boards work after a restart.
        self.bot.add_dynamic_items(*DYNAMIC_ITEMS, ForgetButton)
        self._catch_up = asyncio.get_running_loop().create_task(
            self.catch_up_results_posts(), name="wordle-bot results posts catch-up")
        self._redo = asyncio.get_running_loop().create_task(
            self.redo_marked_posts(), name="wordle-bot results posts of forgotten players")

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(*DYNAMIC_ITEMS, ForgetButton)
        for task in (self._catch_up, self._redo):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task

    # -- games ------------------------------------------------------------------------------

    @wordle.command(name="start", description="Start a game: your own, or one for the channel")
    @app_commands.describe(who="just you, or everyone in this channel together",
                           kind="a random practice word, today's daily puzzle, or a past one "
                                "(archive)",
                           hard="hard mode: green and yellow letters must be used in later guesses",
                           number="archive: the puzzle's number (Wordle 123)",
                           date="archive: the puzzle's date, YYYY-MM-DD")
    @app_commands.choices(who=_choices(WHO), kind=_choices(START_KINDS))
    async def start(self, interaction: discord.Interaction,
                    who: str = "me", kind: str = Kind.RANDOM.value,
                    hard: bool = False, number: int | None = None,
                    date: str | None = None) -> None:
        scope = WHO.get(who, who)
        if scope is Scope.CHANNEL:
            server_only(interaction)
            await race_cog(self.bot).refuse_channel_game(interaction)

        async def work() -> Reply:
            start = self.service.start(place_of(interaction), interaction.user.id,
                                       scope=scope, kind=kind, hard_mode=hard,
                                       number=number, date=date)
            if scope is Scope.CHANNEL:  # a race may have started since the look above
                start = race_cog(self.bot).races.beside_race(place_of(interaction), start)
            result = await start
            game = result.game
            if result.resumed:
                if result.other_kind:
                    text = ("You already have another game going here, so here it is: finish "
                            "it, or give it up with /wordle giveup, before starting a new one.")
                else:
                    kept = ""
                    if game.hard_mode != hard:  # chosen at the start, not changed by this one
                        kept = (" It is in hard mode, as it started." if game.hard_mode else
                                " It is not in hard mode: that is chosen when a game starts.")
                    text = ("You already have this game going here; carry on: press Guess or "
                            f"/guess.{kept}")
                if is_channel_game(game):
                    text = "This channel already has a game going; join in: press Guess or /guess."
            elif is_channel_game(game):
                text = (f"{mention(interaction.user.id)} started a channel game! "
                        "Everyone here can press Guess or /guess.")
            elif is_private(game):
                text = (f"{game.label}: only you can see this board. "
                        f"Press Guess or /guess a {WORD_LENGTH}-letter word.")
            else:
                text = f"Your game is on: press Guess or /guess a {WORD_LENGTH}-letter word."
            return await board_reply(game, content=text, ephemeral=is_private(game))

        await send(interaction, await within_deadline(interaction, work()))

    @wordle.command(name="challenge",
                    description="Set a word for the channel to guess (you can't guess it)")
    @app_commands.describe(word="the hidden word (only you will see it)", hard="hard mode")
    async def challenge(self, interaction: discord.Interaction, word: str,
                        hard: bool = False) -> None:
        server_only(interaction)
        await race_cog(self.bot).refuse_channel_game(interaction)

        async def work() -> Reply:
            result = await race_cog(self.bot).races.beside_race(place_of(interaction),
                                                                self.service.challenge(
                place_of(interaction), interaction.user.id, word, hard_mode=hard))
            return await board_reply(
                result.game, content=f"{mention(interaction.user.id)} set a challenge! "
                                     "Everyone else here can guess the word.")

        board = await within_deadline(interaction, work())
        # The service accepted the word, so it is a plain word of letters A-Z: safe to show back.
        hidden = word.strip().upper()
        await send(interaction, Reply(
            content=f"Challenge set. Your word is **{hidden}**: only you can see this.",
            ephemeral=True))
        await send(interaction, board)

    @app_commands.command(name="guess",
                          description=f"Guess a {WORD_LENGTH}-letter word in your game here")
    @app_commands.describe(word="your guess")
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.allowed_installs(guilds=True, users=True)
    @cooldown(GUESSES)
    async def guess(self, interaction: discord.Interaction, word: str) -> None:
        if await takes_race(self.bot, interaction):  # the player's race board here
            return await race_cog(self.bot).slash_guess(interaction, word)
        result, reply = await within_deadline(interaction, self.guess_reply(interaction, word))
        await send(interaction, reply)
        if result.finish is not None:
            await self.announce(interaction, result.game, result.finish)

    @app_commands.command(name="hint", description="A hint: a letter, a position, or a word")
    @app_commands.describe(kind="letter: one in the word; position: one letter in place; "
                                "word: the solver's best next guess")
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    @app_commands.allowed_installs(guilds=True, users=True)
    @cooldown(HINTS)
    @app_commands.choices(kind=_choices(HintKind))
    async def hint(self, interaction: discord.Interaction,
                   kind: str = HintKind.LETTER.value) -> None:
        if await takes_race(self.bot, interaction):
            return await race_cog(self.bot).slash_hint(interaction, kind)
        # A word hint may have to build the solver first; within_deadline defers if so.
        result = await within_deadline(
            interaction, self.service.hint(place_of(interaction), interaction.user.id, kind))
        await send(interaction, Reply(embeds=[hint_embed(result)],
                                      ephemeral=is_private(result.game)))

    @wordle.command(name="giveup", description="End your game here and see the word")
    async def giveup(self, interaction: discord.Interaction) -> None:
        if await takes_race(self.bot, interaction):
            return await race_cog(self.bot).slash_give_up(interaction)
        async def work() -> tuple[GiveUpResult, Reply]:
            # the last board (the statistics picture may be drawn in a thread): in time too
            result = await self.service.give_up(place_of(interaction), interaction.user.id)
            note = (f"{mention(interaction.user.id)} gave up."
                    if is_channel_game(result.game) else None)
            return result, await self.finished_reply(interaction, result.game, result.finish,
                                                     note)

        result, reply = await within_deadline(interaction, work())
        await send(interaction, reply)
        await self.announce(interaction, result.game, result.finish)

    @wordle.command(name="race", description="A race: everyone here plays one word, each on "
                                             "a private board")
    @app_commands.describe(minutes="how long the race lasts, 1 to 60 (default 10)",
                           hard="hard mode: green and yellow letters must be used in later guesses")
    async def race(self, interaction: discord.Interaction, minutes: int | None = None,
                   hard: bool = False) -> None:
        server_only(interaction)
        await race_cog(self.bot).start_race(interaction, minutes, hard)

    @wordle.command(name="board", description="Show your game here again")
    async def board(self, interaction: discord.Interaction) -> None:
        if await takes_race(self.bot, interaction):
            return await race_cog(self.bot).slash_board(interaction)

        async def work() -> Reply:
            game = await self.service.board(place_of(interaction), interaction.user.id)
            return await board_reply(game, ephemeral=is_private(game))

        await send(interaction, await within_deadline(interaction, work()))

    @wordle.command(name="help", description="The rules, the commands, hints, hard mode "
                                             "and the daily")
    async def help(self, interaction: discord.Interaction) -> None:
        embed = discord.Embed(title="Wordle", description=help_text(), colour=GREEN)
        await send(interaction, Reply(embeds=[embed], ephemeral=True))

    # -- statistics -------------------------------------------------------------------------

    @wordle.command(name="stats", description="Statistics, like the real game's")
    @app_commands.describe(player="whose statistics (default: yours)",
                           mode="daily puzzles, own practice games, channel games, races or "
                                "archive puzzles")
    @app_commands.choices(mode=_choices(StatsBucket))
    async def stats(self, interaction: discord.Interaction, player: discord.User | None = None,
                    mode: str = StatsBucket.DAILY.value) -> None:
        who = player or interaction.user
        place = place_of(interaction)
        if who.id != interaction.user.id and is_personal(interaction):
            server_only(interaction)  # a personal record is its player's own
        look = current_look()

        async def work() -> tuple[Stats | RaceStats, int | None, bytes | None]:
            stats = await self.service.stats(place.guild_id, who.id, mode)
            if isinstance(stats, RaceStats):  # races: their own figures, as text
                return stats, None, None
            lit = await latest_win(self.service.db, place, who.id, mode)
            png = await stats_png_async(stats, highlight=lit, theme=look.theme) \
                if look.picture else None
            return stats, lit, png

        stats, lit, png = await within_deadline(interaction, work(), ephemeral=False)
        # The text stays beside the picture, for screen readers.
        text = race_stats_text(stats) if isinstance(stats, RaceStats) else \
            shown(stats_text(stats, highlight=lit))
        embed = discord.Embed(title=f"{mode.capitalize()} statistics",
                              description=f"{mention(who.id)}\n\n{text}")
        if png is not None:
            embed.set_image(url=f"attachment://{STATS_FILE}")
        await send(interaction, Reply(embeds=[embed], files=[stats_file(png)] if png else []))

    @wordle.command(name="leaderboard", description="This server's best players")
    @app_commands.describe(by="what to rank by",
                           mode="daily, practice, channel, race or archive games",
                           period="today, this week from Monday, this month or all time, in "
                                  "the server's time zone; streaks: all time")
    @app_commands.choices(by=_choices(LeaderboardOrder), mode=_choices(StatsBucket),
                          period=_choices(Period))
    @cooldown(LEADERBOARDS)
    async def leaderboard(self, interaction: discord.Interaction,
                          by: str = LeaderboardOrder.WINS.value,
                          mode: str = StatsBucket.DAILY.value,
                          period: str = Period.ALL.value) -> None:
        server_only(interaction)
        board = await within_deadline(
            interaction, self.service.leaderboard(interaction.guild_id or 0,
                                                  interaction.user.id, mode=mode, by=by,
                                                  period=period),
            ephemeral=False)
        if isinstance(board, RaceBoard):  # all time: first places, win % or average guesses
            order = LeaderboardOrder(by)
            embed = discord.Embed(title=race_board_title(order),
                                  description=race_board_text(board, order, interaction.user.id,
                                                              mention))
        else:
            embed = discord.Embed(title=board_title(mode, by, period),
                                  description=board_text(board, interaction.user.id, mention,
                                                         period))
        if period != Period.ALL.value:  # which days, on the server's calendar
            zone_name = (await self.service.settings(interaction.guild_id or 0)).timezone
            embed.set_footer(text=period_span(period, self.service.now(), zone_name))
        await send(interaction, Reply(embeds=[embed]))

    @wordle.command(name="analyze", description="How your last finished game here compared "
                                                "with the solver")
    @cooldown(ANALYSES)
    async def analyze(self, interaction: discord.Interaction) -> None:
        # The solver may have to be built first: within_deadline defers (privately) if so.
        result = await within_deadline(
            interaction, self.service.analyse(place_of(interaction), interaction.user.id))
        await send(interaction, Reply(embeds=[analysis_embed(result.game, result.analysis)],
                                      ephemeral=True))

    @wordle.command(name="forgetme", description="Delete everything this bot keeps about you")
    async def forgetme(self, interaction: discord.Interaction) -> None:
        await send(interaction, Reply(
            content="This deletes your games, statistics and hints on every server, and "
                    "removes your name from channel games. It can't be undone. Go ahead?",
            view=forget_question(interaction.user.id), ephemeral=True))

    @wordle.command(name="prefs", description="Your colours, board picture and time zone")
    @app_commands.describe(high_contrast="orange and blue instead of green and yellow",
                           dark="a dark board picture", text_only="no pictures, text only",
                           timezone="IANA time zone of your own daily (outside servers with "
                                    "Wordle), e.g. Europe/Paris")
    async def prefs(self, interaction: discord.Interaction, high_contrast: bool | None = None,
                    dark: bool | None = None, text_only: bool | None = None,
                    timezone: str | None = None) -> None:
        await prefs_command(self.service, interaction, high_contrast=high_contrast, dark=dark,
                            text_only=text_only, timezone=timezone)

    # -- server settings and the daily results post ----------------------------------------

    @wordle.command(name="settings", description="Server settings (Manage Server only)")
    @app_commands.describe(timezone="IANA time zone for the daily, e.g. Europe/Paris",
                           results_channel="where the daily results post goes",
                           hints_in_channel_games="allow /hint in channel games",
                           hints_in_dailies="allow /hint on the daily (hinted results get a mark)",
                           hints_in_races="allow /hint in races (hinted results get a mark)")
    @app_commands.checks.has_permissions(manage_guild=True)
    @needs_server()
    async def settings(self, interaction: discord.Interaction, timezone: str | None = None,
                       results_channel: discord.TextChannel | None = None,
                       hints_in_channel_games: bool | None = None,
                       hints_in_dailies: bool | None = None,
                       hints_in_races: bool | None = None) -> None:
        guild_id = interaction.guild_id or 0
        changes: dict = {}
        if timezone is not None:
            changes["timezone"] = timezone.strip()
        if results_channel is not None:
            self._check_can_post(interaction, results_channel)
            changes["results_channel_id"] = results_channel.id
        if hints_in_channel_games is not None:
            changes["hints_in_channel_games"] = hints_in_channel_games
        if hints_in_dailies is not None:
            changes["hints_in_dailies"] = hints_in_dailies
        if changes:
            current = await within_deadline(
                interaction, self.service.update_settings(guild_id, **changes))
        else:
            current = await within_deadline(interaction, self.service.settings(guild_id))
        channel = (f"<#{current.results_channel_id}>" if current.results_channel_id
                   else "the channel where each daily is played")
        text = settings_text(current, channel, self.service.now())
        text += await race_cog(self.bot).settings_line(guild_id, hints_in_races)
        title = "Settings saved" if changes or hints_in_races is not None else "Settings"
        await send(interaction, Reply(embeds=[discord.Embed(title=title, description=text)],
                                      ephemeral=True))

    @staticmethod
    def _check_can_post(interaction: discord.Interaction, channel: discord.abc.GuildChannel
                        ) -> None:
        """Refuse a results channel the bot could not post in (better now than every day)."""
        guild = interaction.guild
        cached = guild.get_channel(channel.id) if guild is not None else None
        # Not cached (should not happen with the guilds intent), or the bot's member not
        # known: tried at post time.
        if cached is not None and may_post_in(cached) is False:
            raise PlayerError(Problem.CANNOT_POST, channel_id=cached.id)
