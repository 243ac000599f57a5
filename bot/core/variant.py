"""The shape of a game as data: word length, alphabet, attempts and boards.

Every layer takes a :class:`Variant` instead of assuming 5 letters A-Z and 6 attempts, so
that a new length, language or number of boards is a new value, not new code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

LATIN: Final = "abcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True, slots=True)
class Variant:
    """How a game is played: ``length`` letters from ``alphabet`` (lower case), found within
    ``attempts`` guesses on each of ``boards`` boards, in the words of ``language`` (the
    ISO 639-1 code of its word pack, :mod:`bot.core.packs`)."""

    length: int = 5
    attempts: int = 6
    alphabet: str = LATIN
    boards: int = 1
    language: str = "en"
    #: The feedback of a solved board, set once from ``length``.
    all_green: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.length < 1 or self.attempts < 1 or self.boards < 1:
            raise ValueError("a variant needs at least one letter, attempt and board")
        if len(set(self.alphabet)) != len(self.alphabet) or not self.alphabet:
            raise ValueError("an alphabet is a non-empty string of distinct letters")
        if not self.language:
            raise ValueError("a variant names the language of its words")
        object.__setattr__(self, "all_green", "G" * self.length)


#: The classic game: English, 5 letters, 6 attempts, one board.
CLASSIC: Final = Variant()


def boards_variant(boards: int, base: Variant = CLASSIC) -> Variant:
    """The variant of a game of ``boards`` boards with ``base``'s words: one guess more than
    ``base`` for every board after the first (Dordle 7, Quordle 9, Octordle 13)."""
    return Variant(base.length, base.attempts + boards - 1, base.alphabet, boards,
                   base.language)
