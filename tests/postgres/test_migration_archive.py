"""Migration 0006_archive on PostgreSQL: the CHECKs naming the kinds (and the statistics mode),
made without names in 0001 and 0003, are replaced by named ones that allow the archive. A
version-5 database full of data migrates with nothing lost, and the new CHECKs hold."""

from __future__ import annotations

import asyncpg
import pytest

from bot.storage import GameExists
from bot.storage.postgres import PostgresStore
from bot.storage.postgres.schema import migrate

T0, T1 = "2026-01-05T10:00:00Z", "2026-01-05T10:01:00Z"
TABLES = ("games", "guesses", "hints", "player_stats", "played_dailies")

FILL = f"""
INSERT INTO games (guild_id, channel_id, owner_id, scope, kind, puzzle_number, answer,
    hard_mode, status, setter_id, solved_by, created_at, finished_at, setter_mark) VALUES
    (5, 6, 7, 'own', 'daily', 300, 'crane', true, 'won', NULL, 7, '{T0}', '{T1}', NULL),
    (5, 6, NULL, 'channel', 'custom', NULL, 'zesty', false, 'active', 9, NULL, '{T0}', NULL,
        NULL),
    (5, 8, NULL, 'channel', 'custom', NULL, 'lemon', false, 'given_up', NULL, NULL, '{T0}',
        '{T1}', 'mark-of-a-forgotten-setter'),
    (5, 6, 7, 'own', 'random', NULL, 'slate', false, 'lost', NULL, NULL, '{T0}', '{T1}', NULL);
INSERT INTO guesses (game_id, attempt, player_id, word, feedback, created_at) VALUES
    (1, 1, 7, 'slate', 'BBGBG', '{T0}'), (1, 2, 7, 'crane', 'GGGGG', '{T1}'),
    (2, 1, 8, 'slate', 'BYBYY', '{T0}'), (2, 2, NULL, 'pious', 'BBBBB', '{T1}');
INSERT INTO hints (game_id, player_id, kind, value, created_at) VALUES
    (2, 8, 'letter', 'z', '{T1}'), (1, 7, 'word', 'crane', '{T0}');
INSERT INTO player_stats (guild_id, player_id, mode, played, wins, dist_2, current_streak,
    max_streak, last_win_day, last_played_day) VALUES
    (5, 7, 'daily', 1, 1, 1, 1, 1, 300, 300), (5, 8, 'channel', 1, 0, 0, 0, 0, NULL, NULL);
INSERT INTO played_dailies VALUES (5, 299, 'a-mark');
"""


async def snapshot(conn: asyncpg.Connection) -> dict[str, list[tuple]]:
    return {t: sorted((tuple(r) for r in await conn.fetch(f"SELECT * FROM {t}")), key=repr)
            for t in TABLES}


async def checks(conn: asyncpg.Connection, table: str) -> dict[str, str]:
    rows = await conn.fetch(
        "SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint "
        "WHERE conrelid = $1::regclass AND contype = 'c'", table)
    return {r[0]: r[1] for r in rows}


async def test_nothing_is_lost_and_the_new_checks_hold(pg_dsn):
    conn = await asyncpg.connect(pg_dsn, server_settings={"timezone": "UTC"})
    try:
        assert await migrate(conn, pg_dsn, target=5) == 5
        await conn.execute(FILL)
        before = await snapshot(conn)
        games_checks = await checks(conn, "games")
        assert await migrate(conn, pg_dsn, target=6) == 6
        assert await snapshot(conn) == before

        after = await checks(conn, "games")
        assert {"games_kind_check", "games_puzzle_number_check", "games_puzzle_own_check",
                "games_setter_mark_check"} <= set(after)
        # Only the CHECKs naming the kinds were replaced; the others are as they were.
        kept = {n: d for n, d in games_checks.items() if "kind" not in d}
        assert kept and all(after.get(n) == d for n, d in kept.items())
        assert sum("kind" in d for d in after.values()) == 4
        assert "player_stats_mode_check" in await checks(conn, "player_stats")

        new = ("INSERT INTO games (guild_id, channel_id, owner_id, scope, kind, puzzle_number, "
               f"answer, hard_mode, created_at) VALUES (5, 6, $1, $2, $3, $4, 'crane', false, "
               f"'{T0}')")
        await conn.execute(new, 7, "own", "archive", 120)
        for values, error in [
            ((7, "own", "archive", None), asyncpg.CheckViolationError),
            ((None, "channel", "archive", 121), asyncpg.CheckViolationError),
            ((7, "own", "random", 122), asyncpg.CheckViolationError),
            ((7, "own", "weekly", 123), asyncpg.CheckViolationError),
            ((7, "own", "archive", 120), asyncpg.UniqueViolationError),
        ]:
            with pytest.raises(error):
                await conn.execute(new, *values)
        await conn.execute(
            "INSERT INTO player_stats (guild_id, player_id, mode) VALUES (5, 7, 'archive')")
        with pytest.raises(asyncpg.CheckViolationError):
            await conn.execute(
                "INSERT INTO player_stats (guild_id, player_id, mode) VALUES (5, 7, 'weekly')")
        with pytest.raises(asyncpg.CheckViolationError):
            await conn.execute("UPDATE games SET setter_mark = 'x' WHERE id = 1")
        indexes = {r[0] for r in await conn.fetch(
            "SELECT indexname FROM pg_indexes WHERE tablename = 'games'")}
        assert {"games_one_archive", "games_guild_finished", "games_one_daily"} <= indexes
    finally:
        await conn.close()

    async with await PostgresStore.open(pg_dsn) as store:
        first = await store.create_game(guild_id=5, channel_id=8, owner_id=7, scope="own",
                                        kind="archive", answer="melon", hard_mode=False,
                                        puzzle_number=250)
        assert await store.archive_game(5, 7, 250) == first
        with pytest.raises(GameExists) as exists:
            await store.create_game(guild_id=5, channel_id=9, owner_id=7, scope="own",
                                    kind="archive", answer="melon", hard_mode=False,
                                    puzzle_number=250)
        assert exists.value.existing.id == first.id
