"""PostgreSQL migrations: numbered like SQLite's, applied once however many processes start
together (advisory lock), each in one transaction, and a newer schema refused."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import asyncpg
import pytest

from bot.core.race import RaceEnd
from bot.storage import MigrationError, SchemaTooNew
from bot.storage import latest_version as sqlite_latest_version
from bot.storage.migration_files import MigrationFile, migration_files
from bot.storage.postgres import PostgresStore, schema
from bot.storage.postgres.schema import latest_version, load_migrations, migrate

ROOT = Path(__file__).resolve().parents[2]
MIGRATIONS = ROOT / "bot" / "storage" / "migrations"


async def connect(dsn: str) -> asyncpg.Connection:
    return await asyncpg.connect(dsn, server_settings={"timezone": "UTC"})


async def version_of(dsn: str) -> int:
    conn = await connect(dsn)
    try:
        return await schema.schema_version(conn)
    finally:
        await conn.close()


def list_differences(sqlite: list[str], postgres: list[str]) -> list[str]:
    """One line per migration file the two dialects do not share by number and name."""
    lines = []
    for number in range(1, max(len(sqlite), len(postgres)) + 1):
        lite = sqlite[number - 1] if number <= len(sqlite) else "(none)"
        pg = postgres[number - 1] if number <= len(postgres) else "(none)"
        if lite != pg:
            lines.append(f"migration {number:04d}: sqlite/{lite} but postgres/{pg}")
    return lines


def test_both_dialects_have_the_same_migration_list():
    """bot/storage/migrations/sqlite and .../postgres hold the same NNNN_name.sql files: the
    same numbers with the same names, every .sql file a numbered migration, and both stores at
    the same latest version."""
    lists = {}
    for dialect in ("sqlite", "postgres"):
        files = sorted(p.name for p in (MIGRATIONS / dialect).glob("*.sql"))
        loaded = [m.name for m in migration_files(dialect)]  # numbered 1, 2, ... or refused
        assert files == loaded, f"{dialect}: .sql files that are not numbered migrations"
        lists[dialect] = loaded
    assert list_differences(lists["sqlite"], lists["postgres"]) == []
    assert len(lists["sqlite"]) >= 5
    assert sqlite_latest_version() == latest_version() == len(lists["postgres"])


def test_a_differing_list_is_named_by_number():
    assert list_differences(["0001_a.sql", "0002_b.sql"], ["0001_a.sql", "0002_c.sql"]) == [
        "migration 0002: sqlite/0002_b.sql but postgres/0002_c.sql"
    ]
    assert list_differences(["0001_a.sql", "0002_b.sql"], ["0001_a.sql"]) == [
        "migration 0002: sqlite/0002_b.sql but postgres/(none)"
    ]
    assert list_differences(["0001_a.sql"], ["0001_a.sql"]) == []


async def test_concurrent_starts_apply_each_migration_exactly_once(pg_dsn, monkeypatch):
    """Four connections migrate at once: every migration ran once (each one records itself;
    without the lock the first would be run several times and fail, or rows would repeat)."""
    fake = (
        MigrationFile(
            1,
            "0001_a.sql",
            "CREATE TABLE applied (n int); SELECT pg_sleep(0.2); INSERT INTO applied VALUES (1);",
        ),
        MigrationFile(2, "0002_b.sql", "SELECT pg_sleep(0.1); INSERT INTO applied VALUES (2);"),
        MigrationFile(3, "0003_c.sql", "INSERT INTO applied VALUES (3);"),
    )
    monkeypatch.setattr(schema, "load_migrations", lambda: fake)
    conns = [await connect(pg_dsn) for _ in range(4)]
    try:
        reached = await asyncio.gather(*(migrate(c, pg_dsn) for c in conns))
        assert reached == [3, 3, 3, 3]
        assert [r[0] for r in await conns[0].fetch("SELECT n FROM applied ORDER BY n")] == [
            1,
            2,
            3,
        ]
    finally:
        for conn in conns:
            await conn.close()


async def test_four_processes_start_at_once(pg_dsn, tmp_path):
    go = tmp_path / "go"
    code = (
        "import asyncio, pathlib, sys, time\n"
        "from bot.storage.postgres import PostgresStore\n"
        "async def main():\n"
        "    while not pathlib.Path(sys.argv[2]).exists():\n"
        "        time.sleep(0.002)\n"
        "    async with await PostgresStore.open(sys.argv[1], pool_size=2) as store:\n"
        "        print(store.schema_version)\n"
        "asyncio.run(main())\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", code, pg_dsn, str(go)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        for _ in range(4)
    ]
    await asyncio.sleep(0.5)  # all four started (importing); then release them together
    go.touch()
    for proc in procs:
        out, err = await asyncio.to_thread(proc.communicate, timeout=120)
        assert proc.returncode == 0, err
        assert out.strip() == str(latest_version())
    assert await version_of(pg_dsn) == latest_version()


async def test_newer_schema_is_refused_and_left_alone(pg_dsn):
    async with await PostgresStore.open(pg_dsn) as store:
        assert store.schema_version == latest_version()
    conn = await connect(pg_dsn)
    try:
        await conn.execute("UPDATE wordle_schema SET version = 99")
        tables = await conn.fetch("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
    finally:
        await conn.close()
    secret = pg_dsn.replace("postgres@", "postgres:hunter2@")
    with pytest.raises(SchemaTooNew) as caught:
        await PostgresStore.open(secret)
    assert (caught.value.found, caught.value.known) == (99, latest_version())
    assert "hunter2" not in str(caught.value)
    assert "upgrade wordle-bot" in str(caught.value)
    conn = await connect(pg_dsn)
    try:
        assert await schema.schema_version(conn) == 99
        after = await conn.fetch("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
        assert sorted(after) == sorted(tables)
    finally:
        await conn.close()


#: The last version whose races the rows below are written for (0014 made the join window
#: required): a later start is reached by migrating the database filled at this one.
FILLED_AT = 13


@pytest.mark.parametrize("start", range(latest_version()))
async def test_upgrade_from_every_earlier_version_keeps_the_data(pg_dsn, start):
    conn = await connect(pg_dsn)
    try:
        assert await migrate(conn, pg_dsn, target=min(start, FILLED_AT)) == min(start, FILLED_AT)
        game_id = None
        if start >= 1:
            game_id = await conn.fetchval(
                "INSERT INTO games (guild_id, channel_id, owner_id, scope, kind, "
                "puzzle_number, answer, hard_mode, status, solved_by, created_at, finished_at) "
                "VALUES (5, 6, 7, 'own', 'daily', 300, 'crane', true, 'won', 7, "
                "'2026-01-05T10:00:00Z', '2026-01-05T10:01:00Z') RETURNING id"
            )
            await conn.execute(
                "INSERT INTO guesses VALUES ($1, 1, 7, 'crane', 'GGGGG', '2026-01-05T10:01:00Z');",
                game_id,
            )
            await conn.execute(
                "INSERT INTO player_stats (guild_id, player_id, mode, played, wins, dist_1, "
                "current_streak, max_streak, last_win_day, last_played_day) "
                "VALUES (5, 7, 'daily', 1, 1, 1, 1, 1, 300, 300)"
            )
        if start >= 2:  # the day's results post
            await conn.execute("INSERT INTO daily_posts (guild_id, puzzle_number, channel_id, "
                               "message_id) VALUES (5, 300, 6, 4242)")
        if start >= 3:  # a forgotten player's mark of a daily they started
            await conn.execute("INSERT INTO played_dailies VALUES (5, 299, 'a-mark')")
        if start >= 7:  # a race that ended (its message shown or not: unknown), one on
            await conn.execute(
                "INSERT INTO races (guild_id, channel_id, starter_id, answer, hard_mode, "
                "created_at, ends_at, finished_at, end_reason, message_id) VALUES "
                "(5, 6, 7, 'crane', false, '2026-01-05T10:00:00Z', '2026-01-05T10:01:00Z', "
                "'2026-01-05T10:01:00Z', 'time', 501), "
                "(5, 8, 7, 'slate', false, '2026-01-05T10:00:00Z', '2026-01-05T11:00:00Z', "
                "NULL, NULL, 502)"
            )
        if start >= 10:  # the ended race's message shows its end; one ended with no message
            await conn.execute("UPDATE races SET end_shown = true WHERE message_id = 501")
            await conn.execute(  # (its start failed)
                "INSERT INTO races (guild_id, channel_id, starter_id, answer, hard_mode, "
                "created_at, ends_at, finished_at, end_reason) VALUES (5, 9, 7, 'slate', false, "
                "'2026-01-05T10:00:00Z', '2026-01-05T10:01:00Z', '2026-01-05T10:01:00Z', "
                "'ended')")
        if start >= 11:  # from 0011 on, the post shows its result and such an end is shown
            await conn.execute("UPDATE daily_posts SET shown = 1")
            await conn.execute("UPDATE races SET end_shown = true WHERE channel_id = 9")
        assert await migrate(conn, pg_dsn, target=start) == start
    finally:
        await conn.close()
    async with await PostgresStore.open(pg_dsn) as store:
        assert store.schema_version == latest_version()
        # 0011: a post made before is taken as showing its day's results; a day without one
        # is behind
        behind = [(b.guild_id, b.puzzle_number, b.results, b.channel_id)
                  for b in await store.daily_posts_behind(300)]
        assert behind == ([] if start >= 2 else [(5, 300, 1, 6)] if start >= 1 else [])
        if start >= 7:  # 0010: a race that had ended is taken as shown; one on is not yet
            assert await store.races_to_show_ended() == []
            on = await store.active_race(5, 8)
            assert on is not None  # 0014: a race started before has no join window
            assert on.join_window_ends_at == on.created_at
            await store.end_race(on.id, end=RaceEnd.ENDED, by=7)
            assert [r.message_id for r in await store.races_to_show_ended()] == [502]
        if game_id is not None:
            game = await store.get_game(game_id)
            assert game is not None and game.solved_by == 7 and len(game.guesses) == 1
            assert (await store.stats(5, 7, "daily", today=300)).current_streak == 1
            started = await store.create_game(
                guild_id=5,
                channel_id=6,
                owner_id=None,
                scope="channel",
                kind="random",
                answer="slate",
                hard_mode=False,
            )
            assert started.id > game_id
    conn = await connect(pg_dsn)
    try:  # 0005: player preferences, all off until set
        await conn.execute(
            "INSERT INTO player_prefs (player_id, updated_at) VALUES (8, '2026-01-05T10:00:00Z')"
        )
        row = await conn.fetchrow(
            "SELECT high_contrast, dark, text_only, timezone, held_day, held_until "
            "FROM player_prefs WHERE player_id = 8"
        )
        assert tuple(row) == (False, False, False, "UTC", None, None)
        with pytest.raises(asyncpg.CheckViolationError):
            await conn.execute(
                "INSERT INTO player_prefs (player_id, held_day, updated_at) "
                "VALUES (9, 3, '2026-01-05T10:00:00Z')"
            )
        # 0018: the statistics rows keep their keys and counts; a variant's key fits
        rows = await conn.fetch("SELECT mode, played, wins, dist_1, current_streak, max_streak, "
                                "last_win_day FROM player_stats WHERE player_id = 7")
        assert [tuple(r) for r in rows] == (
            [("daily", 1, 1, 1, 1, 1, 300)] if start >= 1 else [])
        await conn.execute("INSERT INTO player_stats (guild_id, player_id, mode) "
                           "VALUES (5, 7, 'practice:es-5')")
        # 0020: a forgotten player's mark is of a one-board daily; one of another number of
        # boards is apart
        rows = await conn.fetch("SELECT * FROM played_dailies")
        assert [tuple(r) for r in rows] == ([(5, 299, "a-mark", 1)] if start >= 3 else [])
        await conn.execute("INSERT INTO played_dailies VALUES (5, 299, 'a-mark', 4)")
    finally:
        await conn.close()


async def test_a_failing_migration_leaves_the_previous_version(pg_dsn, monkeypatch):
    good = load_migrations()[0]
    bad = MigrationFile(2, "0002_bad.sql", "CREATE TABLE half_done (x int); SELECT nonsense;")
    monkeypatch.setattr(schema, "load_migrations", lambda: (good, bad))
    with pytest.raises(MigrationError, match=r"0002_bad\.sql"):
        await PostgresStore.open(pg_dsn)
    conn = await connect(pg_dsn)
    try:
        assert await schema.schema_version(conn) == 1
        assert await conn.fetchval("SELECT to_regclass('half_done')") is None
    finally:
        await conn.close()
