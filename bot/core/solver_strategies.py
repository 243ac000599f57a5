"""A solver's strategies, one per mode, and where each comes from.

A strategy is found in memory, the shipped files or the cache folder, else built: small lists
in this process, larger ones in a separate process, one at a time, since the build is minutes
of CPU that would starve the bot's event loop.
"""

from __future__ import annotations

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
from typing import TYPE_CHECKING

import numpy as np

from bot.core.feedback import pattern_count
from bot.core.solver_search import Engine
from bot.core.solver_strategy import (
    BUILD_WIDTH,
    Strategy,
    build_strategy,
    file_name,
    fingerprint,
    shipped_dir,
)
from bot.core.variant import Variant

if TYPE_CHECKING:
    from bot.core.solver import Solver

#: Lists with at most this many hidden words build their strategy in this process.
INLINE_BUILD_ANSWERS = 300
#: Seconds between two log lines while waiting for a build.
_PROGRESS_SECONDS = 15

log = logging.getLogger("bot.solver")


@dataclass(frozen=True)
class StrategyInfo:
    """How a mode's strategy was obtained and how good it is on the whole answer list."""

    hard_mode: bool
    source: str  # "shipped", "cache" or "built"
    seconds: float  # time to load it, or to build it
    average: float
    max_guesses: int
    first_guess: str


def _mode(hard_mode: bool) -> str:
    return "hard-mode" if hard_mode else "normal-mode"


class Strategies:
    """The strategies of one :class:`~bot.core.solver.Solver`: loaded, or built, on demand.

    Thread-safe. ``build_process`` forces (True) or forbids (False) building in a separate
    process; by default only lists of more than :data:`INLINE_BUILD_ANSWERS` words do.
    """

    def __init__(self, solver: Solver, build_process: bool | None = None) -> None:
        self.solver = solver
        self.build_process = (len(solver.answers) > INLINE_BUILD_ANSWERS
                              if build_process is None else build_process)
        self._found: dict[bool, Strategy] = {}
        self._builds: dict[bool, Build] = {}
        self._lock = threading.Lock()

    def _fingerprint(self, hard_mode: bool) -> str:
        return fingerprint(self.solver.lists_key, hard_mode, self.solver.variant.attempts)

    def cache_path(self, hard_mode: bool) -> Path:
        """Where the strategy for a mode is cached (it may not exist yet)."""
        solver = self.solver
        return solver.cache_dir / file_name(solver.lists_key, hard_mode, solver.variant.attempts)

    def shipped_path(self, hard_mode: bool) -> Path:
        """Where a strategy shipped with the project for these lists would be."""
        solver = self.solver
        return shipped_dir() / file_name(solver.lists_key, hard_mode, solver.variant.attempts)

    def _load(self, hard_mode: bool) -> Strategy | None:
        """The strategy from memory, the shipped files, the cache or a finished build, if it
        is there and was made for these lists (the caller holds the lock)."""
        found = self._found.get(hard_mode)
        if found is not None:
            return found
        start = time.perf_counter()
        key = self._fingerprint(hard_mode)
        patterns = pattern_count(self.solver.variant.length)
        sources = [("shipped", self.shipped_path(hard_mode))]
        if self.solver.use_cache:
            sources.append(("cache", self.cache_path(hard_mode)))
        for source, path in sources:
            strategy = Strategy.load(path, key, patterns) if path.is_file() else None
            if strategy is not None and strategy.fits(len(self.solver.answers),
                                                      len(self.solver.guesses)):
                strategy.source = source
                strategy.build_seconds = time.perf_counter() - start
                self._found[hard_mode] = strategy
                return strategy
        build = self._builds.get(hard_mode)
        if build is not None and build.done.is_set() and build.strategy is not None:
            self._keep(hard_mode, build.strategy)
            return build.strategy
        return None

    def _keep(self, hard_mode: bool, strategy: Strategy) -> None:
        self._found[hard_mode] = strategy
        if self.solver.use_cache:
            strategy.save(self.cache_path(hard_mode), self._fingerprint(hard_mode))

    def ready(self, hard_mode: bool) -> bool:
        """Whether the strategy can be had without building it (memory, shipped, cache)."""
        with self._lock:
            return self._load(hard_mode) is not None

    def now(self, hard_mode: bool) -> Strategy | None:
        """The strategy if it is ready (built here at once for small lists); otherwise start
        a build process, unless one is under way, and return None."""
        with self._lock:
            found = self._load(hard_mode)
            if found is None and not self.build_process:
                found = self._build_here(hard_mode)
            elif found is None and hard_mode not in self._builds and self._running() is None:
                self._start(hard_mode)  # one build process at a time (the other mode waits)
            return found

    def _running(self) -> Build | None:
        """A build still under way, if any (the caller holds the lock)."""
        return next((b for b in self._builds.values() if not b.done.is_set()), None)

    def _start(self, hard_mode: bool) -> Build:
        log.info("building the %s strategy for these word lists in a separate process "
                 "(a few minutes for lists the size of ours; `wordle-bot prepare` does it "
                 "ahead)", _mode(hard_mode))
        solver = self.solver
        build = start_build(solver.answers, solver.guesses, solver.variant,
                            solver.cache_dir if solver.use_cache else None, solver.use_cache,
                            hard_mode, self._fingerprint(hard_mode))
        self._builds[hard_mode] = build
        return build

    def _build_here(self, hard_mode: bool) -> Strategy:
        solver = self.solver
        engine = Engine(solver.matrix, solver.answer_columns, solver.table,
                        hard_mode=hard_mode, width=BUILD_WIDTH)
        strategy = build_strategy(engine, solver.variant.attempts)
        self._keep(hard_mode, strategy)
        return strategy

    def get(self, hard_mode: bool) -> Strategy:
        """The strategy for a mode, built now if need be (waiting for another process for
        large lists). ``RuntimeError`` if the build fails."""
        while True:
            found = self.now(hard_mode)
            if found is not None:
                return found
            with self._lock:
                build = self._builds.get(hard_mode)
                other = self._running() if build is None else None
                if build is None and other is None:
                    build = self._start(hard_mode)
            if build is not None:
                break
            assert other is not None
            other.done.wait()  # the other mode's build first, then this one
        strategy = build.wait(_mode(hard_mode))
        with self._lock:
            if hard_mode not in self._found:
                self._keep(hard_mode, strategy)
            return self._found[hard_mode]

    def info(self, hard_mode: bool) -> StrategyInfo:
        """The strategy for a mode (:meth:`get`), described."""
        strategy = self.get(hard_mode)
        return StrategyInfo(hard_mode=hard_mode, source=strategy.source,
                            seconds=strategy.build_seconds, average=strategy.average,
                            max_guesses=strategy.max_guesses,
                            first_guess=self.solver.guesses[int(strategy.node_guess[0])])

    def last_build_pid(self, hard_mode: bool) -> int | None:
        """The process id of the last build started for a mode (None: none)."""
        build = self._builds.get(hard_mode)
        return None if build is None else build.pid


