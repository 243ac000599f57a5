"""Bounded exact search for the guess that minimises the expected number of guesses.

It minimises a candidate set's *total cost*, the guesses needed to find each of its words::

    cost(S via g) = len(S) + sum(cost(part) for each feedback part of S, except all green)

At each node only the ``width`` guesses the one-step estimate ranks best are tried, with
branch and bound (a part of ``c`` words costs at least ``2c - 1``) and a depth budget that
keeps every word within the attempts. Results are memoised on (candidate set, depth, hard-mode
state); a deadline makes it an anytime search (:meth:`Engine.anytime`).
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import numpy as np

from bot.core.feedback import all_green_code, pattern_count
from bot.core.solver_estimate import (
    HISTOGRAM_CELLS,
    cost_table,
    letter_shortlist,
    pattern_counts,
    sorted_parts,
    sorts_better,
)
from bot.core.solver_hard import HardState, WordTable, is_open, legal_mask, state_after

#: Cost of a set that cannot be solved within its depth budget.
INFEASIBLE = 10**9
#: Any cost this large means "cannot finish in time" (real costs are far smaller).
HOPELESS = INFEASIBLE // 2
#: How far down the ranking an infeasible node may look, in multiples of the width.
_WIDEST = 16


class SearchTimeout(Exception):
    """The search ran past its deadline."""


class Engine:
    """The search over one pattern matrix, in one mode, with its memo.

    ``matrix`` is ``(answers, guesses)`` encoded feedback; ``answer_columns[a]`` is the guess
    column of hidden word ``a``; ``table`` describes the guess words (for hard mode).
    """

    def __init__(
        self,
        matrix: np.ndarray,
        answer_columns: np.ndarray,
        table: WordTable,
        *,
        hard_mode: bool,
        width: int = 10,
        shortlist: tuple[int, int] | None = None,
    ) -> None:
        self.matrix = matrix
        self.answer_columns = answer_columns
        self.table = table
        self.hard_mode = hard_mode
        self.width = width
        self.guess_count = matrix.shape[1]
        #: The number of feedbacks, and the pattern of a guess that is the hidden word.
        self.patterns = pattern_count(table.length)
        self.solved = all_green_code(table.length)
        self.costs = cost_table(max(matrix.shape[0], 2), hard_mode)
        self.memo: dict[tuple[bytes, int, HardState | None], tuple[int, int, bool]] = {}
        self.key_type = np.uint16 if matrix.shape[0] < 2**16 else np.uint32
        self.deadline: float | None = None
        #: ``(above, keep)``: for sets larger than ``above`` only ``keep`` guesses are ranked.
        self.shortlist_above: int | None = shortlist[0] if shortlist else None
        self.shortlist_keep: int = shortlist[1] if shortlist else 0
        self.nodes = 0

    # -- pieces -----------------------------------------------------------------------------

    def columns(self, state: HardState | None) -> np.ndarray | None:
        """Legal guess columns in ``state`` (``None``: all of them)."""
        if state is None or is_open(state):
            return None
        return np.flatnonzero(legal_mask(state, self.table))

    def child_state(self, state: HardState | None, guess: int, pattern: int) -> HardState | None:
        if state is None:
            return None
        return state_after(state, self.table.letters[guess], pattern)

    def parts(self, subset: np.ndarray, guess: int) -> Iterator[tuple[int, np.ndarray]]:
        """``(pattern, part)`` for each feedback the guess can get on ``subset``."""
        patterns = self.matrix[subset, guess]
        order = np.argsort(patterns, kind="stable")
        sorted_patterns = patterns[order]
        cuts = np.flatnonzero(sorted_patterns[1:] != sorted_patterns[:-1]) + 1
        starts = np.concatenate(([0], cuts))
        for part, start in zip(np.split(subset[order], cuts), starts, strict=True):
            yield int(sorted_patterns[start]), part

    def shortlist(self, subset: np.ndarray, columns: np.ndarray | None, keep: int) -> np.ndarray:
        """The ``keep`` guess columns that look best by letter odds (``None``: of all)."""
        if columns is None:
            columns = np.arange(self.guess_count)
        return letter_shortlist(self.table, self.answer_columns[subset], columns, keep)

    def estimates(
        self, subset: np.ndarray, columns: np.ndarray | None
    ) -> tuple[np.ndarray | None, np.ndarray, np.ndarray, np.ndarray]:
        """One-step estimated cost of every guess column, the largest part each leaves, and
        which columns are candidates. Positions are into the returned columns (``None``: all
        guesses), which are ``columns``, or a shortlist of them for a large set when the engine
        was made with ``shortlist``."""
        n = len(subset)
        if self.shortlist_above is not None and n > self.shortlist_above:
            columns = self.shortlist(subset, columns, self.shortlist_keep)
        sub = self.matrix[subset] if columns is None else self.matrix[np.ix_(subset, columns)]
        width = sub.shape[1]
        is_candidate = np.zeros(width, dtype=bool)
        if columns is None:
            is_candidate[self.answer_columns[subset]] = True
        else:
            wanted = self.answer_columns[subset]
            where = np.searchsorted(columns, wanted)
            found = where < width
            found[found] = columns[where[found]] == wanted[found]
            is_candidate[where[found]] = True
        if sorts_better(n, self.patterns):
            owner, lengths = sorted_parts(sub)
            estimate = np.bincount(owner, weights=self.costs[lengths], minlength=width)
            largest = np.zeros(width, dtype=np.int64)
            np.maximum.at(largest, owner, lengths)
        else:
            estimate = np.empty(width)
            largest = np.empty(width, dtype=np.int64)
            for start, counts in pattern_counts(sub, self.patterns):
                estimate[start : start + counts.shape[1]] = self.costs[counts].sum(axis=0)
                largest[start : start + counts.shape[1]] = counts.max(axis=0)
        # A candidate guess solves its own word: that part costs nothing more.
        estimate[is_candidate] -= self.costs[1]
        return columns, estimate, largest, is_candidate

    def ranking(self, estimate: np.ndarray, is_candidate: np.ndarray, limit: int) -> np.ndarray:
        """Positions of the ``limit`` best estimates; ties go to candidates, then list order."""
        if limit < len(estimate):
            top = np.argpartition(estimate, limit)[: limit + 1]
            # Keep every guess tied with the cut-off so the tie-break below is honest.
            cutoff = estimate[top].max()
            top = np.flatnonzero(estimate <= cutoff)
        else:
            top = np.arange(len(estimate))
        order = np.lexsort((top, ~is_candidate[top], np.round(estimate[top], 9)))
        return top[order][:limit]

    # -- the search --------------------------------------------------------------------------

    def solve(
        self,
        subset: np.ndarray,
        depth: int,
        state: HardState | None = None,
        beta: int = INFEASIBLE,
        width: int | None = None,
    ) -> tuple[int, int]:
        """``(cost, guess column)`` for a sorted array of candidate rows, within ``depth`` guesses.

        If the best cost is ``>= beta`` the result is only a lower bound (``beta``). Cost is
        :data:`INFEASIBLE` when no tried guess finishes every word within ``depth``.
        """
        n = len(subset)
        if n == 1:
            return 1, int(self.answer_columns[subset[0]])
        if depth <= 1:
            return INFEASIBLE, -1
        if n == 2:
            return 3, int(self.answer_columns[subset[0]])
        key = (subset.astype(self.key_type).tobytes(), depth, state)
        known = self.memo.get(key)
        if known is not None and (known[2] or known[0] >= beta):
            return known[0], known[1]
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise SearchTimeout
        self.nodes += 1

        columns = self.columns(state)
        columns, estimate, largest, is_candidate = self.estimates(subset, columns)

        def column(pos: int) -> int:
            return int(pos if columns is None else columns[pos])

        separating = largest <= 1
        if separating.any():
            # Every part a single word: 2n - 1 with a candidate, else 2n. Both optimal.
            hits = np.flatnonzero(separating & is_candidate)
            if len(hits):
                result = (2 * n - 1, column(hits[0]))
            else:
                result = (2 * n, column(np.flatnonzero(separating)[0]))
            self.memo[key] = (*result, True)
            return result
        if depth == 2:
            self.memo[key] = (INFEASIBLE, -1, True)
            return INFEASIBLE, -1

        base = width or self.width
        ranked = base
        tried = 0
        best, best_guess = INFEASIBLE, -1
        while True:
            order = self.ranking(estimate, is_candidate, ranked)
            pruned = False
            for pos in order[tried:]:
                guess = column(pos)
                limit = min(best, beta)
                cost, was_pruned = self.evaluate(subset, guess, depth, state, limit)
                if cost >= HOPELESS:
                    # Cut against a bound no real strategy reaches: it cannot finish in time.
                    cost, was_pruned = INFEASIBLE, False
                pruned |= was_pruned
                if cost < best or (
                    cost == best
                    and not was_pruned
                    and is_candidate[pos]
                    and not self._is_candidate(best_guess, subset)
                ):
                    best, best_guess = cost, guess
            tried = len(order)
            # Look further down the ranking only when every guess tried was infeasible.
            if best < INFEASIBLE or pruned or tried >= min(len(estimate), _WIDEST * base):
                break
            ranked *= 4
        if best >= INFEASIBLE and not pruned:
            self.memo[key] = (INFEASIBLE, -1, True)
            return INFEASIBLE, -1
        if best >= beta:
            self.memo[key] = (beta, best_guess, False)
            return beta, best_guess
        self.memo[key] = (best, best_guess, True)
        return best, best_guess

    def _is_candidate(self, guess: int, subset: np.ndarray) -> bool:
        return guess >= 0 and bool((self.answer_columns[subset] == guess).any())

    def evaluate(
        self, subset: np.ndarray, guess: int, depth: int, state: HardState | None, limit: int
    ) -> tuple[int, bool]:
        """Cost of playing ``guess`` (or ``>= limit``) and whether it was cut by the bound."""
        n = len(subset)
        parts = [(p, part) for p, part in self.parts(subset, guess) if p != self.solved]
        if len(parts) == 1 and len(parts[0][1]) == n:
            return INFEASIBLE, False  # learns nothing
        parts.sort(key=lambda item: -len(item[1]))
        bounds = [2 * len(part) - 1 for _, part in parts]
        remaining = sum(bounds)
        total = n
        if total + remaining >= limit:
            return max(total + remaining, limit), True
        for (pattern, part), bound in zip(parts, bounds, strict=True):
            remaining -= bound
            cost, _ = self.solve(
                part, depth - 1, self.child_state(state, guess, pattern), limit - total - remaining
            )
            if cost >= HOPELESS:
                return INFEASIBLE, False
            total += cost
            if total + remaining >= limit:
                return limit, True
        return total, False

    def anytime(
        self,
        subset: np.ndarray,
        depth: int,
        state: HardState | None,
        seconds: float,
        width: int,
        rescue: float = 0.0,
    ) -> int:
        """The best guess column found within about ``seconds``: the top ``width`` guesses by
        estimate are searched exactly; if time runs out, the best fully searched one, else the
        best estimate, wins.

        Near the end, winning comes first: with two guesses left, :meth:`likeliest_win`; with
        three, when none of those guesses finishes every word, up to ``rescue`` seconds more
        for one that does (:meth:`guaranteed`)."""
        if depth == 2:
            return self.likeliest_win(subset, state)
        columns = self.columns(state)
        columns, estimate, largest, is_candidate = self.estimates(subset, columns)

        def column(pos: int) -> int:
            return int(pos if columns is None else columns[pos])

        separating = np.flatnonzero(largest <= 1)
        if len(separating):
            hits = separating[is_candidate[separating]]
            return column(hits[0] if len(hits) else separating[0])
        order = self.ranking(estimate, is_candidate, width)
        best, best_pos = INFEASIBLE, order[0]
        self.deadline = time.perf_counter() + seconds
        try:
            for pos in order:
                cost, pruned = self.evaluate(subset, column(pos), depth, state, best)
                tie = cost == best < HOPELESS and not pruned
                if cost < best or (tie and is_candidate[pos] and not is_candidate[best_pos]):
                    best, best_pos = cost, pos
        except SearchTimeout:
            pass
        finally:
            self.deadline = None
        if best >= INFEASIBLE and depth == 3 and rescue > 0:
            sure = self.guaranteed(subset, depth, state, rescue)
            if sure is not None:
                return sure
        return column(best_pos)

    def guaranteed(self, subset: np.ndarray, depth: int, state: HardState | None,
                   seconds: float) -> int | None:
        """A guess column that finds every word within ``depth`` guesses, by the full search
        (which looks further down the ranking while every guess it tried falls short), or
        ``None`` if there is none or none was found within ``seconds``."""
        self.deadline = time.perf_counter() + seconds
        try:
            cost, guess = self.solve(subset, depth, state)
        except SearchTimeout:
            return None
        finally:
            self.deadline = None
        return guess if cost < INFEASIBLE else None

    def likeliest_win(self, subset: np.ndarray, state: HardState | None) -> int:
        """With two guesses left, the guess column that finds the most hidden words in time:
        the one with the most different feedbacks on them, since the last guess finds one
        word of each part. Ties go to a candidate, then to list order; every legal guess
        counts."""
        columns = self.columns(state)
        if columns is None:
            columns = np.arange(self.guess_count)
        n = len(subset)
        wins = np.empty(len(columns), dtype=np.int64)
        step = max(1, HISTOGRAM_CELLS // n)
        for start in range(0, len(columns), step):
            block = np.sort(self.matrix[np.ix_(subset, columns[start : start + step])], axis=0)
            wins[start : start + block.shape[1]] = (block[1:] != block[:-1]).sum(axis=0) + 1
        is_candidate = np.isin(columns, self.answer_columns[subset])
        best = np.lexsort((columns, ~is_candidate, -wins))[0]
        return int(columns[best])

