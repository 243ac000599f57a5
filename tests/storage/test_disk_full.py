"""A nearly full disk (issue 10, item 7): writes fail with StorageFull while there is no room,
say so once in the log, and work again by themselves (no restart) once there is room."""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.storage import SqliteStore, StorageFull

from .helpers import own_game

pytestmark = pytest.mark.sqlite_only(
    "a full disk under the SQLite file, on a small tmpfs (PostgreSQL's disk is the server's)"
)

SIZE_MB = 2


def _run(*command: str) -> bool:
    try:
        return subprocess.run(command, capture_output=True, timeout=30).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A folder on a file system of SIZE_MB MiB: a tmpfs, else a loop-mounted file."""
    mount = tmp_path / "small"
    mount.mkdir()
    if os.name != "posix" or os.geteuid() != 0:
        pytest.skip("mounting a small file system needs root")
    if not _run("mount", "-t", "tmpfs", "-o", f"size={SIZE_MB}m", "tmpfs", str(mount)):
        image = tmp_path / "disk.img"
        with image.open("wb") as f:
            f.truncate(SIZE_MB * 1024 * 1024)
        if not (
            shutil.which("mkfs.ext2")
            and _run("mkfs.ext2", "-q", "-F", str(image))
            and _run("mount", "-o", "loop", str(image), str(mount))
        ):
            pytest.skip("neither a tmpfs nor a loop file system can be mounted here")
    try:
        yield mount
    finally:
        _run("umount", "-l", str(mount))


def fill(folder: Path, leave: int) -> Path:
    """Write a filler file until at most ``leave`` bytes are free."""
    filler = folder / "filler"
    with filler.open("wb") as f, contextlib.suppress(OSError):
        while shutil.disk_usage(folder).free > leave:
            f.write(b"\0" * min(65536, max(4096, shutil.disk_usage(folder).free - leave)))
            f.flush()
    return filler


def empty_the_wal(path: Path) -> None:
    conn = sqlite3.connect(path)
    try:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()


async def change_settings(db: SqliteStore, n: int) -> None:
    await db.update_guild_settings(1, results_channel_id=n)


async def test_writes_fail_while_the_disk_is_full_and_work_again_after(
    small_disk: Path, caplog: pytest.LogCaptureFixture
) -> None:
    db = await SqliteStore.open(small_disk / "wordle.sqlite3")
    try:
        await change_settings(db, 1)
        empty_the_wal(small_disk / "wordle.sqlite3")  # so no checkpoint can make room
        filler = fill(small_disk, leave=0)
        caplog.set_level(logging.WARNING)
        failures = 0
        for n in range(50):  # a page or more per commit: the WAL cannot grow
            try:
                await own_game(db, 1000 + n)
            except StorageFull:
                failures += 1
        assert failures == 50
        full = [r for r in caplog.records if "database disk is full" in r.getMessage()]
        assert len(full) == 1 and full[0].levelno == logging.WARNING
        assert (await db.guild_settings(1)).results_channel_id == 1  # reads still work

        filler.unlink()
        game = await own_game(db, 1)  # no restart
        assert (await db.get_game(game.id)) == game
        await change_settings(db, 2)
        assert (await db.guild_settings(1)).results_channel_id == 2
    finally:
        await db.close()


async def test_a_wal_that_fills_the_disk_is_checkpointed_and_writing_goes_on(
    small_disk: Path,
) -> None:
    """Only the WAL fills the disk (the same few pages written again and again): a checkpoint
    then frees its room, so no write fails for long."""
    db = await SqliteStore.open(small_disk / "wordle.sqlite3")
    try:
        await change_settings(db, 0)
        fill(small_disk, leave=512 * 1024)
        for n in range(1, 400):  # well past what the free room holds as WAL frames
            await change_settings(db, n)
        assert (await db.guild_settings(1)).results_channel_id == 399
    finally:
        await db.close()
