"""The PostgreSQL store implements the storage port exactly, as the SQLite store does."""

from __future__ import annotations

from bot.storage import Store
from bot.storage.postgres import PostgresStore, latest_version
from tests.storage.test_port import same_calls


async def test_postgres_store_has_every_port_call_with_the_same_parameters(
        pg_store: PostgresStore) -> None:
    same_calls(pg_store)


async def test_an_open_postgres_store_is_a_store(pg_store: PostgresStore) -> None:
    store: Store = pg_store  # mypy checks the types; this checks it at run time too
    assert await store.get_game(1) is None
    assert pg_store.schema_version == latest_version()
