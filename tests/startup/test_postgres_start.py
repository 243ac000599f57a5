"""``DATABASE_URL=postgresql://...``: the real entry point keeps everything in PostgreSQL.

Each test runs ``python -m bot`` in a child process against the throwaway PostgreSQL of
``tests/pg.py`` (skipped without one, failed with ``WORDLE_REQUIRE_PG=1``): a game played in
the terminal lands in PostgreSQL's tables, no SQLite file or daily-salt file is made anywhere,
and a password in the URL never shows in what the program prints.
"""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from bot.cli import exits
from bot.core.daily import today_puzzle_number
from bot.core.feedback import score
from bot.core.personal import player_daily_word
from bot.core.words import load_word_lists
from bot.storage.postgres import PostgresStore
from tests.pg import run_sync
from tests.startup.helpers import assert_one_clear_line, run_cli
from tests.startup.test_startup_errors import closed_port, discord_at

SECRET = "hunter2-not-for-logs"


async def _rows(dsn: str, sql: str) -> list[tuple]:
    conn = await asyncpg.connect(dsn)
    try:
        return [tuple(r) for r in await conn.fetch(sql)]
    finally:
        await conn.close()


def rows(dsn: str, sql: str) -> list[tuple]:
    return run_sync(lambda: _rows(dsn, sql))


def with_password(dsn: str, password: str = SECRET, database: str | None = None) -> str:
    parts = urlsplit(dsn)
    host = parts.netloc.rsplit("@", 1)[-1]
    user = (parts.username or "postgres")
    path = f"/{database}" if database else parts.path
    return urlunsplit(parts._replace(netloc=f"{user}:{password}@{host}", path=path))


def files_under(folder: Path) -> list[Path]:
    """Every file the run left, except the solver cache the child was pointed at."""
    return sorted(p.relative_to(folder) for p in folder.rglob("*")
                  if p.is_file() and "cache" not in p.relative_to(folder).parts)


def play(cwd: Path, dsn: str, *args: str, stdin: str = "", salt: bool = False):
    env = {"DATABASE_URL": dsn, "NO_COLOR": "1"}
    if salt:
        env["DAILY_SALT"] = "a-given-salt"
    return run_cli(["--env-file", os.devnull, "play", *args], cwd, env, stdin=stdin,
                   timeout=120)


def test_play_stores_the_game_in_postgres_and_makes_no_file(tmp_path: Path,
                                                            pg_dsn: str) -> None:
    # A URL with a password (the test server trusts local connections, so any works).
    ran = play(tmp_path, with_password(pg_dsn), "--word", "crane", stdin="slate\ncrane\n")
    assert ran.code == 0, ran.err
    assert "You got it in 2/6!" in ran.out
    assert SECRET not in ran.out + ran.err

    games = rows(pg_dsn, "SELECT id, guild_id, channel_id, owner_id, kind, answer, status "
                         "FROM games")
    assert [g[1:] for g in games] == [(0, 0, 1, "custom", "crane", "won")]
    guesses = rows(pg_dsn, f"SELECT attempt, word, feedback FROM guesses "
                           f"WHERE game_id = {games[0][0]} ORDER BY attempt")
    assert guesses == [(1, "slate", score("slate", "crane")), (2, "crane", "GGGGG")]
    stats = rows(pg_dsn, "SELECT mode, played, wins, dist_2 FROM player_stats")
    assert stats == [("practice", 1, 1, 1)]
    # Nothing on disk: no SQLite file, no WAL, no daily-salt file, no data folder.
    assert files_under(tmp_path) == []


def test_a_game_left_in_postgres_carries_on_in_the_next_run(tmp_path: Path,
                                                            pg_dsn: str) -> None:
    first = play(tmp_path, pg_dsn, "--word", "crane", stdin="slate\n/quit\n")
    assert first.code == 0, first.err
    second = play(tmp_path, pg_dsn, stdin="crane\n")
    assert second.code == 0, second.err
    assert "Carrying on with your game in progress" in second.out
    assert "You got it in 2/6!" in second.out
    assert rows(pg_dsn, "SELECT count(*) FROM guesses") == [(2,)]
    assert files_under(tmp_path) == []


