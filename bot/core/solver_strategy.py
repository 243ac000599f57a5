"""A precomputed strategy: the solver's whole decision tree for one pair of word lists and one mode.

The tree has a node for every state the solver's own play can reach: the guess it plays there,
and one child per feedback that guess can get. Following it for every hidden word is exactly
what the benchmark does, so each of those suggestions is a dictionary walk (microseconds),
and all the expensive look-ahead of :mod:`bot.core.solver_search` happens once, at build time.

The tree is cached on disk next to the pattern matrix (keyed by the lists, the mode and the
search settings) as one small integer array, and rebuilt when absent. The trees for the shipped
word lists are kept in the repository (``wordlists/strategies/``, packed into the wheel with the
lists), so a fresh clone never builds them. Every file carries the fingerprint of the lists,
mode and settings it was built for and a digest of its contents: a file for other lists, or
one that was changed, is not used.

A build for other lists runs in a separate process (:func:`start_build`, ``spawn``), never in a
thread of the bot: it is pure CPU for minutes and would starve the event loop of the
interpreter. ``wordle-bot prepare`` does it ahead of time.
"""

from __future__ import annotations

import hashlib
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from bot.core.feedback import PATTERN_COUNT
from bot.core.patterns import load_array, save_array
from bot.core.solver_hard import OPEN_STATE
from bot.core.solver_search import _AVERAGE_POINTS, HARD_FACTOR, INFEASIBLE, SOLVED, Engine
from bot.core.words import default_wordlist_dir

STRATEGY_FORMAT = 2
#: Guesses tried at each node of the build (the best by one-step estimate).
BUILD_WIDTH = 12
#: First guesses tried at the root.
ROOT_WIDTH = 12
#: Depth limits tried in order: normal mode aims at every word in 5 guesses, then 6.
DEPTHS = {False: (5, 6), True: (6,)}
_HEADER = 12  # format, nodes, edges, total, max, answers, build ms, 0, fingerprint x2, digest x2
#: Where the strategies for the shipped word lists are kept.
SHIPPED_DIR_NAME = "strategies"

log = logging.getLogger("bot.solver")


def settings_key() -> str:
    """A short hash of everything that changes what the build produces."""
    text = f"{STRATEGY_FORMAT}|{BUILD_WIDTH}|{ROOT_WIDTH}|{DEPTHS}|{_AVERAGE_POINTS}|{HARD_FACTOR}"
    return hashlib.sha256(text.encode()).hexdigest()[:10]


def fingerprint(lists_key: str, hard_mode: bool) -> str:
    """What a strategy file must have been built for: the lists, the mode, the settings."""
    mode = "hard" if hard_mode else "normal"
    return hashlib.sha256(f"{lists_key}|{mode}|{settings_key()}".encode()).hexdigest()[:32]


def file_name(lists_key: str, hard_mode: bool) -> str:
    return f"strategy-{lists_key}-{'hard' if hard_mode else 'normal'}-{settings_key()}.npy"


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

    def to_array(self, fingerprint: str) -> np.ndarray:
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
    def from_array(cls, data: np.ndarray, fingerprint: str) -> Strategy | None:
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
        )

    def save(self, path: Path, fingerprint: str) -> bool:
        return save_array(path, self.to_array(fingerprint))

    @classmethod
    def load(cls, path: Path, fingerprint: str) -> Strategy | None:
        data = load_array(path, None, np.int64)
        return None if data is None else cls.from_array(data, fingerprint)


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


# --------------------------------------------------------------------------------------------
# Building in a separate process


@dataclass
class Build:
    """A strategy being built by another process. ``done`` is set when it finished: then
    ``strategy`` holds the tree, or ``error`` says why there is none."""

    hard_mode: bool
    started: float
    pid: int | None = None
    done: threading.Event = field(default_factory=threading.Event)
    strategy: Strategy | None = None
    error: str | None = None

    def wait(self, what: str) -> Strategy:
        """Block until built, logging progress every 15 s; ``RuntimeError`` if it failed."""
        while not self.done.wait(15):
            log.info("still building the %s strategy (%.0f s so far, process %s)", what,
                     time.perf_counter() - self.started, self.pid)
        if self.strategy is None:
            raise RuntimeError(f"building the {what} strategy failed: {self.error}")
        return self.strategy


