"""Shards: which process serves which server, and the gate every IDENTIFY passes.

Discord sends a server's events to shard ``(guild_id >> 22) % shard_count``; a process runs
the shards ``SHARD_IDS`` names, and does a server's background work only when it owns the
server's shard. Discord allows one IDENTIFY per bucket (``shard_id % max_concurrency``) per
5 s; :class:`IdentifyGate` keeps a bucket's IDENTIFYs that far apart, across processes too.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Iterable
from typing import Final, Protocol

log = logging.getLogger(__name__)

#: Discord's identify window, plus a little: the IDENTIFY reaches Discord a moment after the
#: gate opens, and the next one must not arrive inside the window.
IDENTIFY_WINDOW: Final = 5.5


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard Discord sends this server's events to (``None``, a direct message: 0)."""
    if guild_id is None or shard_count <= 1:
        return 0
    return (guild_id >> 22) % shard_count


def owns_guild(guild_id: int | None, shard_count: int | None,
               shard_ids: Iterable[int] | None) -> bool:
    """Whether a process running ``shard_ids`` of ``shard_count`` (``None``: all of them)
    serves this server."""
    if shard_count is None or shard_ids is None:
        return True
    return shard_of(guild_id, shard_count) in set(shard_ids)


class BucketLocks(Protocol):
    """Locks shared by every process of the bot, one per identify bucket."""

    async def acquire(self, bucket: int) -> None: ...

    async def release(self, bucket: int) -> None: ...

    async def close(self) -> None: ...


class IdentifyGate:
    """Lets one IDENTIFY per bucket through per ``window`` seconds;
    ``await gate.wait_turn(shard_id, max_concurrency)`` returns when the shard may IDENTIFY.

    Alone, the bucket is held for a window after each IDENTIFY. With ``shared`` locks (every
    process on the database) the window is waited while holding the bucket's lock, before the
    IDENTIFY: a process that dies just after its IDENTIFY loses the lock with its connection,
    and the next holder still waits a whole window. If the shared locks fail, the gate logs it
    and gates this process alone.
    """

    def __init__(self, shared: BucketLocks | None = None, *,
                 window: float = IDENTIFY_WINDOW, settle: float = 0.5) -> None:
        self.shared = shared
        self.window = window
        self.settle = settle  # how long after the hook the IDENTIFY has surely been sent
        self._local: dict[int, asyncio.Semaphore] = {}
        self._releases: set[asyncio.Task[None]] = set()

    async def wait_turn(self, shard_id: int, max_concurrency: int) -> None:
        bucket = shard_id % max(1, max_concurrency)
        local = self._local.setdefault(bucket, asyncio.Semaphore(1))
        await local.acquire()
        shared = False
        try:
            if self.shared is not None:
                try:
                    await self.shared.acquire(bucket)
                    shared = True
                except Exception as exc:
                    log.warning("identify gate: shared lock of bucket %d unavailable (%s); "
                                "gating this process only", bucket, exc)
            if shared:
                await asyncio.sleep(self.window)
        except BaseException:
            await self._release(bucket, local, shared, 0.0)
            raise
        hold = self.settle if shared else self.window
        task = asyncio.get_running_loop().create_task(
            self._release(bucket, local, shared, hold), name=f"identify gate {bucket}")
        self._releases.add(task)
        task.add_done_callback(self._releases.discard)

    async def _release(self, bucket: int, local: asyncio.Semaphore, shared: bool,
                       after: float) -> None:
        try:
            if after > 0:
                await asyncio.sleep(after)
        finally:
            try:
                if shared and self.shared is not None:
                    await self.shared.release(bucket)
            except Exception as exc:  # the connection is gone: so is the lock
                log.debug("identify gate: releasing bucket %d: %s", bucket, exc)
            finally:
                local.release()

    async def close(self) -> None:
        for task in list(self._releases):
            task.cancel()
        for task in list(self._releases):
            with contextlib.suppress(BaseException):
                await task
        if self.shared is not None:
            with contextlib.suppress(Exception):
                await self.shared.close()
