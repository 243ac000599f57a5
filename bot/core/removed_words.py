"""Words a server took out of its own answers, and how its dailies skip them.

A removal counts for the puzzles ``removed_from`` (the server's next day when it was made) up
to ``restored_from`` (excluded, ``None``: still removed), so today's and past dailies never
change. A server's dailies are dealt from its order of places (:func:`bot.core.daily.
server_daily_word`, place ``n`` is puzzle ``n`` while nothing is removed). From the first day a
removal counts, each day takes the next place after the day before's, passing over places
whose word is removed that day: the days before keep their words, every word still comes once
per cycle of the order, and the words a skip moves were nobody's yet.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from bot.core.daily import checked_answers, server_daily_word


@dataclass(frozen=True, order=True)
class Removal:
    """``word`` is out of the server's answers for puzzles ``removed_from`` up to
    ``restored_from`` (excluded; ``None``: until restored)."""

    word: str
    removed_from: int
    restored_from: int | None = None

    def __post_init__(self) -> None:
        if self.restored_from is not None and self.restored_from <= self.removed_from:
            raise ValueError("a removal is restored after it begins")

    def counts_on(self, number: int) -> bool:
        """Whether the word is out of the answers on puzzle ``number``."""
        return self.removed_from <= number and (self.restored_from is None
                                                or number < self.restored_from)


def removed_now(removals: Iterable[Removal]) -> frozenset[str]:
    """The words out of the answers as things stand (not restored), for practice games and
    races, which a removal reaches at once."""
    return frozenset(r.word for r in removals if r.restored_from is None)


def removed_on(removals: Iterable[Removal], number: int) -> frozenset[str]:
    """The words out of the answers on puzzle ``number``."""
    return frozenset(r.word for r in removals if r.counts_on(number))


def kept_answers(answers: tuple[str, ...], removed: frozenset[str]) -> tuple[str, ...]:
    """``answers`` without the removed words (the same tuple when none is removed)."""
    if not removed:
        return answers
    return tuple(word for word in answers if word not in removed)


def dealt_daily_word(number: int, answers: tuple[str, ...], salt: str, guild_id: int,
                     order_from: int, removals: tuple[Removal, ...]) -> str:
    """The hidden word of puzzle ``number`` for server ``guild_id``, skipping its removed
    words (see the module). ``ValueError`` when a day would have no word left."""
    words = checked_answers(answers, salt)
    return _dealt(number, words, salt, guild_id, order_from, tuple(sorted(set(removals))))


@lru_cache(maxsize=256)
def _dealt(number: int, words: tuple[str, ...], salt: str, guild_id: int, order_from: int,
           removals: tuple[Removal, ...]) -> str:
    start = min((r.removed_from for r in removals), default=number + 1)
    if number < start:
        return server_daily_word(number, words, salt, guild_id, order_from)
    changes = ({r.removed_from for r in removals}
                     | {r.restored_from for r in removals if r.restored_from is not None})
    removed: frozenset[str] = frozenset()
    place = start - 1
    for day in range(start, number + 1):
        if day in changes:
            removed = removed_on(removals, day)
            if len(removed) >= len(words):
                raise ValueError("every answer is removed")
        place += 1
        while server_daily_word(place, words, salt, guild_id, order_from) in removed:
            place += 1
    return server_daily_word(place, words, salt, guild_id, order_from)
