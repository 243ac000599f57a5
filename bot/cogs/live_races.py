"""The races of this process's servers: each race's live message (``/wordle race`` posts it,
:mod:`bot.cogs.race_messages` draws it), kept up to date, and its timer.

* The message is edited at most once every ``RaceTiming.edit_every`` seconds (Discord's rate
  limits), always ending on the latest state (:class:`LiveMessage`); the edit showing the
  race's end goes out at once.
* A timer per race ends it when its time is up, or at the end of its join window when everyone
  who joined has finished. At start, every race in the store is resumed: closed if due, else
  timed, and its message brought up to date (posted anew if its id was never stored).
* A stop sends the waiting edits at once (:func:`hurry_race_messages`, from
  :func:`bot.app.drain`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

import discord
from discord.ext import commands

from bot.cogs.board import guild_texts, player_texts, server_texts
from bot.cogs.client import WordleClient
from bot.cogs.interact import (
    NO_PINGS,
    Reply,
    log_failure,
    place_of,
    send,
    server_only,
    untracked,
    within_deadline,
)
from bot.cogs.race_messages import race_message
from bot.cogs.retry import passing, retry_delay
from bot.render.catalogues import N_
from bot.service.race_views import RaceMove, RaceView
from bot.service.races import RaceService
from bot.storage.errors import StorageError

log = logging.getLogger(__name__)
HIDDEN_CHANNEL = N_("I can't see this channel, so I couldn't keep a race's message up to date "
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

    def __init__(self, cog: LiveRaces, race_id: int, channel_id: int,
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


class LiveRaces(commands.Cog):
    """The live message and the timer of every race of this process's servers."""

    def __init__(self, bot: WordleClient, races: RaceService) -> None:
        self.bot = bot
        self.races = races
        self.live: dict[int, LiveMessage] = {}
        #: The races this process is starting, their message not posted yet: not given one
        #: by :meth:`_track` meanwhile.
        self.starting: set[int] = set()
        self.timers: dict[int, asyncio.Task[None]] = {}
        self._resume_task: asyncio.Task[None] | None = None

    async def cog_load(self) -> None:
        self._resume_task = asyncio.get_running_loop().create_task(
            self._resume(), name="wordle-bot races resume")

    async def cog_unload(self) -> None:
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
            if not self.bot.owns_guild(race.guild_id):
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
        await self.show_ended()  # their last edit failed before the restart

    async def show_ended(self) -> None:
        """Bring the message of each ended race whose end is not shown (its last edit failed,
        or a forget-me placed its players again) up to the race as it is now."""
        try:
            unshown = await self.races.ended_unshown()
        except Exception:
            log.exception("could not read the races whose end is not shown yet")
            return
        for ended in unshown:
            if self.bot.owns_guild(ended.guild_id):
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
            timer = self.timers.pop(race.id, None)
            if timer is not None and timer is not asyncio.current_task():
                timer.cancel()
        else:
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
        texts = guild_texts(self.bot, view.guild_id)  # everyone there sees it
        channel = self.bot.get_partial_messageable(live.channel_id)
        if live.message_id is not None:
            try:
                await channel.get_partial_message(live.message_id).edit(
                    view=untracked(race_message(view, hints, texts)), allowed_mentions=NO_PINGS)
            except discord.NotFound:  # deleted (say by a moderator): it goes on in a new one
                log.info("race %s's message was gone: posting it again", view.id)
                live.message_id = None
        if live.message_id is None:  # none stored (a stop came before), or gone
            posted = await channel.send(view=untracked(race_message(view, hints, texts)),
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
        """A join, guess, give-up or end changed the race: update the live message."""
        self._track(move.race)

    async def hinted(self, race_id: int) -> None:
        """A player took a hint: the live message marks their result."""
        race = await self.races.current(race_id)
        if race is not None:
            self._track(race)

    def _on_all_the_same(self, race: RaceView) -> None:
        """A race whose start failed after it was stored is on all the same: watch it (its
        first edit posts its message, its timer ends it)."""
        self.starting.discard(race.id)
        self._track(race)

    # -- /wordle race ---------------------------------------------------------------------

    async def start(self, interaction: discord.Interaction, minutes: int | None, hard: bool,
                    language: str | None = None, length: int | None = None) -> None:
        """Start a race in this server channel and post its live message (``language`` and
        ``length``: its word pack, the server's when not given)."""
        server_only(interaction)
        place = place_of(interaction)
        if not interaction.app_permissions.view_channel:
            # The live message is kept up to date through the channel: where the bot cannot
            # see it, the race would never show its progress, its end or its word.
            await send(interaction, Reply(content=player_texts(interaction)._(HIDDEN_CHANNEL),
                                          ephemeral=True))
            return

        async def work() -> tuple[RaceView, bool]:
            race = await self.races.start(place, interaction.user.id, minutes=minutes,
                                          hard_mode=hard, language=language, length=length)
            self.starting.add(race.id)
            try:
                return race, await self.races.hints_allowed(place.guild_id)
            except BaseException:
                self._on_all_the_same(race)
                raise

        race, hints = await within_deadline(interaction, work(), ephemeral=False)
        try:
            await send(interaction, Reply(view=race_message(race, hints,
                                                            server_texts(interaction))))
            message = await interaction.original_response()
        except discord.HTTPException:
            # No race message: nobody could join or watch it, and no timer would end it, so
            # it would block the channel until a restart. It ends now; the failure is reported
            # (and no later start posts a message for it).
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
