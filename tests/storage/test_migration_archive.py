"""Migration 0006_archive on SQLite: games, guesses, hints and player_stats are rebuilt (SQLite
cannot change a CHECK). A version-5 file full of data (every column) migrates with nothing lost,
foreign keys and integrity clean, every index back, and the new CHECKs hold."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.storage import GameExists, SqliteStore
from bot.storage.sqlite import schema

pytestmark = pytest.mark.sqlite_only(
    "SQLite's rebuild of games (PostgreSQL's: tests/postgres/test_migration_archive.py)"
)

T0 = "2026-01-05T10:00:00.000000+00:00"
T1 = "2026-01-05T10:01:00.000000+00:00"
TABLES = ("games", "guesses", "hints", "player_stats", "played_dailies", "guild_settings",
          "daily_posts", "player_prefs", "store_key")

FILL = f"""
INSERT INTO games (id, guild_id, channel_id, owner_id, scope, kind, puzzle_number, answer,
    hard_mode, status, setter_id, solved_by, created_at, finished_at, setter_mark) VALUES
    (1, 5, 6, 7, 'own', 'daily', 300, 'crane', 1, 'won', NULL, 7, '{T0}', '{T1}', NULL),
    (2, 5, 6, NULL, 'channel', 'custom', NULL, 'zesty', 0, 'active', 9, NULL, '{T0}', NULL,
        NULL),
    (3, 5, 8, NULL, 'channel', 'custom', NULL, 'lemon', 0, 'given_up', NULL, NULL, '{T0}',
        '{T1}', 'mark-of-a-forgotten-setter'),
    (4, 5, 6, 7, 'own', 'random', NULL, 'slate', 0, 'lost', NULL, NULL, '{T0}', '{T1}', NULL),
    (5, 9223372036854775807, 1, 9223372036854775807, 'own', 'custom', NULL, 'abbey', 1,
        'active', NULL, NULL, '{T1}', NULL, NULL);
INSERT INTO guesses (game_id, attempt, player_id, word, feedback, created_at) VALUES
    (1, 1, 7, 'slate', 'BBGBG', '{T0}'), (1, 2, 7, 'crane', 'GGGGG', '{T1}'),
    (2, 1, 8, 'slate', 'BYBYY', '{T0}'), (2, 2, NULL, 'pious', 'BBBBB', '{T1}'),
    (3, 1, 10, 'melon', 'YYYYY', '{T0}'),
    (4, 1, 7, 'pious', 'BBBBB', '{T0}'), (4, 2, 7, 'dumpy', 'BBBBB', '{T0}'),
    (4, 3, 7, 'fight', 'BBBBB', '{T0}'), (4, 4, 7, 'works', 'BBBBB', '{T0}'),
    (4, 5, 7, 'jazzy', 'BBBBB', '{T0}'), (4, 6, 7, 'crane', 'YBBBY', '{T1}');
INSERT INTO hints (id, game_id, player_id, kind, value, created_at) VALUES
    (11, 2, 8, 'letter', 'z', '{T1}'), (12, 2, 8, 'position', '1:z', '{T1}'),
    (13, 1, 7, 'word', 'crane', '{T0}'), (40, 5, 9223372036854775807, 'word', 'abbey', '{T1}');
INSERT INTO player_stats (guild_id, player_id, mode, played, wins, dist_1, dist_2, dist_3,
    dist_4, dist_5, dist_6, current_streak, max_streak, last_win_day, last_played_day) VALUES
    (5, 7, 'daily', 1, 1, 0, 1, 0, 0, 0, 0, 1, 1, 300, 300),
    (5, 7, 'practice', 3, 2, 1, 0, 0, 0, 0, 1, 0, 2, 299, 300),
    (5, 8, 'channel', 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, NULL, NULL);
INSERT INTO played_dailies VALUES (5, 299, 'a-mark');
INSERT INTO guild_settings (guild_id, timezone, results_channel_id, hints_in_channel_games,
    daily_order_from, hints_in_dailies) VALUES (5, 'Europe/Paris', 6, 0, 290, 1);
INSERT INTO daily_posts VALUES (5, 300, 6, 4242);
INSERT INTO player_prefs (player_id, high_contrast, timezone, held_day, held_until,
    updated_at) VALUES (7, 1, 'Asia/Tokyo', 300, '{T1}', '{T0}');
