"""The daily word: the same hidden word for everyone on a server on the same day.

Day ``EPOCH`` is puzzle 1. Words are dealt from a shuffle of the whole answer list, one cycle
after another, so no word repeats before every answer was used. The shuffle is keyed by a
secret salt, so the public source does not tell tomorrow's word, and by the server id, so a
server whose day begins first cannot read another's word. Servers that played before they had
their own order keep the shared one (:func:`daily_word`) until their cutover puzzle.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from functools import lru_cache

from bot.core.timezones import zone

#: The day of puzzle number 1.
EPOCH = date(2026, 1, 1)


def puzzle_number(day: date) -> int:
    """The puzzle number of a calendar day (``EPOCH`` is 1; earlier days give 0 or less)."""
    return (day - EPOCH).days + 1


def puzzle_date(number: int) -> date:
    """The calendar day of a puzzle number."""
    return EPOCH + timedelta(days=number - 1)


def local_day(moment: datetime, timezone: str) -> date:
    """The calendar day at ``moment`` (an aware datetime) in the named IANA time zone."""
    if moment.tzinfo is None:
        raise ValueError("moment must be timezone-aware")
    return moment.astimezone(zone(timezone)).date()


def today_puzzle_number(moment: datetime, timezone: str) -> int:
    """Today's puzzle number for a server in ``timezone`` at ``moment``."""
    return puzzle_number(local_day(moment, timezone))


def ranked(words: tuple[str, ...], key: bytes, label: str) -> tuple[str, ...]:
    """``words`` in the order of their HMAC under ``key`` (one cycle of an order)."""
    def rank(word: str) -> bytes:
        return hmac.new(key, f"{label}:{word}".encode(), hashlib.sha256).digest()

    return tuple(sorted(words, key=rank))


@lru_cache(maxsize=8)
def _cycle_order(answers: tuple[str, ...], salt: str, cycle: int) -> tuple[str, ...]:
    return ranked(answers, salt.encode(), str(cycle))


def _server_key(salt: str, guild_id: int) -> bytes:
    """The secret of one server's order, from the salt and the server id."""
    return hmac.new(salt.encode(), f"daily-order/server/{guild_id}".encode(),
                    hashlib.sha256).digest()


@lru_cache(maxsize=64)
def _server_cycle_order(answers: tuple[str, ...], salt: str, guild_id: int, cycle: int,
                        order_from: int) -> tuple[str, ...]:
    """One cycle of a server's order. In the cycle of the cutover, the places before it keep
    the shared order's words, and the server's own order deals the words not used yet."""
    key = _server_key(salt, guild_id)
    first = cycle * len(answers) + 1  # the puzzle number at the cycle's first place
    if order_from <= first:
        return ranked(answers, key, str(cycle))
    kept = _cycle_order(answers, salt, cycle)[:order_from - first]
    used = set(kept)
    rest = tuple(word for word in answers if word not in used)
    return kept + ranked(rest, key, str(cycle))


#: The sorted answers of answer tuples seen lately, by identity (the tuple is kept, so its id
#: is not reused): finishing a daily asks for them several times.
_SORTED: dict[int, tuple[Sequence[str], tuple[str, ...]]] = {}


def checked_answers(answers: Sequence[str], salt: str) -> tuple[str, ...]:
    """The answers an order deals, sorted and without repeats; ``ValueError`` for an empty
    salt or list."""
    if not salt:
        raise ValueError("the daily salt must not be empty")
    known = _SORTED.get(id(answers))
    if known is not None and known[0] is answers:
        return known[1]
    if not answers:
        raise ValueError("the answer list is empty")
    words = tuple(sorted(set(answers)))
    if isinstance(answers, tuple):  # a list could change: sorted again each time
        if len(_SORTED) >= 16:
            _SORTED.clear()
        _SORTED[id(answers)] = (answers, words)
        _SORTED[id(words)] = (words, words)
    return words


def daily_word(number: int, answers: Sequence[str], salt: str) -> str:
    """The hidden word of puzzle ``number`` in the shared order (the same for every server),
    for this answer list and secret ``salt``. Servers use :func:`server_daily_word`."""
    words = checked_answers(answers, salt)
    cycle, position = divmod(number - 1, len(words))
    return _cycle_order(words, salt, cycle)[position]


def server_daily_word(number: int, answers: Sequence[str], salt: str, guild_id: int,
                      order_from: int) -> str:
    """The hidden word of puzzle ``number`` for server ``guild_id``.

    ``order_from`` is the first puzzle dealt from the server's own order (its cutover);
    earlier puzzles take the shared :func:`daily_word`. Every answer is used once per cycle,
    across the cutover too.
    """
    words = checked_answers(answers, salt)
    if isinstance(guild_id, bool) or not isinstance(guild_id, int) or guild_id < 0:
        raise ValueError(f"guild_id must be a server id (0 or more), not {guild_id!r:.40}")
    if number < order_from:
        return daily_word(number, words, salt)
    cycle, position = divmod(number - 1, len(words))
    return _server_cycle_order(words, salt, guild_id, cycle, order_from)[position]


def board_words(word_of: Callable[[int, str], str], number: int, salt: str,
                boards: int) -> tuple[str, ...]:
    """The hidden words of puzzle ``number`` in a game of ``boards`` boards, given
    ``word_of(number, salt)``, the word of a puzzle in the order a salt keys (the server's,
    a player's). One board takes the daily's word; several take each the word of an order
    seeded for that board (the salt, the number of boards and the board), a word an earlier
    board has giving way to that order's next puzzle's."""
    if boards == 1:
        return (word_of(number, salt),)
    words: list[str] = []
    for board in range(boards):
        seeded, day = f"{salt}/boards:{boards}/{board}", number
        while (word := word_of(day, seeded)) in words:
            day += 1
        words.append(word)
    return tuple(words)


def day_start(number: int, timezone: str) -> datetime:
    """The instant puzzle ``number``'s day begins in ``timezone`` (an aware datetime). Where a
    clock change skips midnight, the day begins at the change."""
    local = datetime.combine(puzzle_date(number), time(0), tzinfo=zone(timezone))
    return local.astimezone(zone("UTC"))


@dataclass(frozen=True)
class Calendar:
    """Which puzzle number is today for a server or a player: the time zone's day, except
    that after a change of time zone ``held_day`` stays today until ``held_until``.

    So a change of time zone never hands out a word early nor goes back to a day already
    over: today lasts until it would have ended without the change and tomorrow has begun in
    the new zone. (A move of 24 hours or more east still skips a day.)"""

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
        """Today's puzzle number at ``moment`` (an aware datetime)."""
        if self.held_day is not None and self._holding(moment):
            return self.held_day
        return today_puzzle_number(moment, self.timezone)

    def day_ends(self, moment: datetime) -> datetime:
        """When the day that is today at ``moment`` ends (the next one begins)."""
        if self.held_until is not None and self._holding(moment):
            return self.held_until
        return day_start(self.today(moment) + 1, self.timezone)

    def moved_to(self, timezone: str, moment: datetime) -> Calendar:
        """The calendar after ``timezone`` (a canonical IANA name) was chosen at ``moment``."""
        if timezone == self.timezone and not self._holding(moment):
            return Calendar(timezone)
        today = self.today(moment)
        until = max(self.day_ends(moment), day_start(today + 1, timezone))
        return Calendar(timezone, today, until)
