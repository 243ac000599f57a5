"""Solver work (word hints, analyses) in a lane of its own.

A search runs for up to about half a second of CPU. In asyncio's shared worker threads, a burst
of them (players asking for word hints within their cooldowns) filled every thread, so pictures
and the rest waited behind them for up to a minute, and every search competed with the event
loop for the interpreter. Here they run one at a time in one thread of their own, and at most
:data:`WAITING` jobs are in the lane (the one running included): one more is refused at once
(:attr:`Problem.SOLVER_BUSY`) rather than answered after Discord has given up on it.
"""

from __future__ import annotations

import asyncio
import functools
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, ParamSpec, TypeVar

from bot.service.errors import PlayerError, Problem

P = ParamSpec("P")
T = TypeVar("T")

#: Solver jobs in the lane at most, the one running included: at the worst case's ~0.45 s
#: each, the last waits about 3.5 s, which a deferred answer covers.
WAITING = 8


class SolverLane:
    """One worker thread for solver jobs, and a bound on how many may be in it."""

    def __init__(self, waiting: int = WAITING) -> None:
        self.waiting = waiting
        self.queued = 0
        self._lock = threading.Lock()
        self._executor: ThreadPoolExecutor | None = None

    async def run(self, work: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """``work(*args, **kwargs)`` in the lane's thread; raises ``PlayerError`` with
        ``SOLVER_BUSY`` when the lane is full (nothing is run then). A job keeps its place
        until it has finished, even if the caller stopped waiting for it (a job not started
        yet is dropped then)."""
        with self._lock:
            if self.queued >= self.waiting:
                raise PlayerError(Problem.SOLVER_BUSY)
            self.queued += 1
            if self._executor is None:
                self._executor = ThreadPoolExecutor(max_workers=1,
                                                    thread_name_prefix="wordle-bot solver")
            executor = self._executor
        try:
            job = executor.submit(functools.partial(work, *args, **kwargs))
        except BaseException:
            self._release()
            raise
        job.add_done_callback(self._release)
        return await asyncio.wrap_future(job)

    def _release(self, _job: Future[Any] | None = None) -> None:
        with self._lock:
            self.queued -= 1


#: The process's lane: the solver is one per process, so is the thread that searches it.
SOLVER_LANE = SolverLane()
