"""Reading a history for the solver: guesses and feedback typed by people, and the errors.

A history is the ``(guess, feedback)`` pairs played so far; :func:`parse_history` checks it
against the variant and turns it into :class:`Step` values. :mod:`bot.core.solver` re-exports
the errors and :func:`parse_feedback`. An error carries its :class:`HistoryProblem`, the
values it names and where in the history it is (:class:`Where`), which a front end words in
its reader's language (``bot.render.solver_text``); its English message is for logs and
programs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from itertools import pairwise

from bot.core.feedback import GREEN, GREY, YELLOW, encode
from bot.core.variant import CLASSIC, Variant

_SQUARES = {
    "🟩": GREEN,
    "🟧": GREEN,  # high-contrast colours
    "🟨": YELLOW,
    "🟦": YELLOW,
    "⬛": GREY,
    "⬜": GREY,
    "⬛️": GREY,
    "⬜️": GREY,
}
_DIGITS = {"2": GREEN, "1": YELLOW, "0": GREY}


def letters_name(alphabet: str) -> str:
    """The alphabet as people read it: ``A-Z`` for a run of consecutive letters."""
    first, last = alphabet[0].upper(), alphabet[-1].upper()
    consecutive = all(ord(b) - ord(a) == 1 for a, b in pairwise(alphabet))
    return f"{first}-{last}" if consecutive and len(alphabet) > 2 else alphabet.upper()


def _ordinal(number: int) -> str:
    if number % 100 in (11, 12, 13):
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th')}"


class HistoryProblem(StrEnum):
    """What is wrong with a history; the values each names are in :attr:`HistoryError.values`."""

    #: ``count``: marks found, ``length``: marks needed.
    FEEDBACK_LENGTH = "feedback_length"
    #: ``character``: the character that is no mark.
    FEEDBACK_CHARACTER = "feedback_character"
    FEEDBACK_NOT_TEXT = "feedback_not_text"
    NOT_PAIRS = "not_pairs"
    NOT_A_PAIR = "not_a_pair"
    #: ``length``, ``alphabet`` (the variant's letters), ``word`` ("" if none).
    NOT_A_WORD = "not_a_word"
    #: ``letter``, ``place`` (grey, from 1) and ``later`` (yellow): no word gives that.
    CONTRADICTION = "contradiction"
    #: An all-green guess that is not a hidden word; ``before``: the words that fitted.
    NOT_AN_ANSWER = "not_an_answer"
    #: The first guess fits none of the ``before`` hidden words.
    FITS_NONE = "fits_none"
    #: A later guess rules out the ``before`` words that fitted the guesses before it.
    RULES_OUT = "rules_out"
    #: What hints revealed rules out the ``before`` words that fitted the guesses.
    HINTS_RULE_OUT = "hints_rule_out"
    #: ``boards`` needed, ``count`` given.
    BOARDS_COUNT = "boards_count"
    #: On a board, guess ``guess`` is ``word``, but ``other`` on another board.
    OTHER_GUESS = "other_guess"
    #: ``word`` (guess ``guess``) found the board's word, and more feedback came after it.
    AFTER_FOUND = "after_found"
    #: An open board has feedback for ``count`` of the ``guesses``.
    MISSING_FEEDBACK = "missing_feedback"
    #: A row has ``count`` feedbacks for ``boards`` boards.
    FEEDBACK_COUNT = "feedback_count"
    #: A board found by guess ``found_by`` got feedback again.
    FOUND_BOARD_FEEDBACK = "found_board_feedback"
    #: A row has no feedback for a board still open.
    NO_FEEDBACK = "no_feedback"
    #: ``word`` is no allowed guess.
    NOT_ALLOWED = "not_allowed"
    #: Every board is found already.
    ALL_FOUND = "all_found"


@dataclass(frozen=True)
class Where:
    """Where in a history a problem is: the guess (from 1) and its word, the board (from 1)."""

    guess: int | None = None
    word: str = ""
    board: int | None = None


class HistoryError(ValueError):
    """A history the solver cannot read (bad word, bad feedback); ``step`` is 1-based or None.
    ``problem`` and ``values`` say what is wrong, ``where`` where; ``message`` in English."""

    def __init__(self, message: str, step: int | None = None, *,
                 problem: HistoryProblem | None = None,
                 values: dict[str, int | str] | None = None, where: Where = Where()) -> None:
        super().__init__(message)
        self.message = message
        self.step = step
        self.problem = problem
        self.values = dict(values or {})
        self.where = where

    def placed(self, message: str, step: int | None = None, **where: int | str | None
               ) -> HistoryError:
        """The same problem, told at a place of the history (``guess``, ``word``, ``board``
        of :class:`Where`) with a new English ``message``."""
        return HistoryError(message, step, problem=self.problem, values=self.values,
                            where=replace(self.where, **where))  # type: ignore[arg-type]


class ImpossibleFeedbackError(HistoryError):
    """No word in the list fits the history. ``step`` (1-based), ``guess`` and ``feedback`` name
    the guess that left no candidates; ``candidates_before`` is how many fitted before it."""

    def __init__(self, message: str, step: int, guess: str, feedback: str,
                 candidates_before: int, *, problem: HistoryProblem | None = None,
                 values: dict[str, int | str] | None = None, where: Where = Where()) -> None:
        super().__init__(message, step, problem=problem, values=values, where=where)
        self.guess = guess
        self.feedback = feedback
        self.candidates_before = candidates_before


def parse_feedback(text: str, length: int = CLASSIC.length) -> str:
    """Feedback typed by a person to a ``G``/``Y``/``B`` string of ``length`` marks.

    Accepts letters (``GYB``, any case; ``.``/``-``/``X`` also mean grey), digits (``0`` grey,
    ``1`` yellow, ``2`` green) or squares (🟩 green, 🟨 yellow, ⬛/⬜ grey; the high-contrast
    🟧/🟦 as green/yellow). Raises :class:`HistoryError` with a readable message otherwise.
    """
    if not isinstance(text, str):
        raise HistoryError("Feedback must be text such as GYBBB, 21000 or 🟩🟨⬛⬛⬛.",
                           problem=HistoryProblem.FEEDBACK_NOT_TEXT)
    raw = text.strip().replace("\ufe0f", "")
    out = []
    for char in raw:
        upper = char.upper()
        if upper in (GREEN, YELLOW, GREY):
            out.append(upper)
        elif upper in ".-X":
            out.append(GREY)
        elif char in _DIGITS:
            out.append(_DIGITS[char])
        elif char in _SQUARES:
            out.append(_SQUARES[char])
        elif char.isspace():
            continue
        else:
            shown = char if char.isprintable() else f"U+{ord(char):04X}"
            raise HistoryError(
                f"Feedback can only use G/Y/B, 2/1/0 or 🟩🟨⬛: {shown!r} is none of them.",
                problem=HistoryProblem.FEEDBACK_CHARACTER, values={"character": shown})
    if len(out) != length:
        raise HistoryError(f"Feedback needs {length} marks, one per letter; got {len(out)}.",
                           problem=HistoryProblem.FEEDBACK_LENGTH,
                           values={"length": length, "count": len(out)})
    return "".join(out)


def _self_contradiction(word: str, feedback: str) -> dict[str, int | str] | None:
    """Why no word at all could give this feedback (a grey copy of a letter before a yellow
    copy: yellows are handed out left to right): the letter and its two places; or None."""
    for i, (letter, state) in enumerate(zip(word, feedback, strict=True)):
        if state != GREY:
            continue
        for j in range(i + 1, len(word)):
            if word[j] == letter and feedback[j] == YELLOW:
                return {"letter": letter, "place": i + 1, "later": j + 1}
    return None


@dataclass(frozen=True)
class Step:
    """One parsed history entry: ``column`` is the guess's column (None if not in the list)."""

    guess: str
    feedback: str
    pattern: int
    column: int | None


