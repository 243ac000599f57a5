"""One game of Wordle: the hidden word, the guesses played, and the rules that judge a new guess.

Everything here is pure: no Discord, no database. Invalid guesses never raise:
:func:`validate_guess` and :meth:`Game.guess` hand back an :class:`Invalid` with a code and a
message for a person, and the game is unchanged.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Container, Iterable, Sequence
from dataclasses import dataclass, field

from bot.core.domain import (
    GREEN,
    GREY,
    MAX_ATTEMPTS,
    YELLOW,
    BadWord,
    Row,
    Status,
    normalise_word,
    parse_row,
    status_after,
)
from bot.core.feedback import score

__all__ = ["MAX_ATTEMPTS", "Game", "GuessOutcome", "Invalid", "Row", "Status",
           "hard_mode_problem", "keyboard", "validate_guess"]


@dataclass(frozen=True)
class Invalid:
    """Why a guess was refused. ``code`` is for programs, ``message`` for people.

    Codes: ``empty``, ``length``, ``characters`` (:class:`bot.core.domain.WordProblem`),
    ``unknown_word``, ``hard_mode``, ``finished``.
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


def validate_guess(raw: object, allowed: Container[str]) -> str | Invalid:
    """Check a raw guess as typed by a person (:func:`bot.core.domain.normalise_word`), then
    that it is in ``allowed``. Returns the lower-case word or an :class:`Invalid`; never raises.
    """
    try:
        word = normalise_word(raw)
    except BadWord as bad:
        return Invalid(bad.problem.value, bad.message)
    if word not in allowed:
        return Invalid("unknown_word", f"{word.upper()} is not in the word list.")
    return word


_ORDINALS = ("1st", "2nd", "3rd", "4th", "5th")
_COUNT_WORDS = {2: "twice", 3: "three times", 4: "four times", 5: "five times"}


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
                return f"the {_ORDINALS[i]} letter must be {letter.upper()}"
        revealed = Counter(
            letter for letter, state in zip(guess, feedback, strict=True) if state != GREY
        )
        have = Counter(word)
        for letter, needed in sorted(revealed.items()):
            if have[letter] < needed:
                if needed == 1:
                    return f"your guess must contain {letter.upper()}"
                return f"your guess must contain {letter.upper()} {_COUNT_WORDS[needed]}"
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
        self.answer = normalise_word(self.answer)
        self.rows = [parse_row(row) for row in self.rows]
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
        self.status = status_after(row.feedback, len(self.rows), self.max_attempts)
        return GuessOutcome(row=row)

    def give_up(self) -> None:
        """End an active game as given up (a finished game stays as it is)."""
        if not self.is_over:
            self.status = Status.GIVEN_UP
