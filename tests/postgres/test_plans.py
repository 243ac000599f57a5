"""The statements of a move find their rows through an index, whatever the planner thinks of
the table's size.

The store runs every statement with a generic plan (``plan_cache_mode``): the planner does not
see the parameters' values, only that each names one key. A move reads and writes the rows of
one game and its players by key; these tests hold the statements that read more than one row
(a game's guesses, a player's finished dailies) and write the statistics to that rule, on
tables of a few thousand rows, where a scan of the whole table was once the plan.
"""

from __future__ import annotations

from typing import Any

import asyncpg
import pytest

from bot.storage import endings, games, new_games
from bot.storage.postgres import PostgresStore

GAMES = 1_500


async def _fill(conn: Any) -> None:
    """Finished dailies and practice games of one server with their guesses, their players'
    statistics, and dailies of forgotten players."""
    await conn.execute(
        "INSERT INTO games (guild_id, channel_id, owner_id, scope, kind, puzzle_number, answer, "
        "hard_mode, status, created_at, finished_at, word_length, attempts, language) "
        "SELECT 1, 2, 100 + n % 500, 'own', CASE WHEN n % 2 = 0 THEN 'daily' ELSE 'random' END, "
        "CASE WHEN n % 2 = 0 THEN n END, 'crane', false, "
        "CASE WHEN n < $1 - 20 THEN 'lost' ELSE 'active' END, now(), "
        "CASE WHEN n < $1 - 20 THEN now() END, 5, 6, 'en' FROM generate_series(0, $1 - 1) AS n",
        GAMES,
    )
    await conn.execute(
        "INSERT INTO player_stats (guild_id, player_id, mode, played) "
        "SELECT 1, p, m, 1 FROM generate_series(100, 599) AS p, "
        "unnest(ARRAY['daily', 'practice', 'channel']) AS m"
    )
    await conn.execute(
        "INSERT INTO guesses (game_id, attempt, player_id, word, feedback, created_at) "
        "SELECT id, a, owner_id, 'slate', 'BBBBB', now() FROM games, generate_series(1, 3) a"
    )
    await conn.execute(
        "INSERT INTO played_dailies (guild_id, puzzle_number, player_mark, boards) "
        "SELECT 1, n, 'mark ' || n, 1 FROM generate_series(0, $1 - 1) AS n", GAMES)
    await conn.execute("ANALYZE")


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


async def test_reading_a_game_reads_only_its_rows(filled: Any) -> None:
    plan = await _generic_plan(filled, games.SELECT_GAMES.format(where="g.id = $1"),
                               [str(GAMES - 1)])
    assert "Seq Scan on games" not in plan, plan
    assert "Seq Scan on guesses" not in plan, plan


async def test_saving_statistics_reads_only_their_row(filled: Any) -> None:
    counters = ["1"] * len(endings.STATS_COLUMN_NAMES)
    plan = await _generic_plan(filled, endings._SAVE_STATS,
                               ["1", "100", "'daily'", *counters])
    assert "Seq Scan on player_stats" not in plan, plan


@pytest.mark.parametrize(("sql", "args"), [
    (games._LOCKED, ["'{1,2,3}'"]),
    (endings._END, ["1", "'won'", "'2026-01-01'", "100"]),
    (endings._LOCK_STATS, ["'{1}'", "'{100}'", "'{daily}'"]),
    (endings._DAILY_HISTORY, ["'{1}'", "'{100,101}'"]),
    (games._HINTS, ["'{1,2}'"]),
    (new_games._IN_THE_WAY["postgres"],
     ["'[[1, 100, 4, 1]]'", "'[[1, 100, 4, 1]]'", "'[[1, 2, 100]]'", "'[[1, 2]]'"]),
    (new_games._PLAYED, ["'[[1, 4, \"a mark\", 1]]'"]),
], ids=["lock", "end", "lock statistics", "daily history", "hints", "in the way", "played"])
async def test_moves_played_together_read_only_their_rows(filled: Any, sql: str,
                                                          args: list[str]) -> None:
    plan = await _generic_plan(filled, sql, args)
    for table in ("games", "guesses", "player_stats", "played_dailies"):
        assert f"Seq Scan on {table}" not in plan, plan
