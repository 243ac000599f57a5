"""The personal daily: the daily a player plays outside the servers that added the bot (in a DM,
a group chat, or a server where only they installed the app). Results go to the player's
personal record, server id :data:`PERSONAL` (0, as the terminal's).

**Whose word.** Each player has their own order of words (:func:`player_daily_word`), keyed by
the secret salt and the player's id, as each server has its own (:mod:`bot.core.daily`): no
choice of time zone lets anyone read another player's or a server's word before its day begins,
since nobody else is ever dealt the same order.

**Which day.** The player's own time zone (a preference, UTC by default) says when their day
begins. A change of time zone must not hand out a word early nor go back to a day already over,
so it never changes today: a :class:`PersonalCalendar` keeps the day it was on
(``held_day``) until both that day has ended as it would have without the change and the next
day has begun in the new zone (``held_until``); from then on the new zone's day. A player
moving east waits for tomorrow as before; one moving west keeps today until tomorrow begins
there.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, time
from functools import lru_cache

from bot.core.daily import checked_answers, puzzle_date, ranked, today_puzzle_number
from bot.core.timezones import zone

#: The server id of a player's personal record (games and statistics outside servers).
PERSONAL = 0


def _player_key(salt: str, player_id: int) -> bytes:
    """The secret of one player's order: from the salt and the player's id (labelled, so it is
    never the key of a server with the same number)."""
    return hmac.new(salt.encode(), f"daily-order/player/{player_id}".encode(),
                    hashlib.sha256).digest()


@lru_cache(maxsize=256)
def _player_cycle(answers: tuple[str, ...], salt: str, player_id: int,
                  cycle: int) -> tuple[str, ...]:
    return ranked(answers, _player_key(salt, player_id), str(cycle))


def player_daily_word(number: int, answers: Sequence[str], salt: str, player_id: int) -> str:
    """The hidden word of puzzle ``number`` in the personal daily of ``player_id``: every answer
    once per cycle, in an order only the salt and this player's id decide."""
    if isinstance(player_id, bool) or not isinstance(player_id, int) or player_id < 0:
        raise ValueError(f"player_id must be a user id (0 or more), not {player_id!r:.40}")
    words = checked_answers(answers, salt)
    cycle, position = divmod(number - 1, len(words))
    return _player_cycle(words, salt, player_id, cycle)[position]


def day_start(number: int, timezone: str) -> datetime:
    """The instant puzzle ``number``'s day begins in ``timezone`` (an aware datetime). Where a
    clock change skips midnight, the day begins at the change."""
    local = datetime.combine(puzzle_date(number), time(0), tzinfo=zone(timezone))
    return local.astimezone(zone("UTC"))


@dataclass(frozen=True)
class PersonalCalendar:
    """Which puzzle number is a player's today: their time zone's day, except that after a
    change of time zone ``held_day`` stays today until ``held_until``."""

    timezone: str = "UTC"
    held_day: int | None = None
    held_until: datetime | None = None

    def __post_init__(self) -> None:
        if (self.held_day is None) != (self.held_until is None):
            raise ValueError("held_day and held_until go together")
        if self.held_until is not None and self.held_until.tzinfo is None:
            raise ValueError("held_until must be timezone-aware")

    def _holding(self, moment: datetime) -> bool:
        return self.held_until is not None and moment < self.held_until

    def today(self, moment: datetime) -> int:
        """The player's puzzle number at ``moment`` (an aware datetime)."""
        if self.held_day is not None and self._holding(moment):
            return self.held_day
        return today_puzzle_number(moment, self.timezone)

    def day_ends(self, moment: datetime) -> datetime:
        """When the day that is today at ``moment`` ends (the next one begins)."""
        if self.held_until is not None and self._holding(moment):
            return self.held_until
        return day_start(self.today(moment) + 1, self.timezone)

    def moved_to(self, timezone: str, moment: datetime) -> PersonalCalendar:
        """The calendar after the player chose ``timezone`` (a canonical IANA name) at
        ``moment``: today stays today, and tomorrow begins when it would have begun without the
        change or when it begins in the new zone, whichever is later."""
        if timezone == self.timezone and not self._holding(moment):
            return PersonalCalendar(timezone)
        today = self.today(moment)
        until = max(self.day_ends(moment), day_start(today + 1, timezone))
        return PersonalCalendar(timezone, today, until)
