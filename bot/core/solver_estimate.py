"""One-step estimates: how good a guess looks without searching what follows it.

:func:`average_guesses` estimates the guesses a good strategy needs for ``c`` candidates: the
search ranks guesses by it and the analysis values them with it. :func:`letter_shortlist`, a
cheaper score from letter odds, picks the guesses worth ranking in a large set.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from bot.core.solver_hard import WordTable

#: Average guesses to find the hidden word among ``c`` candidates with a good strategy (the
#: guess that finds it included), at a few sizes; interpolated linearly in ``log c`` and
#: extrapolated past the last point. Measured on this solver's own normal-mode strategy for
#: the NYT 2022 lists, as the mean over tree nodes of each size.
AVERAGE_POINTS = (
    (1, 1.0),
    (2, 1.5),
    (3, 1.73),
    (5, 1.92),
    (8, 2.02),
    (12, 2.14),
    (20, 2.28),
    (40, 2.43),
    (80, 2.58),
    (150, 2.70),
    (300, 2.85),
    (1000, 3.15),
    (2315, 3.42),
    (20000, 4.3),
)
#: Hard mode needs somewhat more guesses for the same number of candidates (same measurement).
HARD_FACTOR = 1.07


def average_guesses(count: int | np.ndarray, hard_mode: bool = False) -> np.ndarray:
    """Estimated average guesses to find the hidden word among ``count`` candidates (0 for 0)."""
    counts = np.asarray(count, dtype=np.float64)
    xs = np.log([p[0] for p in AVERAGE_POINTS])
    ys = np.array([p[1] for p in AVERAGE_POINTS])
    values = np.interp(np.log(np.maximum(counts, 1.0)), xs, ys)
    if hard_mode:
        values = 1.0 + (values - 1.0) * HARD_FACTOR
    return np.where(counts > 0, values, 0.0)


def cost_table(size: int, hard_mode: bool = False) -> np.ndarray:
    """``table[c]``: estimated total cost of a set of ``c`` candidates, for ``c`` in 0..size."""
    counts = np.arange(size + 1)
    return counts * average_guesses(counts, hard_mode)


def letter_shortlist(table: WordTable, answer_rows: np.ndarray, columns: np.ndarray,
                     keep: int) -> np.ndarray:
    """The ``keep`` guess ``columns`` of ``table`` that look best by letter odds, sorted.

    A guess scores, over its positions, the entropy of that letter's green / yellow / grey odds
    among the candidates (``answer_rows``, their columns in ``table``); a repeated letter can
    only be green or not.
    """
    if len(columns) <= keep:
        return columns
    n = len(answer_rows)
    size = len(table.alphabet)
    answer_letters = table.letters[answer_rows]
    share = np.empty((table.length, size))
    for i in range(table.length):
        share[i] = np.bincount(answer_letters[:, i], minlength=size) / n
    present = (table.counts[answer_rows] > 0).sum(axis=0) / n
    green = share
    yellow = np.clip(present[None, :] - share, 0.0, 1.0)
    grey = np.clip(1.0 - green - yellow, 0.0, 1.0)
    with np.errstate(divide="ignore", invalid="ignore"):
        def h(p: np.ndarray) -> np.ndarray:
            return np.where(p > 0, -p * np.log2(np.where(p > 0, p, 1.0)), 0.0)
        first_copy = h(green) + h(yellow) + h(grey)
        later_copy = h(green) + h(1.0 - green)
    letters = table.letters[columns]
    first = table.first_copy[columns]
    score = np.zeros(len(columns))
    for i in range(table.length):
        at = letters[:, i]
        score += np.where(first[:, i], first_copy[i, at], later_copy[i, at])
    top = np.argpartition(-score, keep)[:keep]
    return np.sort(columns[top])


def entropy_bits(counts: np.ndarray) -> np.ndarray:
    """Shannon entropy in bits of each column of part sizes (``counts[pattern, guess]``):
    ``log2(n) - sum(c * log2(c)) / n`` for parts of sizes ``c`` adding up to ``n``."""
    counts = np.asarray(counts)
    totals = counts.sum(axis=0)
    top = int(counts.max(initial=0))
    c_log_c = np.zeros(top + 1)
    c_log_c[1:] = np.arange(1, top + 1) * np.log2(np.arange(1, top + 1))
    with np.errstate(divide="ignore", invalid="ignore"):
        result = np.log2(totals) - c_log_c[counts].sum(axis=0) / totals
    return np.where(totals > 0, result, 0.0)


#: Sets of at most this many hidden words are split into parts by sorting, not histograms.
SORTED_AT_MOST = 40
#: The most cells one block of per-guess histograms holds, so temporaries stay bounded.
HISTOGRAM_CELLS = 2_000_000


def sorts_better(n: int, patterns: int) -> bool:
    """Whether :func:`sorted_parts` beats :func:`pattern_counts` for ``n`` hidden words: a
    histogram pays for every pattern, a sort only for the words (small sets, long words)."""
    return n <= SORTED_AT_MOST or patterns > 8 * n


def sorted_parts(sub: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The parts each guess column of ``sub`` (hidden words x guesses, feedback codes) splits
    the hidden words into, by sorting: each part's column and size."""
    n = sub.shape[0]
    ordered = np.sort(sub.T, axis=1).ravel()
    starts = np.ones(ordered.size, dtype=bool)
    starts[1:] = ordered[1:] != ordered[:-1]
    starts[::n] = True
    start_pos = np.flatnonzero(starts)
    return start_pos // n, np.diff(np.append(start_pos, ordered.size))


def pattern_counts(sub: np.ndarray, patterns: int) -> Iterator[tuple[int, np.ndarray]]:
    """Per-guess histograms of the feedbacks in ``sub``, a block of guess columns at a time:
    (the block's first column, counts ``patterns`` x columns)."""
    n, width = sub.shape
    step = max(1, min(HISTOGRAM_CELLS // n, HISTOGRAM_CELLS // patterns))
    for start in range(0, width, step):
        block = sub[:, start : start + step]
        cols = block.shape[1]
        flat = block.astype(np.intp)
        flat *= cols
        flat += np.arange(cols)
        counts = np.bincount(flat.ravel(), minlength=patterns * cols)
        yield start, counts.reshape(patterns, cols)
