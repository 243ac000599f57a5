"""Shard ownership, the identify gate (in one process, and across processes through PostgreSQL
advisory locks) and the results-post claim that keeps two processes from posting twice.

The PostgreSQL tests use the throwaway server of ``tests/pg.py``; each "process" is a gate or
store with connections of its own, which is what PostgreSQL sees of a process.
"""

from __future__ import annotations

import asyncio
import time
from datetime import timedelta

import pytest

from bot.identify_locks import PostgresIdentifyLocks
from bot.service import posts
from bot.service.errors import PlayerError, Problem
from bot.shards import IdentifyGate, owns_guild, shard_of
from bot.storage.postgres import PostgresStore

GUILD = 325_539_788_222_365_696  # (GUILD >> 22) % 4 == 1


def test_shard_of_follows_discords_formula() -> None:
    assert shard_of(GUILD, 4) == (GUILD >> 22) % 4 == 1
    assert shard_of(GUILD, 1) == 0
    assert shard_of(None, 4) == 0  # direct messages: shard 0
    assert owns_guild(GUILD, 4, [1, 3]) and not owns_guild(GUILD, 4, [0, 2])
    assert owns_guild(None, 4, [0]) and not owns_guild(None, 4, [1])
    assert owns_guild(GUILD, None, None) and owns_guild(GUILD, 4, None)


async def _turns(gate: IdentifyGate, shards: list[int], max_concurrency: int) -> list[float]:
    start = time.perf_counter()
    times = []
    for shard in shards:
        await gate.wait_turn(shard, max_concurrency)
        times.append(time.perf_counter() - start)
    return times


async def test_one_identify_per_bucket_per_window_in_one_process() -> None:
    gate = IdentifyGate(window=0.3)
    try:
        # max_concurrency 2: shards 0 and 1 are different buckets, 2 waits for 0's window.
        # (Shard 2 asks first, yet shard 1 goes before it: by order, not by a stopwatch.)
        start = time.perf_counter()
        await gate.wait_turn(0, 2)
        order: list[int] = []

        async def turn(shard: int) -> float:
            await gate.wait_turn(shard, 2)
            order.append(shard)
            return time.perf_counter() - start

        second, _ = await asyncio.gather(turn(2), turn(1))
        assert order == [1, 2] and second >= 0.3
        # max_concurrency 1: every shard waits for the one before
        times = await asyncio.gather(*(_turns(gate, [s], 1) for s in range(3)))
        flat = sorted(t[0] for t in times)
        assert flat[1] - flat[0] >= 0.29 and flat[2] - flat[1] >= 0.29
    finally:
        await gate.close()


async def test_identify_gate_holds_across_processes_through_postgres(pg_dsn: str) -> None:
    one = IdentifyGate(PostgresIdentifyLocks(pg_dsn), window=0.5)
    two = IdentifyGate(PostgresIdentifyLocks(pg_dsn), window=0.5)
    try:
        start = time.perf_counter()
        done: dict[str, float] = {}

        async def turn(name: str, gate: IdentifyGate, shard: int, concurrency: int) -> None:
            await gate.wait_turn(shard, concurrency)
            done[name] = time.perf_counter() - start

        # Same bucket (max_concurrency 1) in two processes: one window apart.
        await asyncio.gather(turn("a", one, 0, 1), turn("b", two, 1, 1))
        assert abs(done["a"] - done["b"]) >= 0.45, done
        await asyncio.sleep(0.6)
        # Different buckets (max_concurrency 2): together.
        done.clear()
        start = time.perf_counter()
        await asyncio.gather(turn("a", one, 0, 2), turn("b", two, 1, 2))
        assert abs(done["a"] - done["b"]) < 0.3, done
    finally:
        await one.close()
        await two.close()


async def test_a_dead_process_frees_its_identify_bucket(pg_dsn: str) -> None:
    dead = PostgresIdentifyLocks(pg_dsn)
    alive = PostgresIdentifyLocks(pg_dsn)
    try:
        await dead.acquire(0)
        assert not await alive.try_acquire(0)
        assert await alive.try_acquire(1)  # another bucket is free
        await dead.close()  # what PostgreSQL sees when a process dies: its session ends
        await asyncio.wait_for(alive.acquire(0), 5)
    finally:
        await dead.close()
        await alive.close()


async def test_two_processes_finishing_dailies_post_the_results_once(pg_dsn: str) -> None:
    stores = [await PostgresStore.open(pg_dsn, pool_size=2) for _ in range(2)]
    try:
        posted: list[str] = []

        async def finish(store: PostgresStore, claimant: str) -> str:
            where = await posts.claim_or_find(store, GUILD, 30, claimant)
            if where is None:  # ours to post: Discord takes a moment
                posted.append(claimant)
                await asyncio.sleep(0.3)
                await store.set_daily_post(GUILD, 30, 555, 777)
                return "posted"
            assert where == (555, 777)
            return "edited"

        outcomes = await asyncio.gather(finish(stores[0], "p0"), finish(stores[1], "p1"),
                                        finish(stores[1], "p1-again"))
        assert sorted(outcomes) == ["edited", "edited", "posted"] and len(posted) == 1
        # later finishers find the post at once
        assert await posts.claim_or_find(stores[0], GUILD, 30, "p0") == (555, 777)
    finally:
        for store in stores:
            await store.close()


async def test_a_crashed_posters_claim_expires(pg_dsn: str,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(posts, "CLAIM_TTL", timedelta(seconds=0.5))
    store = await PostgresStore.open(pg_dsn, pool_size=2)
    try:
        assert await posts.claim_or_find(store, GUILD, 31, "crashed") is None  # never posts
        start = time.perf_counter()
        assert await posts.claim_or_find(store, GUILD, 31, "next") is None
        assert time.perf_counter() - start >= 0.3  # waited for the claim to run out
    finally:
        await store.close()


async def test_a_claim_that_never_resolves_is_busy_not_a_second_post(
        pg_dsn: str, monkeypatch: pytest.MonkeyPatch) -> None:
    store = await PostgresStore.open(pg_dsn, pool_size=2)
    try:
        assert await posts.claim_or_find(store, GUILD, 32, "holder") is None
        # The holder renews its claim for longer than the other waits.
        monkeypatch.setattr(posts, "CLAIM_TTL", timedelta(seconds=0.2))
        with pytest.raises(PlayerError) as raised:
            await asyncio.gather(
                posts.claim_or_find(store, GUILD, 32, "waiter"),
                _renew(store, "holder", 32, 2.0))
        assert raised.value.problem is Problem.BUSY
        assert await store.daily_post(GUILD, 32) is None
    finally:
        await store.close()


async def _renew(store: PostgresStore, claimant: str, day: int, seconds: float) -> None:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        await store.claim_daily_post(GUILD, day, claimant=claimant, ttl=timedelta(seconds=0.3))
        await asyncio.sleep(0.05)


async def test_a_crash_right_after_identify_still_keeps_the_window(pg_dsn: str) -> None:
    """The killed process's lock goes with its connection; the next process still waits a
    whole window after the killed one's IDENTIFY."""
    crashed = IdentifyGate(PostgresIdentifyLocks(pg_dsn), window=0.6)
    restarted = IdentifyGate(PostgresIdentifyLocks(pg_dsn), window=0.6)
    try:
        await crashed.wait_turn(1, 1)
        identified = time.perf_counter()
        assert crashed.shared is not None
        await crashed.shared.close()  # the process died: PostgreSQL ends its session
        await restarted.wait_turn(1, 1)
        assert time.perf_counter() - identified >= 0.6
    finally:
        await crashed.close()
        await restarted.close()
