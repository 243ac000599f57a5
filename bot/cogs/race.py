"""Race mode on Discord (:mod:`bot.service.races`): the live race message in the channel, each
player's private board, their buttons, and the timer.

* ``/wordle race`` answers with the live race message (Components V2): the standings as squares
  without letters, guesses and times, and **Join** / **End race** buttons. Every button is a
  :class:`discord.ui.DynamicItem` carrying the race id, so old messages work after a restart.
* Joining (the button, or a first ``/guess`` here) answers with the player's own board,
  privately; they play it with its **Guess** button (a modal) or ``/guess``, like any game.
* The live message is edited at most once every ``RaceTiming.edit_every`` seconds (Discord's
  rate limits): a change marks it stale, and one task per race brings it up to date, always
  ending on the latest state (:class:`LiveMessage`). The edit showing the race's end goes out
  at once (the final ranking is not kept waiting; discord.py still waits out a rate limit
  Discord reports).
* A timer per race ends it when its time is up, or at the end of its join window when
  everyone who joined has finished by then. At start, every race in the store is resumed:
  one due to end is closed at once, the others get their timer, and each has its message
  brought up to date. A race whose message id was never stored (the bot stopped between
  starting it and storing the id) gets a new message in its channel; the old one, if it was
  posted, cannot be found and keeps showing the race as it was.
* A stop hurries the edits waiting out the spacing or a retry: they go out at once
  (:func:`hurry_race_messages`, from :func:`bot.app.drain`), so the message shows the latest
  state before the bot closes. The timers are not waited for.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, cast

import discord
from discord.ext import commands

from bot.cogs.cooldown import GUESSES, HINTS, spend
from bot.cogs.interact import (
    NO_PINGS,
    Reply,
    log_failure,
    ours,
    place_of,
    send,
    untracked,
    update,
    within_deadline,
)
from bot.cogs.messages import hint_embed
from bot.cogs.prefs import current_look, use_look_of
from bot.cogs.race_views import (
    COG_NAME,
    DYNAMIC_ITEMS,
    RaceGuessModal,
    board_reply,
    race_message,
)
from bot.cogs.retry import passing, retry_delay
from bot.core.domain import HintKind
from bot.service import GameService
from bot.service.races import RaceMove, RaceService, RaceView
from bot.storage.errors import StorageError

if TYPE_CHECKING:
    from bot.service import HintResult

log = logging.getLogger(__name__)
HIDDEN_CHANNEL = ("I can't see this channel, so I couldn't keep a race's message up to date "
                  "here: start it in a channel I can see, or ask a moderator to let me view "
                  "this one.")


# -- the live message and the timer -------------------------------------------------------

#: The live messages of this process with an edit under way or waiting (a stop hurries them).
_PENDING: set[LiveMessage] = set()


def hurry_race_messages() -> set[asyncio.Task[None]]:
    """For a stop: every race message edit waiting (out the spacing between edits) in this
    event loop goes out at once, and so do the later ones; returns their tasks, to wait for.
    A failed edit is not tried again then: the next start brings the message up to date."""
    loop = asyncio.get_running_loop()
    tasks: set[asyncio.Task[None]] = set()
    for live in list(_PENDING):
        task = live.task
        if task is not None and not task.done() and task.get_loop() is loop:
            live.hurry()
            tasks.add(task)
    return tasks


class LiveMessage:
    """Keeps one race's message up to date, at most one edit every ``every`` seconds, except
    the edit showing the race's end, which goes out at once. ``message_id`` ``None``: the race
    has no message known yet, the first edit posts one."""

    def __init__(self, cog: RaceCog, race_id: int, channel_id: int,
                 message_id: int | None) -> None:
        self.cog = cog
        self.race_id = race_id
        self.channel_id = channel_id
        self.message_id = message_id
        self.stale = False
        #: The race is over: its edit does not wait out the spacing.
        self.final = False
        self.last = float("-inf")
        #: No retry of a failed edit before this (``time.monotonic``).
        self.retry_at = float("-inf")
        self.task: asyncio.Task[None] | None = None
        #: The bot is stopping: no more waiting between edits, nor retries.
        self.hurried = False
        self._wake: asyncio.Future[None] | None = None

    def poke(self, *, final: bool = False) -> None:
        """The race changed (``final``: it is over): bring its message up to date."""
        self.stale = True
        if final:
            self.final = True
            self._wake_up()
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(
                self._run(), name=f"wordle-bot race {self.race_id} message")
            _PENDING.add(self)
            self.task.add_done_callback(lambda _: _PENDING.discard(self))

    def hurry(self) -> None:
        self.hurried = True
        self._wake_up()

    def _wake_up(self) -> None:
        if self._wake is not None and not self._wake.done():
            self._wake.set_result(None)

    def _next_edit(self) -> float:
        """When the next edit may go out (``time.monotonic``)."""
        spaced = float("-inf") if self.final else self.last + self.cog.races.timing.edit_every
        return max(spaced, self.retry_at)

    async def _pause(self, seconds: float) -> None:
        """Sleep ``seconds``, or less if :meth:`hurry` or a final :meth:`poke` comes
        meanwhile."""
        self._wake = asyncio.get_running_loop().create_future()
        try:
            await asyncio.wait({self._wake}, timeout=seconds)
        finally:
            self._wake = None

    async def _run(self) -> None:
        failures = 0
        while self.stale:
            while not self.hurried and (wait := self._next_edit() - time.monotonic()) > 0:
                await self._pause(wait)
            self.stale = False
            try:
                await self.cog.edit_live(self)
                failures = 0
            except Exception as exc:
                failures += 1
                delay = retry_delay(failures) if passing(exc) and not self.hurried else None
                if delay is not None:
                    # Tried again (with the latest state) even if nothing moves meanwhile:
                    # the last edit of a race shows who won and the word.
                    log.warning("could not edit race %s's message (%s); trying again in %.0f s",
                                self.race_id, exc, delay)
                    self.stale = True
                    self.last = time.monotonic()
                    self.retry_at = self.last + delay
                    continue
                log.warning("could not edit race %s's message (%s); giving up", self.race_id,
                            exc, exc_info=not isinstance(exc, discord.HTTPException | StorageError))
                if not self.stale:  # else a move came meanwhile: its state is tried once
                    await self.cog.gave_up(self, for_good=not passing(exc))
                    return
            self.last = time.monotonic()


class RaceCog(commands.Cog, name=COG_NAME):
    def __init__(self, bot: commands.Bot, races: RaceService) -> None:
        self.bot = bot
        self.races = races
        #: (guild, channel) of the races this process knows are on: a guess elsewhere is a
        #: game's at once, with no look at the store.
        self.racing: set[tuple[int, int]] = set()
        self.live: dict[int, LiveMessage] = {}
        #: The races this process is starting, their message not posted yet: not given one
        #: by :meth:`_track` meanwhile.
        self.starting: set[int] = set()
        self.timers: dict[int, asyncio.Task[None]] = {}
        self._resume_task: asyncio.Task[None] | None = None

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*DYNAMIC_ITEMS)
        for race in await self.races.active():
            if ours(self.bot, race.guild_id):
                self.racing.add((race.guild_id, race.channel_id))
        self._resume_task = asyncio.get_running_loop().create_task(
            self._resume(), name="wordle-bot races resume")

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(*DYNAMIC_ITEMS)
        tasks = [t for t in (self._resume_task, *self.timers.values(),
                             *(lm.task for lm in self.live.values())) if t is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    async def _resume(self) -> None:
        """After a restart: close the races whose time ran out meanwhile, and bring back the
        message (a new one where none was stored) and the timer of the others."""
        await self.bot.wait_until_ready()
        for race in await self.races.active():
            if not ours(self.bot, race.guild_id):
                continue
            try:
                view, _ = await self.races.close_if_due(race.id)
            except Exception:
                log.exception("could not resume race %s; its timer will try again", race.id)
                view = self.races.view(race)
            if view is None:
                continue
            log.info("race %s resumed (%s)", race.id, "closed" if view.is_over else "running")
            self._track(view)
        try:
            unshown = await self.races.ended_unshown()
        except Exception:
            log.exception("could not read the races whose end is not shown yet")
            return
        for ended in unshown:  # their last edit failed before the restart
            if ours(self.bot, ended.guild_id):
                log.info("race %s's message is brought up to its end", ended.id)
                self._track(ended)

    def _track(self, race: RaceView, *, posted: bool = False) -> None:
        """Watch a race: its message brought up to date (posted, if it has none stored), its
        timer running until it ends. ``posted``: the message was just posted as it is (no
        edit needed yet)."""
        if race.id not in self.live and race.id not in self.starting:
            self.live[race.id] = LiveMessage(self, race.id, race.channel_id, race.message_id)
            if posted:
                self.live[race.id].last = time.monotonic()
        if race.is_over:
            self.racing.discard((race.guild_id, race.channel_id))
            timer = self.timers.pop(race.id, None)
            if timer is not None and timer is not asyncio.current_task():
                timer.cancel()
        else:
            self.racing.add((race.guild_id, race.channel_id))
            if race.id not in self.timers:
                self.timers[race.id] = asyncio.get_running_loop().create_task(
                    self._timer(race.id), name=f"wordle-bot race {race.id} timer")
        live = self.live.get(race.id)
        if live is not None and not posted:
            live.poke(final=race.is_over)

    async def _timer(self, race_id: int) -> None:
        """Sleep until the race may end by itself (its join window's end, then its end time)
        and end it if it is due then."""
        while True:
            try:
                race = await self.races.current(race_id)
                if race is None or race.is_over:
                    break
                now = self.races.now()
                left = (race.next_end(now) - now).total_seconds()
                if left > 0:
                    await asyncio.sleep(min(left + 0.05, 3600))
                    continue
                view, _ = await self.races.close_if_due(race_id)
            except Exception as exc:  # the database, for a moment: try again shortly
                log_failure(log, f"race {race_id}'s timer failed; trying again", exc)
                await asyncio.sleep(5)
                continue
            if view is not None and view.is_over:
                self.timers.pop(race_id, None)
                self._track(view)
                return
            # not over: its join window ended with players still playing (or it is gone)
        self.timers.pop(race_id, None)

    async def edit_live(self, live: LiveMessage) -> None:
        view = await self.races.current(live.race_id)
        if view is None:
            return
        hints = await self.races.hints_allowed(view.guild_id)
        channel = self.bot.get_partial_messageable(live.channel_id)
        if live.message_id is not None:
            try:
                await channel.get_partial_message(live.message_id).edit(
                    view=untracked(race_message(view, hints)), allowed_mentions=NO_PINGS)
            except discord.NotFound:  # deleted (say by a moderator): it goes on in a new one
                log.info("race %s's message was gone: posting it again", view.id)
                live.message_id = None
        if live.message_id is None:  # none stored (a stop came before), or gone
            posted = await channel.send(view=untracked(race_message(view, hints)),
                                        allowed_mentions=NO_PINGS)
            live.message_id = posted.id
            log.info("race %s's message posted as %s", view.id, posted.id)
        if view.message_id != live.message_id:  # so that a restart edits this one
            await self.races.set_message(view.id, live.message_id)
        if view.is_over:
            self.live.pop(live.race_id, None)
            await self.races.end_shown(view.id)

    async def gave_up(self, live: LiveMessage, *, for_good: bool) -> None:
        """``live`` is no longer tried (a later move makes a new one). ``for_good``: it never
        can be edited (a deleted channel, a lost permission), so if the race is over the next
        start does not try to show its end either."""
        self.live.pop(live.race_id, None)
        if not for_good:
            return
        try:
            view = await self.races.current(live.race_id)
            if view is not None and view.is_over:
                await self.races.end_shown(view.id)
        except StorageError as exc:  # the next start tries once more, and gives up then
            log.warning("could not mark race %s's end as shown: %s", live.race_id, exc)

    def moved(self, move: RaceMove) -> None:
        """A join, guess, hint or give-up changed the race: update the live message."""
        self._track(move.race)

    def _on_all_the_same(self, race: RaceView) -> None:
        """A race whose start failed after it was stored is on all the same: watch it (its
        first edit posts its message, its timer ends it)."""
        self.starting.discard(race.id)
        self._track(race)

    # -- the command --------------------------------------------------------------------

    async def start_race(self, interaction: discord.Interaction, minutes: int | None,
                         hard: bool) -> None:
        place = place_of(interaction)
        if not interaction.app_permissions.view_channel:
            # The live message is kept up to date through the channel: where the bot cannot
            # see it, the race would never show its progress, its end or its word.
            await send(interaction, Reply(content=HIDDEN_CHANNEL, ephemeral=True))
            return

        async def work() -> tuple[RaceView, bool]:
            race = await self.races.start(place, interaction.user.id, minutes=minutes,
                                          hard_mode=hard)
            self.starting.add(race.id)
            try:
                return race, await self.races.hints_allowed(place.guild_id)
            except BaseException:
                self._on_all_the_same(race)
                raise

        race, hints = await within_deadline(interaction, work(), ephemeral=False)
        # guesses typed here go to the race from now on (not only once it is tracked below)
        self.racing.add((place.guild_id, place.channel_id))
        try:
            await send(interaction, Reply(view=race_message(race, hints)))
            message = await interaction.original_response()
        except discord.HTTPException:
            # No race message: nobody could join or watch it, and no timer would end it, so
            # it would block the channel until a restart. It ends now; the failure is reported
            # (and no later start posts a message for it).
            self.racing.discard((place.guild_id, place.channel_id))
            try:
                await self.races.end(place, interaction.user.id, race.id)
                await self.races.end_shown(race.id)
            except StorageError:  # the database away too: the race is on
                self._on_all_the_same(race)
            raise
        finally:
            self.starting.discard(race.id)
        live = self.live.setdefault(race.id, LiveMessage(self, race.id, race.channel_id,
                                                         message.id))
        live.last = time.monotonic()
        try:
            await self.races.set_message(race.id, message.id)
            stored = await self.races.current(race.id)
        except StorageError:  # its timer runs all the same; the next edit stores the id
            self._track(race, posted=True)
            raise
        if stored is not None:  # a join may have landed since the message was drawn
            self._track(stored, posted=not stored.racers)

    # -- typed commands that reach a race ---------------------------------------------

    async def takes(self, interaction: discord.Interaction) -> bool:
        """Whether ``/guess`` or ``/hint`` from this player here is for the race."""
        place = place_of(interaction)
        if (place.guild_id, place.channel_id) not in self.racing:
            return False
        return await self.races.takes_guess(place, interaction.user.id)

    async def slash_guess(self, interaction: discord.Interaction, word: str) -> None:
        move, reply = await within_deadline(interaction, self._with_board(
            self.races.guess(place_of(interaction), interaction.user.id, word),
            lambda move: "You joined the race!" if move.joined else None))
        await send(interaction, reply)
        self.moved(move)

    async def slash_hint(self, interaction: discord.Interaction, kind: str) -> None:
        result = await within_deadline(interaction, self.races.hint(
            place_of(interaction), interaction.user.id, kind))
        await self._hinted(interaction, result)

    async def slash_give_up(self, interaction: discord.Interaction) -> None:
        move, reply = await within_deadline(interaction, self._with_board(
            self.races.give_up(place_of(interaction), interaction.user.id),
            lambda _: "You gave up this race."))
        await send(interaction, reply)
        self.moved(move)

    async def slash_board(self, interaction: discord.Interaction) -> None:
        _, reply = await within_deadline(interaction, self._with_board(
            self.races.board(place_of(interaction), interaction.user.id), lambda _: None))
        await send(interaction, reply)

    async def _with_board(self, moving: Awaitable[RaceMove],
                          note: Callable[[RaceMove], str | None]) -> tuple[RaceMove, Reply]:
        """The move, then the player's board after it (the server's hint setting and the
        player's look are read, the picture drawn): both within the interaction's deadline
        (:func:`~bot.cogs.interact.within_deadline`), which defers if they take too long."""
        move = await moving
        return move, await self._board(move, note(move))

    async def _board(self, move: RaceMove, note: str | None) -> Reply:
        hints = await self.races.hints_allowed(move.race.guild_id)
        look = current_look()
        games = getattr(self.bot, "service", None)
        if isinstance(games, GameService) and move.board.owner_id is not None:
            look = await use_look_of(games, move.board.owner_id)  # the player's preferences
        return await board_reply(move, note=note, hints=hints, look=look)

    async def _hinted(self, interaction: discord.Interaction, result: HintResult) -> None:
        await send(interaction, Reply(embeds=[hint_embed(result)], ephemeral=True))
        race = await self.races.current(result.game.id)
        if race is not None:
            self._track(race)

    # -- the buttons ----------------------------------------------------------------------

    async def join_clicked(self, interaction: discord.Interaction, race_id: int) -> None:
        move, reply = await within_deadline(interaction, self._with_board(
            self.races.join(place_of(interaction), interaction.user.id, race_id),
            lambda move: ("You're in! Everyone plays the same word; your board is yours "
                          "alone." if move.joined
                          else "You're already in this race: here's your board.")))
        await send(interaction, reply)
        self.moved(move)

    async def end_clicked(self, interaction: discord.Interaction, race_id: int) -> None:
        move = await within_deadline(interaction, self.races.end(
            place_of(interaction), interaction.user.id, race_id))
        await send(interaction, Reply(content="You ended the race.", ephemeral=True))
        self.moved(move)

    async def guess_clicked(self, interaction: discord.Interaction, race_id: int) -> None:
        await self.races.may_guess(place_of(interaction), interaction.user.id, race_id)
        await interaction.response.send_modal(RaceGuessModal(race_id, interaction.user.id))

    async def guess_submitted(self, interaction: discord.Interaction, race_id: int,
                              word: str) -> None:
        spend(GUESSES, interaction)  # the same 5 in 10 s as /guess
        move, reply = await within_deadline(interaction, self._with_board(
            self.races.guess(place_of(interaction), interaction.user.id, word, race_id),
            lambda _: None), update=True)
        await update(interaction, reply)
        self.moved(move)

    async def hint_clicked(self, interaction: discord.Interaction, race_id: int,
                           kind: HintKind) -> None:
        spend(HINTS, interaction)  # the same 3 in 10 s as /hint
        result = await within_deadline(interaction, self.races.hint(
            place_of(interaction), interaction.user.id, kind, race_id))
        await self._hinted(interaction, result)

    async def give_up_clicked(self, interaction: discord.Interaction, race_id: int) -> None:
        move, reply = await within_deadline(interaction, self._with_board(
            self.races.give_up(place_of(interaction), interaction.user.id, race_id),
            lambda _: "You gave up this race."), update=True)
        await update(interaction, reply)
        self.moved(move)

    # -- settings (from the /wordle commands) -------------------------------------------

    async def settings_line(self, guild_id: int, hints: bool | None) -> str:
        """Change the server's hints in races (if ``hints`` is given) and say how it is."""
        if hints is not None:
            await self.races.allow_hints(guild_id, hints)
        on = await self.races.hints_allowed(guild_id)
        return (f"\nHints in races: **{'on' if on else 'off'}** (results helped by hints are "
                "marked 💡)")

    async def refuse_channel_game(self, interaction: discord.Interaction) -> None:
        await self.races.refuse_channel_game(place_of(interaction))


def race_cog(bot: commands.bot.BotBase) -> RaceCog:
    cog = bot.get_cog(COG_NAME)
    if cog is None:
        raise RuntimeError("the race cog is not loaded")
    return cast(RaceCog, cog)


async def takes_race(bot: commands.Bot, interaction: discord.Interaction) -> bool:
    """Whether a typed ``/guess``, ``/hint`` or ``/wordle giveup`` here goes to a race."""
    cog = bot.get_cog(COG_NAME)
    return cog is not None and await cast(RaceCog, cog).takes(interaction)