def _child(conn: object, answers: Sequence[str], guesses: Sequence[str],
           cache_dir: str | None, use_cache: bool, hard_mode: bool, fingerprint: str) -> None:
    """In the build process: build, send the array (or the error) back."""
    from bot.core.patterns import pattern_matrix
    from bot.core.solver_hard import WordTable
    from bot.core.solver_search import Engine

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)-7s %(name)s: "
                        "%(message)s")
    mode = "hard-mode" if hard_mode else "normal-mode"
    # Ctrl-C in a terminal reaches the whole process group: the command that started this
    # build reports it, and a daemon process ends with its parent.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        start = time.perf_counter()
        log.info("process %d: building the %s strategy for %d answers x %d guesses",
                 os.getpid(), mode, len(answers), len(guesses))
        matrix, _ = pattern_matrix(answers, guesses, cache_dir, use_cache=use_cache)
        column = {w: i for i, w in enumerate(guesses)}
        answer_columns = np.array([column[w] for w in answers], dtype=np.int64)
        engine = Engine(matrix, answer_columns, WordTable(guesses), hard_mode=hard_mode,
                        width=BUILD_WIDTH)
        strategy = build_strategy(engine)
        log.info("process %d: %s strategy built in %.0f s (average %.4f guesses, at most %d)",
                 os.getpid(), mode, time.perf_counter() - start, strategy.average,
                 strategy.max_guesses)
        conn.send(("ok", strategy.to_array(fingerprint)))  # type: ignore[attr-defined]
    except Exception as error:  # sent back: the parent reports it
        conn.send(("error", f"{type(error).__name__}: {error}"))  # type: ignore[attr-defined]
    finally:
        conn.close()  # type: ignore[attr-defined]


@contextmanager
def _sigint_ignored() -> Iterator[None]:
    """SIGINT ignored in the block, where signals can be set from Python (the main thread,
    a handler Python knows)."""
    previous = signal.getsignal(signal.SIGINT)
    if threading.current_thread() is not threading.main_thread() or previous is None:
        yield
        return
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def start_build(answers: Sequence[str], guesses: Sequence[str], cache_dir: Path | None,
                use_cache: bool, hard_mode: bool, fingerprint: str) -> Build:
    """Start building a strategy in a new process (``spawn``: nothing of this process is
    shared); a daemon thread here waits for the result. The process ends with this one."""
    context = multiprocessing.get_context("spawn")
    receive, send = context.Pipe(duplex=False)
    mode = "hard" if hard_mode else "normal"
    process = context.Process(
        target=_child, daemon=True, name=f"wordle-bot strategy ({mode})",
        args=(send, list(answers), list(guesses), None if cache_dir is None else str(cache_dir),
              use_cache, hard_mode, fingerprint),
    )
    build = Build(hard_mode=hard_mode, started=time.perf_counter())
    with _sigint_ignored():  # from its very start (an ignored signal stays ignored in a child)
        process.start()
    send.close()
    build.pid = process.pid

    def collect() -> None:
        try:
            kind, payload = receive.recv()
            if kind == "ok":
                build.strategy = Strategy.from_array(payload, fingerprint)
                if build.strategy is not None:
                    build.strategy.source = "built"
                else:
                    build.error = "the build process sent back an unreadable strategy"
            else:
                build.error = str(payload)
        except (EOFError, OSError) as error:
            build.error = f"the build process ended without a result ({error!r})"
        finally:
            receive.close()
            process.join(5)
            if build.error is not None:
                log.error("building the %s-mode strategy failed: %s", mode, build.error)
            build.done.set()

    threading.Thread(target=collect, name="strategy-build-wait", daemon=True).start()
    return build