def impossible(number: int, step: Step, before: int) -> ImpossibleFeedbackError:
    """The error for guess ``number`` (1-based) leaving no word of the ``before`` that fitted."""
    shown = f"guess {number}, {step.guess.upper()} {step.feedback}"
    found = _self_contradiction(step.guess, step.feedback)
    values: dict[str, int | str] = {"before": before}
    if found is not None:
        problem, values = HistoryProblem.CONTRADICTION, found
        letter, place, later = str(found["letter"]).upper(), int(found["place"]), found["later"]
        message = (f"No word can give that feedback: in {shown}, the {letter} in the "
                   f"{_ordinal(place)} place is grey but a later {letter} (in the "
                   f"{_ordinal(int(later))} place) is yellow, which never happens: yellows "
                   "go to the leftmost copies first.")
    elif set(step.feedback) == {GREEN}:
        problem = HistoryProblem.NOT_AN_ANSWER
        message = (
            f"No word in the list fits: {shown} says {step.guess.upper()} is the hidden "
            "word, but it is not in the list of hidden words"
            + (f" (or not among the {before:,} words that fitted before it)." if number > 1
               else ".")
        )
    elif number == 1:
        problem = HistoryProblem.FITS_NONE
        words = ("does not fit the only hidden word" if before == 1
                 else f"fits none of the {before:,} hidden words")
        message = (
            f"No word in the list fits: {shown} {words}. "
            "Check the feedback was typed correctly."
        )
    else:
        problem = HistoryProblem.RULES_OUT
        words = ("the only word that fitted" if before == 1
                 else f"all {before:,} words that fitted")
        message = (
            f"No word in the list fits: {shown} rules out {words} the guesses before it. "
            "Check the feedback was typed correctly."
        )
    return ImpossibleFeedbackError(message, number, step.guess, step.feedback, before,
                                   problem=problem, values=values)


