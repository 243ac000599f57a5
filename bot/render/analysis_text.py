"""A post-game analysis in words: skill and luck, then what each guess did, in the letters of
the game's variant. A game of several boards: skill, then each guess with, on each board open
before it, its squares and the words left there before and after it."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol, cast

from bot.core.domain import GREEN
from bot.core.variant import CLASSIC, Variant
from bot.render.common import ENGLISH, Texts, normalise_row, upper_letters
from bot.render.emoji_board import feedback_line, letters, squares

#: Boards' parts on one line of a step of a game of several boards.
BOARDS_PER_LINE = 4


class AnalysisStepView(Protocol):
    """One guess of an analysis (``bot.core.analysis.AnalysisStep`` fits)."""

    @property
    def guess(self) -> str: ...
    @property
    def feedback(self) -> str: ...
    @property
    def candidates_before(self) -> int | None: ...
    @property
    def candidates_after(self) -> int | None: ...
    @property
    def bits_gained(self) -> float | None: ...
    @property
    def best_guess(self) -> str | None: ...
    @property
    def expected_guesses_with_played(self) -> float | None: ...
    @property
    def expected_guesses_with_best(self) -> float | None: ...


class AnalysisView(Protocol):
    """A game's analysis (``bot.core.analysis.GameAnalysis`` fits)."""

    @property
    def steps(self) -> Sequence[AnalysisStepView]: ...
    @property
    def skill(self) -> float | None: ...
    @property
    def luck(self) -> float | None: ...


def _number(value: object) -> float | None:
    if value is None or isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value)


def _count(value: object) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    return value


def _score(value: object) -> str | None:
    number = _number(value)
    return None if number is None else f"{round(number)}/100"


def analysis_step_text(index: int, step: AnalysisStepView, texts: Texts = ENGLISH,
                       variant: Variant = CLASSIC) -> str:
    """The lines for one guess of an analysis (see :func:`analysis_text`)."""
    alphabet = variant.alphabet
    guess, feedback = normalise_row((step.guess, step.feedback), alphabet)
    lines = [f"**{index}.** {feedback_line(guess, feedback, variant)}"]

    details: list[str] = []
    before = _count(step.candidates_before)
    after = _count(step.candidates_after)
    solved = set(feedback) == {GREEN}
    if solved:
        details.append(texts._("solved"))
    if before is not None and after is not None and not solved:
        details.append(texts.ngettext("{before} → {n} word left", "{before} → {n} words left",
                                      after, before=texts.number(before)))
    elif before is not None and not solved:
        details.append(texts.ngettext("{n} word possible", "{n} words possible", before))
    bits = _number(step.bits_gained)
    if bits is not None and not solved:
        details.append(texts._("{bits} bits", bits=texts.decimal(bits)))
    best_raw: object = step.best_guess
    best = best_raw.lower() if isinstance(best_raw, str) and best_raw.isalpha() else None
    if best is not None and best == guess:
        details.append(texts._("best guess ✓"))
    if details:
        lines.append("    " + " · ".join(details))

    played_expected = _number(step.expected_guesses_with_played)
    best_expected = _number(step.expected_guesses_with_best)
    if best is not None and best != guess:
        if played_expected is not None and best_expected is not None:
            suggestion = texts._(
                "best was `{best}`: expected guesses {played} with `{guess}`, {expected} with "
                "`{best}`", best=upper_letters(best, alphabet),
                guess=upper_letters(guess, alphabet),
                played=texts.decimal(played_expected), expected=texts.decimal(best_expected))
        else:
            suggestion = texts._("best was `{best}`", best=upper_letters(best, alphabet))
        lines.append("    " + suggestion)
    elif played_expected is not None and not solved:
        lines.append("    " + texts._("expected guesses {expected}",
                                      expected=texts.decimal(played_expected)))
    return "\n".join(lines)


