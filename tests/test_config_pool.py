"""``DATABASE_POOL_SIZE``: read and checked by the settings, and handed to the PostgreSQL store."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.__main__ import open_database
from bot.config import DEFAULT_POOL_SIZE, Config, ConfigError
from bot.storage.postgres import PostgresStore

PG = {"DATABASE_URL": "postgresql://wordle:secret@db.internal/wordle"}


def test_pool_size_defaults_to_ten_and_is_read():
    assert Config.from_env(environ=PG).pool_size == DEFAULT_POOL_SIZE == 10
    for value, size in [("2", 2), ("25", 25), (" 100 ", 100), ("", DEFAULT_POOL_SIZE)]:
        assert Config.from_env(environ={**PG, "DATABASE_POOL_SIZE": value}).pool_size == size


@pytest.mark.parametrize("value", ["0", "1", "101", "-3", "ten", "1.5", "１０", "²"])
def test_a_bad_pool_size_is_one_clear_line(value):
    with pytest.raises(ConfigError) as caught:
        Config.from_env(environ={**PG, "DATABASE_POOL_SIZE": value})
    message = str(caught.value)
    assert message.startswith("DATABASE_POOL_SIZE must be a number of connections from 2 to "
                              "100, not ")
    assert "\n" not in message and "secret" not in message


@pytest.mark.parametrize("env", [{}, {"DATABASE_URL": "sqlite:///data/x.sqlite3"}])
def test_a_pool_size_with_sqlite_is_refused(env):
    with pytest.raises(ConfigError, match="DATABASE_POOL_SIZE is for PostgreSQL"):
        Config.from_env(environ={**env, "DATABASE_POOL_SIZE": "5"})


def test_the_pool_size_reaches_the_postgres_store(monkeypatch):
    asked: list[int] = []

    async def fake_open(dsn: str, *, pool_size: int = 10, **_: object) -> str:
        asked.append(pool_size)
        return "store"

    monkeypatch.setattr(PostgresStore, "open", fake_open)
    config = Config.from_env(environ={**PG, "DATABASE_POOL_SIZE": "4"})
    assert asyncio.run(open_database(config)) == "store"
    assert asyncio.run(open_database(Config.from_env(environ=PG))) == "store"
    assert asked == [4, DEFAULT_POOL_SIZE]


def test_play_db_on_sqlite_ignores_the_postgres_pool_size(tmp_path: Path):
    # `play --db FILE` with PostgreSQL settings: the pool size was valid for them, and the
    # SQLite file opens as usual.
    config = Config.from_env(environ={**PG, "DATABASE_POOL_SIZE": "4"})

    async def opened() -> int:
        from dataclasses import replace

        store = await open_database(replace(config, postgres_url=None,
                                            db_path=tmp_path / "play.sqlite3"))
        try:
            return store.schema_version
        finally:
            await store.close()

    assert asyncio.run(opened()) >= 1


def test_the_running_bot_opens_its_store_with_the_pool_size(monkeypatch):
    # The bot's own start (bot.app._run), not only the terminal commands' open_database.
    import bot.app

    asked: list[int] = []

    class Stop(Exception):
        pass

    async def fake_open(dsn: str, *, pool_size: int = 10, **_: object) -> str:
        asked.append(pool_size)
        raise Stop

    monkeypatch.setattr(PostgresStore, "open", fake_open)
    config = Config.from_env(environ={**PG, "DATABASE_POOL_SIZE": "4"})
    with pytest.raises(Stop):
        asyncio.run(bot.app._run(config, None, sync_global=False))  # type: ignore[arg-type]
    assert asked == [4]