def hints_impossible(steps: list[Step], before: int) -> ImpossibleFeedbackError:
    """The error for hints that rule out every one of the ``before`` words that fitted the
    guesses ``steps`` (the word lists changed since they were given)."""
    words = "the only word" if before == 1 else f"all {before:,} words"
    last = steps[-1] if steps else Step("", "", 0, None)
    return ImpossibleFeedbackError(
        f"No word in the list fits: what the hints revealed rules out {words} that fitted "
        "the guesses.", len(steps), last.guess, last.feedback, before,
        problem=HistoryProblem.HINTS_RULE_OUT, values={"before": before})


def check_word(word: object, source: str, variant: Variant = CLASSIC) -> str:
    """A word of a word list, lower case; ``ValueError`` naming ``source`` if it is not a word
    of the variant."""
    if not isinstance(word, str):
        raise ValueError(f"{source}: every word must be a string, not {word!r}")
    clean = word.strip()
    if not _of_variant(clean, variant):
        raise ValueError(f"{source}: {word!r} is not a {variant.length}-letter word of "
                         f"{letters_name(variant.alphabet).lower()}")
    return clean.lower()


def _of_variant(word: str, variant: Variant) -> bool:
    """Whether ``word`` has the variant's length and only its letters, in either case (checked
    before lower-casing, so a look-alike such as the Kelvin sign is refused)."""
    letters = set(variant.alphabet) | set(variant.alphabet.upper())
    return len(word) == variant.length and set(word) <= letters


def parse_history(history: Sequence[tuple[str, str]], variant: Variant,
                  column: Callable[[str], int | None]) -> list[Step]:
    """Check and normalise a history; ``column`` gives a guess's column in the solver's list.
    Raises :class:`HistoryError` naming the bad entry."""
    if isinstance(history, (str, bytes)):
        raise HistoryError("The history must be a list of (guess, feedback) pairs.",
                           problem=HistoryProblem.NOT_PAIRS)
    wanted = f"a {variant.length}-letter word of {letters_name(variant.alphabet)}"
    word_values: dict[str, int | str] = {"length": variant.length,
                                         "alphabet": variant.alphabet}
    steps = []
    for number, entry in enumerate(history, start=1):
        try:
            guess, feedback = entry
        except (TypeError, ValueError):
            raise HistoryError(
                f"Guess {number} must be a (word, feedback) pair.", number,
                problem=HistoryProblem.NOT_A_PAIR, where=Where(number)) from None
        if not isinstance(guess, str):
            raise HistoryError(f"Guess {number} must be {wanted}.", number,
                               problem=HistoryProblem.NOT_A_WORD,
                               values={**word_values, "word": ""}, where=Where(number))
        if not _of_variant(guess.strip(), variant):
            word = guess.strip().lower()
            shown = word[:20] + ("…" if len(word) > 20 else "")
            raise HistoryError(f"Guess {number} must be {wanted}, not {shown!r}.", number,
                               problem=HistoryProblem.NOT_A_WORD,
                               values={**word_values, "word": shown}, where=Where(number))
        word = guess.strip().lower()
        try:
            marks = parse_feedback(feedback, variant.length)
        except HistoryError as error:
            raise error.placed(f"Guess {number} ({word.upper()}): {error}", number,
                               guess=number, word=word) from None
        steps.append(Step(word, marks, encode(marks, variant.length), column(word)))
    return steps
