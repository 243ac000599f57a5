"""A nearly full disk (issue 10, item 7; issue 28, item 3): writes fail with StorageFull while
there is no room, say so once in the log, and work again by themselves (no restart) once there
is room; the WAL never keeps the room the database needs, and a restart on a full disk starts."""

from __future__ import annotations

import contextlib
import io
import logging
import os
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.core.words import WordLists
from bot.service import GameService, Kind
from bot.storage import SqliteStore, StorageFull
from bot.storage.sqlite import room
from bot.terminal import TerminalGame

from .helpers import own_game

pytestmark = pytest.mark.sqlite_only(
    "a full disk under the SQLite file, on a small tmpfs (PostgreSQL's disk is the server's)"
)

SIZE_MB = 4
#: The reserve beside the database at its real size (tests/conftest.py).
REAL_SQLITE_RESERVE = True


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


def database_bytes(path: Path) -> int:
    return path.stat().st_size


async def test_the_room_left_goes_to_the_database_not_the_wal(small_disk: Path) -> None:
    """With little room left, games are saved until the database file itself fills it: the
    WAL is checkpointed into the file, not left to take the room and then be stuck, unable
    to grow the file to be checkpointed (issue 28: 80 games in 1 MiB, then full for good)."""
    path = small_disk / "wordle.sqlite3"
    db = await SqliteStore.open(path)
    try:
        start = database_bytes(path)
        fill(small_disk, leave=1024 * 1024)
        saved = []
        while True:
            try:
                saved.append(await own_game(db, len(saved)))
            except StorageFull:
                break
        # Most of the room became database pages (with the reserve, the WAL is emptied into
        # the file whenever it fills the disk).
        assert database_bytes(path) - start > 768 * 1024, len(saved)
        assert (await db.get_game(saved[-1].id)) == saved[-1]
    finally:
        await db.close()


async def test_a_restart_on_a_full_disk_opens_reads_and_writes_once_there_is_room(
    small_disk: Path, words: WordLists,
) -> None:
    path = small_disk / "wordle.sqlite3"
    db = await SqliteStore.open(path)
    game = await own_game(db, 1)
    await db.close()  # a clean stop removes the WAL and its index: both must be made again
    reserve = Path(room.reserve_path(str(path)))
    assert reserve.stat().st_size == room.RESERVE_BYTES
    filler = fill(small_disk, leave=0)

    db = await SqliteStore.open(path)  # the reserve gives the room to open the file
    try:
        assert (await db.get_game(game.id)) == game
        with pytest.raises(StorageFull):  # no room to keep a reserve: nothing is written
            await own_game(db, 2)
        # A player is told so.
        out = io.StringIO()
        played = TerminalGame(GameService(db, words, daily_salt="salt"), color=False,
                              stdin=io.StringIO("crane\n"), stdout=out)
        await played.run(kind=Kind.RANDOM, hard_mode=False, word=None)
        assert "The bot's disk is full; nothing was saved. Try again later." in out.getvalue()
        filler.unlink()
        later = await own_game(db, 2)  # no restart
        assert (await db.get_game(later.id)) == later
        assert reserve.stat().st_size == room.RESERVE_BYTES
    finally:
        await db.close()
