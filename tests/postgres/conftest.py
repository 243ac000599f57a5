"""Fixtures for the PostgreSQL tests: ``pg_store`` (and ``db``, the store the storage and
service suites re-run here use) is a :class:`PostgresStore` on a fresh database of the
throwaway cluster (tests/pg.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.storage import Store
from bot.storage.postgres import PostgresStore
from bot.storage.sqlite import SqliteStore


@pytest.fixture
async def pg_store(pg_dsn: str) -> AsyncIterator[PostgresStore]:
    store = await PostgresStore.open(pg_dsn, pool_size=4)
    try:
        yield store
    finally:
        await store.close()


@pytest.fixture
def db(pg_store: PostgresStore) -> PostgresStore:
    """The storage suite's ``db``, on PostgreSQL (see test_contract.py)."""
    return pg_store


@pytest.fixture(params=["sqlite", "postgres"])
async def store(request: pytest.FixtureRequest, tmp_path) -> AsyncIterator[Store]:
    """Each backend in turn: the fixture a merged contract suite would use in place of
    ``db`` (tests/storage/conftest.py), with SQLite-only tests marked to skip PostgreSQL."""
    opened: Store
    if request.param == "sqlite":
        opened = await SqliteStore.open(tmp_path / "wordle.sqlite3")
    else:
        opened = await PostgresStore.open(request.getfixturevalue("pg_dsn"), pool_size=4)
    try:
        yield opened
    finally:
        await opened.close()
