"""The identify gate for several bot processes (issue 12, item 4).

Discord lets at most ``max_concurrency`` shards identify at once (per 5 s); shards in one
bucket (``shard_id % max_concurrency``) must take turns, whichever process runs them. A
process calls :meth:`IdentifyGate.hold_identify_slot` in ``before_identify_hook``: it waits
until no other process holds that bucket's PostgreSQL advisory lock, takes it, and lets it go
by itself ``seconds`` later (or at once if the process dies: the lock is its connection's).
"""

from __future__ import annotations

import asyncio
from typing import Any, Final

import asyncpg

#: The advisory lock space of identify slots (two-key locks: this, then the bucket).
IDENTIFY_LOCKS: Final = 0x776F7264  # "word"


class IdentifyGate:
    """Identify slots (a part of the PostgreSQL store)."""

    _held: set[asyncio.Task[None]]

    async def _connect(self) -> Any:
        raise NotImplementedError

    async def hold_identify_slot(self, bucket: int, *, seconds: float = 5.0) -> None:
        """Return once this process holds identify slot ``bucket`` (waiting for another
        process to let it go); it is let go by itself ``seconds`` later."""
        if isinstance(bucket, bool) or not isinstance(bucket, int) or not 0 <= bucket < 2**31:
            raise ValueError(f"bucket must be a whole number from 0 to 2**31-1, got {bucket!r}")
        if not 0 < seconds <= 60:
            raise ValueError("seconds must be more than 0 and at most 60")
        conn = await self._connect()
        try:
            await conn.execute("SELECT pg_advisory_lock($1, $2)", IDENTIFY_LOCKS, bucket)
        except BaseException:
            await conn.close()
            raise
        task = asyncio.get_running_loop().create_task(_let_go(conn, seconds))
        self._held.add(task)
        task.add_done_callback(self._held.discard)


async def _let_go(conn: Any, seconds: float) -> None:
    try:
        await asyncio.sleep(seconds)
    finally:
        try:  # closing the connection ends its session, and the lock with it
            await conn.close(timeout=5)
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, TimeoutError):
            conn.terminate()
