"""Numbered migrations: from an empty file, from every earlier version, and refusing newer."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from bot.core.race import RaceEnd
from bot.storage import MigrationError, PlayerNotAllowed, SchemaTooNew, SqliteStore, latest_version
from bot.storage.sqlite import schema
from bot.storage.sqlite.schema import Migration, load_migrations, split_statements

pytestmark = pytest.mark.sqlite_only(
    "migrations of a SQLite file (PostgreSQL's: tests/postgres/test_migrations.py)"
)

LATEST = latest_version()
T0 = "2026-01-05T10:00:00.000000+00:00"
T1 = "2026-01-05T10:01:00.000000+00:00"


#: The last version whose games and races the data below is written for (0015 gave them their
#: variant's columns): a later one is reached by migrating the file filled at this one.
FILLED_AT = 14


async def build(path: Path, version: int) -> None:
    """A database file at ``version`` (migrations 1..version applied), with data in it."""
    filled = min(version, FILLED_AT)
    assert await schema.prepare_file(str(path), target=filled) == filled
    await fill(path, filled)
    assert await schema.prepare_file(str(path), target=version) == version


async def fill(path: Path, version: int) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        if version >= 1:
            conn.executescript(
                f"""
                INSERT INTO games (id, guild_id, channel_id, owner_id, scope, kind, puzzle_number,
                    answer, hard_mode, status, solved_by, created_at, finished_at)
                VALUES (1, 5, 6, 7, 'own', 'daily', 300, 'crane', 1, 'won', 7, '{T0}', '{T1}');
                INSERT INTO guesses VALUES (1, 1, 7, 'slate', 'BBGBG', '{T0}');
                INSERT INTO guesses VALUES (1, 2, 7, 'crane', 'GGGGG', '{T1}');
                INSERT INTO games (id, guild_id, channel_id, owner_id, scope, kind, answer,
                    hard_mode, setter_id, created_at)
                VALUES (2, 5, 6, NULL, 'channel', 'custom', 'zesty', 0, 9, '{T0}');
                INSERT INTO guesses VALUES (2, 1, 8, 'slate', 'BYBYY', '{T0}');
                INSERT INTO hints (game_id, player_id, kind, value, created_at)
                    VALUES (2, 8, 'letter', 'z', '{T1}');
                INSERT INTO player_stats (guild_id, player_id, mode, played, wins, dist_2,
                    current_streak, max_streak, last_win_day, last_played_day)
                    VALUES (5, 7, 'daily', 1, 1, 1, 1, 1, 300, 300);
                INSERT INTO guild_settings (guild_id, timezone, results_channel_id,
                    hints_in_channel_games) VALUES (5, 'Europe/Paris', 6, 0);
                """
            )
        if version >= 2:
            conn.execute("INSERT INTO daily_posts (guild_id, puzzle_number, channel_id, "
                         "message_id) VALUES (5, 300, 6, 4242)")
        if version >= 11:  # the post shows the day's one result
            conn.execute("UPDATE daily_posts SET shown = 1")
        if version >= 3:  # a forgotten player's mark of a daily they started
            conn.execute("INSERT INTO played_dailies VALUES (5, 299, 'a-mark')")
        if version >= 5:
            conn.execute(
                "INSERT INTO player_prefs (player_id, high_contrast, timezone, held_day, "
                f"held_until, updated_at) VALUES (7, 1, 'Asia/Tokyo', 300, '{T1}', '{T0}')"
            )
        if version >= 7:  # a race that ended (its message shown or not: unknown), one on
            conn.executescript(
                f"""
                INSERT INTO races (id, guild_id, channel_id, starter_id, answer, hard_mode,
                    created_at, ends_at, finished_at, end_reason, message_id)
                VALUES (1, 5, 6, 7, 'crane', 0, '{T0}', '{T1}', '{T1}', 'time', 501),
                       (2, 5, 8, 7, 'slate', 0, '{T0}', '2026-01-05T11:00:00.000000+00:00',
                        NULL, NULL, 502);
                """
            )
        if version >= 10:  # the ended race's message shows its end; one ended with no message
            conn.execute("UPDATE races SET end_shown = 1 WHERE id = 1")  # (its start failed)
            conn.execute(
                "INSERT INTO races (id, guild_id, channel_id, starter_id, answer, hard_mode, "
                f"created_at, ends_at, finished_at, end_reason) VALUES (3, 5, 9, 7, 'slate', 0, "
                f"'{T0}', '{T1}', '{T1}', 'ended')")
        if version >= 11:  # from 0011 on, a restart shows such an end: it was shown
            conn.execute("UPDATE races SET end_shown = 1 WHERE id = 3")
    finally:
        conn.close()


def schema_of(path: Path) -> list[tuple]:
    conn = sqlite3.connect(path)
    try:
        return sorted(
            conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_master").fetchall()
        )
    finally:
        conn.close()


async def test_from_an_empty_file(tmp_path: Path):
    path = tmp_path / "new.sqlite3"
    async with await SqliteStore.open(path) as db:
        assert db.schema_version == LATEST
        assert await db.get_game(1) is None
    names = {row[1] for row in schema_of(path)}
    assert {"games", "guesses", "hints", "player_stats", "guild_settings", "daily_posts"} <= names
    # Opening again applies nothing and changes nothing.
    before = schema_of(path)
    async with await SqliteStore.open(path) as db:
        assert db.schema_version == LATEST
    assert schema_of(path) == before


@pytest.mark.parametrize("version", range(LATEST))
async def test_from_every_earlier_version(tmp_path: Path, version: int):
    path = tmp_path / f"v{version}.sqlite3"
    await build(path, version)
    async with await SqliteStore.open(path) as db:
        assert db.schema_version == LATEST
        if version >= 1:
            daily = await db.get_game(1)
            assert daily is not None
            assert (daily.kind, daily.puzzle_number, daily.status, daily.solved_by) == (
                "daily",
                300,
                "won",
                7,
            )
            assert daily.hidden_word == "crane" and daily.hard_mode
            assert [(g.word, g.feedback) for g in daily.guesses] == [
                ("slate", "BBGBG"),
                ("crane", "GGGGG"),
            ]
            assert str(daily.finished_at) == "2026-01-05 10:01:00+00:00"
            challenge = await db.get_game(2)
            assert challenge.setter_id == 9 and challenge.status == "active"
            assert [h.value for h in await db.hints_for_game(2)] == ["z"]
            stats = await db.stats(5, 7, "daily", today=300)
            assert (stats.played, stats.wins, stats.current_streak) == (1, 1, 1)
            assert stats.distribution == (0, 1, 0, 0, 0, 0)
            settings = await db.guild_settings(5)
            assert (settings.timezone, settings.results_channel_id) == ("Europe/Paris", 6)
            assert settings.hints_in_channel_games is False
            assert [r.player_id for r in await db.daily_results(5, 300)] == [7]
            # ...and the migrated database works: its setter forgotten, play on in the old
            # challenge.
            await db.forget_player(9)
            with pytest.raises(PlayerNotAllowed):
                await db.record_guess(
                    2, attempt=2, player_id=9, word="zesty", feedback="GGGGG", finish="won",
                    day=301,
                )
            game = await db.record_guess(
                2, attempt=2, player_id=8, word="zesty", feedback="GGGGG", finish="won", day=301
            )
            assert game.status == "won"
        if version >= 2:
            assert await db.daily_post(5, 300) == (6, 4242)
        # 0011: a post made before is taken as showing its day's results; a day without one
        # is behind
        behind = [(b.guild_id, b.puzzle_number, b.results, b.channel_id)
                  for b in await db.daily_posts_behind(300)]
        assert behind == ([] if version >= 2 else [(5, 300, 1, 6)] if version >= 1 else [])
        if version >= 7:  # 0010: a race that had ended is taken as shown; one on is not yet
            # (0011: so is one that had ended with no message)
            assert await db.races_to_show_ended() == []
            on = await db.get_race(2)  # 0014: a race started before has no join window
            assert on is not None and on.join_window_ends_at == on.created_at
            await db.end_race(2, end=RaceEnd.ENDED, by=7)
            assert [r.id for r in await db.races_to_show_ended()] == [2]
        await db.set_daily_post(5, 301, 6, 1)
        assert await db.daily_post(5, 301) == (6, 1)
    conn = sqlite3.connect(path)
    try:  # 0005: player preferences, all off until set; a row made before stays as it was
        conn.execute(f"INSERT INTO player_prefs (player_id, updated_at) VALUES (8, '{T0}')")
        assert conn.execute(
            "SELECT high_contrast, dark, text_only, timezone, held_day, held_until "
            "FROM player_prefs ORDER BY player_id"
        ).fetchall() == ([(1, 0, 0, "Asia/Tokyo", 300, T1)] if version >= 5 else []) + [
            (0, 0, 0, "UTC", None, None)
        ]
        with pytest.raises(sqlite3.IntegrityError):
            conn.execute(f"INSERT INTO player_prefs VALUES (9, 2, 0, 0, 'UTC', NULL, NULL, '{T0}')")
        with pytest.raises(sqlite3.IntegrityError):
            conn.execute(f"INSERT INTO player_prefs VALUES (9, 0, 0, 0, 'UTC', 3, NULL, '{T0}')")
        # 0018: the statistics rows keep their keys and counts; a variant's key fits
        assert conn.execute(
            "SELECT mode, played, wins, dist_2, current_streak, max_streak, last_win_day "
            "FROM player_stats WHERE player_id = 7").fetchall() == (
                [("daily", 1, 1, 1, 1, 1, 300)] if version >= 1 else [])
        conn.execute("INSERT INTO player_stats (guild_id, player_id, mode) "
                     "VALUES (5, 7, 'practice:es-5')")
        # 0020: a forgotten player's mark is of a one-board daily; one of another number of
        # boards is apart
        assert conn.execute("SELECT * FROM played_dailies").fetchall() == (
            [(5, 299, "a-mark", 1)] if version >= 3 else [])
        conn.execute("INSERT INTO played_dailies VALUES (5, 299, 'a-mark', 4)")
        # 0012: the highest game id given so far is kept, so that none is given again
        given = conn.execute("SELECT seq FROM sqlite_sequence WHERE name = 'games'").fetchall()
        assert max([0, *(seq for (seq,) in given)]) == (2 if version >= 1 else 0)
    finally:
        conn.close()
    # Same schema as a database created new.
    fresh = tmp_path / "fresh.sqlite3"
    async with await SqliteStore.open(fresh):
        pass
    assert schema_of(path) == schema_of(fresh)


async def test_newer_database_refuses_to_start_and_is_left_alone(tmp_path: Path):
    path = tmp_path / "future.sqlite3"
    await build(path, LATEST)
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {LATEST + 1}")
    conn.close()
    before = path.read_bytes()
    with pytest.raises(SchemaTooNew) as caught:
        await SqliteStore.open(path)
    message = str(caught.value)
    assert f"schema version {LATEST + 1}" in message
    assert f"versions up to {LATEST}" in message
    assert "upgrade wordle-bot" in message
    assert (caught.value.found, caught.value.known) == (LATEST + 1, LATEST)
    assert path.read_bytes() == before


async def test_failed_migration_leaves_the_previous_version(tmp_path: Path, monkeypatch):
    path = tmp_path / "db.sqlite3"
    await build(path, LATEST)
    broken = Migration(
        LATEST + 1,
        f"{LATEST + 1:04d}_broken.sql",
        ("CREATE TABLE half_done (x INTEGER)", "INSERT INTO no_such_table VALUES (1)"),
    )
    monkeypatch.setattr(schema, "load_migrations", lambda: (*load_migrations(), broken))
    monkeypatch.setattr(schema, "latest_version", lambda: LATEST + 1)
    with pytest.raises(MigrationError, match=f"version {LATEST + 1}.*broken"):
        await SqliteStore.open(path)
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == LATEST
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
        assert "half_done" not in tables
        assert conn.execute("SELECT count(*) FROM games").fetchone()[0] == 2
    finally:
        conn.close()


async def test_not_a_database(tmp_path: Path):
    path = tmp_path / "notes.txt"
    path.write_bytes(b"this is not a database, just some text\n" * 100)
    with pytest.raises(MigrationError, match="cannot open database"):
        await SqliteStore.open(path)
    with pytest.raises(ValueError):
        await SqliteStore.open(":memory:")


async def test_concurrent_first_opens_migrate_once(tmp_path: Path):
    # Switching a new file to WAL needs it to itself, and SQLite can answer "database is
    # locked" to the others without waiting: opening must retry that (seen as a rare failure
    # here before it did). Many rounds make the race likely.
    for round_ in range(15):
        path = tmp_path / f"race{round_}.sqlite3"
        dbs = await asyncio.gather(*(SqliteStore.open(path) for _ in range(6)))
        try:
            assert {db.schema_version for db in dbs} == {LATEST}
        finally:
            for db in dbs:
                await db.close()


def test_migration_files_are_numbered_and_real_migrations():
    migrations = load_migrations()
    assert [m.version for m in migrations] == list(range(1, LATEST + 1))
    folder = Path(schema.__file__).parents[1] / "migrations" / "sqlite"
    files = sorted(p.name for p in folder.glob("*.sql"))
    assert files == [m.name for m in migrations]
    for path in folder.glob("*.sql"):
        text = path.read_text().upper()
        assert "IF NOT EXISTS" not in text, "migrations are versioned, not idempotent guesses"
    for migration in migrations:
        assert migration.statements
        assert all(sqlite3.complete_statement(s) for s in migration.statements)


def test_split_statements():
    sql = """
    -- a comment
    CREATE TABLE t (x TEXT DEFAULT ';');

    CREATE TRIGGER tr AFTER INSERT ON t BEGIN
        UPDATE t SET x = 'a;b';
    END;
    """
    statements = split_statements(sql)
    assert len(statements) == 2
    assert statements[1].endswith("END;")
    with pytest.raises(MigrationError, match="unterminated"):
        split_statements("CREATE TABLE t (x)")


async def test_0015_never_gives_a_deleted_game_id_again(tmp_path: Path):
    """0015 builds games anew: the highest id ever given (0012) comes along, so a new game
    never takes the id of one deleted before the migration."""
    path = tmp_path / "v14.sqlite3"
    await build(path, 14)
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("PRAGMA foreign_keys = ON")
        conn.execute("DELETE FROM games WHERE id = 2")  # its player asked to be forgotten
    finally:
        conn.close()
    async with await SqliteStore.open(path) as db:
        assert db.schema_version == LATEST
        game = await db.create_game(guild_id=5, channel_id=9, owner_id=7, scope="own",
                                    kind="random", answer="slate", hard_mode=False)
        assert game.id == 3 and (await db.get_game(1)).variant.length == 5
