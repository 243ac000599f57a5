"""Fixtures for the PostgreSQL tests: ``pg_store`` (and ``db``, the store the storage and
service suites re-run here use) is a :class:`PostgresStore` on a fresh database of the
throwaway cluster (tests/pg.py)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.storage.postgres import PostgresStore


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
