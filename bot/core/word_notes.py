"""A refused word's reasons as parts a front end words in its reader's language: what each
refused character is (:class:`CharacterNote`), the values of each word problem
(:class:`WordValues`) and the hard-mode rule broken (:class:`HardModeRule`), with the English
the core writes from them for logs and programs.

The core speaks no language but English: a front end words a refusal from these parts
(``bot.render.word_problems``), never from the English message.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final

#: Longest message naming characters with their Unicode names (else only code points).
MESSAGE_LIMIT: Final = 180


class CharacterKind(StrEnum):
    """What a refused character is, as a person would look for it in what they typed."""

    SPACE = "space"
    DIGIT = "digit"
    #: A byte the terminal could not decode (Python keeps it as a surrogate).
    UNREADABLE = "unreadable"
    INVISIBLE = "invisible"
    #: An accent typed apart from any letter.
    ACCENT = "accent"
    #: A character that may pass for one of the pack's letters (KELVIN SIGN, full-width c).
    LOOK_ALIKE = "look_alike"
    #: A letter of another alphabet (its Unicode name says which).
    FOREIGN = "foreign"
    OTHER = "other"


@dataclass(frozen=True)
class CharacterNote:
    """One refused character (or letter with its accents) as typed: ``code`` its first code
    point (``U+212A``), ``name`` that one's Unicode name (empty if it has none),
    ``looks_like`` the letters it may be taken for."""

    kind: CharacterKind
    text: str
    code: str = ""
    name: str = ""
    looks_like: str = ""

    def english(self, *, named: bool = True) -> str:
        """The character in English (``named``: with its Unicode name where it helps)."""
        kind = self.kind
        if kind is CharacterKind.SPACE:
            return "a space"
        if kind is CharacterKind.DIGIT:
            return f"the digit {self.text}"
        if kind is CharacterKind.UNREADABLE:
            return "a character that could not be read"
        if kind is CharacterKind.INVISIBLE:
            return f"an invisible character ({self.code})"
        if kind is CharacterKind.ACCENT:
            return f"an accent on its own ({self.code})"
        code = f"{self.code} {self.name}" if named and self.name else self.code
        if kind is CharacterKind.LOOK_ALIKE:
            return f"{self.text} ({code}, which looks like {self.looks_like})"
        if kind is CharacterKind.FOREIGN:
            return f"{self.text} ({code})"
        return f"'{self.text}'"


@dataclass(frozen=True)
class WordValues:
    """What a front end needs to word why a typed word was refused: the length asked
    (``length``), ``alphabet`` the letters allowed; for characters that cannot be used,
    up to three ``characters`` (none: the input was not text) and whether ``more`` were;
    for a wrong length, the word as typed (``shown``, upper case and cut short), the letters
    it ``counts`` and each written letter that counts as several (``(written, letters)``)."""

    length: int
    alphabet: str
    characters: tuple[CharacterNote, ...] = ()
    more: bool = False
    shown: str = ""
    counts: int = 0
    several: tuple[tuple[str, str], ...] = field(default=())


def english_word_message(problem: str, values: WordValues, letters: str) -> str:
    """The core's English for a refused word (``problem``: ``empty``, ``characters`` or
    ``length``), ``letters`` naming the letters allowed ("the letters A to Z")."""
    length = values.length
    if problem == "empty":
        return f"Type a {length}-letter word."
    if problem == "characters":
        if not values.characters:
            return f"A word must be text: {length} of {letters}."
        also = " and more" if values.more else ""
        message = ""
        for named in (True, False):  # Unicode's names while the message stays short
            names = ", ".join(c.english(named=named) for c in values.characters)
            message = f"Use only {letters}: {names}{also} can't be used."
            if len(message) <= MESSAGE_LIMIT:
                break
        return message
    note = "; ".join(f"{written} counts as {read}" for written, read in values.several)
    return (f"A word must have {length} letters; {values.shown} has {values.counts}"
            + (f" ({note})" if note else "") + ".")


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ... ``11th``, ``12th``, ``21st``."""
    if n % 100 in (11, 12, 13):
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


_COUNT_WORDS: Final = {2: "twice", 3: "three times", 4: "four times", 5: "five times",
                       6: "six times", 7: "seven times", 8: "eight times", 9: "nine times"}


@dataclass(frozen=True, slots=True)
class HardModeRule:
    """A hard-mode rule a guess breaks: ``letter`` (a pack letter, lower case) must be at
    ``position`` (from 1), or, with no position, be in the guess at least ``count`` times;
    in a game of several boards, by the clues of ``board`` (from 1)."""

    letter: str
    position: int | None = None
    count: int = 1
    board: int | None = None

    def __str__(self) -> str:
        """The rule in English: "the 2nd letter must be E" ("... on board 2")."""
        letter = self.letter.upper()
        on = "" if self.board is None else f" on board {self.board}"
        if self.position is not None:
            return f"the {ordinal(self.position)} letter must be {letter}{on}"
        if self.count == 1:
            return f"your guess must contain {letter}{on}"
        times = _COUNT_WORDS.get(self.count, f"{self.count} times")
        return f"your guess must contain {letter} {times}{on}"
