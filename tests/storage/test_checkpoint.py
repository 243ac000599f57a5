"""The WAL is checkpointed into the database file while running, and on close."""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
from pathlib import Path

import pytest

from bot.storage import SqliteStore

from .helpers import WRONG, guess, own_game

pytestmark = pytest.mark.sqlite_only("the WAL file and its checkpoints are SQLite's own")


def rows_in_main_file(db_path: Path, tmp_path: Path) -> int:
    """Guesses present in the database file itself, ignoring what is only in the WAL."""
    copy = tmp_path / "copy.sqlite3"
    shutil.copyfile(db_path, copy)
    conn = sqlite3.connect(copy)
    try:
        return conn.execute("SELECT count(*) FROM guesses").fetchone()[0]
    except sqlite3.DatabaseError:
        return -1  # copied in the middle of a checkpoint: try again
    finally:
        conn.close()
        copy.unlink()


async def test_wal_is_checkpointed_while_running(db: SqliteStore, db_path: Path, tmp_path: Path):
    written = 0
    for player in range(100):
        game = await own_game(db, player)
        for word in WRONG[:3]:
            game = await guess(db, game, word)
            written += 1
    # No automatic checkpoint at commit time; the worker thread must have run one.
    for _ in range(100):
        if rows_in_main_file(db_path, tmp_path) >= written // 2:
            break
        await asyncio.sleep(0.05)
    else:
        raise AssertionError("nothing was checkpointed into the database file")


async def test_close_checkpoints_and_removes_the_wal(db_path: Path, tmp_path: Path):
    db = await SqliteStore.open(db_path)
    game = await own_game(db, 1)
    await guess(db, game, "slate")
    assert Path(f"{db_path}-wal").exists()
    await db.close()
    assert not Path(f"{db_path}-wal").exists()
    assert rows_in_main_file(db_path, tmp_path) == 1


async def test_the_wal_is_cut_back_after_a_busy_moment(db_path: Path, monkeypatch):
    # The WAL grows while checkpoints lag behind; once one has emptied it, it is cut back
    # to the limit instead of keeping its largest size for as long as the bot runs.
    import bot.storage.sqlite.schema as schema

    monkeypatch.setattr(schema, "WAL_SIZE_LIMIT", 64 * 1024)
    db = await SqliteStore.open(db_path)
    wal = Path(f"{db_path}-wal")
    try:
        biggest = 0
        for player in range(150):
            game = await own_game(db, player)
            for word in WRONG[:3]:
                game = await guess(db, game, word)
            biggest = max(biggest, wal.stat().st_size)
        assert biggest > 64 * 1024
        for _ in range(100):  # more writes after the checkpoints: the WAL restarts, cut back
            game = await guess(db, await own_game(db, 10_000 + _), WRONG[0])
            if wal.stat().st_size <= 64 * 1024:
                break
            await asyncio.sleep(0.02)
        assert wal.stat().st_size <= 64 * 1024
    finally:
        await db.close()
