"""Fixtures for the PostgreSQL tests: ``pg_store`` (and, for the storage tests re-run here,
``db``) is a :class:`PostgresStore` on a fresh database of the throwaway cluster."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import pytest

from bot.storage.postgres import PostgresStore
from tests.storage.helpers import Clock


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


@pytest.fixture
def clock() -> Clock:
    return Clock(datetime(2026, 3, 1, 12, 0, tzinfo=UTC), step=timedelta(seconds=1))