def analysis_text(analysis: AnalysisView | BoardsAnalysisView, texts: Texts = ENGLISH,
                  variant: Variant = CLASSIC) -> str:
    """A post-game analysis of a game of ``variant``: skill and luck, then what each guess did
    (several boards: :func:`boards_analysis_text`).

    Skill and luck are 0-100. Numbers that are ``None`` are left out of the text; a malformed
    analysis (steps not a sequence, a bad guess or feedback) raises ``ValueError``.
    """
    if variant.boards > 1:
        return boards_analysis_text(cast("BoardsAnalysisView", analysis), texts, variant)
    analysis = cast(AnalysisView, analysis)
    steps: object = analysis.steps
    if isinstance(steps, (str, bytes)) or not isinstance(steps, Iterable):
        raise ValueError(f"analysis.steps must be a sequence of steps, not {steps!r}")
    skill, luck = _score(analysis.skill), _score(analysis.luck)
    header = [*([texts._("Skill {score}", score=skill)] if skill is not None else []),
              *([texts._("Luck {score}", score=luck)] if luck is not None else [])]
    lines = [" · ".join(header)] if header else []
    lines += [analysis_step_text(i, step, texts, variant)
              for i, step in enumerate(steps, start=1)]
    return "\n".join(lines) or texts._(
        "No guess to analyze: the game ended before its first guess.")


class BoardsStepView(Protocol):
    """One guess of the analysis of a game of several boards
    (``bot.core.analysis.BoardsStep`` fits)."""

    @property
    def guess(self) -> str: ...
    @property
    def feedback(self) -> Sequence[str | None]: ...
    @property
    def candidates_before(self) -> Sequence[int | None]: ...
    @property
    def candidates_after(self) -> Sequence[int | None]: ...
    @property
    def best_guess(self) -> str | None: ...
    @property
    def expected_guesses_with_played(self) -> float | None: ...
    @property
    def expected_guesses_with_best(self) -> float | None: ...


class BoardsAnalysisView(Protocol):
    """The analysis of a game of several boards (``bot.core.analysis.BoardsAnalysis``)."""

    @property
    def steps(self) -> Sequence[BoardsStepView]: ...
    @property
    def skill(self) -> float | None: ...


def boards_step_text(index: int, step: BoardsStepView, texts: Texts = ENGLISH,
                     variant: Variant = CLASSIC) -> str:
    """The lines of one guess of a game of several boards (:func:`boards_analysis_text`)."""
    guess = step.guess.lower()
    lines = [f"**{index}.** {letters(guess, variant)}"]
    parts = []
    for board, (feedback, before, after) in enumerate(zip(
            step.feedback, step.candidates_before, step.candidates_after, strict=True),
            start=1):
        if feedback is None:
            continue  # solved before this guess
        part = f"{board}: {squares(feedback)}"
        if feedback == variant.all_green:
            part += " " + texts._("solved")
        elif (left := _count(before)) is not None and (right := _count(after)) is not None:
            part += f" {texts.number(left)} → {texts.number(right)}"
        parts.append(part)
    lines += ["    " + " · ".join(parts[i:i + BOARDS_PER_LINE])
              for i in range(0, len(parts), BOARDS_PER_LINE)]
    best_raw: object = step.best_guess
    best = best_raw.lower() if isinstance(best_raw, str) and best_raw.isalpha() else None
    played_expected = _number(step.expected_guesses_with_played)
    best_expected = _number(step.expected_guesses_with_best)
    alphabet = variant.alphabet
    if best is not None and best == guess:
        lines.append("    " + texts._("best guess ✓"))
    elif best is not None and played_expected is not None and best_expected is not None:
        lines.append("    " + texts._(
            "best was `{best}`: expected guesses {played} with `{guess}`, {expected} with "
            "`{best}`", best=upper_letters(best, alphabet), guess=upper_letters(guess, alphabet),
            played=texts.decimal(played_expected), expected=texts.decimal(best_expected)))
    elif best is not None:
        lines.append("    " + texts._("best was `{best}`", best=upper_letters(best, alphabet)))
    return "\n".join(lines)


def boards_analysis_text(analysis: BoardsAnalysisView, texts: Texts = ENGLISH,
                         variant: Variant = CLASSIC) -> str:
    """The post-game analysis of a game of several boards of ``variant``: skill, then each
    guess on each board open before it (its squares, the words left there before → after),
    and the solver's choice for the open boards with the guesses each was expected to take
    in all."""
    skill = _score(analysis.skill)
    lines = [texts._("Skill {score}", score=skill)] if skill is not None else []
    if analysis.steps:
        lines.append(texts._("Each guess on each board still open: its squares and the words "
                             "left there, before → after."))
    lines += [boards_step_text(i, step, texts, variant)
              for i, step in enumerate(analysis.steps, start=1)]
    return "\n".join(lines) if analysis.steps else texts._(
        "No guess to analyze: the game ended before its first guess.")
