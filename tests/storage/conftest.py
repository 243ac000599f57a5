"""Fixtures for the storage tests: one contract suite, run on every backend.

A test asking for ``db`` (a store) or ``place`` (where its data lives) runs once per backend,
``test_x[sqlite]`` on a real SQLite file in its own tmp dir and ``test_x[postgres]`` on an empty
database of the throwaway PostgreSQL (tests/pg.py: skipped with the reason without server
binaries, failed with WORDLE_REQUIRE_PG=1). Tests about SQLite itself are marked
``@pytest.mark.sqlite_only("why")`` and may ask for ``db_path``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.storage import Store
from tests.pg import StorePlace, parametrize_backends, register_marker, store_place

from .helpers import Clock


def pytest_configure(config: pytest.Config) -> None:
    register_marker(config)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    parametrize_backends(metafunc)


@pytest.fixture
def backend() -> str:
    """``sqlite`` or ``postgres``: set for each test by :func:`pytest_generate_tests`."""
    return "sqlite"


@pytest.fixture
def place(backend: str, request: pytest.FixtureRequest, tmp_path: Path) -> StorePlace:
    return store_place(backend, request, tmp_path)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """The SQLite file of ``db`` in tests marked sqlite_only."""
    return tmp_path / "wordle.sqlite3"


@pytest.fixture
async def db(place: StorePlace) -> AsyncIterator[Any]:
    database: Store = await place.open()
    try:
        yield database
    finally:
        await database.close()


@pytest.fixture
def clock() -> Clock:
    return Clock(datetime(2026, 3, 1, 12, 0, tzinfo=UTC), step=timedelta(seconds=1))
