"""Candidates: exactly the hidden words that give the same feedback, for every guess."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.core.feedback import score
from bot.core.solver import (
    HistoryError,
    ImpossibleFeedbackError,
    Solver,
    parse_feedback,
)
from tests.solver.words import ALLOWED, ANSWERS

# Guesses from the list, and made-up strings over few letters (lots of repeats, not in any list).
made_up = st.text(alphabet="aelsrt", min_size=5, max_size=5)
guesses = st.one_of(st.sampled_from(ALLOWED), made_up)
feedbacks = st.text(alphabet="GYB", min_size=5, max_size=5)
fast = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def brute_force(history: list[tuple[str, str]]) -> list[str]:
    return [w for w in ANSWERS if all(score(g, w) == f for g, f in history)]


@fast
@given(answer=st.sampled_from(ANSWERS), played=st.lists(guesses, max_size=5))
def test_candidates_match_score_on_real_games(solver: Solver, answer: str, played: list[str]):
    history = [(g, score(g, answer)) for g in played]
    found = solver.candidates(history)
    assert found == brute_force(history)
    assert answer in found  # never filtered out of its own game


@fast
@given(history=st.lists(st.tuples(guesses, feedbacks), max_size=4))
def test_candidates_match_score_on_any_feedback(solver: Solver, history):
    assert solver.candidates(history) == brute_force(history)


def test_no_history_means_every_answer(solver: Solver):
    assert solver.candidates([]) == list(ANSWERS)


def test_repeated_letter_one_yellow_one_grey_means_exactly_one(solver: Solver):
    # BLESS against SHEEP: the first S is yellow, the second grey, so exactly one S.
    feedback = score("bless", "sheep")
    assert feedback == "BBGYB"
    found = solver.candidates([("bless", feedback)])
    assert "sheep" in found
    assert found  # the classic bug ("grey S means no S") empties this list
    for word in found:
        assert word.count("s") == 1 and word[2] == "e"
        assert word[3] != "s" and "b" not in word and "l" not in word
    # Words with two S, or none, are out.
    assert "bless" not in found and "sheep" in found
    assert not any(w.count("s") != 1 for w in found)


def test_repeated_letter_in_answer_counts(solver: Solver):
    # SPEED against ERASE is YBYYB: both Es yellow because ERASE has two.
    assert score("speed", "erase") == "YBYYB"
    found = solver.candidates([("speed", "YBYYB")])
    assert "erase" in found
    assert all(w.count("e") >= 2 and "s" in w for w in found)


def test_feedback_is_case_insensitive_and_guess_too(solver: Solver):
    assert solver.candidates([("CRANE", "bybbg")]) == solver.candidates([("crane", "BYBBG")])


def test_guess_outside_the_list_still_filters(solver: Solver):
    assert "zzzzz" not in ALLOWED
    history = [("zzzzz", "BBBBB"), ("esale", score("esale", "least"))]
    assert solver.candidates(history) == brute_force(history)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("GYBBG", "GYBBG"),
        ("gybbg", "GYBBG"),
        ("21002", "GYBBG"),
        ("🟩🟨⬛⬛🟩", "GYBBG"),
        ("🟩🟨⬜⬜🟩", "GYBBG"),
        ("🟧🟦⬛⬛🟧", "GYBBG"),
        ("🟩🟨⬛️⬛️🟩", "GYBBG"),  # with emoji variation selectors
        (" G Y B B G ", "GYBBG"),
    ],
)
def test_parse_feedback_forms(text: str, expected: str):
    assert parse_feedback(text) == expected


@pytest.mark.parametrize(
    "text", ["", "GYB", "GYBBGG", "GYBQG", "3", "🟥🟩🟩🟩🟩", "x" * 1000, "'; --"]
)
def test_parse_feedback_rejects_with_message(text: str):
    with pytest.raises(HistoryError) as error:
        parse_feedback(text)
    assert "Feedback" in str(error.value)


@pytest.mark.parametrize(
    "history",
    [
        [("cran", "GGGGG")],
        [("crane", "GGGG")],
        [("cr@ne", "GGGGG")],
        [("crâne", "GGGGG")],
        [("crane",)],
        [("crane", None)],
        [(None, "GGGGG")],
        "crane=GGGGG",
        [("x" * 1000, "BBBBB")],
    ],
)
def test_malformed_history_is_a_clear_error(solver: Solver, history):
    with pytest.raises(HistoryError) as error:
        solver.candidates(history)
    assert str(error.value)
    with pytest.raises(HistoryError):
        solver.suggest(history)
    assert solver.assist(history).problem


class TestImpossibleFeedback:
    def test_names_the_guess_that_left_nothing(self, solver: Solver):
        history = [("crane", score("crane", "sheep")), ("sheep", "BBBBB")]
        assert solver.candidates(history) == []
        with pytest.raises(ImpossibleFeedbackError) as raised:
            solver.suggest(history)
        error = raised.value
        assert error.step == 2 and error.guess == "sheep" and error.feedback == "BBBBB"
        assert error.candidates_before == len(solver.candidates(history[:1]))
        assert "No word in the list fits" in str(error)
        assert "guess 2, SHEEP BBBBB" in str(error)

    def test_first_guess(self, solver: Solver):
        with pytest.raises(ImpossibleFeedbackError) as raised:
            solver.check([("zzzzz", "GGGGB")])
        assert raised.value.step == 1
        assert "fits none of the" in str(raised.value)

    def test_feedback_no_word_could_give(self, solver: Solver):
        # A grey E before a yellow E never happens: yellows go to the leftmost copies.
        with pytest.raises(ImpossibleFeedbackError) as raised:
            solver.suggest([("speed", "BBBYB")])
        assert "No word can give that feedback" in str(raised.value)
        assert "grey but a later E" in str(raised.value)

    def test_all_green_for_a_word_not_in_the_answers(self, solver: Solver):
        word = next(w for w in ALLOWED if w not in ANSWERS)
        with pytest.raises(ImpossibleFeedbackError) as raised:
            solver.suggest([(word, "GGGGG")])
        assert "not in the list of hidden words" in str(raised.value)

    def test_assistant_reports_instead_of_raising(self, solver: Solver):
        result = solver.assist([("crane", "GGGGB"), ("crank", "GGGGG")])
        assert result.problem is not None and "guess" in result.problem
        assert result.candidate_count == 0 and result.suggestion is None


def test_assistant_gives_count_sample_and_guess(solver: Solver):
    history = [("crane", score("crane", "sheep"))]
    result = solver.assist(history, sample=3)
    assert result.problem is None
    assert result.candidate_count == len(solver.candidates(history))
    assert list(result.sample) == solver.candidates(history)[:3]
    assert result.suggestion == solver.suggest(history)


def test_assistant_after_a_win(solver: Solver):
    result = solver.assist([("sheep", "GGGGG")])
    assert result.solved and result.suggestion == "sheep" and result.candidate_count == 1
