"""Feedback for a guess against a hidden word: the one rule everything else rests on.

Feedback is a 5-character string of ``G`` (right letter, right place), ``Y`` (letter in the
hidden word, elsewhere) and ``B`` (no more of this letter in the hidden word).

The rule, for repeated letters too:

1. every guess letter in its hidden-word position is ``G``;
2. then, left to right, a remaining guess letter is ``Y`` while the hidden word still has an
   unmatched copy of that letter (one not already used by a ``G`` or an earlier ``Y``);
3. everything else is ``B``.

So SPEED against ERASE is ``YBYYB``: S is in ERASE; the first E (position 3) is not in place
but ERASE has two Es, and so has the second E (position 4); D is absent.

:func:`score` is the reference. :func:`score_matrix` computes the same thing for many pairs
at once with numpy, as small integers (:data:`PATTERN_COUNT` possible patterns), for the solver.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from bot.core.domain import (
    ALL_GREEN,
    GREEN,
    GREY,
    WORD_LENGTH,
    YELLOW,
    normalise_feedback,
)

__all__ = ["ALL_GREEN", "ALL_GREEN_CODE", "GREEN", "GREY", "PATTERN_COUNT", "WORD_LENGTH",
           "YELLOW", "decode", "encode", "score", "score_matrix", "words_to_array"]

#: Number of distinct feedback patterns (3 states per letter); encoded patterns are 0..242.
PATTERN_COUNT = 3**WORD_LENGTH

_DIGIT = {GREY: 0, YELLOW: 1, GREEN: 2}
_LETTER = (GREY, YELLOW, GREEN)
#: Weight of each position in an encoded pattern: position 1 is the most significant digit.
_WEIGHTS = np.array([3 ** (WORD_LENGTH - 1 - i) for i in range(WORD_LENGTH)], dtype=np.uint8)
#: The encoded value of ``GGGGG`` (242).
ALL_GREEN_CODE = int(2 * _WEIGHTS.sum())


def score(guess: str, answer: str) -> str:
    """Return the feedback for ``guess`` against the hidden word ``answer``.

    Both words are 5 letters; case does not matter. The result is upper case, e.g. ``"YBYYB"``.
    Raises ``ValueError`` if either word is not 5 letters long.
    """
    guess = guess.upper()
    answer = answer.upper()
    if len(guess) != WORD_LENGTH or len(answer) != WORD_LENGTH:
        raise ValueError(f"both words must have {WORD_LENGTH} letters: {guess!r}, {answer!r}")

    result = [GREY] * WORD_LENGTH
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


def encode(feedback: str) -> int:
    """Feedback string (``"GYBBG"``) to its pattern number 0..242 (position 1 most significant)."""
    value = 0
    for c in normalise_feedback(feedback):
        value = value * 3 + _DIGIT[c]
    return value


def decode(pattern: int) -> str:
    """Pattern number 0..242 back to its feedback string."""
    if not 0 <= pattern < PATTERN_COUNT:
        raise ValueError(f"pattern must be in 0..{PATTERN_COUNT - 1}: {pattern!r}")
    letters = []
    for _ in range(WORD_LENGTH):
        pattern, digit = divmod(pattern, 3)
        letters.append(_LETTER[digit])
    return "".join(reversed(letters))


def words_to_array(words: Sequence[str]) -> np.ndarray:
    """Words as an ``(n, 5)`` uint8 array of letter indices 0..25 (lower or upper case)."""
    if not words:
        return np.zeros((0, WORD_LENGTH), dtype=np.uint8)
    raw = np.frombuffer("".join(words).lower().encode("ascii"), dtype=np.uint8)
    if raw.size != len(words) * WORD_LENGTH:
        raise ValueError(f"every word must have {WORD_LENGTH} ASCII letters")
    letters = raw.reshape(len(words), WORD_LENGTH) - ord("a")
    if letters.max(initial=0) > 25:
        raise ValueError("words must contain only the letters a-z")
    return letters


def score_matrix(
    guesses: Sequence[str] | np.ndarray,
    answers: Sequence[str] | np.ndarray,
    *,
    chunk: int = 256,
) -> np.ndarray:
    """Every ``(guess, answer)`` feedback as a pattern number: a ``(len(guesses), len(answers))``
    uint8 array whose entry equals ``encode(score(guess, answer))``.

    Either argument may be a list of words or an array from :func:`words_to_array`. Works in
    chunks of guesses so memory stays small (about ``chunk * len(answers) * 30`` bytes).
    """
    g_all = guesses if isinstance(guesses, np.ndarray) else words_to_array(guesses)
    a = answers if isinstance(answers, np.ndarray) else words_to_array(answers)
    out = np.empty((len(g_all), len(a)), dtype=np.uint8)
    # eq[i][j]: guess letter i equals answer letter j, for every pair in the chunk.
    a_cols = [a[None, :, j] for j in range(WORD_LENGTH)]
    for start in range(0, len(g_all), chunk):
        g = g_all[start : start + chunk]
        g_cols = [g[:, i, None] for i in range(WORD_LENGTH)]
        eq = [[g_cols[i] == a_cols[j] for j in range(WORD_LENGTH)] for i in range(WORD_LENGTH)]
        green = [eq[i][i] for i in range(WORD_LENGTH)]
        not_green = [~gr for gr in green]
        # Copies of guess letter i in the answer that no green took.
        code = np.zeros((len(g), len(a)), dtype=np.uint8)
        yellow: list[np.ndarray] = []
        for i in range(WORD_LENGTH):
            free = np.zeros((len(g), len(a)), dtype=np.int8)
            for j in range(WORD_LENGTH):
                free += eq[i][j] & not_green[j]
            # Minus the copies that earlier yellows of the same letter already took.
            for k in range(i):
                same = g[:, k, None] == g[:, i, None]
                free -= same & yellow[k]
            is_yellow = not_green[i] & (free > 0)
            yellow.append(is_yellow)
            code += _WEIGHTS[i] * (2 * green[i].astype(np.uint8) + is_yellow.astype(np.uint8))
        out[start : start + len(g)] = code
    return out
