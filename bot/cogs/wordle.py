"""The ``/wordle`` commands: starting games and races, statistics, leaderboards, analyses,
preferences, server settings and forgetting a player. Each turns the interaction into a service
call and its result into a message; the moves (``/wordle giveup``, ``/wordle board``, and
``/guess`` and ``/hint``) are :mod:`bot.cogs.play`'s. The slash-command choices come from the
domain's enums.

Errors a player causes come back from the service as :class:`bot.service.PlayerError` and are
worded by :func:`bot.cogs.messages.error_text` in the bot's error handler (:mod:`bot.app`).
"""

from __future__ import annotations

import re
import time
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.board import (
    board_reply,
    forget_look,
    player_texts,
    reply_texts,
    server_texts,
    use_look_of,
)
from bot.cogs.client import WordleClient, wordle_client
from bot.cogs.figures import leaderboard_reply, stats_reply
from bot.cogs.help import help_text
from bot.cogs.interact import (
    ANALYSES,
    CONTEXTS,
    INSTALLS,
    LEADERBOARDS,
    Reply,
    cooldown,
    guarded,
    is_personal,
    may_post_in,
    needs_server,
    place_of,
    send,
    server_only,
    within_deadline,
)
from bot.cogs.messages import GREEN, analysis_embed, choices, mention
from bot.cogs.pack_options import figures_options, pack_options
from bot.cogs.word_removal import removal_options, removal_text, save_settings
from bot.core.periods import Period
from bot.render.account_text import (
    forget_question_text,
    forgotten_text,
    on_off,
    prefs_text,
    settings_text,
)
from bot.render.common import ENGLISH, Texts
from bot.render.daily_results import HINTED_MARK
from bot.render.start_text import start_text
from bot.service import Kind, LeaderboardOrder, PlayerError, Problem, Scope, StatsBucket
from bot.service.prefs import update_prefs

#: The slash-command choices, from the domain's vocabulary ("me" is an own game).
WHO = {"me": Scope.OWN, "channel": Scope.CHANNEL}
START_KINDS = (Kind.RANDOM, Kind.DAILY, Kind.ARCHIVE)

#: Seconds /wordle forgetme's question can be answered "yes" (Cancel always works).
FORGET_ANSWERED_WITHIN = 120


