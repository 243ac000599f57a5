"""A database that cannot be opened leaves no connection thread behind (issue 10 item 11/5):
the failed connection's thread is waited for before the error is raised, so it cannot print an
"Event loop is closed" traceback after the loop is gone."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import pytest

from bot.storage import MigrationError, StorageError
from bot.storage.sqlite import SqliteStore
from bot.storage.sqlite.connection import Connection
from bot.storage.sqlite.schema import prepare_file

pytestmark = pytest.mark.sqlite_only("the SQLite connections' threads when a file cannot be opened")


def _new_threads(before: set[threading.Thread]) -> list[threading.Thread]:
    return [t for t in threading.enumerate()
            if t not in before and t.is_alive() and not t.daemon
            and not t.name.startswith("asyncio")]


@pytest.fixture
def long_switch_interval():
    """The event loop's thread keeps the GIL for long stretches, as under load: a thread left
    to stop by itself is then still running when the error arrives."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(0.5)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


@pytest.mark.usefixtures("long_switch_interval")
async def test_failed_open_waits_for_the_connection_thread(tmp_path: Path):
    folder = tmp_path / "a-folder"
    folder.mkdir()
    for _ in range(5):
        before = set(threading.enumerate())
        with pytest.raises(MigrationError, match="cannot open"):
            await prepare_file(str(folder))
        assert _new_threads(before) == []

        before = set(threading.enumerate())
        with pytest.raises(Exception, match="unable to open"):
            await Connection.open(str(folder), "reader")
        assert _new_threads(before) == []

        before = set(threading.enumerate())
        with pytest.raises(StorageError):
            await SqliteStore.open(folder)
        assert _new_threads(before) == []
