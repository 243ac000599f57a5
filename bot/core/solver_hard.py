"""Hard mode for the solver: which guesses are legal after some rows, for every word at once.

The rule is the real game's (and :func:`bot.core.game.hard_mode_problem`'s): every green letter
stays in its place, and a letter revealed ``n`` times in one guess (green or yellow) must appear
at least ``n`` times in every later guess. Grey letters and the places of yellows do not matter.

All that rule needs to remember of the rows so far is a :data:`HardState`: the green letter of
each position (or ``-1``) and the least count of each letter. It is hashable, so searches can
memoise on it, and :func:`legal_mask` turns it into a boolean mask over a word list with a few
numpy comparisons.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from bot.core.feedback import PATTERN_COUNT, WORD_LENGTH, encode, words_to_array

#: ``(greens, minimum_counts)``: greens is a tuple of 5 letter indices (0..25, -1 for none, -2
#: for two different greens in one place); minimum_counts is 26 bytes, the least number of each
#: letter a guess must contain.
HardState = tuple[tuple[int, ...], bytes]

_CONFLICT = -2

#: No rows yet: every word is legal.
OPEN_STATE: HardState = ((-1,) * WORD_LENGTH, bytes(26))

#: Digits of every pattern, position 1 first: ``PATTERN_DIGITS[p, i]`` is 0 grey, 1 yellow, 2 green.
PATTERN_DIGITS = np.array(
    [
        [(p // 3 ** (WORD_LENGTH - 1 - i)) % 3 for i in range(WORD_LENGTH)]
        for p in range(PATTERN_COUNT)
    ],
    dtype=np.uint8,
)


class WordTable:
    """Letters and letter counts of a word list, for vectorised legality checks."""

    def __init__(self, words: Sequence[str]) -> None:
        self.letters = words_to_array(words)
        counts = np.zeros((len(words), 26), dtype=np.uint8)
        rows = np.arange(len(words))
        for i in range(WORD_LENGTH):
            np.add.at(counts, (rows, self.letters[:, i]), 1)
        self.counts = counts
        #: ``first_copy[w, i]``: the letter at position i does not occur earlier in word w.
        first = np.ones((len(words), WORD_LENGTH), dtype=bool)
        for i in range(1, WORD_LENGTH):
            for j in range(i):
                first[:, i] &= self.letters[:, i] != self.letters[:, j]
        self.first_copy = first

    def __len__(self) -> int:
        return len(self.letters)


def state_after(state: HardState, word_letters: Sequence[int], pattern: int) -> HardState:
    """The state once a guess (its letter indices) got feedback ``pattern`` (encoded)."""
    greens = list(state[0])
    minimum = bytearray(state[1])
    revealed = [0] * 26
    for i, digit in enumerate(PATTERN_DIGITS[pattern]):
        letter = int(word_letters[i])
        if digit == 2:
            # Two different greens in one place (only in impossible feedback): nothing is legal.
            greens[i] = letter if greens[i] in (-1, letter) else _CONFLICT
        if digit:
            revealed[letter] += 1
    for letter, count in enumerate(revealed):
        if count > minimum[letter]:
            minimum[letter] = count
    return tuple(greens), bytes(minimum)


def state_from_rows(rows: Iterable[tuple[str, str]]) -> HardState:
    """The state after ``(word, feedback)`` rows (feedback as a G/Y/B string)."""
    state = OPEN_STATE
    for word, feedback in rows:
        letters = [ord(c) - ord("a") for c in word.lower()]
        state = state_after(state, letters, encode(feedback))
    return state


def legal_mask(state: HardState, table: WordTable) -> np.ndarray:
    """Boolean mask over ``table``'s words: True where the word is a legal hard-mode guess."""
    greens, minimum = state
    if _CONFLICT in greens:
        return np.zeros(len(table), dtype=bool)
    mask = np.ones(len(table), dtype=bool)
    for i, letter in enumerate(greens):
        if letter >= 0:
            mask &= table.letters[:, i] == letter
    for letter, count in enumerate(minimum):
        if count:
            mask &= table.counts[:, letter] >= count
    return mask


def is_open(state: HardState) -> bool:
    """True when the state constrains nothing (every word legal)."""
    return state == OPEN_STATE
