"""Reading a history for the solver: feedback typed by people, and the errors it raises.

Part of :mod:`bot.core.solver` (which re-exports everything here).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.core.feedback import ALL_GREEN, GREEN, GREY, WORD_LENGTH, YELLOW

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
_ORDINAL = ("1st", "2nd", "3rd", "4th", "5th")


class HistoryError(ValueError):
    """A history the solver cannot read (bad word, bad feedback); ``step`` is 1-based or None."""

    def __init__(self, message: str, step: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.step = step


class ImpossibleFeedbackError(HistoryError):
    """No word in the list fits the history. ``step`` (1-based), ``guess`` and ``feedback`` name
    the guess that left no candidates; ``candidates_before`` is how many fitted before it."""

    def __init__(self, message: str, step: int, guess: str, feedback: str,
                 candidates_before: int) -> None:
        super().__init__(message, step)
        self.guess = guess
        self.feedback = feedback
        self.candidates_before = candidates_before


def parse_feedback(text: str) -> str:
    """Feedback typed by a person to a ``G``/``Y``/``B`` string.

    Accepts letters (``GYB``, any case; ``.``/``-``/``X`` also mean grey), digits (``0`` grey,
    ``1`` yellow, ``2`` green) or squares (🟩 green, 🟨 yellow, ⬛/⬜ grey; the high-contrast
    🟧/🟦 as green/yellow). Raises :class:`HistoryError` with a readable message otherwise.
    """
    if not isinstance(text, str):
        raise HistoryError("Feedback must be text such as GYBBB, 21000 or 🟩🟨⬛⬛⬛.")
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
                f"Feedback can only use G/Y/B, 2/1/0 or 🟩🟨⬛: {shown!r} is none of them."
            )
    if len(out) != WORD_LENGTH:
        raise HistoryError(f"Feedback needs {WORD_LENGTH} marks, one per letter; got {len(out)}.")
    return "".join(out)


def _self_contradiction(word: str, feedback: str) -> str | None:
    """Why no word at all could give this feedback (a grey copy of a letter before a yellow
    copy: yellows are handed out left to right), or None."""
    for i, (letter, state) in enumerate(zip(word, feedback, strict=True)):
        if state != GREY:
            continue
        for j in range(i + 1, WORD_LENGTH):
            if word[j] == letter and feedback[j] == YELLOW:
                return (
                    f"the {letter.upper()} in the {_ORDINAL[i]} place is grey but a later "
                    f"{letter.upper()} (in the {_ORDINAL[j]} place) is yellow, which never "
                    "happens: yellows go to the leftmost copies first"
                )
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
    reason = _self_contradiction(step.guess, step.feedback)
    if reason is not None:
        message = f"No word can give that feedback: in {shown}, {reason}."
    elif step.feedback == ALL_GREEN:
        message = (
            f"No word in the list fits: {shown} says {step.guess.upper()} is the hidden "
            "word, but it is not in the list of hidden words"
            + (f" (or not among the {before:,} words that fitted before it)." if number > 1
               else ".")
        )
    elif number == 1:
        words = ("does not fit the only hidden word" if before == 1
                 else f"fits none of the {before:,} hidden words")
        message = (
            f"No word in the list fits: {shown} {words}. "
            "Check the feedback was typed correctly."
        )
    else:
        words = ("the only word that fitted" if before == 1
                 else f"all {before:,} words that fitted")
        message = (
            f"No word in the list fits: {shown} rules out {words} the guesses before it. "
            "Check the feedback was typed correctly."
        )
    return ImpossibleFeedbackError(message, number, step.guess, step.feedback, before)


def hints_impossible(steps: list[Step], before: int) -> ImpossibleFeedbackError:
    """The error for hints that rule out every one of the ``before`` words that fitted the
    guesses ``steps`` (the word lists changed since they were given)."""
    words = "the only word" if before == 1 else f"all {before:,} words"
    last = steps[-1] if steps else Step("", "", 0, None)
    return ImpossibleFeedbackError(
        f"No word in the list fits: what the hints revealed rules out {words} that fitted "
        "the guesses.", len(steps), last.guess, last.feedback, before)


def _check_word(word: object, source: str) -> str:
    if not isinstance(word, str):
        raise ValueError(f"{source}: every word must be a string, not {word!r}")
    clean = word.strip().lower()
    if len(clean) != WORD_LENGTH or not (clean.isascii() and clean.isalpha()):
        raise ValueError(f"{source}: {word!r} is not a 5-letter word of a-z")
    return clean
