"""Solver work (word hints, analyses) in a lane of its own.

A search runs for up to about half a second of CPU. In asyncio's shared worker threads, a burst
of them (players asking for word hints within their cooldowns) filled every thread, so pictures
and the rest waited behind them for up to a minute, and every search competed with the event
loop for the interpreter. Here they run one at a time in one thread of their own, and only
:data:`WAITING` may wait: one more is refused at once (:attr:`Problem.SOLVER_BUSY`) rather
than answered after Discord has given up on it.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import ParamSpec, TypeVar

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
        self._executor: ThreadPoolExecutor | None = None

    async def run(self, work: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """``work(*args, **kwargs)`` in the lane's thread; raises ``PlayerError`` with
        ``SOLVER_BUSY`` when the lane is full (nothing is run then)."""
        if self.queued >= self.waiting:
            raise PlayerError(Problem.SOLVER_BUSY)
        if self._executor is None:
            self._executor = ThreadPoolExecutor(max_workers=1,
                                                thread_name_prefix="wordle-bot solver")
        self.queued += 1
        try:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self._executor,
                                              functools.partial(work, *args, **kwargs))
        finally:
            self.queued -= 1


#: The process's lane: the solver is one per process, so is the thread that searches it.
SOLVER_LANE = SolverLane()
