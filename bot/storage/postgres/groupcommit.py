"""Group commit for the PostgreSQL store: queued jobs are saved in groups, one transaction each.

Up to ``writers`` groups run at once (each on its own pool connection); while they run the
queue fills, so under load many jobs share one commit. A caller is answered only after its
group committed. A group that fails as a whole (an unexpected error) is run again one job per
group, so only the culprit fails.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Final, Generic, TypeVar

from ..batching import next_batch, settle
from ..errors import StorageError

#: Most jobs saved in one transaction.
MAX_BATCH: Final = 64

Job = TypeVar("Job")
Outcome = tuple[Any, Exception | None]


class GroupCommit(Generic[Job]):
    def __init__(
        self, save: Callable[[Sequence[Job]], Awaitable[list[Outcome]]], writers: int
    ) -> None:
        self._save_group = save
        self._queue: asyncio.Queue[tuple[Job, asyncio.Future[Any]] | None] = asyncio.Queue()
        self._slots = asyncio.Semaphore(writers)
        self._running: set[asyncio.Task[None]] = set()
        self._pump = asyncio.get_running_loop().create_task(
            self._loop(), name="wordle-bot postgres writer"
        )

    async def submit(self, job: Job) -> Any:
        """Queue ``job``; its result once its group is committed (or its error)."""
        if self._pump.done():  # only after close() or a bug: never leave a caller waiting
            raise StorageError("the storage writer has stopped")
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((job, future))
        return await future

    async def close(self) -> None:
        """Save every job already queued, then stop."""
        self._queue.put_nowait(None)
        await self._pump
        if self._running:
            await asyncio.gather(*self._running, return_exceptions=True)

    async def _loop(self) -> None:
        while True:
            await self._slots.acquire()
            batch, stop = await next_batch(self._queue, MAX_BATCH)
            if not batch:
                self._slots.release()
                return
            task = asyncio.get_running_loop().create_task(self._save(batch))
            self._running.add(task)
            task.add_done_callback(self._saved)
            if stop:
                return

    def _saved(self, task: asyncio.Task[None]) -> None:
        self._running.discard(task)
        self._slots.release()

    async def _save(self, batch: list[tuple[Job, asyncio.Future[Any]]]) -> None:
        # A caller that gave up (cancelled) before its turn is not written at all.
        batch = [(job, future) for job, future in batch if not future.done()]
        if not batch:
            return
        try:
            outcomes = await self._save_group([job for job, _ in batch])
        except Exception as exc:
            if len(batch) > 1:  # find the culprit: each job on its own
                await asyncio.gather(*(self._save([item]) for item in batch))
                return
            error: Exception = exc
            if not isinstance(exc, StorageError | ValueError):
                error = StorageError(f"write failed, nothing was saved: {exc}")
                error.__cause__ = exc
            settle(batch[0][1], error=error)
            return
        for (_, future), (result, problem) in zip(batch, outcomes, strict=True):
            settle(future, result=result, error=problem)