async def salt_of(dsn: str) -> str:
    async with await PostgresStore.open(dsn, pool_size=1) as store:
        return store.daily_salt


def test_daily_salt_comes_from_the_database_without_daily_salt(tmp_path: Path,
                                                               pg_dsn: str) -> None:
    ran = play(tmp_path, pg_dsn, "--daily", stdin="/quit\n")
    assert ran.code == 0, ran.err
    answer, number = rows(pg_dsn, "SELECT answer, puzzle_number FROM games "
                                  "WHERE kind = 'daily'")[0]
    # today's, or yesterday's if UTC midnight has passed since the game began
    assert 0 <= today_puzzle_number(datetime.now(UTC), "UTC") - number <= 1
    salt = run_sync(lambda: salt_of(pg_dsn))
    words = load_word_lists()
    # the terminal's player (1) plays their personal daily (bot.core.personal)
    assert answer == player_daily_word(number, words.answers, salt, 1)
    # every process on this database derives the same salt; a given DAILY_SALT wins
    assert run_sync(lambda: salt_of(pg_dsn)) == salt
    assert files_under(tmp_path) == []


def test_the_bot_applies_the_migrations_and_makes_no_file(tmp_path: Path, pg_dsn: str) -> None:
    # Discord is a closed port: the start fails after the database was checked.
    env = {"DATABASE_URL": with_password(pg_dsn), "DISCORD_TOKEN": "MTA5.not.real",
           "LOG_LEVEL": "ERROR"}
    ran = run_cli(["--env-file", os.devnull], tmp_path, env,
                  prelude=discord_at(closed_port()), timeout=120)
    assert_one_clear_line(ran, "Can't reach Discord")
    assert SECRET not in ran.out + ran.err
    tables = {r[0] for r in rows(pg_dsn, "SELECT tablename FROM pg_tables "
                                         "WHERE schemaname = 'public'")}
    assert {"games", "guesses", "player_stats", "daily_posts", "store_key"} <= tables
    assert files_under(tmp_path) == []


def test_a_database_that_cannot_be_reached_is_one_line_without_the_password(
        tmp_path: Path) -> None:
    url = f"postgresql://wordle:{SECRET}@127.0.0.1:{closed_port()}/wordle"
    for args in (["play"], []):
        env = {"DATABASE_URL": url, "DISCORD_TOKEN": "MTA5.not.real"}
        ran = run_cli(["--env-file", os.devnull, *args], tmp_path, env, timeout=60)
        line = assert_one_clear_line(ran, "cannot connect to", "wordle:***@127.0.0.1",
                                     code=exits.UNAVAILABLE)
        assert SECRET not in ran.out + ran.err, line
    assert files_under(tmp_path) == []


def test_an_unknown_database_is_one_line_without_the_password(tmp_path: Path,
                                                              pg_dsn: str) -> None:
    url = with_password(pg_dsn, database="no_such_database")
    ran = play(tmp_path, url)
    line = assert_one_clear_line(ran, "no_such_database", code=exits.CONFIG)
    assert SECRET not in ran.out + ran.err, line
    assert files_under(tmp_path) == []


def test_a_bad_database_url_is_one_line_without_the_password(tmp_path: Path) -> None:
    for url, piece in ((f"mysql://u:{SECRET}@h/d", "DATABASE_URL must start with"),
                       (f"postgresql://u:{SECRET}@h:port/d", "DATABASE_URL is not a valid URL")):
        ran = run_cli(["--env-file", os.devnull, "play"], tmp_path, {"DATABASE_URL": url})
        assert_one_clear_line(ran, piece, code=exits.CONFIG)
        assert SECRET not in ran.err + ran.out