"""


def snapshot(conn: sqlite3.Connection) -> dict[str, list[tuple]]:
    return {t: sorted(conn.execute(f"SELECT * FROM {t}"), key=repr) for t in TABLES}


def indexes(conn: sqlite3.Connection) -> dict[str, str]:
    return {name: sql for name, sql in conn.execute(
        "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")}


@pytest.fixture
async def version_5(tmp_path: Path) -> Path:
    path = tmp_path / "v5.sqlite3"
    assert await schema.prepare_file(str(path), target=5) == 5
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA foreign_keys = ON")
    conn.executescript(FILL)
    conn.close()
    return path


async def test_nothing_is_lost_and_every_index_comes_back(version_5: Path):
    conn = sqlite3.connect(version_5, isolation_level=None)
    before, before_indexes = snapshot(conn), indexes(conn)
    conn.close()
    assert sum(len(rows) for rows in before.values()) == 5 + 11 + 4 + 3 + 1 + 1 + 1 + 1 + 1

    assert await schema.prepare_file(str(version_5), target=6) == 6
    conn = sqlite3.connect(version_5, isolation_level=None)
    conn.execute("PRAGMA foreign_keys = ON")
    assert snapshot(conn) == before
    assert list(conn.execute("PRAGMA foreign_key_check")) == []
    assert list(conn.execute("PRAGMA integrity_check")) == [("ok",)]
    after_indexes = indexes(conn)
    assert set(after_indexes) == set(before_indexes) | {"games_one_archive",
                                                        "games_guild_finished"}
    for name, sql in before_indexes.items():
        assert after_indexes[name] == sql, name
    # The children point at the new games table, and deleting a game still takes its
    # guesses and hints with it.
    for table in ("guesses", "hints"):
        [(sql,)] = conn.execute("SELECT sql FROM sqlite_master WHERE name = ?", (table,))
        assert 'REFERENCES "games" (id) ON DELETE CASCADE' in sql and "games_new" not in sql
    assert [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE name LIKE "
                                       "'%\\_new' ESCAPE '\\'")] == []
    conn.execute("DELETE FROM games WHERE id = 2")
    assert list(conn.execute("SELECT count(*) FROM guesses WHERE game_id = 2")) == [(0,)]
    assert list(conn.execute("SELECT count(*) FROM hints WHERE game_id = 2")) == [(0,)]
    conn.close()


NEW_GAME = ("INSERT INTO games (guild_id, channel_id, owner_id, scope, kind, puzzle_number, "
            "answer, hard_mode, created_at) VALUES (5, 6, ?, ?, ?, ?, 'crane', 0, '" + T0 + "')")


async def test_the_new_checks_hold(version_5: Path):
    assert await schema.prepare_file(str(version_5), target=6) == 6
    conn = sqlite3.connect(version_5, isolation_level=None)
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute(NEW_GAME, (7, "own", "archive", 120))
    for owner, scope, kind, number in [
        (7, "own", "archive", None),        # an archive game has its puzzle number
        (None, "channel", "archive", 121),  # and is an own game
        (7, "own", "random", 122),          # only dailies and archive games have one
        (7, "own", "weekly", 123),          # an unknown kind
        (7, "own", "archive", 120),         # one archive game per player, server and puzzle
    ]:
        with pytest.raises(sqlite3.IntegrityError):
            conn.execute(NEW_GAME, (owner, scope, kind, number))
    conn.execute("INSERT INTO player_stats (guild_id, player_id, mode) VALUES (5, 7, 'archive')")
    with pytest.raises(sqlite3.IntegrityError):
        conn.execute("INSERT INTO player_stats (guild_id, player_id, mode) "
                     "VALUES (5, 7, 'weekly')")
    with pytest.raises(sqlite3.IntegrityError):  # the 0003 column's CHECK came along
        conn.execute("UPDATE games SET setter_mark = 'x' WHERE id = 1")
    conn.close()


async def test_the_store_opens_it_and_plays_the_archive(version_5: Path):
    async with await SqliteStore.open(version_5) as db:
        assert (await db.get_game(1)).guesses[-1].word == "crane"
        first = await db.create_game(guild_id=5, channel_id=8, owner_id=7, scope="own",
                                     kind="archive", answer="melon", hard_mode=False,
                                     puzzle_number=250)
        assert await db.archive_game(5, 7, 250) == first
        with pytest.raises(GameExists) as exists:
            await db.create_game(guild_id=5, channel_id=9, owner_id=7, scope="own",
                                 kind="archive", answer="melon", hard_mode=False,
                                 puzzle_number=250)
        assert exists.value.existing.id == first.id
