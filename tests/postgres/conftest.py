"""Fixtures for the PostgreSQL-only tests: ``pg_store`` is a :class:`PostgresStore` on a fresh
database of the throwaway cluster (tests/pg.py). The storage and service suites run on
PostgreSQL themselves, each test on both backends (tests/storage/conftest.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.storage.postgres import PostgresStore
from tests.pg import register_marker


def pytest_configure(config: pytest.Config) -> None:
    # test_race.py here imports tests/storage/test_race.py, whose tests carry the mark,
    # before tests/storage/conftest.py registers it.
    register_marker(config)


@pytest.fixture
async def pg_store(pg_dsn: str) -> AsyncIterator[PostgresStore]:
    store = await PostgresStore.open(pg_dsn, pool_size=4)
    try:
        yield store
    finally:
        await store.close()
