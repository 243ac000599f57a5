"""The WAL is checkpointed into the database file while running, and on close."""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
from pathlib import Path

import pytest

from bot.storage import Database

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


async def test_wal_is_checkpointed_while_running(db: Database, db_path: Path, tmp_path: Path):
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
    db = await Database.open(db_path)
    game = await own_game(db, 1)
    await guess(db, game, "slate")
    assert Path(f"{db_path}-wal").exists()
    await db.close()
    assert not Path(f"{db_path}-wal").exists()
    assert rows_in_main_file(db_path, tmp_path) == 1
