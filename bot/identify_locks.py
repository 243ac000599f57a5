"""The identify gate's locks across processes: one PostgreSQL advisory lock per identify
bucket, held while :class:`bot.shards.IdentifyGate` waits out the window, so a bucket's
IDENTIFYs reach Discord a window apart whichever process sends them (a crashed one loses its
connection, and so its locks).

Session-level locks on a connection of their own (a pool would reset them), polled with
``pg_try_advisory_lock`` so that waiting never blocks the connection and cancels cleanly.
"""

from __future__ import annotations

import asyncio
from typing import Any, Final

from bot.storage.postgres.pool import connect

#: The first key of the two-key advisory locks ("WBID"); the second is the bucket. Two-key locks
#: never clash with the one-key lock the migrations take.
IDENTIFY_LOCK_CLASS: Final = 0x57424944
_POLL_SECONDS: Final = 0.05


class PostgresIdentifyLocks:
    """``acquire(bucket)`` waits for and takes the bucket's lock; ``release(bucket)`` gives it
    back. Connects on first use; ``close()`` releases everything."""

    def __init__(self, dsn: str) -> None:
        self._dsn = dsn
        self._conn: Any = None
        self._use = asyncio.Lock()  # one operation at a time on the connection

    async def _connection(self) -> Any:
        if self._conn is None or self._conn.is_closed():
            self._conn = await connect(self._dsn, timeout=30, server_settings={
                "application_name": "wordle-bot identify"})
        return self._conn

    async def try_acquire(self, bucket: int) -> bool:
        async with self._use:
            conn = await self._connection()
            return bool(
                await conn.fetchval(
                    "SELECT pg_try_advisory_lock($1::int, $2::int)", IDENTIFY_LOCK_CLASS, bucket
                )
            )

    async def acquire(self, bucket: int) -> None:
        while not await self.try_acquire(bucket):
            await asyncio.sleep(_POLL_SECONDS)

    async def release(self, bucket: int) -> None:
        async with self._use:
            if self._conn is None or self._conn.is_closed():
                return  # a lost connection holds nothing any more
            await self._conn.fetchval(
                "SELECT pg_advisory_unlock($1::int, $2::int)", IDENTIFY_LOCK_CLASS, bucket
            )

    async def close(self) -> None:
        async with self._use:
            if self._conn is not None and not self._conn.is_closed():
                await self._conn.close()
            self._conn = None
