"""Word hints people recognise (bot.core.solver_answers): when the solver's best guess cannot be
the answer, the best word that could be, both valued in expected guesses still needed."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from bot.core.feedback import ALL_GREEN, score
from bot.core.game import hard_mode_problem
from bot.core.hints import word_hint
from bot.core.solver import Solver
from bot.core.solver_answers import answer_pick
from bot.core.solver_estimate import average_guesses
from bot.core.words import load_word_lists
from tests.solver.words import ANSWERS


def rows_for(answer: str, *guesses: str) -> list[tuple[str, str]]:
    return [(g, score(g, answer)) for g in guesses]


def estimate(word: str, candidates: list[str], hard_mode: bool = False) -> float:
    """The analysis's estimate, worked out here from the scoring function alone."""
    parts: dict[str, int] = {}
    for hidden in candidates:
        feedback = score(word, hidden)
        if feedback != ALL_GREEN:
            parts[feedback] = parts.get(feedback, 0) + 1
    sizes = np.array(list(parts.values()) or [0])
    return 1.0 + float((sizes * average_guesses(sizes, hard_mode)).sum()) / len(candidates)


def states(solver: Solver, hard_mode: bool = False):
    """(rows, best, candidates) after CRANE for the first 60 answers."""
    for answer in ANSWERS[:60]:
        rows = rows_for(answer, "crane")
        yield rows, solver.suggest(rows, hard_mode), solver.candidates(rows)


def test_no_pick_when_the_best_guess_could_be_the_answer(solver: Solver):
    seen = 0
    for rows, best, candidates in states(solver):
        if best in candidates:
            seen += 1
            assert answer_pick(solver, rows, best) is None
    assert seen > 0
    # Two words left: the solver plays one of them, and the other word is no pick.
    rows = rows_for("actor", "crane")
    assert solver.candidates(rows) == ["actor", "march"]
    assert answer_pick(solver, rows, "pious") is None


def test_the_pick_is_a_possible_answer_valued_by_the_solvers_search(solver: Solver):
    picks = 0
    for rows, best, candidates in states(solver):
        pick = answer_pick(solver, rows, best)
        if pick is None:
            continue
        picks += 1
        n = len(candidates)
        assert pick.exact and pick.best.word == best and best not in candidates
        assert pick.answer.word in candidates
        # Every word but the one guessed needs one more guess at least; a guess that cannot
        # be the answer needs one more for every word.
        assert pick.answer.expected >= (2 * n - 1) / n - 1e-9
        assert pick.best.expected >= 2.0 - 1e-9
        # The solver's own choice is at least as good as the best possible answer.
        assert pick.best.expected <= pick.answer.expected + 1e-9
    assert picks >= 3


def test_estimated_values_are_the_analysis_estimate_and_the_pick_the_best_answer(solver):
    picks = 0
    for rows, best, candidates in states(solver):
        pick = answer_pick(solver, rows, best, exact=False)
        if pick is None:
            continue
        picks += 1
        assert not pick.exact
        assert pick.best.expected == pytest.approx(estimate(best, candidates))
        assert pick.answer.expected == pytest.approx(estimate(pick.answer.word, candidates))
        assert pick.answer.expected == pytest.approx(
            min(estimate(word, candidates) for word in candidates))
    assert picks >= 3


def test_hard_mode_offers_legal_words(solver: Solver):
    picks = 0
    for rows, best, _ in states(solver, hard_mode=True):
        pick = answer_pick(solver, rows, best, hard_mode=True)
        if pick is not None:
            picks += 1
            assert hard_mode_problem(rows, pick.best.word) is None
            assert hard_mode_problem(rows, pick.answer.word) is None
    assert picks >= 1


def test_word_hint_carries_the_pick(solver: Solver):
    for rows, best, candidates in states(solver):
        hint = word_hint(solver, rows)
        assert hint.word == best and hint.candidates_left == len(candidates)
        assert hint.pick == answer_pick(solver, rows, best)


def test_a_hint_from_shipped_strategies_estimates_without_loading_the_matrix(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("WORDLE_BOT_CACHE_DIR", str(tmp_path / "empty"))
    words = load_word_lists()
    real = Solver(words.answers, words.allowed_sorted)
    opener = word_hint(real, [])
    assert opener.word not in words.answers  # the shipped opener cannot be the answer
    assert opener.pick is not None and not opener.pick.exact
    assert opener.pick.answer.word in words.answers
    assert 3.0 < opener.pick.best.expected <= opener.pick.answer.expected < 4.0
    assert real._matrix is None  # nothing loaded, nothing written
    assert not (tmp_path / "empty").exists() or not any((tmp_path / "empty").iterdir())
