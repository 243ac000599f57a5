"""A precomputed strategy: the solver's whole decision tree for one pair of word lists and one mode.

The tree has a node per state the solver's own play reaches (the guess it plays there) and a
child per feedback, so a suggestion is a dictionary walk and the search happens once, at build.
A saved tree carries the fingerprint of its lists, mode and settings and a digest: a file for
other lists, or a changed one, is not used.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from bot.core.feedback import pattern_count
from bot.core.patterns import load_array, save_array
from bot.core.solver_estimate import AVERAGE_POINTS, HARD_FACTOR
from bot.core.solver_search import INFEASIBLE, Engine
from bot.core.variant import CLASSIC
from bot.core.words import default_wordlist_dir

STRATEGY_FORMAT = 2
#: Guesses tried at each node of the build (the best by one-step estimate).
BUILD_WIDTH = 12
#: First guesses tried at the root.
ROOT_WIDTH = 12
_HEADER = 12  # format, nodes, edges, total, max, answers, build ms, 0, fingerprint x2, digest x2
#: Where the strategies for the shipped word lists are kept.
SHIPPED_DIR_NAME = "strategies"


def depths(attempts: int) -> dict[bool, tuple[int, ...]]:
    """Depth limits the build tries in order, per mode (hard mode: ``True``): normal mode aims
    at every word within one guess fewer than a game has, then within all of them."""
    return {False: (max(attempts - 1, 1), attempts), True: (attempts,)}


def settings_key(attempts: int = CLASSIC.attempts) -> str:
    """A short hash of everything that changes what the build produces."""
    text = (f"{STRATEGY_FORMAT}|{BUILD_WIDTH}|{ROOT_WIDTH}|{depths(attempts)}|{AVERAGE_POINTS}|"
            f"{HARD_FACTOR}")
    return hashlib.sha256(text.encode()).hexdigest()[:10]


def fingerprint(lists_key: str, hard_mode: bool, attempts: int = CLASSIC.attempts) -> str:
    """What a strategy file must have been built for: the lists, the mode, the settings."""
    mode = "hard" if hard_mode else "normal"
    settings = settings_key(attempts)
    return hashlib.sha256(f"{lists_key}|{mode}|{settings}".encode()).hexdigest()[:32]


def file_name(lists_key: str, hard_mode: bool, attempts: int = CLASSIC.attempts) -> str:
    """The file name of a strategy for these lists, mode and settings."""
    mode = "hard" if hard_mode else "normal"
    return f"strategy-{lists_key}-{mode}-{settings_key(attempts)}.npy"


def shipped_dir() -> Path:
    """``wordlists/strategies`` of the checkout (or of the wheel)."""
    return default_wordlist_dir() / SHIPPED_DIR_NAME


def _words(hex_text: str) -> list[int]:
    """32 hex digits as two signed 64-bit integers."""
    return [int.from_bytes(bytes.fromhex(hex_text[i:i + 16]), "big", signed=True)
            for i in (0, 16)]


def _digest(body: np.ndarray) -> str:
    return hashlib.sha256(np.ascontiguousarray(body, dtype="<i8").tobytes()).hexdigest()[:32]


@dataclass
class Strategy:
    """The decision tree. Node 0 is the root (no guesses played); ``patterns`` is the number
    of feedbacks words of this length can get."""

    node_guess: np.ndarray  # guess column per node
    edges: dict[int, int] = field(repr=False)  # node * patterns + pattern -> child node
    total: int  # sum over every hidden word of the guesses it takes
    max_guesses: int
    answer_count: int
    build_seconds: float = 0.0
    source: str = "built"
    patterns: int = pattern_count(CLASSIC.length)

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
            child = self.edges.get(node * self.patterns + pattern)
            if child is None:
                return None
            node = child
        return node

    def to_array(self, fingerprint: str) -> np.ndarray:
        """The tree as one integer array: a header, then the guesses, edge keys and children."""
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
        body = np.concatenate([self.node_guess.astype(np.int64), keys, children])
        header += _words(fingerprint) + _words(_digest(body))
        return np.concatenate([np.array(header, dtype=np.int64), body])

    @classmethod
    def from_array(cls, data: np.ndarray, fingerprint: str,
                   patterns: int = pattern_count(CLASSIC.length)) -> Strategy | None:
        """The strategy in ``data``, or None when it is not one, was built for other lists or
        settings (``fingerprint``), or its contents do not match their digest."""
        if data.ndim != 1 or len(data) < _HEADER or data[0] != STRATEGY_FORMAT:
            return None
        nodes, edge_count = int(data[1]), int(data[2])
        if len(data) != _HEADER + nodes + 2 * edge_count:
            return None
        if data[8:10].tolist() != _words(fingerprint):
            return None
        if data[10:12].tolist() != _words(_digest(data[_HEADER:])):
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
            patterns=patterns,
        )

    def save(self, path: Path, fingerprint: str) -> bool:
        """Write the tree to ``path``; False if it cannot be written."""
        return save_array(path, self.to_array(fingerprint))

    @classmethod
    def load(cls, path: Path, fingerprint: str,
             patterns: int = pattern_count(CLASSIC.length)) -> Strategy | None:
        """The tree saved at ``path``, or None (see :meth:`from_array`)."""
        data = load_array(path, None, np.int64)
        return None if data is None else cls.from_array(data, fingerprint, patterns)


def build_strategy(engine: Engine, attempts: int = CLASSIC.attempts, *,
                   root_width: int = ROOT_WIDTH) -> Strategy:
    """Search the whole answer list and record the resulting tree.

    Normal mode aims at every word within ``attempts - 1`` guesses, then ``attempts``; hard
    mode within ``attempts`` (:func:`depths`). Lists where that is impossible still get a
    strategy, with longer games. The tree is checked by playing every hidden word through it
    (``RuntimeError`` if that disagrees with the search).
    """
    start = time.perf_counter()
    answer_count = engine.matrix.shape[0]
    everything = np.arange(answer_count)
    root_state = engine.table.open_state() if engine.hard_mode else None
    cost, depth = INFEASIBLE, 0
    # Last resort for odd lists (say eleven words that differ in one letter only): no limit
    # that matters, so the game still gets suggestions, just not within a game's attempts.
    for depth in (*depths(attempts)[engine.hard_mode], max(attempts + 1, answer_count)):
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
            if pattern == engine.solved:
                continue
            child = len(node_guess)
            node_guess.append(-1)
            edges[node * engine.patterns + pattern] = child
            stack.append((part, budget - 1, engine.child_state(state, guess, pattern), child))

    strategy = Strategy(
        node_guess=np.array(node_guess, dtype=np.int32),
        edges=edges,
        total=0,
        max_guesses=0,
        answer_count=answer_count,
        patterns=engine.patterns,
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
            child = strategy.edges.get(node * strategy.patterns + int(matrix[answer, guess]))
            if child is None:
                break
            node = child
    return lengths
