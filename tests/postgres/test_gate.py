"""The identify gate: one identify slot per bucket across processes, let go by itself."""

from __future__ import annotations

import asyncio
import time

import asyncpg
import pytest

from bot.storage.postgres import PostgresStore
from bot.storage.postgres.gate import IDENTIFY_LOCKS


@pytest.fixture
async def other_store(pg_dsn: str):
    async with await PostgresStore.open(pg_dsn, pool_size=2) as store:
        yield store


async def slots_held(dsn: str) -> list[int]:
    conn = await asyncpg.connect(dsn)
    try:
        rows = await conn.fetch(
            "SELECT objid FROM pg_locks WHERE locktype = 'advisory' AND granted "
            "AND classid = $1 ORDER BY objid",
            IDENTIFY_LOCKS,
        )
        return [int(r[0]) for r in rows]
    finally:
        await conn.close()


async def test_a_bucket_is_held_by_one_process_at_a_time(pg_store, other_store, pg_dsn):
    started = time.monotonic()
    await pg_store.hold_identify_slot(0, seconds=0.4)
    await other_store.hold_identify_slot(1, seconds=0.4)  # another bucket: no waiting on 0
    assert await slots_held(pg_dsn) == [0, 1]
    await other_store.hold_identify_slot(0, seconds=0.2)  # waits for the first to let go
    assert time.monotonic() - started >= 0.4
    await asyncio.sleep(0.6)
    assert await slots_held(pg_dsn) == []


async def test_close_lets_the_slots_go(pg_dsn, other_store):
    store = await PostgresStore.open(pg_dsn, pool_size=2)
    await store.hold_identify_slot(3, seconds=30)
    await store.close()
    await asyncio.wait_for(other_store.hold_identify_slot(3, seconds=0.1), timeout=10)


@pytest.mark.parametrize("bad", [dict(bucket=-1), dict(bucket=True), dict(seconds=0)])
async def test_bad_slots_are_refused(pg_store, bad):
    with pytest.raises(ValueError):
        await pg_store.hold_identify_slot(**({"bucket": 0} | bad))
