"""The PostgreSQL store implements the storage port exactly, as the SQLite store does."""

from __future__ import annotations

import inspect

from bot.storage import Store
from bot.storage.postgres import PostgresStore, latest_version


def test_postgres_store_has_every_port_call_with_the_same_parameters() -> None:
    calls = {
        name: member
        for name, member in vars(Store).items()
        if callable(member) and (not name.startswith("_") or name in ("__aenter__", "__aexit__"))
    }
    assert len(calls) >= 20
    for name, member in calls.items():
        method = getattr(PostgresStore, name)
        assert inspect.iscoroutinefunction(method), name
        wanted = inspect.signature(member).parameters.values()
        got = inspect.signature(method).parameters.values()
        assert [(p.name, p.kind, p.default) for p in got] == [
            (p.name, p.kind, p.default) for p in wanted
        ], name


async def test_an_open_postgres_store_is_a_store(pg_store: PostgresStore) -> None:
    store: Store = pg_store  # mypy checks the types; this checks it at run time too
    assert await store.get_game(1) is None
    assert pg_store.schema_version == latest_version()
