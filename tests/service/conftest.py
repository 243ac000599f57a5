"""Fixtures for the service tests: like tests/storage, a test whose service or store (``db``,
``service``, ``place``) reaches the storage runs on every backend, ``test_x[sqlite]`` and
``test_x[postgres]``; ``@pytest.mark.sqlite_only("why")`` keeps one on SQLite alone."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.service import GameService
from bot.storage import Store
from tests.pg import StorePlace, parametrize_backends, register_marker, store_place
from tests.support import Picker


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
def picker() -> Picker:
    return Picker()


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
def make_service(words, clock, picker):
    def make(database: Store) -> GameService:
        return GameService(database, words, daily_salt="test-salt", clock=clock, choose=picker)

    return make


@pytest.fixture
def service(db, make_service) -> GameService:
    return make_service(db)
