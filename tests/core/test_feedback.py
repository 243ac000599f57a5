from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.core.feedback import (
    ALL_GREEN_CODE,
    PATTERN_COUNT,
    decode,
    encode,
    score,
    score_matrix,
    words_to_array,
)


@pytest.mark.parametrize(
    ("guess", "answer", "expected"),
    [
        # The guide's example: one S, two Es in the hidden word, the second E of SPEED is yellow.
        ("speed", "erase", "YBYYB"),
        # The other direction: the hidden word has the repeats.
        ("erase", "speed", "YBBYY"),
        # More copies in the guess than in the hidden word: the extra Es are grey, greens win.
        ("geese", "those", "BBBGG"),
        # A later green takes the only L before an earlier copy can turn yellow.
        ("lolly", "hello", "BYGGB"),
        # Yellows go left to right up to the count left: one free B, so only the first is yellow.
        ("abbey", "kebab", "YYGYB"),
        ("bobby", "bloke", "GYBBB"),
        # Hidden word has two Es, the guess one: exactly one mark for it.
        ("crane", "eerie", "BYBBG"),
        ("eerie", "crane", "BBYBG"),
        ("queue", "eerie", "BBYBG"),
        # Two copies in both, none in place.
        ("sassy", "assay", "YYGBG"),
        ("crane", "crane", "GGGGG"),
        ("fghij", "abcde", "BBBBB"),
        ("CRANE", "slate", "BBGBG"),
    ],
)
def test_score_known_cases(guess, answer, expected):
    assert score(guess, answer) == expected


def test_score_rejects_wrong_length():
    with pytest.raises(ValueError):
        score("cran", "crane")


def reference_score(guess: str, answer: str) -> str:
    """A second, independent formulation: for each letter, the number of non-grey marks is
    min(copies in guess, copies in answer); greens take theirs first and the rest go as
    yellows to the leftmost non-green copies in the guess."""
    result = ["G" if g == a else "B" for g, a in zip(guess, answer, strict=True)]
    for letter in set(guess):
        marks = min(Counter(guess)[letter], Counter(answer)[letter])
        greens = sum(1 for i, g in enumerate(guess) if g == letter and result[i] == "G")
        yellows = marks - greens
        for i, g in enumerate(guess):
            if yellows <= 0:
                break
            if g == letter and result[i] == "B":
                result[i] = "Y"
                yellows -= 1
    return "".join(result)


# A small alphabet makes repeated letters common.
small_words = st.text(alphabet="abcde", min_size=5, max_size=5)
any_words = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=5, max_size=5)


@given(st.one_of(small_words, any_words), st.one_of(small_words, any_words))
@settings(max_examples=2000)
def test_score_matches_reference(guess, answer):
    assert score(guess, answer) == reference_score(guess, answer)


@given(small_words, small_words)
def test_score_invariants(guess, answer):
    fb = score(guess, answer)
    assert (fb == "GGGGG") == (guess == answer)
    # Marks for a letter never exceed its copies in the answer.
    for letter in set(guess):
        marked = sum(1 for g, f in zip(guess, fb, strict=True) if g == letter and f != "B")
        assert marked == min(guess.count(letter), answer.count(letter))


@given(st.lists(st.one_of(small_words, any_words), min_size=1, max_size=30),
       st.lists(st.one_of(small_words, any_words), min_size=1, max_size=30))
@settings(max_examples=200)
def test_score_matrix_matches_score(guesses, answers):
    matrix = score_matrix(guesses, answers, chunk=7)
    assert matrix.shape == (len(guesses), len(answers))
    for i, g in enumerate(guesses):
        for j, a in enumerate(answers):
            assert decode(int(matrix[i, j])) == score(g, a)


def test_encode_decode_round_trip():
    seen = set()
    for code in range(PATTERN_COUNT):
        fb = decode(code)
        assert encode(fb) == code
        seen.add(fb)
    assert len(seen) == PATTERN_COUNT
    assert encode("GGGGG") == ALL_GREEN_CODE == 242
    assert encode("gybbb") == encode("GYBBB")
    with pytest.raises(ValueError):
        encode("GYBB")
    with pytest.raises(ValueError):
        encode("GYBBX")
    with pytest.raises(ValueError):
        decode(243)


def test_words_to_array_checks_letters():
    arr = words_to_array(["abcde", "ZZZZZ"])
    assert arr.dtype == np.uint8
    assert arr.tolist() == [[0, 1, 2, 3, 4], [25, 25, 25, 25, 25]]
    with pytest.raises(ValueError):
        words_to_array(["abc1e"])
    with pytest.raises(ValueError):
        words_to_array(["abcde", "abcd"])  # one length per list


def test_dotless_and_dotted_i_are_two_letters() -> None:
    # Upper-casing both words made Turkish ı and i the same letter (both become I).
    assert score("kılıç", "kilit") == "GBGBB"
    assert score("kilit", "kilit") == "GGGGG"
