"""The post-game analysis of a Quordle (issue 30 item 4): each guess against the several-board
solver's choice for the boards open at that point, with each board's candidates before and
after it, in words."""

from __future__ import annotations

from bot.core.analysis import analyse_boards
from bot.core.feedback import score
from bot.core.solver import Solver
from bot.core.solver_boards import BoardsSolver, boards_variant
from bot.core.variant import CLASSIC
from bot.render.analysis_text import analysis_text
from tests.support import ANSWERS, EXTRA

QUORDLE = boards_variant(4, CLASSIC)
SOLVER = BoardsSolver(Solver(ANSWERS, sorted(set(ANSWERS + EXTRA))), QUORDLE)
WORDS = ("crane", "lemon", "slate", "speed")
PLAYED = ("trace", "crane", "lemon", "slate", "speed")


def fitting(rows: list[tuple[str, str]]) -> int:
    return sum(all(score(g, w) == f for g, f in rows) for w in ANSWERS)


def test_each_guess_is_judged_on_the_boards_open_before_it():
    analysis = analyse_boards(SOLVER, WORDS, PLAYED)
    assert analysis.solved and len(analysis.steps) == 5
    for number, step in enumerate(analysis.steps, start=1):
        for board, word in enumerate(WORDS):
            rows = [(g, score(g, word)) for g in PLAYED[:number - 1]]
            closed = any(g == word for g in PLAYED[:number - 1])
            assert step.feedback[board] == (None if closed else score(step.guess, word))
            assert step.candidates_before[board] == (None if closed else fitting(rows))
            after = fitting([*rows, (step.guess, score(step.guess, word))])
            assert step.candidates_after[board] == (None if closed else after)
    first = analysis.steps[0]
    histories = [[] for _ in WORDS]
    assert first.best_guess == SOLVER.suggest(histories)
    played, best = SOLVER.expected_guesses(histories, ["trace", first.best_guess])
    assert (first.expected_guesses_with_played, first.expected_guesses_with_best) == (played,
                                                                                      best)


def test_a_guess_that_is_the_solvers_own_scores_full_skill():
    analysis = analyse_boards(SOLVER, WORDS, PLAYED)
    for step in analysis.steps:
        if step.best_guess == step.guess:
            assert step.expected_guesses_with_played == step.expected_guesses_with_best
            assert step.skill in (None, 100.0)
    assert analysis.luck is None and 0 <= analysis.skill <= 100


def test_the_analysis_in_words_shows_each_open_board():
    analysis = analyse_boards(SOLVER, WORDS, PLAYED)
    text = analysis_text(analysis, variant=QUORDLE)
    lines = text.splitlines()
    assert lines[0].startswith("Skill ")
    third = lines.index("**3.** `L E M O N`")
    assert lines[third + 1] == ("    2: 🟩🟩🟩🟩🟩 solved · 3: 🟨🟨⬛⬛⬛ 1 → 1 · "
                                "4: ⬛🟨⬛⬛⬛ 2 → 1")
    assert "1:" not in lines[third + 1]  # board 1 was solved by the guess before
    assert text.count("**") == 2 * len(PLAYED)


def test_a_quordle_given_up_before_a_guess_has_nothing_to_analyse():
    analysis = analyse_boards(SOLVER, WORDS, ())
    assert analysis.steps == () and analysis.skill is None and not analysis.solved
    assert analysis_text(analysis, variant=QUORDLE).startswith("No guess to analyze")
