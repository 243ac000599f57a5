"""A database file replaced while the store runs (issue 28, item 12): the store notices before
it acknowledges another write, and refuses reads and writes until a restart, which opens the
file now there. Nothing is written to either file after that."""

from __future__ import annotations

import logging
import os
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.storage import SqliteStore, StorageUnavailable
from bot.storage.sqlite.integrity import FileReplaced

from .helpers import WRONG, guess, own_game

pytestmark = pytest.mark.sqlite_only("the SQLite file's identity on disk")


def backup(path: Path, to: Path) -> None:
    """A copy made with SQLite's backup, as docs/operations.md says."""
    source, target = sqlite3.connect(path), sqlite3.connect(to)
    try:
        source.backup(target)
    finally:
        source.close()
        target.close()


async def test_a_file_moved_over_the_database_is_noticed_before_the_next_write(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path, copy = tmp_path / "wordle.sqlite3", tmp_path / "backup.sqlite3"
    db = await SqliteStore.open(path)
    try:
        game = await guess(db, await own_game(db, 1), WRONG[0])
        backup(path, copy)
        game = await guess(db, game, WRONG[1])  # after the backup: the restore loses it
        os.replace(copy, path)
        caplog.set_level(logging.WARNING)

        with pytest.raises(StorageUnavailable, match="replaced or removed") as refused:
            await guess(db, game, WRONG[2])
        assert isinstance(refused.value, FileReplaced)
        with pytest.raises(FileReplaced):
            await db.get_game(game.id)
        with pytest.raises(FileReplaced):
            await own_game(db, 2)
        noticed = [r for r in caplog.records if "was replaced" in r.getMessage()]
        assert [r.levelno for r in noticed] == [logging.ERROR]
    finally:
        await db.close()

    # The old file's WAL is set aside: SQLite would apply it to the backup put in its place.
    assert Path(f"{path}-wal.replaced").exists() and not Path(f"{path}-wal").exists()
    db = await SqliteStore.open(path)  # a restart opens the backup put in place
    try:
        restored = await db.get_game(game.id)
        assert restored is not None and [g.word for g in restored.guesses] == WRONG[:1]
    finally:
        await db.close()


async def test_a_removed_file_is_noticed(tmp_path: Path) -> None:
    path = tmp_path / "wordle.sqlite3"
    db = await SqliteStore.open(path)
    try:
        await own_game(db, 1)
        path.unlink()
        with pytest.raises(FileReplaced):
            await own_game(db, 2)
    finally:
        await db.close()


async def test_a_file_replaced_during_a_commit_is_not_acknowledged(tmp_path: Path) -> None:
    path, copy = tmp_path / "wordle.sqlite3", tmp_path / "backup.sqlite3"
    db = await SqliteStore.open(path)
    try:
        backup(path, copy)

        async def settings_then_replace(tx: Any) -> None:
            await tx.execute("INSERT INTO guild_settings (guild_id) VALUES ($1)", 5)
            os.replace(copy, path)  # after the check at the write lock, before the commit

        with pytest.raises(FileReplaced):
            await db._db.transaction(settings_then_replace)
    finally:
        await db.close()
