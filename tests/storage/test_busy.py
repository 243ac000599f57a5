"""Another process holding the write lock: we wait without blocking the event loop, and
give up after the busy timeout with :class:`StorageUnavailable` (it passes by itself)."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from pathlib import Path

import pytest

import bot.storage.sqlite.connection as database_module
from bot.storage import SqliteStore, StorageUnavailable

from .helpers import guess, own_game

pytestmark = pytest.mark.sqlite_only(
    "SQLite's single-writer file lock, held by another connection (PostgreSQL's concurrent "
    "writers: tests/postgres/test_race.py)"
)


def hold_write_lock(db_path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(db_path, isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    return conn


async def test_waits_for_another_writer_without_blocking_the_loop(db: SqliteStore, db_path: Path):
    game = await own_game(db, 1)
    other = hold_write_lock(db_path)
    try:
        pending = asyncio.create_task(guess(db, game, "slate"))
        reads = []

        async def read_meanwhile() -> None:
            while not pending.done():
                reads.append(await db.get_game(game.id))

        reader = asyncio.create_task(read_meanwhile())
        ticks = 0
        started = time.monotonic()
        while time.monotonic() - started < 0.3:
            await asyncio.sleep(0.01)
            ticks += 1
        assert not pending.done()
        assert ticks >= 15, "the event loop was blocked while waiting for the lock"
        # Reads still work (on their own thread) while the write waits.
        assert reads and all(read.guesses == () for read in reads)
    finally:
        other.execute("ROLLBACK")
        other.close()
    game = await asyncio.wait_for(pending, 5)
    await reader
    assert [g.word for g in game.guesses] == ["slate"]


async def test_gives_up_after_the_busy_timeout(db_path: Path, monkeypatch):
    # The wait is SQLite's busy handler in the writer's thread, set when a connection opens.
    monkeypatch.setattr(database_module, "BUSY_TIMEOUT", 0.2)
    async with await SqliteStore.open(db_path) as db:
        game = await own_game(db, 1)
        other = hold_write_lock(db_path)
        try:
            started = time.monotonic()
            with pytest.raises(StorageUnavailable, match=r"nothing was saved.*locked"):
                await guess(db, game, "slate")
            assert time.monotonic() - started >= 0.15  # it did wait for the lock
        finally:
            other.execute("ROLLBACK")
            other.close()
        assert (await db.get_game(game.id)).guesses == ()
        # And it works again once the lock is free.
        assert len((await guess(db, game, "slate")).guesses) == 1


async def test_a_cancelled_write_that_has_not_run_is_not_saved(db: SqliteStore, db_path: Path):
    first = await own_game(db, 1)
    second = await own_game(db, 2)
    other = hold_write_lock(db_path)
    try:
        waiting = asyncio.create_task(guess(db, first, "slate"))  # the writer waits on this
        await asyncio.sleep(0.05)
        queued = asyncio.create_task(guess(db, second, "slate"))  # queued behind it
        await asyncio.sleep(0.05)
        queued.cancel()
    finally:
        other.execute("ROLLBACK")
        other.close()
    await asyncio.wait_for(waiting, 5)
    with pytest.raises(asyncio.CancelledError):
        await queued
    await own_game(db, 3)  # a later write goes through the writer after the cancelled one
    assert len((await db.get_game(first.id)).guesses) == 1
    assert (await db.get_game(second.id)).guesses == ()


async def test_a_whole_batch_waiting_for_the_lock_saves_nothing_or_everything(
    db_path: Path, monkeypatch
):
    """Guesses that end games and new games, handed in together while another process holds
    the write lock: their statements run in one call in the writer thread, which waits for
    the lock (the busy timeout); if it never comes, nothing of the batch is saved, and once it
    is free, all is."""
    monkeypatch.setattr(database_module, "BUSY_TIMEOUT", 0.2)
    async with await SqliteStore.open(db_path) as db:
        games = [await own_game(db, p, channel_id=p) for p in (1, 2)]
        other = hold_write_lock(db_path)
        try:
            results = await asyncio.gather(
                guess(db, games[0], "crane"),
                guess(db, games[1], "slate"),
                own_game(db, 3, channel_id=3),
                return_exceptions=True,
            )
        finally:
            other.execute("ROLLBACK")
            other.close()
        assert all(isinstance(r, StorageUnavailable) and "nothing was saved" in str(r)
                   for r in results)
        assert [(await db.get_game(g.id)).guesses for g in games] == [(), ()]
        assert await db.active_own_game(games[0].guild_id, 3, 3) is None
        assert (await db.stats(games[0].guild_id, 1, "practice")).played == 0
        # The lock released while the batch waits for it: all saved, once.
        other = hold_write_lock(db_path)
        loop = asyncio.get_running_loop()
        loop.call_later(0.05, lambda: (other.execute("ROLLBACK"), other.close()))
        won, played, started = await asyncio.gather(
            guess(db, games[0], "crane"),
            guess(db, games[1], "slate"),
            own_game(db, 3, channel_id=3),
        )
        assert won.status == "won" and len(played.guesses) == 1 and started.owner_id == 3
        assert (await db.stats(games[0].guild_id, 1, "practice")).played == 1
