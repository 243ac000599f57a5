"""Feedback for a guess against a hidden word: the one rule everything else rests on.

Feedback has one mark per letter: ``G`` (right place), ``Y`` (elsewhere in the hidden word)
or ``B``. Every letter in place is ``G``; then, left to right, a letter is ``Y`` while the
hidden word has a copy of it not taken by a ``G`` or an earlier ``Y``. So SPEED against
ERASE is ``YBYYB`` (ERASE has two Es).

:func:`score` is the reference; :func:`score_matrix` computes the same for many pairs at once
with numpy, each feedback as a number (a *pattern*) for the solver.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

import numpy as np

from bot.core.domain import ALL_GREEN, GREEN, GREY, YELLOW
from bot.core.variant import CLASSIC, LATIN

__all__ = ["ALL_GREEN", "ALL_GREEN_CODE", "GREEN", "GREY", "PATTERN_COUNT", "YELLOW",
           "all_green_code", "decode", "encode", "keyboard", "pattern_count", "pattern_dtype",
           "score", "score_matrix", "words_to_array"]

_DIGIT = {GREY: 0, YELLOW: 1, GREEN: 2}
_MARK = (GREY, YELLOW, GREEN)


def keyboard(rows: Iterable[Sequence[str]]) -> dict[str, str]:
    """Each played letter's best state so far: green over yellow over grey, never downgraded.

    Keys are lower-case letters, values ``"G"``, ``"Y"`` or ``"B"``; unplayed letters are absent.
    """
    states: dict[str, str] = {}
    for guess, feedback in rows:
        for letter, state in zip(guess.lower(), feedback.upper(), strict=True):
            best = states.get(letter)
            if best is None or _DIGIT[state] > _DIGIT[best]:
                states[letter] = state
    return states


def pattern_count(length: int) -> int:
    """How many feedbacks words of ``length`` letters can get: 3 marks per letter."""
    return 3**length


def all_green_code(length: int) -> int:
    """The pattern of a solved word: every digit 2, the largest pattern."""
    return pattern_count(length) - 1


@cache
def pattern_dtype(length: int) -> np.dtype:
    """The smallest unsigned integer type that holds every pattern of ``length`` letters."""
    for dtype in (np.uint8, np.uint16, np.uint32, np.uint64):
        if pattern_count(length) - 1 <= np.iinfo(dtype).max:
            return np.dtype(dtype)
    raise ValueError(f"words of {length} letters have too many feedbacks to number")


#: The classic variant's pattern count (243) and solved pattern (242), for its callers.
PATTERN_COUNT = pattern_count(CLASSIC.length)
ALL_GREEN_CODE = all_green_code(CLASSIC.length)


def score(guess: str, answer: str) -> str:
    """The feedback for ``guess`` against the hidden word ``answer``, e.g. ``"YBYYB"``.

    Words come in the pack's lower-case letters; a word with capitals is lowered first (plain
    lowering, right for English). Letters are never folded together, so Turkish ı and i stay
    two letters. The result is upper case. ``ValueError`` unless both words have the same,
    non-zero number of letters.
    """
    guess = guess if guess.islower() else guess.lower()
    answer = answer if answer.islower() else answer.lower()
    if len(guess) != len(answer) or not guess:
        raise ValueError(f"both words must have the same number of letters: "
                         f"{guess!r}, {answer!r}")
    result = [GREY] * len(guess)
    unmatched: dict[str, int] = {}
    for i, (g, a) in enumerate(zip(guess, answer, strict=True)):
        if g == a:
            result[i] = GREEN
        else:
            unmatched[a] = unmatched.get(a, 0) + 1
    for i, g in enumerate(guess):
        if result[i] == GREY and unmatched.get(g, 0) > 0:
            result[i] = YELLOW
            unmatched[g] -= 1
    return "".join(result)


def encode(feedback: str, length: int = CLASSIC.length) -> int:
    """A feedback string of ``length`` marks (``"GYBBG"``, any case) as its pattern: base 3,
    G = 2, Y = 1, B = 0, position 1 the most significant digit."""
    marks = feedback.strip().upper() if isinstance(feedback, str) else ""
    if len(marks) != length or any(mark not in _DIGIT for mark in marks):
        raise ValueError(f"feedback must be {length} of G, Y, B, not {feedback!r}")
    value = 0
    for mark in marks:
        value = value * 3 + _DIGIT[mark]
    return value


def decode(pattern: int, length: int = CLASSIC.length) -> str:
    """A pattern back to the feedback string of ``length`` marks."""
    if not 0 <= pattern < pattern_count(length):
        raise ValueError(f"pattern must be in 0..{pattern_count(length) - 1}: {pattern!r}")
    marks = []
    for _ in range(length):
        pattern, digit = divmod(pattern, 3)
        marks.append(_MARK[digit])
    return "".join(reversed(marks))


def words_to_array(words: Sequence[str], alphabet: str = LATIN) -> np.ndarray:
    """Words of one length as an ``(n, length)`` uint8 array of letter indices into
    ``alphabet`` (case does not matter); ``ValueError`` for other letters or mixed lengths."""
    if not words:
        return np.zeros((0, 0), dtype=np.uint8)
    length = len(words[0])
    if length == 0 or any(len(word) != length for word in words):
        raise ValueError(f"every word must have {length or 'some'} letters")
    if len(alphabet) > 256:
        raise ValueError("an alphabet of more than 256 letters does not fit a byte")
    codes = np.frombuffer("".join(words).lower().encode("utf-32-le"), dtype=np.uint32)
    if codes.size != len(words) * length:
        raise ValueError(f"words must contain only the letters {alphabet}")
    letters = np.frombuffer(alphabet.encode("utf-32-le"), dtype=np.uint32)
    order = np.argsort(letters, kind="stable")
    where = np.searchsorted(letters[order], codes)
    found = where < len(letters)
    found[found] = letters[order][where[found]] == codes[found]
    if not found.all():
        raise ValueError(f"words must contain only the letters {alphabet}")
    return order[where].astype(np.uint8).reshape(len(words), length)


def score_matrix(
    guesses: Sequence[str] | np.ndarray,
    answers: Sequence[str] | np.ndarray,
    *,
    chunk: int = 256,
) -> np.ndarray:
    """Every ``(guess, answer)`` feedback as a pattern: a ``(len(guesses), len(answers))``
    array whose entry equals ``encode(score(guess, answer))``, of :func:`pattern_dtype`.

    Either argument may be a list of words or an array from :func:`words_to_array`. Works in
    chunks of ``chunk`` guesses so the temporaries stay small.
    """
    g_all = guesses if isinstance(guesses, np.ndarray) else words_to_array(guesses)
    a = answers if isinstance(answers, np.ndarray) else words_to_array(answers)
    if not len(g_all) or not len(a):
        return np.empty((len(g_all), len(a)), dtype=np.uint8)
    if g_all.shape[1] != a.shape[1]:
        raise ValueError("guesses and hidden words must have the same number of letters")
    length = a.shape[1]
    dtype = pattern_dtype(length)
    weights = [dtype.type(3 ** (length - 1 - i)) for i in range(length)]
    out = np.empty((len(g_all), len(a)), dtype=dtype)
    # eq[i][j]: guess letter i equals answer letter j, for every pair in the chunk.
    a_cols = [a[None, :, j] for j in range(length)]
    for start in range(0, len(g_all), chunk):
        g = g_all[start : start + chunk]
        g_cols = [g[:, i, None] for i in range(length)]
        eq = [[g_cols[i] == a_cols[j] for j in range(length)] for i in range(length)]
        green = [eq[i][i] for i in range(length)]
        not_green = [~gr for gr in green]
        code = np.zeros((len(g), len(a)), dtype=dtype)
        yellow: list[np.ndarray] = []
        for i in range(length):
            # Copies of guess letter i in the answer that no green took...
            free = np.zeros((len(g), len(a)), dtype=np.int8)
            for j in range(length):
                free += eq[i][j] & not_green[j]
            # ...minus the copies that earlier yellows of the same letter already took.
            for k in range(i):
                same = g[:, k, None] == g[:, i, None]
                free -= same & yellow[k]
            is_yellow = not_green[i] & (free > 0)
            yellow.append(is_yellow)
            code += weights[i] * (2 * green[i].astype(dtype) + is_yellow.astype(dtype))
        out[start : start + len(g)] = code
    return out
