"""Post-game analysis: per-guess numbers, skill and luck."""

from __future__ import annotations

import math

import pytest

from bot.core.analysis import analyse, step_luck, step_skill
from bot.core.feedback import PATTERN_COUNT, score
from bot.core.game import hard_mode_problem
from bot.core.revealed import Revealed
from bot.core.solver import Solver
from tests.solver.words import ALLOWED, ANSWERS


def play(solver: Solver, answer: str, hard: bool = False) -> list[tuple[str, str]]:
    rows: list[tuple[str, str]] = []
    while not rows or rows[-1][1] != "GGGGG":
        guess = solver.suggest(rows, hard)
        rows.append((guess, score(guess, answer)))
    return rows


def test_steps_follow_the_game(solver: Solver):
    rows = [(g, score(g, "sheep")) for g in ("crane", "moist", "sheep")]
    result = analyse(solver, "sheep", rows)
    assert result.solved and result.answer == "sheep"
    assert [s.guess for s in result.steps] == ["crane", "moist", "sheep"]
    for i, step in enumerate(result.steps):
        assert step.attempt == i + 1
        assert step.feedback == rows[i][1]
        assert step.candidates_before == len(solver.candidates(rows[:i]))
        assert step.candidates_after == len(solver.candidates(rows[: i + 1]))
        assert step.bits_gained == pytest.approx(
            math.log2(step.candidates_before / step.candidates_after)
        )
        assert step.best_guess == solver.suggest(rows[:i])
        assert 0 <= step.luck <= 100 if step.luck is not None else True
    assert result.steps[-1].candidates_after == 1


def test_a_game_given_up_before_any_guess_has_no_skill_or_luck(solver: Solver):
    from bot.render.analysis_text import analysis_text

    result = analyse(solver, "sheep", [])
    assert (result.steps, result.skill, result.luck, result.solved) == ((), None, None, False)
    # not "Skill 100/100 · Luck 50/100" for no guess
    assert analysis_text(result) == "No guess to analyze: the game ended before its first guess."


def test_playing_the_solver_scores_full_skill(solver: Solver):
    for answer in ANSWERS[::25]:
        for hard in (False, True):
            result = analyse(solver, answer, play(solver, answer, hard), hard_mode=hard)
            assert result.skill == pytest.approx(100.0)
            assert all(s.best_guess == s.guess for s in result.steps)
            assert all(s.expected_guesses_with_played == s.expected_guesses_with_best
                       for s in result.steps)


def test_a_poor_game_scores_lower_skill(solver: Solver):
    answer = "sheep"
    # Known after CRANE+SHELF, yet two wasted guesses that cannot be right.
    rows = [(g, score(g, answer)) for g in ("fuzzy", "mamma", "crane", "shelf", "sheep")]
    result = analyse(solver, answer, rows)
    good = analyse(solver, answer, play(solver, answer))
    assert result.skill < good.skill
    assert 0 <= result.skill <= 100 and 0 <= result.luck <= 100


def test_best_guess_is_hard_mode_legal_in_hard_mode(solver: Solver):
    rows = [(g, score(g, "sheep")) for g in ("crane", "pesky", "sheep")]
    result = analyse(solver, "sheep", rows, hard_mode=True)
    for i, step in enumerate(result.steps):
        assert hard_mode_problem(rows[:i], step.best_guess) is None


def test_expected_bits_of_best_is_its_partition_entropy(solver: Solver):
    result = analyse(solver, "sheep", [("sheep", "GGGGG")])
    step = result.steps[0]
    counts = {}
    for word in ANSWERS:
        fb = score(step.best_guess, word)
        counts[fb] = counts.get(fb, 0) + 1
    n = len(ANSWERS)
    expected = -sum(c / n * math.log2(c / n) for c in counts.values())
    assert step.best_expected_bits == pytest.approx(expected)


def test_luck_definition():
    counts = [0] * PATTERN_COUNT
    counts[0], counts[1], counts[PATTERN_COUNT - 1] = 6, 3, 1  # 10 candidates
    # Got the 3-word feedback: 6 words would have left more, 3 as many.
    assert step_luck(_arr(counts), 1) == pytest.approx(100 * (6 + 1.5) / 10)
    # Solving it outright beats everything else.
    assert step_luck(_arr(counts), PATTERN_COUNT - 1) == pytest.approx(100 * 9.5 / 10)
    assert step_luck(_arr(counts), 0) == pytest.approx(100 * 3 / 10)


def test_skill_definition():
    assert step_skill(3.5, 3.5) == 100
    assert step_skill(3.4, 3.5) == 100  # never above 100
    assert step_skill(3.75, 3.5) == pytest.approx(75)
    assert step_skill(5.0, 3.5) == 0


def test_hidden_word_missing_from_answer_list(solver: Solver):
    answer = next(w for w in ALLOWED if w not in ANSWERS)
    rows = [(g, score(g, answer)) for g in ("crane", answer)]
    result = analyse(solver, answer, rows)
    assert result.solved
    assert result.steps[0].candidates_before == len(ANSWERS) + 1
    assert result.steps[-1].candidates_after == 1


def test_lost_game(solver: Solver):
    guesses = ["fuzzy", "mamma", "eerie", "geese", "llama", "bless"]
    rows = [(g, score(g, "sheep")) for g in guesses]
    result = analyse(solver, "sheep", rows)
    assert not result.solved and len(result.steps) == 6
    assert result.steps[-1].candidates_after >= 1


@pytest.mark.parametrize(
    ("answer", "rows"),
    [
        ("sheep", [("crane", "GGGGG")]),  # feedback that the hidden word does not give
        ("shee", []),
        ("sheep", [("cran", "BBBB")]),
    ],
)
def test_bad_input_is_a_clear_error(solver: Solver, answer, rows):
    with pytest.raises(ValueError):
        analyse(solver, answer, rows)


def _arr(counts):
    import numpy as np

    return np.array(counts)


def test_hints_taken_before_a_guess_count_for_it(solver: Solver):
    rows = [(g, score(g, "bless")) for g in ("crane", "smell", "bless")]
    hints = Revealed(frozenset("l"), frozenset({(3, "e")}))  # told after CRANE
    result = analyse(solver, "bless", rows, revealed=[Revealed(), hints, hints])
    first, second, third = result.steps
    assert first.candidates_before == len(ANSWERS)
    assert first.candidates_after == len(solver.candidates(rows[:1]))
    assert first.best_guess == solver.suggest([])
    fits = [w for w in solver.candidates(rows[:1]) if hints.fits(w)]
    assert second.candidates_before == len(fits) < first.candidates_after
    assert second.candidates_after == len(solver.candidates(rows[:2], hints))
    assert second.best_guess == solver.suggest(rows[:1], False, hints)
    assert second.best_guess != solver.suggest(rows[:1])  # SHEEP has no L
    assert third.candidates_before == second.candidates_after


def test_hints_that_do_not_fit_the_game_are_refused(solver: Solver):
    rows = [(g, score(g, "bless")) for g in ("crane", "bless")]
    with pytest.raises(ValueError, match="for each of the 2 guesses"):
        analyse(solver, "bless", rows, revealed=[Revealed()])
    with pytest.raises(ValueError, match="before guess 2"):
        analyse(solver, "bless", rows, revealed=[Revealed(), Revealed(frozenset("z"))])
