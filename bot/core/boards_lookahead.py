"""Two steps ahead on several boards: a guess valued by the best next guess after it.

A guess ``g`` splits every open board's candidates into parts by feedback. Each board's
hidden word lies in one of its parts, so a choice of one part per board is a state the game
can reach, with the product of the parts' shares as its chance (the boards taken as drawn
independently). In each such state the best next guess by the one-step estimate
(:mod:`bot.core.boards_estimate`) is found among a pool of guesses, and the state is worth
that guess plus what the estimate says is still needed after it; a state with every board
found is worth nothing. ``g`` is worth the average over the states, by chance.

The one-step estimate is a sum over boards, so each board's part is valued once against the
whole pool and the states only add those rows up. When there are more states than
:data:`EXACT_STATES`, a fixed sample of hidden words, one per board, stands for them (the
same sample for every ``g``, so that guesses are compared on the same games).
"""

from __future__ import annotations

import numpy as np

from bot.core.boards_estimate import part_sums, positions_in

#: Up to this many states are all valued; past it, a sample.
EXACT_STATES = 3000
#: Hidden words (one per board) drawn to stand for the states when there are more.
SAMPLES = 400
#: Bound on the states times pool guesses added up at once (bounds temporary memory).
_CHUNK = 2_000_000


class Lookahead:
    """Two-step values of guesses for the open boards' candidates ``boards`` (rows of
    ``matrix``), next guesses taken from ``pool`` (sorted guess columns); ``costs`` is the
    estimate's table (:func:`bot.core.boards_estimate.board_costs`)."""

    def __init__(self, matrix: np.ndarray, answer_columns: np.ndarray, costs: np.ndarray,
                 patterns: int, boards: list[np.ndarray], pool: np.ndarray,
                 seed: int = 0) -> None:
        self.matrix = matrix
        self.answer_columns = answer_columns
        self.costs = costs
        self.patterns = patterns
        self.solved = patterns - 1
        self.boards = boards
        self.pool = pool
        # Each board's candidates against the pool, once: a part is some rows of it.
        self.subs = [matrix[np.ix_(rows, pool)] for rows in boards]
        rng = np.random.default_rng(seed)
        self.sample = [rng.integers(0, len(rows), SAMPLES) for rows in boards]

    def values(self, guesses: np.ndarray) -> np.ndarray:
        """The two-step value of each guess column: the guesses still needed after it."""
        return np.array([self.value(int(g)) for g in guesses])

    def value(self, guess: int) -> float:
        tables, shares, labels, closed = [], [], [], []
        width = len(self.pool)
        for rows, sub in zip(self.boards, self.subs, strict=True):
            kinds, label, sizes = np.unique(self.matrix[rows, guess], return_inverse=True,
                                            return_counts=True)
            # Row p: the estimate of each pool guess on this board when its word is in part p.
            table = np.zeros((len(kinds), width))
            for part, kind in enumerate(kinds):
                if kind == self.solved:
                    continue  # the board is found: nothing more to pay for it
                local = np.flatnonzero(label == part)
                sums = part_sums(sub, local, None, self.costs, self.patterns)
                sums[positions_in(self.pool, self.answer_columns[rows[local]], width)] -= (
                    self.costs[1])
                table[part] = sums / len(local)
            tables.append(table)
            shares.append(sizes / len(rows))
            labels.append(label.ravel())
            closed.append(kinds == self.solved)
        if np.prod([len(t) for t in tables], dtype=np.float64) <= EXACT_STATES:
            return self._exact(tables, shares, closed)
        return self._sampled(tables, labels, closed)

    def _exact(self, tables: list[np.ndarray], shares: list[np.ndarray],
               closed: list[np.ndarray]) -> float:
        """The value over every state, by chance."""
        total = np.zeros((1, len(self.pool)))
        chance = np.ones(1)
        done = np.ones(1, dtype=bool)
        for table, share, shut in zip(tables, shares, closed, strict=True):
            total = (total[:, None, :] + table[None, :, :]).reshape(-1, len(self.pool))
            chance = np.outer(chance, share).ravel()
            done = np.logical_and.outer(done, shut).ravel()
        worth = np.where(done, 0.0, 1.0 + total.min(axis=1))
        return float(chance @ worth)

    def _sampled(self, tables: list[np.ndarray], labels: list[np.ndarray],
                 closed: list[np.ndarray]) -> float:
        """The value averaged over the sample of hidden words."""
        worth = np.empty(SAMPLES)
        step = max(1, _CHUNK // len(self.pool))
        for start in range(0, SAMPLES, step):
            stop = min(start + step, SAMPLES)
            total = np.zeros((stop - start, len(self.pool)))
            done = np.ones(stop - start, dtype=bool)
            for table, label, shut, drawn in zip(tables, labels, closed, self.sample,
                                                 strict=True):
                parts = label[drawn[start:stop]]
                total += table[parts]
                done &= shut[parts]
            worth[start:stop] = np.where(done, 0.0, 1.0 + total.min(axis=1))
        return float(worth.mean())
