"""What a guess is worth on several boards at once, by a one-step estimate.

Every open board is valued on its own and the values are added up: a board with ``c``
candidates still needs some number of the game's guesses, the one that finds its word
included. A guess splits each open board's candidates into parts, one per feedback; the
board's value after it is the chance of each part times what that part still needs, and
nothing for the part where the guess is the hidden word. So one number weighs what a guess
tells about every board against the chance that it finds one board's word at once.

What a board of ``c`` candidates still needs starts from the single-board curve
(:func:`bot.core.solver_estimate.average_guesses`: the guesses a good strategy needs for ``c``
candidates): the guess that finds its word, plus :data:`SHARED` times the guesses before it.
"""

from __future__ import annotations

import numpy as np

from bot.core.solver_estimate import (
    average_guesses,
    pattern_counts,
    sorted_parts,
    sorts_better,
)

#: How much a guess before the one that finds a board's word weighs. Above one: a guess
#: that only narrows a board down costs the whole game a guess, not that board alone, and
#: the sum over boards with this weight chose the better guesses in seeded games.
SHARED = 1.3


def board_costs(size: int, shared: float = SHARED) -> np.ndarray:
    """``table[c]``: ``c`` times the guesses a board of ``c`` candidates is estimated to
    still need, for ``c`` in 0..size (the total over its candidates, as parts add up)."""
    counts = np.arange(size + 1)
    return counts * (1.0 + shared * (average_guesses(counts) - 1.0)) * (counts > 0)


def part_sums(matrix: np.ndarray, rows: np.ndarray, columns: np.ndarray | None,
              table: np.ndarray, patterns: int) -> np.ndarray:
    """For each guess column (``None``: every column of ``matrix``): the sum of
    ``table[size]`` over the parts its feedbacks split the hidden-word ``rows`` into."""
    n = len(rows)
    sub = matrix[rows] if columns is None else matrix[np.ix_(rows, columns)]
    if sorts_better(n, patterns):
        owner, lengths = sorted_parts(sub)
        return np.bincount(owner, weights=table[lengths], minlength=sub.shape[1])
    sums = np.empty(sub.shape[1])
    for start, counts in pattern_counts(sub, patterns):
        sums[start : start + counts.shape[1]] = table[counts].sum(axis=0)
    return sums


def positions_in(columns: np.ndarray | None, wanted: np.ndarray, width: int) -> np.ndarray:
    """Boolean mask over ``columns`` (sorted; ``None``: ``0..width-1``): which are in
    ``wanted``."""
    mask = np.zeros(width, dtype=bool)
    if columns is None:
        mask[wanted] = True
        return mask
    where = np.searchsorted(columns, wanted)
    found = where < len(columns)
    found[found] = columns[where[found]] == wanted[found]
    mask[where[found]] = True
    return mask
