"""The solver takes the variant as data: other word lengths, alphabets and numbers of attempts
work without a line of code changing, and the classic variant stays the default."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from bot.cli.solve import game_problem, parse_pair
from bot.core.analysis import analyse
from bot.core.feedback import decode, encode, pattern_count, pattern_dtype, score, score_matrix
from bot.core.revealed import Revealed
from bot.core.solver import HistoryError, Solver
from bot.core.solver_strategy import Strategy, fingerprint, play_all
from bot.core.variant import Variant

CYRILLIC = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"


def made_up_words(rng: random.Random, letters: str, length: int, count: int) -> list[str]:
    """Distinct made-up words over a few letters, so repeated letters are common."""
    words: set[str] = set()
    while len(words) < count:
        words.add("".join(rng.choice(letters) for _ in range(length)))
    return sorted(words)


def legal_in_hard_mode(rows: list[tuple[str, str]], word: str) -> bool:
    """The hard-mode rule, written out again for words of any length."""
    for guess, feedback in rows:
        if any(f == "G" and word[i] != guess[i] for i, f in enumerate(feedback)):
            return False
        revealed = Counter(g for g, f in zip(guess, feedback, strict=True) if f != "B")
        if any(word.count(letter) < n for letter, n in revealed.items()):
            return False
    return True


def play(solver: Solver, answer: str, hard: bool) -> list[tuple[str, str]]:
    rows: list[tuple[str, str]] = []
    while not rows or rows[-1][1] != solver.variant.all_green:
        guess = solver.suggest(rows, hard)
        if hard:
            assert legal_in_hard_mode(rows, guess), (rows, guess)
        rows.append((guess, score(guess, answer)))
        assert len(rows) <= solver.variant.attempts, rows
    return rows


@pytest.mark.parametrize(("length", "dtype"), [(1, np.uint8), (5, np.uint8), (6, np.uint16),
                                               (10, np.uint16), (11, np.uint32),
                                               (20, np.uint32), (21, np.uint64),
                                               (40, np.uint64)])
def test_patterns_are_numbered_for_any_length_the_dtype_holds(length: int, dtype: type):
    assert pattern_dtype(length) == np.dtype(dtype)
    rng = random.Random(length)
    words = made_up_words(rng, "abcd", length, min(12, 4**length))
    matrix = score_matrix(words, words)
    assert matrix.dtype == np.dtype(dtype)
    for i, guess in enumerate(words):
        for j, answer in enumerate(words):
            feedback = score(guess, answer)
            assert len(feedback) == length
            assert int(matrix[i, j]) == encode(feedback, length)
            assert decode(int(matrix[i, j]), length) == feedback
    assert encode("G" * length, length) == pattern_count(length) - 1


def test_a_length_beyond_the_widest_dtype_is_refused():
    with pytest.raises(ValueError):
        pattern_dtype(41)


@pytest.mark.parametrize("hard", [False, True])
def test_six_letters_seven_attempts(tmp_path: Path, hard: bool):
    rng = random.Random(6)
    variant = Variant(length=6, attempts=7)
    answers = made_up_words(rng, "aeilnrst", 6, 150)
    allowed = made_up_words(rng, "aeilnrstcdo", 6, 400)
    solver = Solver(answers, allowed, variant=variant, cache_dir=tmp_path)
    assert solver.matrix.dtype == np.uint16
    assert solver.matrix.shape == (len(solver.answers), len(solver.guesses))
    strategy = solver.strategy(hard)
    assert strategy.patterns == 3**6
    lengths = play_all(strategy, solver.matrix, solver.answer_columns)
    assert lengths.min() >= 1 and int(lengths.sum()) == strategy.total
    for answer in answers[::10]:
        rows = play(solver, answer, hard)
        assert rows[-1][0] == answer
    # Off the strategy: an opener it never plays, and candidates checked against score().
    opener = allowed[0]
    rows = [(opener, score(opener, answers[7]))]
    assert solver.candidates(rows) == [w for w in answers if score(opener, w) == rows[0][1]]
    guess = solver.suggest(rows, hard)
    assert guess in solver.guesses and (not hard or legal_in_hard_mode(rows, guess))
    # Saved and loaded again as the same tree, under a name of its own.
    again = Solver(answers, allowed, variant=variant, cache_dir=tmp_path)
    loaded = again.strategy(hard)
    assert loaded.source == "cache" and loaded.edges == strategy.edges
    assert again.matrix_info.source == "cache" and again.matrix.dtype == np.uint16
    assert Strategy.load(again.strategy_path(hard), fingerprint(again.lists_key, hard, 7),
                         3**6) is not None


def test_another_alphabet(tmp_path: Path):
    rng = random.Random(33)
    variant = Variant(alphabet=CYRILLIC)
    answers = made_up_words(rng, "абвгдеёжзийкл", 5, 120)
    allowed = made_up_words(rng, "абвгдеёжзийклмнопрст", 5, 200)
    solver = Solver(answers, allowed, variant=variant, cache_dir=tmp_path)
    assert solver.table.counts.shape == (len(solver.guesses), len(CYRILLIC))
    for hard in (False, True):
        for answer in answers[::15]:
            assert play(solver, answer, hard)[-1][0] == answer
    # A Latin word is no word of this variant, in the lists or in a history.
    with pytest.raises(ValueError, match="5-letter word of"):
        Solver([*answers, "crane"], allowed, variant=variant)
    with pytest.raises(HistoryError):
        solver.parse_history([("crane", "BBBBB")])
    # Hints revealed in this alphabet narrow the candidates.
    letter = answers[3][2]
    revealed = Revealed(frozenset(letter), frozenset({(3, letter)}), variant)
    assert solver.candidates([], revealed) == [w for w in answers if w[2] == letter]
    with pytest.raises(ValueError):
        Revealed(frozenset("z"), variant=variant)


def test_the_last_attempt_is_always_a_word_that_fits(tmp_path: Path):
    # With three attempts, the third guess can only win if it is a word that fits.
    rng = random.Random(3)
    answers = made_up_words(rng, "aeilnrst", 5, 60)
    solver = Solver(answers, answers, variant=Variant(attempts=3), cache_dir=tmp_path)
    for answer in answers[::5]:
        rows = [(w, score(w, answer)) for w in rng.sample(answers, 2)]
        if rows[-1][1] != "GGGGG" and len(solver.candidates(rows)) > 2:
            assert solver.suggest(rows) in solver.candidates(rows)


def test_analysis_of_a_six_letter_game(tmp_path: Path):
    rng = random.Random(16)
    answers = made_up_words(rng, "aeilnrst", 6, 80)
    solver = Solver(answers, answers, variant=Variant(length=6), cache_dir=tmp_path)
    rows = play(solver, answers[40], False)
    result = analyse(solver, answers[40], rows)
    assert result.solved and result.skill == pytest.approx(100.0)
    assert [s.guess for s in result.steps] == [g for g, _ in rows]
    with pytest.raises(ValueError):
        analyse(solver, "crane", [])  # five letters: not a word of this game


def test_revealed_positions_follow_the_variant():
    assert Revealed(positions=frozenset({(6, "a")}), variant=Variant(length=6))
    with pytest.raises(ValueError):
        Revealed(positions=frozenset({(6, "a")}))  # the classic five letters
    with pytest.raises(ValueError):
        Revealed.from_hints([("position", "7:a")], Variant(length=6))


def test_the_solve_command_reads_guesses_of_the_variant():
    six = Variant(length=6, attempts=7)
    assert parse_pair("planet=GYBBBG", six) == ("planet", "GYBBBG")
    with pytest.raises(ValueError, match="must have 6 letters"):
        parse_pair("crane=GYBBB", six)
    rows = [("planet", "BBBBBB")] * 7
    game_problem(rows[:6], variant=six)  # six guesses: a seventh may follow
    with pytest.raises(ValueError, match="all 7 guesses"):
        game_problem(rows, variant=six)
