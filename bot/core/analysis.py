"""Post-game analysis: what each guess achieved against the solver's choice, skill and luck.

The *expected guesses* of a guess played as attempt ``k`` with ``n`` candidates is
``k + sum(n_f / n * A(n_f))`` over the feedbacks ``f`` other than all green, where ``n_f``
candidates give ``f`` and ``A`` is :func:`bot.core.solver_estimate.average_guesses`; it is
computed the same way for the guess played and the solver's, so the two compare fairly.

A guess's **skill** is ``100 * max(0, 1 - loss)``, ``loss`` being how many expected guesses
it costs over the solver's. Its **luck** ranks the feedback it got among those it could have
got: ``100 * (P(more left) + P(as many left) / 2)``, solving leaving none. A game's skill and
luck average its guesses made while more than one word fitted (for skill, also a last guess
that was not the one word left). Letter and position hints taken before a guess count as
known for it.

A game of several boards (:func:`analyse_boards`) is judged by the several-board solver
(:class:`~bot.core.solver_boards.BoardsSolver`): each guess's expected guesses are the guesses
the open boards are estimated to still need with it, against the solver's choice for the open
boards at that point, with each board's candidates before and after it. Its skill is figured as
above; luck is not.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from bot.core.feedback import encode, score
from bot.core.revealed import Revealed
from bot.core.solver import HistoryError, Solver, bits
from bot.core.solver_estimate import average_guesses
from bot.core.solver_history import check_word

if TYPE_CHECKING:
    from bot.core.solver_boards import BoardsSolver


@dataclass(frozen=True)
class AnalysisStep:
    """One guess of a finished game, judged against the solver. Numbers are ``None`` where they
    do not apply (for instance no candidate from the list was left)."""

    attempt: int
    guess: str
    feedback: str
    candidates_before: int
    candidates_after: int
    bits_gained: float | None
    expected_bits: float | None  # what the guess played was expected to gain
    best_guess: str | None
    best_expected_bits: float | None
    expected_guesses_with_played: float | None
    expected_guesses_with_best: float | None
    skill: float | None  # 0-100, None when the guess is not counted
    luck: float | None  # 0-100, None when the guess is not counted


@dataclass(frozen=True)
class GameAnalysis:
    """A finished game: its steps, skill and luck (0-100; ``None`` for a game given up
    before its first guess)."""

    answer: str
    hard_mode: bool
    solved: bool
    steps: tuple[AnalysisStep, ...]
    skill: float | None
    luck: float | None


def step_skill(expected_played: float, expected_best: float) -> float:
    """``100 * max(0, 1 - loss)`` with ``loss = max(0, expected_played - expected_best)``."""
    loss = max(0.0, expected_played - expected_best)
    return 100.0 * max(0.0, 1.0 - loss)


def step_luck(counts: np.ndarray, actual: int) -> float:
    """How good feedback ``actual`` was among all feedbacks (``counts[p]`` candidates give
    ``p``, for every pattern ``p``): ``100 * (P(more left) + P(as many left) / 2)``, solving
    (the last pattern, all green) counting as none left."""
    left = counts.astype(np.float64).copy()
    left[-1] = 0.0
    n = counts.sum()
    mine = left[actual]
    worse = counts[left > mine].sum()
    same = counts[left == mine].sum()
    return float(100.0 * (worse + same / 2) / n)


def analyse_when_ready(solver: Solver, answer: str, rows: Iterable[Sequence[str]],
                       hard_mode: bool = False,
                       revealed: Sequence[Revealed] | None = None) -> GameAnalysis | None:
    """:func:`analyse`, or ``None`` at once while the mode's strategy is being built (the
    build is started if need be): an analysis never waits minutes for it."""
    if solver.strategy_now(hard_mode) is None:
        return None
    return analyse(solver, answer, rows, hard_mode, revealed)


def analyse(
    solver: Solver, answer: str, rows: Iterable[Sequence[str]], hard_mode: bool = False,
    revealed: Sequence[Revealed] | None = None,
) -> GameAnalysis:
    """Analyse a game: ``rows`` are its ``(guess, feedback)`` pairs against ``answer``;
    ``revealed``, one per row, what hints had revealed before that guess (``None``: no hints).
    A hidden word missing from the solver's list counts as one more candidate.

    Raises ``ValueError`` if the hidden word or a row is malformed, a row's feedback is not
    what the hidden word gives, or ``revealed`` does not fit the rows or the hidden word.
    """
    word = check_word(answer, "the hidden word", solver.variant)
    history = [(g, f) for g, f in rows]
    steps_in = solver.parse_history(history)
    for number, step in enumerate(steps_in, start=1):
        if step.feedback != score(step.guess, word):
            raise ValueError(
                f"row {number}: {step.guess.upper()} against the hidden word gives "
                f"{score(step.guess, word)}, not {step.feedback}"
            )
    known = _known(word, len(steps_in), revealed)
    extra = word not in solver.answers  # counted by hand as one more candidate

    mask = np.ones(len(solver.answers), dtype=bool)
    steps: list[AnalysisStep] = []
    for attempt, step in enumerate(steps_in, start=1):
        hinted = known[attempt - 1]
        fits = hinted.mask(solver.answers)
        subset = np.flatnonzero(mask & fits)
        before = len(subset) + extra
        counts = _counts(solver, subset, step.guess, word if extra else None)
        mask &= solver.pattern_row(step) == step.pattern
        after = int((mask & fits).sum()) + extra
        history_so_far = history[: attempt - 1]

        best = None
        try:
            if len(subset):
                best = solver.suggest(history_so_far, hard_mode, hinted)
        except HistoryError:
            best = None
        played_bits = _entropy(counts)
        best_counts = _counts(solver, subset, best, word if extra else None) if best else None
        expected_played = attempt - 1 + _expected_guesses(counts, hard_mode)
        expected_best = (
            attempt - 1 + _expected_guesses(best_counts, hard_mode)
            if best_counts is not None
            else None
        )
        counted_luck = before > 1
        counted_skill = before > 1 or step.guess != word
        skill = None
        if counted_skill and expected_best is not None:
            skill = step_skill(expected_played, expected_best)
        steps.append(
            AnalysisStep(
                attempt=attempt,
                guess=step.guess,
                feedback=step.feedback,
                candidates_before=before,
                candidates_after=after,
                bits_gained=bits(before, after) if before and after else None,
                expected_bits=played_bits,
                best_guess=best,
                best_expected_bits=_entropy(best_counts) if best_counts is not None else None,
                expected_guesses_with_played=expected_played,
                expected_guesses_with_best=expected_best,
                skill=skill,
                luck=step_luck(counts, step.pattern) if counted_luck else None,
            )
        )
    if not steps:  # given up before the first guess: nothing to score
        return GameAnalysis(answer=word, hard_mode=hard_mode, solved=False, steps=(),
                            skill=None, luck=None)
    skills = [s.skill for s in steps if s.skill is not None]
    lucks = [s.luck for s in steps if s.luck is not None]
    return GameAnalysis(
        answer=word,
        hard_mode=hard_mode,
        solved=steps[-1].feedback == solver.variant.all_green,
        steps=tuple(steps),
        skill=float(np.mean(skills)) if skills else 100.0,
        luck=float(np.mean(lucks)) if lucks else 50.0,
    )


def _known(word: str, rows: int, revealed: Sequence[Revealed] | None) -> list[Revealed]:
    """What hints had revealed before each of the ``rows`` guesses, checked against ``word``."""
    if revealed is None:
        return [Revealed()] * rows
    known = list(revealed)
    if len(known) != rows:
        raise ValueError(f"what hints revealed is needed for each of the {rows} guesses, "
                         f"not {len(known)}")
    for number, hinted in enumerate(known, start=1):
        if not hinted.fits(word):
            raise ValueError(f"before guess {number}: what the hints revealed does not fit "
                             "the hidden word")
    return known


def _counts(solver: Solver, subset: np.ndarray, guess: str, extra: str | None) -> np.ndarray:
    """Candidates giving each feedback to ``guess`` (the hidden word added if not listed)."""
    counts = solver.pattern_counts(subset, guess).astype(np.int64)
    if extra is not None:
        counts[encode(score(guess, extra), len(extra))] += 1
    return counts


def _entropy(counts: np.ndarray) -> float:
    n = counts.sum()
    p = counts[counts > 0] / n
    return float(-(p * np.log2(p)).sum())


def _expected_guesses(counts: np.ndarray, hard_mode: bool) -> float:
    """``1 + sum(n_f / n * A(n_f))`` over the feedbacks other than all green (the last
    pattern)."""
    n = counts.sum()
    rest = counts.copy()
    rest[-1] = 0
    return 1.0 + float((rest * average_guesses(rest, hard_mode)).sum()) / n


@dataclass(frozen=True)
class BoardsStep:
    """One guess of a finished game of several boards. Per board (in board order):
    ``feedback`` (``None`` on a board solved before it) and the candidates left there before
    and after it (``None`` on a board solved before it, or where no listed word fits)."""

    attempt: int
    guess: str
    feedback: tuple[str | None, ...]
    candidates_before: tuple[int | None, ...]
    candidates_after: tuple[int | None, ...]
    best_guess: str | None
    expected_guesses_with_played: float | None
    expected_guesses_with_best: float | None
    skill: float | None


@dataclass(frozen=True)
class BoardsAnalysis:
    """A finished game of several boards: its steps and skill (0-100; ``None`` for a game
    given up before its first guess). No luck is figured for it."""

    answers: tuple[str, ...]
    hard_mode: bool
    solved: bool
    steps: tuple[BoardsStep, ...]
    skill: float | None
    luck: float | None = None


def analyse_boards(solver: BoardsSolver, answers: Sequence[str], guesses: Sequence[str],
                   hard_mode: bool = False) -> BoardsAnalysis:
    """Analyse a game of ``solver.variant.boards`` boards: ``answers`` its hidden words (board
    order), ``guesses`` the words played (see the module notes). Raises ``ValueError`` for a
    malformed word or more guesses than the game has."""
    variant = solver.variant
    words = [check_word(w, "the hidden word", variant) for w in answers]
    played = [check_word(w, "a guess", variant) for w in guesses]
    if len(words) != variant.boards or len(played) > variant.attempts:
        raise ValueError(f"a game of {variant.boards} boards has as many hidden words and at "
                         f"most {variant.attempts} guesses")
    histories: list[list[tuple[str, str]]] = [[] for _ in words]
    counts = _board_counts(solver, histories)
    steps: list[BoardsStep] = []
    for attempt, guess in enumerate(played, start=1):
        open_before = [not h or h[-1][1] != variant.all_green for h in histories]
        best = played_value = best_value = None
        try:
            best = solver.suggest(histories, hard_mode)
            played_value, best_value = (attempt - 1 + value for value in
                                        solver.expected_guesses(histories, [guess, best]))
        except HistoryError:  # a board's word is not in the solver's list: nothing to judge
            pass
        feedback = tuple(score(guess, word) if is_open else None
                         for word, is_open in zip(words, open_before, strict=True))
        for history, part in zip(histories, feedback, strict=True):
            if part is not None:
                history.append((guess, part))
        after = _board_counts(solver, histories)
        before = tuple(n if is_open else None
                       for n, is_open in zip(counts, open_before, strict=True))
        wanted = any((n or 0) > 1 for n in before) or guess not in words
        skill = (step_skill(played_value, best_value)
                 if wanted and played_value is not None and best_value is not None else None)
        steps.append(BoardsStep(attempt, guess, feedback, before,
                                tuple(n if is_open else None
                                      for n, is_open in zip(after, open_before, strict=True)),
                                best, played_value, best_value, skill))
        counts = after
    solved = all(h and h[-1][1] == variant.all_green for h in histories)
    skills = [s.skill for s in steps if s.skill is not None]
    return BoardsAnalysis(tuple(words), hard_mode, solved, tuple(steps),
                          None if not steps else float(np.mean(skills)) if skills else 100.0)


def _board_counts(solver: BoardsSolver, histories: Sequence[Sequence[tuple[str, str]]]
                  ) -> tuple[int | None, ...]:
    """Each board's candidates left (``None`` everywhere when a board's word is unlisted)."""
    try:
        return tuple(len(words) for words in solver.candidates(histories))
    except HistoryError:
        return (None,) * len(histories)