class ForgetButton(discord.ui.DynamicItem[discord.ui.Button[Any]],
                   template=r"wordle:forget:(?P<answer>yes|no):(?P<player>\d+):(?P<until>\d+)"):
    """"Yes, forget me" or "Cancel" under /wordle forgetme's question. The custom id names
    the player and until when (Unix seconds) a yes is taken, so the buttons answer after a
    restart too, and a late yes says the question timed out instead of failing."""

    def __init__(self, yes: bool, player_id: int, until: int, texts: Texts = ENGLISH) -> None:
        answer = "yes" if yes else "no"
        super().__init__(discord.ui.Button(
            label=texts._("Yes, forget me") if yes else texts._("Cancel"),
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
        t = player_texts(interaction)
        if interaction.user.id != self.player_id:
            await send(interaction, Reply(content=t._("This button isn't for you."),
                                          ephemeral=True))
            return
        if not self.yes:
            text = t._("Nothing was deleted.")
        elif time.time() > self.until:
            text = t._("That question timed out, so nothing was deleted. To delete everything "
                       "about you, use {forgetme} again.", forgetme=t.command("wordle forgetme"))
        else:
            client = wordle_client(interaction)
            report = await client.service.forget_me(self.player_id)
            forget_look(self.player_id)
            client.results_post.redo_soon()  # the results posts that showed them
            await client.live_races.show_ended()  # and the races they finished
            text = forgotten_text(report.total, t)
        await interaction.response.edit_message(content=text, view=None)


def forget_question(player_id: int, texts: Texts = ENGLISH) -> discord.ui.View:
    until = int(time.time()) + FORGET_ANSWERED_WITHIN
    view = discord.ui.View(timeout=None)
    view.add_item(ForgetButton(True, player_id, until, texts))
    view.add_item(ForgetButton(False, player_id, until, texts))
    return view


class WordleCog(commands.Cog):
    wordle = app_commands.Group(name="wordle", description="Play Wordle together",
                                allowed_contexts=CONTEXTS, allowed_installs=INSTALLS)

    def __init__(self, bot: WordleClient) -> None:
        self.bot = bot
        self.service = bot.service

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        await use_look_of(self.service, interaction.user.id)  # how this player sees things
        return True

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(ForgetButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(ForgetButton)

    # -- games ------------------------------------------------------------------------------

    @wordle.command(name="start", description="Start a game: your own, or one for the channel")
    @app_commands.describe(who="just you, or everyone in this channel together",
                           kind="a random practice word, today's daily puzzle, or a past one "
                                "(archive)",
                           hard="hard mode: green and yellow letters must be used in later guesses",
                           number="archive: the puzzle's number (Wordle 123)",
                           date="archive: the puzzle's date, YYYY-MM-DD")
    @app_commands.choices(who=choices(WHO), kind=choices(START_KINDS))
    @pack_options(server=False, boards=True)
    async def start(self, interaction: discord.Interaction,
                    who: str = "me", kind: str = Kind.RANDOM.value, hard: bool = False,
                    number: int | None = None, date: str | None = None, boards: int = 1,
                    language: str | None = None, length: int | None = None) -> None:
        scope = WHO.get(who, who)
        if scope is Scope.CHANNEL:
            server_only(interaction)

        async def work() -> Reply:
            result = await self.service.start(place_of(interaction), interaction.user.id,
                                              scope=scope, kind=kind, hard_mode=hard,
                                              number=number, date=date, language=language,
                                              length=length, boards=boards)
            game = result.game
            t = reply_texts(interaction, ephemeral=game.private)
            text = start_text(game, resumed=result.resumed, other_kind=result.other_kind,
                              hard_asked=hard, starter=mention(interaction.user.id), texts=t)
            return await board_reply(game, content=text, ephemeral=game.private, texts=t)

        await send(interaction, await within_deadline(interaction, work()))

    @wordle.command(name="challenge",
                    description="Set a word for the channel to guess (you can't guess it)")
    @app_commands.describe(word="the hidden word (only you will see it)", hard="hard mode")
    async def challenge(self, interaction: discord.Interaction, word: str,
                        hard: bool = False) -> None:
        server_only(interaction)

        async def work() -> Reply:
            result = await self.service.challenge(place_of(interaction), interaction.user.id,
                                                  word, hard_mode=hard)
            t = server_texts(interaction)  # the channel's board
            return await board_reply(
                result.game, content=t._("{player} set a challenge! Everyone else here can "
                                         "guess the word.", player=mention(interaction.user.id)),
                texts=t)

        board = await within_deadline(interaction, work())
        # The service accepted the word, so it is a plain word of letters A-Z: safe to show back.
        hidden = word.strip().upper()
        await send(interaction, Reply(
            content=player_texts(interaction)._(
                "Challenge set. Your word is **{word}**: only you can see this.", word=hidden),
            ephemeral=True))
        await send(interaction, board)

    @wordle.command(name="giveup", description="End your game here and see the word")
    async def giveup(self, interaction: discord.Interaction) -> None:
        await self.bot.play.give_up(interaction)

    @wordle.command(name="race", description="A race: everyone here plays one word, each on "
                                             "a private board")
    @app_commands.describe(minutes="how long the race lasts, 1 to 60 (default 10)",
                           hard="hard mode: green and yellow letters must be used in later guesses")
    @pack_options(server=False)
    async def race(self, interaction: discord.Interaction, minutes: int | None = None,
                   hard: bool = False, language: str | None = None,
                   length: int | None = None) -> None:
        await self.bot.live_races.start(interaction, minutes, hard, language, length)

    @wordle.command(name="board", description="Show your game here again")
    async def board(self, interaction: discord.Interaction) -> None:
        await self.bot.play.board(interaction)

    @wordle.command(name="help", description="The rules, the commands, hints, hard mode "
                                             "and the daily")
    async def help(self, interaction: discord.Interaction) -> None:
        embed = discord.Embed(title="Wordle", description=help_text(player_texts(interaction)),
                              colour=GREEN)
        await send(interaction, Reply(embeds=[embed], ephemeral=True))

    # -- statistics -------------------------------------------------------------------------

    @wordle.command(name="stats", description="Statistics, like the real game's")
    @app_commands.describe(player="whose statistics (default: yours)",
                           mode="which games (default: daily)")
    @app_commands.choices(mode=choices(StatsBucket))
    @figures_options
    async def stats(self, interaction: discord.Interaction, player: discord.User | None = None,
                    mode: str = StatsBucket.DAILY.value, language: str | None = None,
                    length: int | None = None, boards: int = 1) -> None:
        who = player or interaction.user
        if who.id != interaction.user.id and is_personal(interaction):
            server_only(interaction)  # a personal record is its player's own
        await send(interaction, await stats_reply(self.service, interaction, who, mode,
                                                  language=language, length=length,
                                                  boards=boards))

    @wordle.command(name="leaderboard", description="This server's best players")
    @app_commands.describe(by="what to rank by",
                           mode="which games (default: daily)",
                           period="today, this week from Monday, this month or all time, in "
                                  "the server's time zone; streaks: all time")
    @app_commands.choices(by=choices(LeaderboardOrder), mode=choices(StatsBucket),
                          period=choices(Period))
    @figures_options
    @cooldown(LEADERBOARDS)
    async def leaderboard(self, interaction: discord.Interaction,
                          by: str = LeaderboardOrder.WINS.value,
                          mode: str = StatsBucket.DAILY.value, period: str = Period.ALL.value,
                          language: str | None = None, length: int | None = None,
                          boards: int = 1) -> None:
        guild_id = server_only(interaction)
        await send(interaction, await leaderboard_reply(
            self.service, interaction, guild_id, by=by, mode=mode, period=period,
            language=language, length=length, boards=boards))

    @wordle.command(name="analyze", description="How your last finished game here compared "
                                                "with the solver")
    @cooldown(ANALYSES)
    async def analyze(self, interaction: discord.Interaction) -> None:
        # The solver may have to be built first: within_deadline defers (privately) if so.
        result = await within_deadline(
            interaction, self.service.analyse(place_of(interaction), interaction.user.id))
        await send(interaction, Reply(embeds=[analysis_embed(result.game, result.analysis,
                                                             player_texts(interaction))],
                                      ephemeral=True))

    @wordle.command(name="forgetme", description="Delete what this bot keeps about you")
    async def forgetme(self, interaction: discord.Interaction) -> None:
        t = player_texts(interaction)
        await send(interaction, Reply(
            content=forget_question_text(t),
            view=forget_question(interaction.user.id, t), ephemeral=True))

    @wordle.command(name="prefs", description="Your colours, board picture and time zone")
    @app_commands.describe(high_contrast="orange and blue instead of green and yellow",
                           dark="a dark board picture", text_only="no pictures, text only",
                           timezone="IANA time zone of your own daily (outside servers with "
                                    "Wordle), e.g. Europe/Paris")
    async def prefs(self, interaction: discord.Interaction, high_contrast: bool | None = None,
                    dark: bool | None = None, text_only: bool | None = None,
                    timezone: str | None = None) -> None:
        """Change what is given, then show all of the player's preferences (privately)."""
        player = interaction.user.id
        given = {"high_contrast": high_contrast, "dark": dark, "text_only": text_only,
                 "timezone": timezone.strip() if timezone is not None else None}
        changes: dict[str, Any] = {name: v for name, v in given.items() if v is not None}
        result = await within_deadline(interaction, update_prefs(
            self.service.db, player, self.service.now(), **changes))
        forget_look(player)
        look = await use_look_of(self.service, player)
        t = player_texts(interaction)
        title = t._("Preferences saved") if result.changed else t._("Your preferences")
        embed = discord.Embed(title=title,
                              description=prefs_text(result.prefs, result.zone_from, t),
                              colour=look.won)
        await send(interaction, Reply(embeds=[embed], ephemeral=True))

    # -- server settings and the daily results post ----------------------------------------

    @wordle.command(name="settings", description="Server settings (Manage Server only)")
    @app_commands.describe(timezone="IANA time zone for the daily, e.g. Europe/Paris",
                           results_channel="where the daily results post goes",
                           hints_in_channel_games="allow /hint in channel games",
                           hints_in_dailies="allow /hint on the daily (hinted results get a mark)",
                           hints_in_races="allow /hint in races (hinted results get a mark)")
    @pack_options(server=True)
    @removal_options()
    @app_commands.checks.has_permissions(manage_guild=True)
    @needs_server()
    async def settings(self, interaction: discord.Interaction, timezone: str | None = None,
                       results_channel: discord.TextChannel | None = None,
                       hints_in_channel_games: bool | None = None,
                       hints_in_dailies: bool | None = None,
                       hints_in_races: bool | None = None, language: str | None = None,
                       length: int | None = None, remove_word: str | None = None,
                       restore_word: str | None = None) -> None:
        guild_id = server_only(interaction)
        changes: dict = {k: v for k, v in dict(
            hints_in_channel_games=hints_in_channel_games, hints_in_dailies=hints_in_dailies,
            language=language, length=length).items() if v is not None}
        if timezone is not None:
            changes["timezone"] = timezone.strip()
        if results_channel is not None:
            self._check_can_post(interaction, results_channel)
            changes["results_channel_id"] = results_channel.id
        current = await within_deadline(interaction, save_settings(  # all saved, or nothing
            self.service, guild_id, changes, remove_word, restore_word))
        t = player_texts(interaction)
        channel = (f"<#{current.results_channel_id}>" if current.results_channel_id
                   else t._("the channel where each daily is played"))
        text = settings_text(current, channel, self.service.now(), t)
        if hints_in_races is not None:
            await self.bot.races.allow_hints(guild_id, hints_in_races)
        on = await self.bot.races.hints_allowed(guild_id)
        text += "\n" + t._("Hints in races: **{state}** (results helped by hints are marked "
                           "{mark})", state=on_off(on, t), mark=HINTED_MARK)
        text += "\n" + await within_deadline(interaction, removal_text(
            self.service, guild_id, remove_word, restore_word, t))
        saved = changes or {hints_in_races, remove_word, restore_word} != {None}
        title = t._("Settings saved") if saved else t._("Settings")
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
