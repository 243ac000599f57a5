"""A word hint, its candidates and its best possible answer count what letter and position hints
revealed (issue 26 item 1): the solver searches the narrowed candidates, and keeps its
strategy when the hints rule out nothing."""

from __future__ import annotations

import pytest

from bot.core.feedback import score
from bot.core.game import hard_mode_problem
from bot.core.hints import word_hint
from bot.core.revealed import Revealed
from bot.core.solver import ImpossibleFeedbackError, Solver
from bot.core.solver_answers import answer_pick
from tests.solver.words import ANSWERS


def fitting(rows: list[tuple[str, str]], revealed: Revealed) -> list[str]:
    """The answers that fit, worked out from the scoring function alone."""
    return [w for w in ANSWERS if all(score(g, w) == f for g, f in rows) and revealed.fits(w)]


#: CRANE against FORTY, then "contains Y" and "letter 5 is Y": five words are left, which the
#: solver's word for CRANE's feedback alone does not tell apart, and one of them does.
ROWS = [("crane", score("crane", "forty"))]
HINTS = Revealed(frozenset("y"), frozenset({(5, "y")}))


@pytest.mark.parametrize("hard_mode", [False, True])
def test_the_word_hint_searches_what_the_hints_left(solver: Solver, hard_mode: bool):
    left = fitting(ROWS, HINTS)
    assert 2 < len(left) < len(solver.candidates(ROWS))
    unhinted = solver.suggest(ROWS, hard_mode)
    assert len({score(unhinted, w) for w in left}) < len(left)
    hint = word_hint(solver, ROWS, hard_mode, HINTS)
    assert hint.candidates_left == len(left)
    assert solver.candidates(ROWS, HINTS) == left
    # The best there is: a word that could win now and tells every other word left apart.
    assert hint.word in left and len({score(hint.word, w) for w in left}) == len(left)
    # A hinted letter is no hard-mode rule: only the feedback constrains guesses.
    assert hard_mode_problem(ROWS, hint.word) is None


def test_hints_that_rule_out_nothing_keep_the_strategy(solver: Solver):
    rows = [("crane", score("crane", "sheep"))]
    everyone = Revealed(frozenset("e"))  # every word that fits has the green E
    assert solver.candidates(rows, everyone) == solver.candidates(rows)
    for hard_mode in (False, True):
        assert solver.suggest(rows, hard_mode, everyone) == solver.suggest(rows, hard_mode)


def test_the_best_possible_answer_fits_the_hints(solver: Solver):
    rows = [("crane", score("crane", "light"))]  # all grey
    revealed = Revealed(frozenset("h"), frozenset({(5, "t")}))
    left = fitting(rows, revealed)
    hint = word_hint(solver, rows, False, revealed)
    assert hint.word not in left
    assert hint.pick is not None and hint.pick.answer.word in left
    assert answer_pick(solver, rows, hint.word, revealed=revealed) == hint.pick
    # Without the hints the pick is another one, from all that fit CRANE's feedback.
    assert answer_pick(solver, rows, hint.word) != hint.pick


def test_hints_no_word_fits_are_an_impossible_history(solver: Solver):
    revealed = Revealed(frozenset("z"), frozenset({(1, "q")}))
    assert solver.candidates(ROWS, revealed) == []
    with pytest.raises(ImpossibleFeedbackError, match="hints revealed rules out all"):
        word_hint(solver, ROWS, False, revealed)


def test_the_reported_game():
    """Archive 3 as reported, on the shipped lists: after CRANE and SLATE, "contains Y" and
    "letter 2 is S" leave ASSAY alone (the hint said ABYSS, 9 words)."""
    from bot.core.words import load_word_lists

    lists = load_word_lists()
    solver = Solver(lists.answers, lists.allowed_sorted)
    rows = [(g, score(g, "assay")) for g in ("crane", "slate")]
    assert word_hint(solver, rows).candidates_left > 1
    hint = word_hint(solver, rows, False, Revealed(frozenset("y"), frozenset({(2, "s")})))
    assert (hint.word, hint.candidates_left, hint.pick) == ("assay", 1, None)
