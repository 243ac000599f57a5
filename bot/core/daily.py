"""The daily word: the same hidden word for everyone with the same salt, list and date.

Day ``EPOCH`` is puzzle 1 and every later calendar day adds one. The words are dealt from a
shuffle of the whole answer list, so no word repeats until every answer has been used once;
then a fresh shuffle starts the next cycle. The shuffle is keyed by a secret salt from
configuration, so reading the public source and word list does not tell anyone tomorrow's word.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from datetime import date, datetime, timedelta
from functools import lru_cache
from zoneinfo import ZoneInfo

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
    return moment.astimezone(ZoneInfo(timezone)).date()


def today_puzzle_number(moment: datetime, timezone: str) -> int:
    """Today's puzzle number for a server in ``timezone`` at ``moment``."""
    return puzzle_number(local_day(moment, timezone))


@lru_cache(maxsize=8)
def _cycle_order(answers: tuple[str, ...], salt: str, cycle: int) -> tuple[str, ...]:
    key = salt.encode()

    def rank(word: str) -> bytes:
        return hmac.new(key, f"{cycle}:{word}".encode(), hashlib.sha256).digest()

    return tuple(sorted(answers, key=rank))


def daily_word(number: int, answers: Sequence[str], salt: str) -> str:
    """The hidden word of puzzle ``number`` for this answer list and secret ``salt``."""
    if not salt:
        raise ValueError("the daily salt must not be empty")
    if not answers:
        raise ValueError("the answer list is empty")
    words = tuple(sorted(set(answers)))
    cycle, position = divmod(number - 1, len(words))
    return _cycle_order(words, salt, cycle)[position]
