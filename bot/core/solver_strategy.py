"""A precomputed strategy: the solver's whole decision tree for one pair of word lists and one mode.

The tree has a node for every state the solver's own play can reach: the guess it plays there,
and one child per feedback that guess can get. Following it for every hidden word is exactly
what the benchmark does, so each of those suggestions is a dictionary walk (microseconds),
and all the expensive look-ahead of :mod:`bot.core.solver_search` happens once, at build time.

The tree is cached on disk next to the pattern matrix (keyed by the lists, the mode and the
search settings) as one small integer array, and rebuilt when absent.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from bot.core.feedback import PATTERN_COUNT
from bot.core.patterns import load_array, save_array
from bot.core.solver_hard import OPEN_STATE
from bot.core.solver_search import _AVERAGE_POINTS, HARD_FACTOR, INFEASIBLE, SOLVED, Engine

STRATEGY_FORMAT = 1
#: Guesses tried at each node of the build (the best by one-step estimate).
BUILD_WIDTH = 12
#: First guesses tried at the root.
ROOT_WIDTH = 12
#: Depth limits tried in order: normal mode aims at every word in 5 guesses, then 6.
DEPTHS = {False: (5, 6), True: (6,)}
_HEADER = 8


def settings_key() -> str:
    """A short hash of everything that changes what the build produces."""
    text = f"{STRATEGY_FORMAT}|{BUILD_WIDTH}|{ROOT_WIDTH}|{DEPTHS}|{_AVERAGE_POINTS}|{HARD_FACTOR}"
    return hashlib.sha256(text.encode()).hexdigest()[:10]


@dataclass
class Strategy:
    """The decision tree. Node 0 is the root (no guesses played)."""

    node_guess: np.ndarray  # guess column per node
    edges: dict[int, int] = field(repr=False)  # node * 243 + pattern -> child node
    total: int  # sum over every hidden word of the guesses it takes
    max_guesses: int
    answer_count: int
    build_seconds: float = 0.0
    source: str = "built"

    @property
    def average(self) -> float:
        return self.total / self.answer_count

    def fits(self, answer_count: int, guess_count: int) -> bool:
        """Whether this tree can belong to lists of these sizes (a check on a loaded file)."""
        if self.answer_count != answer_count or len(self.node_guess) == 0:
            return False
        if int(self.node_guess.min()) < 0 or int(self.node_guess.max()) >= guess_count:
            return False
        return all(0 < child < len(self.node_guess) for child in self.edges.values())

    def walk(self, steps: Sequence[tuple[int, int]]) -> int | None:
        """The node reached by ``(guess column, pattern)`` steps, or ``None`` if they leave the
        tree (a different guess was played, or a feedback the strategy never meets)."""
        node = 0
        for guess, pattern in steps:
            if int(self.node_guess[node]) != guess:
                return None
            child = self.edges.get(node * PATTERN_COUNT + pattern)
            if child is None:
                return None
            node = child
        return node

    def to_array(self) -> np.ndarray:
        keys = np.fromiter(self.edges.keys(), dtype=np.int64, count=len(self.edges))
        children = np.fromiter(self.edges.values(), dtype=np.int64, count=len(self.edges))
        header = [
            STRATEGY_FORMAT,
            len(self.node_guess),
            len(self.edges),
            self.total,
            self.max_guesses,
            self.answer_count,
            round(self.build_seconds * 1000),
            0,
        ]
        return np.concatenate(
            [np.array(header, dtype=np.int64), self.node_guess.astype(np.int64), keys, children]
        )

    @classmethod
    def from_array(cls, data: np.ndarray) -> Strategy | None:
        if data.ndim != 1 or len(data) < _HEADER or data[0] != STRATEGY_FORMAT:
            return None
        nodes, edge_count = int(data[1]), int(data[2])
        if len(data) != _HEADER + nodes + 2 * edge_count:
            return None
        guesses = data[_HEADER : _HEADER + nodes].astype(np.int32)
        keys = data[_HEADER + nodes : _HEADER + nodes + edge_count].tolist()
        children = data[_HEADER + nodes + edge_count :].tolist()
        return cls(
            node_guess=guesses,
            edges=dict(zip(keys, children, strict=True)),
            total=int(data[3]),
            max_guesses=int(data[4]),
            answer_count=int(data[5]),
            build_seconds=int(data[6]) / 1000,
            source="cache",
        )

    def save(self, path: Path) -> bool:
        return save_array(path, self.to_array())

    @classmethod
    def load(cls, path: Path) -> Strategy | None:
        data = load_array(path, None, np.int64)
        return None if data is None else cls.from_array(data)


def build_strategy(engine: Engine, *, root_width: int = ROOT_WIDTH) -> Strategy:
    """Search the whole answer list and record the resulting tree.

    Normal mode aims at every word within 5 guesses, then 6; hard mode within 6. Lists where
    that is impossible still get a strategy, with longer games. The tree is checked by playing
    every hidden word through it (``RuntimeError`` if that disagrees with the search).
    """
    start = time.perf_counter()
    answer_count = engine.matrix.shape[0]
    everything = np.arange(answer_count)
    root_state = OPEN_STATE if engine.hard_mode else None
    cost, depth = INFEASIBLE, 0
    # Last resort for odd lists (say eleven words that differ in one letter only): no limit
    # that matters, so the game still gets suggestions, just not within six guesses.
    for depth in (*DEPTHS[engine.hard_mode], max(7, answer_count)):
        cost, _ = engine.solve(everything, depth, root_state, width=root_width)
        if cost < INFEASIBLE:
            break
    if cost >= INFEASIBLE:
        raise RuntimeError("the search found no strategy for these word lists")

    node_guess: list[int] = []
    edges: dict[int, int] = {}
    # Depth-first, explicit stack: (candidate rows, depth budget, state, node id).
    stack = [(everything, depth, root_state, 0)]
    node_guess.append(-1)
    while stack:
        subset, budget, state, node = stack.pop()
        if node == 0:
            _, guess = engine.solve(subset, budget, state, width=root_width)
        else:
            _, guess = engine.solve(subset, budget, state)
        node_guess[node] = guess
        for pattern, part in engine.parts(subset, guess):
            if pattern == SOLVED:
                continue
            child = len(node_guess)
            node_guess.append(-1)
            edges[node * PATTERN_COUNT + pattern] = child
            stack.append((part, budget - 1, engine.child_state(state, guess, pattern), child))

    strategy = Strategy(
        node_guess=np.array(node_guess, dtype=np.int32),
        edges=edges,
        total=0,
        max_guesses=0,
        answer_count=answer_count,
    )
    lengths = play_all(strategy, engine.matrix, engine.answer_columns)
    strategy.total = int(lengths.sum())
    strategy.max_guesses = int(lengths.max())
    if strategy.total != cost:
        raise RuntimeError(
            f"strategy check failed: the tree costs {strategy.total}, the search said {cost}"
        )
    strategy.build_seconds = time.perf_counter() - start
    return strategy


def play_all(strategy: Strategy, matrix: np.ndarray, answer_columns: np.ndarray) -> np.ndarray:
    """Guesses the strategy takes for each hidden word (0 where it never finds it)."""
    lengths = np.zeros(len(answer_columns), dtype=np.int64)
    for answer, column in enumerate(answer_columns):
        node = 0
        for attempt in range(1, len(strategy.node_guess) + 2):
            guess = int(strategy.node_guess[node])
            if guess == column:
                lengths[answer] = attempt
                break
            child = strategy.edges.get(node * PATTERN_COUNT + int(matrix[answer, guess]))
            if child is None:
                break
            node = child
    return lengths
