"""Hard mode: the vectorised legality agrees with the game's rule, and suggestions are legal."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.core.feedback import score
from bot.core.game import hard_mode_problem
from bot.core.solver import Solver
from bot.core.solver_hard import WordTable, legal_mask, state_from_rows
from tests.solver.words import ALLOWED, ANSWERS

TABLE = WordTable(ALLOWED)
made_up = st.text(alphabet="aelsrt", min_size=5, max_size=5)
guesses = st.one_of(st.sampled_from(ALLOWED), made_up)
fast = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def game_rule_mask(rows) -> np.ndarray:
    return np.array([hard_mode_problem(rows, w) is None for w in ALLOWED])


@fast
@given(answer=st.sampled_from(ANSWERS), played=st.lists(guesses, max_size=4))
def test_legal_mask_agrees_with_game_rule(answer: str, played: list[str]):
    rows = [(g, score(g, answer)) for g in played]
    assert (legal_mask(state_from_rows(rows), TABLE) == game_rule_mask(rows)).all()


@fast
@given(rows=st.lists(st.tuples(guesses, st.text(alphabet="GYB", min_size=5, max_size=5)),
                     max_size=3))
def test_legal_mask_agrees_even_for_impossible_feedback(rows):
    assert (legal_mask(state_from_rows(rows), TABLE) == game_rule_mask(rows)).all()


def test_repeated_revealed_letters_need_that_many_copies():
    rows = [("geese", score("geese", "eerie"))]  # two Es revealed
    mask = legal_mask(state_from_rows(rows), TABLE)
    allowed = {w for w, ok in zip(ALLOWED, mask, strict=True) if ok}
    assert "eerie" in allowed
    assert all(w.count("e") >= 2 for w in allowed)


def test_hard_mode_play_of_every_answer_is_legal_and_finds_it(solver: Solver):
    for answer in ANSWERS:
        rows: list[tuple[str, str]] = []
        while True:
            assert answer in solver.candidates(rows)
            guess = solver.suggest(rows, hard_mode=True)
            assert hard_mode_problem(rows, guess) is None, (answer, rows, guess)
            rows.append((guess, score(guess, answer)))
            if guess == answer:
                break
        assert len(rows) <= 6


def test_off_book_hard_mode_suggestions_are_legal(solver: Solver):
    rng = random.Random(7)
    for _ in range(60):
        answer = rng.choice(ANSWERS)
        # Start with one or two guesses the strategy would not play, then let the solver go on.
        rows = [(g, score(g, answer)) for g in rng.sample(ALLOWED, rng.randint(1, 2))]
        rows = [r for i, r in enumerate(rows) if hard_mode_problem(rows[:i], r[0]) is None]
        while rows[-1][1] != "GGGGG" and len(rows) < 8:
            guess = solver.suggest(rows, hard_mode=True)
            assert hard_mode_problem(rows, guess) is None, (answer, rows, guess)
            assert answer in solver.candidates(rows)
            rows.append((guess, score(guess, answer)))
        assert rows[-1][0] == answer


def test_legal_guesses_mask(solver: Solver):
    rows = [("crane", score("crane", "trace"))]
    mask = solver.legal_guesses(rows)
    expected = [hard_mode_problem(rows, w) is None for w in solver.guesses]
    assert mask.tolist() == expected
