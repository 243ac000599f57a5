"""The SQLite store implements the storage port exactly (what the service may call)."""

from __future__ import annotations

import inspect
import subprocess
import sys
from pathlib import Path

import pytest

from bot.storage import SqliteStore, Store


def _port_methods() -> dict[str, inspect.Signature]:
    return {
        name: inspect.signature(member)
        for name, member in vars(Store).items()
        if callable(member) and (not name.startswith("_") or name in ("__aenter__", "__aexit__"))
    }


def test_the_port_lists_the_calls_the_service_makes() -> None:
    assert {
        "close",
        "create_game",
        "get_game",
        "active_own_game",
        "active_channel_game",
        "daily_game",
        "last_finished_game",
        "record_guess",
        "record_ending_guess",
        "give_up",
        "record_hint",
        "move_game",
        "hints_for_game",
        "stats",
        "leaderboard",
        "guild_settings",
        "update_guild_settings",
        "daily_results",
        "daily_post",
        "set_daily_post",
        "set_daily_post_shown",
        "daily_posts_behind",
        "daily_posts_to_redo",
        "daily_post_redone",
        "server_streak",
        "forget_player",
    } <= set(_port_methods())


def same_calls(store: object) -> None:
    """Every call of the port is a coroutine method of ``store`` (a part's, bound) with the
    port's parameters."""
    for name, wanted in _port_methods().items():
        method = getattr(store, name)
        assert inspect.iscoroutinefunction(method), name
        got = list(inspect.signature(method).parameters.values())
        assert [(p.name, p.kind, p.default) for p in got] == [
            (p.name, p.kind, p.default) for p in list(wanted.parameters.values())[1:]
        ], name


@pytest.mark.sqlite_only("the SQLite store (PostgreSQL's: tests/postgres/test_port.py)")
async def test_sqlite_store_has_every_port_call_with_the_same_parameters(db: SqliteStore) -> None:
    same_calls(db)


@pytest.mark.sqlite_only("the SQLite store's class (PostgreSQL's: tests/postgres/test_port.py)")
async def test_an_open_sqlite_store_is_a_store(db: SqliteStore) -> None:
    store: Store = db  # mypy checks the types; this checks it at run time too
    assert isinstance(store, SqliteStore)
    assert await store.get_game(1) is None


def test_the_service_and_the_port_load_no_sqlite() -> None:
    code = (
        "import sys, bot.storage, bot.storage.port, bot.service\n"
        "loaded = [m for m in ('sqlite3', 'aiosqlite', 'bot.storage.sqlite') if m in sys.modules]\n"
        "assert not loaded, loaded\n"
        "from bot.storage import SqliteStore\n"
        "assert 'bot.storage.sqlite' in sys.modules and SqliteStore.__name__ == 'SqliteStore'\n"
    )
    root = Path(__file__).resolve().parents[2]
    result = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stderr
