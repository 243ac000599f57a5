"""The statements that end games and count statistics find their rows through an index,
whatever the planner thinks of the table's size.

The store runs every statement with a generic plan (``plan_cache_mode``), and a join of a
table to ``unnest`` of the keys says nothing about how few rows are wanted: while a table had
up to a few thousand rows (a new bot's, and the benchmark's), the planner chose to read all of
it and hash it, for every game that ended (``Seq Scan on games``, ``on player_stats``); only
on larger tables did its costs favour the index. Each statement now also names its keys with
``= ANY``, so an index is the plan at every size. With the old statements, the first three
tests here fail; the last holds the figures read with a game's end to the same rule (it fails
without its ``= ANY``).
"""

from __future__ import annotations

from typing import Any

import asyncpg
import pytest

from bot.storage.postgres import PostgresStore, writes

GAMES = 1_500


async def _fill(conn: Any) -> None:
    """Finished dailies and practice games of one server, and their players' statistics."""
    await conn.execute(
        "INSERT INTO games (guild_id, channel_id, owner_id, scope, kind, puzzle_number, answer, "
        "hard_mode, status, created_at, finished_at) "
        "SELECT 1, 2, 100 + n % 500, 'own', CASE WHEN n % 2 = 0 THEN 'daily' ELSE 'random' END, "
        "CASE WHEN n % 2 = 0 THEN n END, 'crane', false, "
        "CASE WHEN n < $1 - 20 THEN 'lost' ELSE 'active' END, now(), "
        "CASE WHEN n < $1 - 20 THEN now() END FROM generate_series(0, $1 - 1) AS n",
        GAMES,
    )
    await conn.execute(
        "INSERT INTO player_stats (guild_id, player_id, mode, played) "
        "SELECT 1, p, m, 1 FROM generate_series(100, 599) AS p, "
        "unnest(ARRAY['daily', 'practice', 'channel']) AS m"
    )
    await conn.execute("ANALYZE")


def _array(values: list[Any], kind: str) -> str:
    return "ARRAY[" + ", ".join("NULL" if v is None else repr(v) for v in values) + f"]::{kind}[]"


async def _generic_plan(conn: Any, sql: str, args: list[str]) -> str:
    await conn.execute("SET plan_cache_mode = force_generic_plan")
    await conn.execute(f"PREPARE probe AS {sql}")
    try:
        found = await conn.fetch(f"EXPLAIN EXECUTE probe({', '.join(args)})")
    finally:
        await conn.execute("DEALLOCATE probe")
    return "\n".join(row[0] for row in found)


@pytest.fixture
async def filled(pg_dsn: str) -> Any:
    await (await PostgresStore.open(pg_dsn, pool_size=1)).close()  # the schema, migrated
    conn = await asyncpg.connect(pg_dsn)
    try:
        await _fill(conn)
        yield conn
    finally:
        await conn.close()


async def test_ending_games_reads_only_their_rows(filled: Any) -> None:
    ids = [GAMES - 1, GAMES - 2]
    plan = await _generic_plan(filled, writes._END_GAMES, [
        _array(ids, "bigint"), _array(["lost", "lost"], "text"),
        "ARRAY[now(), now()]", _array([None, None], "bigint"),
    ])
    assert "Seq Scan on games" not in plan, plan
    assert "games_pkey" in plan, plan


async def test_counting_statistics_reads_only_their_rows(filled: Any) -> None:
    keys = [_array([1, 1], "bigint"), _array([100, 101], "bigint"),
            _array(["daily", "practice"], "text")]
    counters = [_array([1, 1], "integer")] * 12
    plan = await _generic_plan(filled, writes._UPDATE_STATS, keys + counters)
    assert "Seq Scan on player_stats" not in plan, plan


async def test_reading_daily_streaks_reads_only_the_players_games(filled: Any) -> None:
    keys = [_array([1, 1], "bigint"), _array([100, 101], "bigint")]
    history = await _generic_plan(filled, writes._DAILY_HISTORY, keys)
    assert "Seq Scan on games" not in history, history
    # only the players' rows: a scan of the server's or of every daily is not that
    assert "games_owner" in history or "games_one_daily" in history, history


async def test_reading_the_ends_figures_reads_only_their_rows(filled: Any) -> None:
    """``record_ending_guess``'s figures: the players' statistics rows and the games' hints
    (a few per finished game here)."""
    await filled.execute(
        "INSERT INTO hints (game_id, player_id, kind, value, created_at) "
        "SELECT id, owner_id, 'letter', 'e', now() FROM games, generate_series(1, 3)")
    await filled.execute("ANALYZE hints")
    plan = await _generic_plan(filled, writes._FIGURES, [
        _array([GAMES - 1, GAMES - 2], "bigint"), _array([1, 1], "bigint"),
        _array([100, 101], "bigint"), _array(["daily", "practice"], "text"),
    ])
    assert "Seq Scan on player_stats" not in plan, plan
    assert "Seq Scan on hints" not in plan, plan
