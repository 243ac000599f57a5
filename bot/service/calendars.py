"""The servers' calendars, kept for a while in the process (:class:`Calendars`), and the change
of a server's settings, which may move its calendar.

Which day is a server's today depends on its time zone and a held day after a change of it:
settings that change seldom, while every game that ends needs them. A calendar is kept for
:data:`KEEP_SECONDS`, and replaced at once when this process changes the server's settings
(read again next time when such a change failed: it may have landed all the same). Another
process's change (all of a server's commands reach one process, its shard) shows within that
time; the day cannot jump meanwhile, since a change of time zone never changes today
(:meth:`bot.core.daily.Calendar.moved_to`).
"""

from __future__ import annotations

import itertools
import time
from collections import OrderedDict
from collections.abc import Callable
from datetime import datetime
from typing import Final, NamedTuple

from bot.core.daily import Calendar
from bot.core.timezones import UnknownTimeZone, normalise_timezone
from bot.service.errors import BadOption, Problem, zone_typed
from bot.storage.models import UNSET, GuildSettings, Unset
from bot.storage.port import Store

#: Seconds a server's calendar is used before it is read again.
KEEP_SECONDS: Final = 60.0
#: Servers whose calendar is kept at most (the least recently used go first).
KEEP_SERVERS: Final = 10_000


def server_calendar(settings: GuildSettings) -> Calendar:
    """Which day is the server's today (its time zone, held after a change of it)."""
    return Calendar(settings.timezone, settings.held_day, settings.held_until)


class _Kept(NamedTuple):
    turn: int  # reads and changes in the order they began: a later one always wins
    since: float  # the clock when it began
    calendar: Calendar | None  # None: read it again (a change here may or may not have landed)


class Calendars:
    """Each server's calendar, read from the store at most every :data:`KEEP_SECONDS`."""

    def __init__(self, db: Store, *, clock: Callable[[], float] = time.monotonic) -> None:
        self._db = db
        self._clock = clock
        self._turns = itertools.count()
        self._kept: OrderedDict[int, _Kept] = OrderedDict()

    async def of(self, guild_id: int) -> Calendar:
        kept = self._kept.get(guild_id)
        if (kept is not None and kept.calendar is not None
                and self._clock() - kept.since < KEEP_SECONDS):
            self._kept.move_to_end(guild_id)
            return kept.calendar
        turn, since = next(self._turns), self._clock()
        return self._keep(await self._db.guild_settings(guild_id), turn, since)

    async def update(self, guild_id: int, now: datetime, *, timezone: str | Unset = UNSET,
                     results_channel_id: int | Unset | None = UNSET,
                     hints_in_channel_games: bool | Unset = UNSET,
                     hints_in_dailies: bool | Unset = UNSET,
                     language: str | Unset | None = UNSET,
                     word_length: int | Unset | None = UNSET) -> GuildSettings:
        """Change the server's settings given. A new time zone never changes the server's
        today: the day it is on lasts until tomorrow would have begun, or begins in the new
        zone, whichever is later (:meth:`bot.core.daily.Calendar.moved_to`), so nobody's daily
        or streak is cut short or played twice."""
        held_day: int | Unset | None = UNSET
        held_until: datetime | Unset | None = UNSET
        try:
            if not isinstance(timezone, Unset):
                timezone = normalise_timezone(timezone)
                before = await self._db.guild_settings(guild_id)
                if timezone != before.timezone:
                    moved = server_calendar(before).moved_to(timezone, now)
                    held_day, held_until = moved.held_day, moved.held_until
            try:
                after = await self._db.update_guild_settings(
                    guild_id, timezone=timezone, results_channel_id=results_channel_id,
                    hints_in_channel_games=hints_in_channel_games,
                    hints_in_dailies=hints_in_dailies, held_day=held_day, held_until=held_until,
                    language=language, word_length=word_length)
            except BaseException:
                self.unsure(guild_id)  # the write may have landed all the same
                raise
        except UnknownTimeZone as exc:
            raise BadOption(Problem.BAD_SETTING, detail=zone_typed(exc)) from None
        except ValueError:
            raise BadOption(Problem.BAD_SETTING) from None
        self.changed(after)
        return after

    def changed(self, settings: GuildSettings) -> None:
        """This process has just written the server's settings: use them from now on (a read
        begun before is not kept over them)."""
        self._keep(settings, next(self._turns), self._clock())

    def unsure(self, guild_id: int) -> None:
        """A change of the server's settings here failed or was cancelled, and may still
        have landed: read them again next time (a read begun before is not kept either)."""
        self._put(guild_id, _Kept(next(self._turns), self._clock(), None))

    def _keep(self, settings: GuildSettings, turn: int, since: float) -> Calendar:
        calendar = server_calendar(settings)
        self._put(settings.guild_id, _Kept(turn, since, calendar))
        return calendar

    def _put(self, guild_id: int, new: _Kept) -> None:
        kept = self._kept.get(guild_id)
        if kept is None or kept.turn < new.turn:
            self._kept[guild_id] = new
            self._kept.move_to_end(guild_id)
            while len(self._kept) > KEEP_SERVERS:
                self._kept.popitem(last=False)
