"""What letter and position hints revealed about the hidden word, as a filter on candidates.

A word hint reveals nothing. Hints are a player's knowledge, not a rule: hard mode follows
the feedback alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

import numpy as np

from bot.core.domain import HintKind
from bot.core.variant import CLASSIC, Variant


@dataclass(frozen=True)
class Revealed:
    """Letters the hidden word contains and letters at known 1-based positions, in a game of
    ``variant`` (``ValueError`` for a letter or position it does not have). False when
    empty; hashable, so it can key a cache."""

    letters: frozenset[str] = frozenset()
    positions: frozenset[tuple[int, str]] = frozenset()
    variant: Variant = CLASSIC

    def __post_init__(self) -> None:
        for letter in self.letters:
            self._check_letter(letter)
        for position, letter in self.positions:
            if not 1 <= position <= self.variant.length:
                raise ValueError(f"a position is 1 to {self.variant.length}, not {position}")
            self._check_letter(letter)

    def _check_letter(self, letter: object) -> None:
        if not (isinstance(letter, str) and len(letter) == 1 and letter in self.variant.alphabet):
            raise ValueError(f"a revealed letter is one of {self.variant.alphabet}, "
                             f"not {letter!r}")

    @classmethod
    def from_hints(cls, hints: Iterable[tuple[HintKind | str, str]],
                   variant: Variant = CLASSIC) -> Revealed:
        """What the hints ``(kind, value)`` revealed, values as stored: ``"y"`` for a letter,
        ``"3:s"`` for a position, the suggested word for a word hint (which reveals nothing).
        ``ValueError`` for a value that is none of these."""
        letters: set[str] = set()
        positions: set[tuple[int, str]] = set()
        for kind, value in hints:
            kind = HintKind(kind)
            if kind is HintKind.LETTER:
                letters.add(value.lower())
            elif kind is HintKind.POSITION:
                place, _, letter = value.partition(":")
                if not place.isdigit():
                    raise ValueError(f"a position hint is stored as '3:s', not {value!r}")
                positions.add((int(place), letter.lower()))
        return cls(frozenset(letters), frozenset(positions), variant)

    def __bool__(self) -> bool:
        return bool(self.letters or self.positions)

    def __or__(self, other: Revealed) -> Revealed:
        if other.variant != self.variant:
            raise ValueError("hints of games of different variants do not combine")
        return Revealed(self.letters | other.letters, self.positions | other.positions,
                        self.variant)

    def fits(self, word: str) -> bool:
        """Whether ``word`` (lower case) agrees with every letter and position revealed."""
        return (all(letter in word for letter in self.letters)
                and all(word[place - 1] == letter for place, letter in self.positions))

    def mask(self, words: Sequence[str]) -> np.ndarray:
        """A boolean mask over ``words``: true where the word agrees with what was revealed."""
        if not self:
            return np.ones(len(words), dtype=bool)
        return np.fromiter((self.fits(word) for word in words), dtype=bool, count=len(words))


def revealed_before_guesses(hints: Iterable[tuple[datetime, HintKind | str, str]],
                            guess_times: Sequence[datetime],
                            variant: Variant = CLASSIC) -> list[Revealed]:
    """For each guess (made at ``guess_times``, in order), what the hints ``(given at, kind,
    value)`` had revealed by then: a hint counts for the guesses made at or after the moment
    it was given."""
    timed = sorted(((when, Revealed.from_hints([(kind, value)], variant))
                    for when, kind, value in hints), key=lambda item: item[0])
    known, out, index = Revealed(variant=variant), [], 0
    for moment in guess_times:
        while index < len(timed) and timed[index][0] <= moment:
            known |= timed[index][1]
            index += 1
        out.append(known)
    return out

