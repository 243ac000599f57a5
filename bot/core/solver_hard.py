"""Hard mode for the solver: which guesses are legal after some rows, for every word at once.

The rule is :func:`bot.core.game.hard_mode_problem`'s: greens stay in place, and a letter
revealed ``n`` times in one guess appears at least ``n`` times in every later one. So the rows
come down to a hashable :data:`HardState` (the green of each place, the least count of each
letter), which searches memoise on and :func:`legal_mask` turns into a mask over a word list.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from bot.core.feedback import encode, words_to_array
from bot.core.variant import CLASSIC, LATIN

#: ``(greens, minimum_counts)``: greens holds one letter index per position (``-1`` for none,
#: ``-2`` for two different greens in one place); minimum_counts one byte per letter of the
#: alphabet, the least number of that letter a guess must contain.
HardState = tuple[tuple[int, ...], bytes]

_CONFLICT = -2


def open_state(length: int, letters: int) -> HardState:
    """No rows yet for words of ``length`` from an alphabet of ``letters``: every word legal."""
    return (-1,) * length, bytes(letters)


#: The classic variant's open state, for its callers.
OPEN_STATE: HardState = open_state(CLASSIC.length, len(CLASSIC.alphabet))


class WordTable:
    """Letters and letter counts of a word list, for vectorised legality checks."""

    def __init__(self, words: Sequence[str], alphabet: str = LATIN) -> None:
        self.alphabet = alphabet
        self.letters = words_to_array(words, alphabet)
        self.length = self.letters.shape[1]
        counts = np.zeros((len(words), len(alphabet)), dtype=np.uint8)
        rows = np.arange(len(words))
        for i in range(self.length):
            np.add.at(counts, (rows, self.letters[:, i]), 1)
        self.counts = counts
        #: ``first_copy[w, i]``: the letter at position i does not occur earlier in word w.
        first = np.ones((len(words), self.length), dtype=bool)
        for i in range(1, self.length):
            for j in range(i):
                first[:, i] &= self.letters[:, i] != self.letters[:, j]
        self.first_copy = first

    def __len__(self) -> int:
        return len(self.letters)

    def open_state(self) -> HardState:
        return open_state(self.length, len(self.alphabet))


def state_after(state: HardState, word_letters: Sequence[int], pattern: int) -> HardState:
    """The state once a guess (its letter indices) got feedback ``pattern`` (encoded)."""
    greens = list(state[0])
    minimum = bytearray(state[1])
    digits = []
    for _ in greens:
        pattern, digit = divmod(pattern, 3)
        digits.append(digit)
    revealed: dict[int, int] = {}
    for i, digit in enumerate(reversed(digits)):
        letter = int(word_letters[i])
        if digit == 2:
            # Two different greens in one place (only in impossible feedback): nothing is legal.
            greens[i] = letter if greens[i] in (-1, letter) else _CONFLICT
        if digit:
            revealed[letter] = revealed.get(letter, 0) + 1
    for letter, count in revealed.items():
        if count > minimum[letter]:
            minimum[letter] = count
    return tuple(greens), bytes(minimum)


def state_from_rows(rows: Iterable[tuple[str, str]], alphabet: str = LATIN,
                    length: int = CLASSIC.length) -> HardState:
    """The state after ``(word, feedback)`` rows (feedback as a G/Y/B string) of words of
    ``length`` letters from ``alphabet``."""
    state = open_state(length, len(alphabet))
    for word, feedback in rows:
        letters = [alphabet.index(c) for c in word.lower()]
        state = state_after(state, letters, encode(feedback, length))
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
    greens, minimum = state
    return not any(minimum) and all(letter == -1 for letter in greens)