# -- building in a separate process ----------------------------------------------------------


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
        """Block until built, logging progress now and then; ``RuntimeError`` if it failed."""
        while not self.done.wait(_PROGRESS_SECONDS):
            log.info("still building the %s strategy (%.0f s so far, process %s)", what,
                     time.perf_counter() - self.started, self.pid)
        if self.strategy is None:
            raise RuntimeError(f"building the {what} strategy failed: {self.error}")
        return self.strategy


def _child(conn: object, answers: Sequence[str], guesses: Sequence[str], variant: Variant,
           cache_dir: str | None, use_cache: bool, hard_mode: bool, fingerprint: str) -> None:
    """In the build process: build, send the array (or the error) back."""
    from bot.core.patterns import pattern_matrix
    from bot.core.solver_hard import WordTable

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)-7s %(name)s: "
                        "%(message)s")
    mode = _mode(hard_mode)
    # Ctrl-C in a terminal reaches the whole process group: the command that started this
    # build reports it, and a daemon process ends with its parent.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        start = time.perf_counter()
        log.info("process %d: building the %s strategy for %d answers x %d guesses",
                 os.getpid(), mode, len(answers), len(guesses))
        matrix, _ = pattern_matrix(answers, guesses, cache_dir, use_cache=use_cache,
                                   variant=variant)
        column = {w: i for i, w in enumerate(guesses)}
        answer_columns = np.array([column[w] for w in answers], dtype=np.int64)
        engine = Engine(matrix, answer_columns, WordTable(guesses, variant.alphabet),
                        hard_mode=hard_mode, width=BUILD_WIDTH)
        strategy = build_strategy(engine, variant.attempts)
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


def start_build(answers: Sequence[str], guesses: Sequence[str], variant: Variant,
                cache_dir: Path | None, use_cache: bool, hard_mode: bool,
                fingerprint: str) -> Build:
    """Start building a strategy in a new process (``spawn``: nothing of this process is
    shared); a daemon thread here waits for the result. The process ends with this one."""
    context = multiprocessing.get_context("spawn")
    receive, send = context.Pipe(duplex=False)
    mode = "hard" if hard_mode else "normal"
    process = context.Process(
        target=_child, daemon=True, name=f"wordle-bot strategy ({mode})",
        args=(send, list(answers), list(guesses), variant,
              None if cache_dir is None else str(cache_dir), use_cache, hard_mode, fingerprint),
    )
    build = Build(hard_mode=hard_mode, started=time.perf_counter())
    with _sigint_ignored():  # from its very start (an ignored signal stays ignored in a child)
        process.start()
    send.close()
    build.pid = process.pid
    patterns = pattern_count(variant.length)

    def collect() -> None:
        try:
            kind, payload = receive.recv()
            if kind == "ok":
                build.strategy = Strategy.from_array(payload, fingerprint, patterns)
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
