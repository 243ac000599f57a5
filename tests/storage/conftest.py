"""Fixtures for the storage tests: every test gets a real SQLite file in its own tmp dir."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.storage import Database

from .helpers import Clock


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "wordle.sqlite3"


@pytest.fixture
async def db(db_path: Path) -> AsyncIterator[Database]:
    database = await Database.open(db_path)
    try:
        yield database
    finally:
        await database.close()


@pytest.fixture
def clock() -> Clock:
    return Clock(datetime(2026, 3, 1, 12, 0, tzinfo=UTC), step=timedelta(seconds=1))
