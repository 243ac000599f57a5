"""One game of Wordle: the hidden word, the guesses played, and the rules that judge a new guess.

Everything here is pure: no Discord, no database. A :class:`Game` turns into plain data with
:meth:`Game.to_dict` and back with :meth:`Game.from_dict` so storage can keep it.

Invalid guesses never raise: :func:`validate_guess` and :meth:`Game.guess` hand back an
:class:`Invalid` with a code and a message for a person, and the game is unchanged.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Container, Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, NamedTuple

from bot.core.feedback import ALL_GREEN, GREEN, GREY, WORD_LENGTH, YELLOW, score

MAX_ATTEMPTS = 6
#: Longest input we echo back in a message; anything longer is cut with an ellipsis.
_ECHO_LIMIT = 20


class Row(NamedTuple):
    """A guess that was played, with its feedback (``("crane", "BYGBB")``)."""

    word: str
    feedback: str


class Status(StrEnum):
    ACTIVE = "active"
    WON = "won"
    LOST = "lost"
    GIVEN_UP = "given_up"


@dataclass(frozen=True)
class Invalid:
    """Why a guess was refused. ``code`` is for programs, ``message`` for people.

    Codes: ``empty``, ``length``, ``characters``, ``unknown_word``, ``hard_mode``, ``finished``.
    """

    code: str
    message: str


@dataclass(frozen=True)
class GuessOutcome:
    """What :meth:`Game.guess` did: either a played ``row`` or the ``invalid`` reason."""

    row: Row | None = None
    invalid: Invalid | None = None

    @property
    def accepted(self) -> bool:
        return self.row is not None


def _echo(text: str) -> str:
    """A short, printable rendering of user input for use inside a message."""
    shown = "".join(c if c.isprintable() else "\N{REPLACEMENT CHARACTER}" for c in text)
    if len(shown) > _ECHO_LIMIT:
        shown = shown[:_ECHO_LIMIT] + "…"
    return shown


def _describe_bad_characters(text: str) -> str:
    bad = []
    for c in text:
        if not ("a" <= c <= "z") and c not in bad:
            bad.append(c)
    names = []
    for c in bad[:3]:
        if c.isspace():
            names.append("a space")
        elif c.isdigit():
            names.append(f"the digit {c}")
        elif not c.isprintable() or unicodedata.category(c) in ("Cf", "Mn", "Me"):
            names.append(f"an invisible character (U+{ord(c):04X})")
        else:
            names.append(f"'{c}'")
    more = " and more" if len(bad) > 3 else ""
    return ", ".join(names) + more


def validate_guess(raw: object, allowed: Container[str]) -> str | Invalid:
    """Check a raw guess as typed by a person.

    Returns the normalised lower-case word, or an :class:`Invalid` saying why not. Surrounding
    whitespace is ignored and case does not matter; anything else odd (digits, emoji, accented
    letters, zero-width characters, very long text, ``None``) is an invalid guess, never an
    exception.
    """
    if raw is None:
        return Invalid("empty", "Type a 5-letter word to guess.")
    if not isinstance(raw, str):
        return Invalid("characters", "A guess must be text: a 5-letter word.")
    text = raw.strip()
    if not text:
        return Invalid("empty", "Type a 5-letter word to guess.")
    lowered = text.lower()
    if not lowered.isascii() or not lowered.isalpha():
        return Invalid(
            "characters",
            f"Use only the letters A to Z: {_describe_bad_characters(lowered)} can't be used.",
        )
    if len(lowered) != WORD_LENGTH:
        return Invalid(
            "length",
            f"A guess must have {WORD_LENGTH} letters; {_echo(text).upper()} has {len(lowered)}.",
        )
    if lowered not in allowed:
        return Invalid("unknown_word", f"{lowered.upper()} is not in the word list.")
    return lowered


_ORDINALS = ("1st", "2nd", "3rd", "4th", "5th")
_COUNT_WORDS = {2: "two", 3: "three", 4: "four", 5: "five"}


def hard_mode_problem(rows: Iterable[Sequence[str]], word: str) -> str | None:
    """The hard-mode rule a guess breaks, as a message, or ``None`` if it is legal.

    As in the real game: every green letter stays in its place, and every revealed letter is
    used again; a letter revealed ``n`` times in one guess (green or yellow) must appear at
    least ``n`` times. ``rows`` are the (word, feedback) pairs played so far.
    """
    word = word.lower()
    for guess, feedback in rows:
        guess = guess.lower()
        feedback = feedback.upper()
        for i, (letter, state) in enumerate(zip(guess, feedback, strict=True)):
            if state == GREEN and word[i] != letter:
                return f"{_ORDINALS[i]} letter must be {letter.upper()}"
        revealed = Counter(
            letter for letter, state in zip(guess, feedback, strict=True) if state != GREY
        )
        have = Counter(word)
        for letter, needed in sorted(revealed.items()):
            if have[letter] < needed:
                if needed == 1:
                    return f"Guess must contain {letter.upper()}"
                return f"Guess must contain {_COUNT_WORDS[needed]} {letter.upper()}"
    return None


_RANK = {GREY: 0, YELLOW: 1, GREEN: 2}


def keyboard(rows: Iterable[Sequence[str]]) -> dict[str, str]:
    """Each played letter's best state so far: green over yellow over grey, never downgraded.

    Keys are lower-case letters, values ``"G"``, ``"Y"`` or ``"B"``; unplayed letters are absent.
    """
    states: dict[str, str] = {}
    for guess, feedback in rows:
        for letter, state in zip(guess.lower(), feedback.upper(), strict=True):
            best = states.get(letter)
            if best is None or _RANK[state] > _RANK[best]:
                states[letter] = state
    return states


@dataclass
class Game:
    """A hidden word, up to ``max_attempts`` guesses with their feedback, and the game's status."""

    answer: str
    hard_mode: bool = False
    rows: list[Row] = field(default_factory=list)
    status: Status = Status.ACTIVE
    max_attempts: int = MAX_ATTEMPTS

    def __post_init__(self) -> None:
        self.answer = self.answer.lower()
        if len(self.answer) != WORD_LENGTH or not (self.answer.isascii() and self.answer.isalpha()):
            raise ValueError("the hidden word must be 5 letters a-z")
        self.rows = [Row(w.lower(), f.upper()) for w, f in self.rows]
        self.status = Status(self.status)

    @property
    def attempts_used(self) -> int:
        return len(self.rows)

    @property
    def attempts_left(self) -> int:
        return self.max_attempts - len(self.rows)

    @property
    def is_over(self) -> bool:
        return self.status is not Status.ACTIVE

    @property
    def keyboard(self) -> dict[str, str]:
        return keyboard(self.rows)

    def check(self, raw: object, allowed: Container[str]) -> str | Invalid:
        """Validate a guess for this game without playing it: the word, or why it is refused."""
        if self.is_over:
            return Invalid("finished", "This game is over; start a new one to keep playing.")
        word = validate_guess(raw, allowed)
        if isinstance(word, Invalid):
            return word
        if self.hard_mode:
            problem = hard_mode_problem(self.rows, word)
            if problem is not None:
                return Invalid("hard_mode", f"Hard mode: {problem}.")
        return word

    def guess(self, raw: object, allowed: Container[str]) -> GuessOutcome:
        """Play a guess. An invalid guess changes nothing and costs no attempt."""
        word = self.check(raw, allowed)
        if isinstance(word, Invalid):
            return GuessOutcome(invalid=word)
        row = Row(word, score(word, self.answer))
        self.rows.append(row)
        if row.feedback == ALL_GREEN:
            self.status = Status.WON
        elif len(self.rows) >= self.max_attempts:
            self.status = Status.LOST
        return GuessOutcome(row=row)

    def give_up(self) -> None:
        """End an active game as given up (a finished game stays as it is)."""
        if not self.is_over:
            self.status = Status.GIVEN_UP

    def to_dict(self) -> dict[str, Any]:
        return {
            "answer": self.answer,
            "hard_mode": self.hard_mode,
            "rows": [[r.word, r.feedback] for r in self.rows],
            "status": self.status.value,
            "max_attempts": self.max_attempts,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        return cls(
            answer=data["answer"],
            hard_mode=bool(data.get("hard_mode", False)),
            rows=[Row(w, f) for w, f in data.get("rows", [])],
            status=Status(data.get("status", Status.ACTIVE)),
            max_attempts=int(data.get("max_attempts", MAX_ATTEMPTS)),
        )
