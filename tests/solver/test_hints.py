"""Hints reveal exactly what they say: a letter, a position's letter, or the solver's guess."""

from __future__ import annotations

import random

import pytest

from bot.core.feedback import score
from bot.core.game import keyboard
from bot.core.hints import WordHint, letter_hint, position_hint, word_hint
from bot.core.solver import ImpossibleFeedbackError, Solver
from tests.solver.words import ANSWERS


def rows_for(answer: str, *guesses: str) -> list[tuple[str, str]]:
    return [(g, score(g, answer)) for g in guesses]


class TestLetterHint:
    def test_letter_is_in_the_word_and_not_found_yet(self):
        rows = rows_for("sheep", "crane", "pesky")
        found = {k for k, v in keyboard(rows).items() if v != "B"}
        for seed in range(30):
            letter = letter_hint("sheep", rows, rng=random.Random(seed))
            assert letter in "sheep" and letter not in found

    def test_every_unfound_letter_is_given_once_then_none(self):
        rows = rows_for("sheep", "crane")  # E found (green); S, H, P not
        given: list[str] = []
        while (letter := letter_hint("sheep", rows, given, rng=random.Random(len(given)))):
            assert letter not in given
            given.append(letter)
        assert sorted(given) == ["h", "p", "s"]

    def test_nothing_to_give_when_every_letter_is_found(self):
        assert letter_hint("sheep", rows_for("sheep", "phase", "sheep")) is None

    def test_reveals_no_position(self):
        # Anagrams with the same keyboard get the same hint: the choice cannot depend on where
        # the letter is.
        for seed in range(20):
            hints = {
                letter_hint(w, [], rng=random.Random(seed)) for w in ("least", "slate", "steal")
            }
            assert len(hints) == 1

    def test_default_rng_still_qualifies(self):
        assert letter_hint("sheep", rows_for("sheep", "crane")) in {"s", "h", "p"}


class TestPositionHint:
    def test_position_is_not_green_and_letter_is_right(self):
        rows = rows_for("sheep", "shelf")  # S, H, E green at 1, 2, 3
        for seed in range(30):
            position, letter = position_hint("sheep", rows, rng=random.Random(seed))
            assert position in (4, 5)
            assert letter == "sheep"[position - 1]

    def test_skips_hinted_positions_then_none(self):
        rows = rows_for("sheep", "shelf")
        assert position_hint("sheep", rows, already_hinted=[4]) == (5, "p")
        assert position_hint("sheep", rows, already_hinted=[4, 5]) is None
        assert position_hint("sheep", rows_for("sheep", "sheep")) is None

    def test_reveals_only_that_position(self):
        # Hidden words that differ elsewhere get the same position for the same seed.
        for seed in range(20):
            positions = {position_hint(w, [], rng=random.Random(seed))[0]
                         for w in ("crane", "sheep", "pizza")}
            assert len(positions) == 1


class TestWordHint:
    def test_is_the_suggestion_with_candidates_left(self, solver: Solver):
        rows = rows_for("sheep", "crane")
        hint = word_hint(solver, rows)
        assert hint == WordHint(solver.suggest(rows), len(solver.candidates(rows)))

    def test_same_for_every_hidden_word_that_fits(self, solver: Solver):
        rows = rows_for("sheep", "crane")
        others = [w for w in solver.candidates(rows) if w != "sheep"]
        assert others
        for other in others:
            assert word_hint(solver, rows_for(other, "crane")) == word_hint(solver, rows)

    def test_hard_mode_hint_is_legal(self, solver: Solver):
        from bot.core.game import hard_mode_problem

        for answer in ANSWERS[::10]:
            rows = rows_for(answer, "crane")
            hint = word_hint(solver, rows, hard_mode=True)
            assert hard_mode_problem(rows, hint.word) is None

    def test_impossible_rows_raise_the_clear_error(self, solver: Solver):
        with pytest.raises(ImpossibleFeedbackError):
            word_hint(solver, [("sheep", "GGGGB"), ("sheet", "GGGGB")])


@pytest.mark.parametrize("answer", ["", "shee", "shee💥", "x" * 1000, None, "'; --"])
def test_bad_hidden_word_is_a_clear_error(answer):
    with pytest.raises(ValueError, match="hidden word"):
        letter_hint(answer, [])
    with pytest.raises(ValueError, match="hidden word"):
        position_hint(answer, [])


@pytest.mark.parametrize("rows", [[("crane",)], [("cran", "GGGGG")], [("crane", "GGGXG")],
                                  [("crane", None)]])
def test_bad_rows_are_a_clear_error(rows):
    with pytest.raises(ValueError, match="row 1"):
        letter_hint("sheep", rows)
