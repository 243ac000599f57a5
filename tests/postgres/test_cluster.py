"""The throwaway PostgreSQL itself: each test gets its own empty database on 127.0.0.1."""

from __future__ import annotations

import asyncpg

from tests.pg import PgCluster


async def test_each_test_gets_a_fresh_empty_database(pg_dsn: str, pg_cluster: PgCluster):
    conn = await asyncpg.connect(pg_dsn)
    try:
        tables = await conn.fetchval("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")
        assert tables == 0
        await conn.execute("CREATE TABLE scratch (x int)")
        name = await conn.fetchval("SELECT current_database()")
        assert name.startswith("wordle_test_")
        assert await conn.fetchval("SHOW server_version_num") >= "130000"
    finally:
        await conn.close()
    assert pg_cluster.host == "127.0.0.1" or pg_cluster.folder is None


async def test_databases_are_not_shared(pg_dsn: str):
    conn = await asyncpg.connect(pg_dsn)
    try:
        assert await conn.fetchval("SELECT to_regclass('scratch')") is None
    finally:
        await conn.close()


def test_missing_server_skips_or_fails_when_required(monkeypatch):
    import pytest

    from tests.pg import ENV_REQUIRE, _unavailable

    monkeypatch.delenv(ENV_REQUIRE, raising=False)
    with pytest.raises(pytest.skip.Exception, match="no PostgreSQL: gone"):
        _unavailable("gone")
    monkeypatch.setenv(ENV_REQUIRE, "1")
    with pytest.raises(pytest.fail.Exception, match="required"):
        _unavailable("gone")
