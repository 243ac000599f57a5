"""Start-up failures give one clear line on stderr and a non-zero exit code, never a traceback
(issue 10, items 10 and 11): 78 for a setting to fix, 69 for what was away (issue 26, item
12). Each test runs the real entry point in a child process.

Every run of the Discord front end here points discord.py at a closed port on 127.0.0.1, so a
start that wrongly got that far fails without touching the network.
"""

from __future__ import annotations

import os
import socket
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from bot.__main__ import StartupError, open_database
from bot.cli import exits
from tests.startup.helpers import (
    assert_one_clear_line,
    can_mount_read_only,
    needs_permissions,
    read_only_mount,
    run_cli,
)
from tests.storage.helpers import page_of, scribble

MODES = ["play", "run"]


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def discord_at(port: int) -> str:
    return (
        "import discord.http, discord.gateway\n"
        f"discord.http.Route.BASE = 'http://127.0.0.1:{port}/api/v10'\n"
        f"discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = 'ws://127.0.0.1:{port}/'\n"
    )


def start(mode: str, cwd: Path, env: dict[str, str], *, prelude: str = "",
          drop_file_override: bool = False, extra: list[str] | None = None,
          wrapper: list[str] | None = None):
    """``wordle-bot play`` (no input: it leaves at once when it gets that far) or the bot."""
    env = {"DAILY_SALT": "startup-test-salt", "DISCORD_TOKEN": "MTA5.not.real", **env}
    prelude = discord_at(closed_port()) + prelude
    args = ["--env-file", os.devnull, *(extra or []), mode]
    return run_cli(args, cwd, env, prelude=prelude, drop_file_override=drop_file_override,
                   wrapper=wrapper)


def test_a_normal_start_of_the_terminal_says_nothing_on_stderr(tmp_path: Path) -> None:
    ran = start("play", tmp_path, {"WORDLE_DB": str(tmp_path / "data" / "w.sqlite3")})
    assert (ran.code, ran.err) == (0, "")
    assert (tmp_path / "data" / "w.sqlite3").is_file()


@pytest.mark.parametrize("mode", MODES)
def test_database_folder_under_a_file(tmp_path: Path, mode: str) -> None:
    (tmp_path / "afile").write_text("not a folder\n")
    ran = start(mode, tmp_path, {"WORDLE_DB": "afile/data/w.sqlite3"})
    assert_one_clear_line(ran, "afile", code=exits.CONFIG)


def test_database_folder_under_a_file_given_with_db(tmp_path: Path) -> None:
    (tmp_path / "afile").write_text("not a folder\n")
    ran = run_cli(["--env-file", os.devnull, "play", "--db", "afile/w.sqlite3"], tmp_path,
                  {"DAILY_SALT": "s"})
    assert_one_clear_line(ran, "afile")


@needs_permissions()
@pytest.mark.parametrize("mode", MODES)
def test_database_folder_that_cannot_be_made(tmp_path: Path, mode: str) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    ran = start(mode, tmp_path, {"WORDLE_DB": "locked/data/w.sqlite3"}, drop_file_override=True)
    assert_one_clear_line(ran, "locked")
    assert not (locked / "data").exists()


@pytest.mark.skipif(not can_mount_read_only(),
                    reason="mounting a read-only file system needs root and unshare")
@pytest.mark.parametrize("mode", MODES)
def test_database_folder_on_a_read_only_file_system(tmp_path: Path, mode: str) -> None:
    readonly = tmp_path / "readonly"
    readonly.mkdir()
    ran = start(mode, tmp_path, {"WORDLE_DB": "readonly/data/w.sqlite3"},
                wrapper=read_only_mount(readonly))
    assert_one_clear_line(ran, "readonly", "Read-only file system")


@pytest.mark.parametrize("mode", MODES)
def test_database_path_that_is_a_folder(tmp_path: Path, mode: str) -> None:
    (tmp_path / "w.sqlite3").mkdir()
    ran = start(mode, tmp_path, {"WORDLE_DB": "w.sqlite3"})
    assert_one_clear_line(ran, "w.sqlite3", "folder", code=exits.CONFIG)


@pytest.mark.parametrize("mode", MODES)
def test_database_that_cannot_be_opened_leaves_no_thread_traceback(tmp_path: Path,
                                                                    mode: str) -> None:
    # A link to a file in a missing folder passes the checks on paths, and SQLite cannot open
    # it. aiosqlite's thread of that connection used to report to an event loop that had
    # already closed ("Event loop is closed", 24 lines) in about half the runs; a long thread
    # switch interval makes the main thread close the loop first nearly every time.
    (tmp_path / "w.sqlite3").symlink_to(tmp_path / "missing" / "w.sqlite3")
    with ThreadPoolExecutor(4) as pool:
        runs = list(pool.map(
            lambda _: start(mode, tmp_path, {"WORDLE_DB": "w.sqlite3"},
                            prelude="sys.setswitchinterval(0.5)\n"),
            range(4)))
    for ran in runs:
        assert_one_clear_line(ran, "w.sqlite3")
    assert not (tmp_path / "missing").exists()


def make_database(tmp_path: Path, db: Path) -> None:
    ran = run_cli(["--env-file", os.devnull, "play", "--db", str(db)], tmp_path,
                  {"DAILY_SALT": "s"})
    assert (ran.code, ran.err) == (0, "")


@needs_permissions()
@pytest.mark.parametrize("mode", MODES)
def test_read_only_database_file_refuses_to_start(tmp_path: Path, mode: str) -> None:
    db = tmp_path / "data" / "w.sqlite3"
    make_database(tmp_path, db)
    db.chmod(0o444)
    before = db.read_bytes()
    ran = start(mode, tmp_path, {"WORDLE_DB": str(db)}, drop_file_override=True)
    assert_one_clear_line(ran, str(db), "read-only", code=exits.CONFIG)
    assert db.read_bytes() == before


@needs_permissions()
@pytest.mark.parametrize("mode", MODES)
def test_read_only_database_folder_refuses_to_start(tmp_path: Path, mode: str) -> None:
    db = tmp_path / "data" / "w.sqlite3"
    make_database(tmp_path, db)
    db.parent.chmod(0o555)
    try:
        ran = start(mode, tmp_path, {"WORDLE_DB": str(db)}, drop_file_override=True)
    finally:
        db.parent.chmod(0o755)
    assert_one_clear_line(ran, str(db.parent))


@pytest.mark.parametrize("mode", MODES)
def test_daily_salt_path_is_a_folder(tmp_path: Path, mode: str) -> None:
    (tmp_path / "data" / "daily-salt").mkdir(parents=True)
    ran = start(mode, tmp_path, {"WORDLE_DB": "data/w.sqlite3", "DAILY_SALT": ""})
    assert_one_clear_line(ran, "daily-salt", "folder", code=exits.CONFIG)


def test_answer_list_is_a_folder(tmp_path: Path) -> None:
    mode = "run"  # read before the front ends part ways
    (tmp_path / "lists").mkdir()
    ran = start(mode, tmp_path, {"WORDLE_DB": "data/w.sqlite3", "WORDLE_ANSWERS": "lists"})
    assert_one_clear_line(ran, "lists", "folder", code=exits.CONFIG)
    assert not (tmp_path / "data").exists()


def test_env_file_that_is_not_utf8(tmp_path: Path) -> None:
    mode = "run"  # read before the front ends part ways
    (tmp_path / "latin1.env").write_bytes("DAILY_SALT=caf\xe9\n".encode("latin-1"))
    ran = start(mode, tmp_path, {"WORDLE_DB": "data/w.sqlite3"},
                extra=["--env-file", "latin1.env"])
    assert_one_clear_line(ran, "latin1.env", "UTF-8", code=exits.CONFIG)


def test_guild_id_with_a_superscript_digit(tmp_path: Path) -> None:
    mode = "run"  # read before the front ends part ways
    ran = start(mode, tmp_path, {"WORDLE_DB": "data/w.sqlite3", "DEV_GUILD_ID": "12²"})
    assert_one_clear_line(ran, "DEV_GUILD_ID", code=exits.CONFIG)


def test_discord_unreachable_is_one_line(tmp_path: Path) -> None:
    ran = start("run", tmp_path, {"WORDLE_DB": "data/w.sqlite3", "LOG_LEVEL": "ERROR"})
    line = assert_one_clear_line(ran, "Can't reach Discord", code=exits.UNAVAILABLE)
    assert "127.0.0.1" in line
    assert "MTA5.not.real" not in ran.err + ran.out


async def test_a_sqlite_file_held_locked_is_worth_another_try(tmp_path: Path) -> None:
    # Another connection holds the file's write lock past the store's busy timeout (10 s):
    # a lock is let go of, so a service manager's restart can help (69, not 78).
    db = tmp_path / "w.sqlite3"
    holder = sqlite3.connect(db, isolation_level=None)
    try:
        holder.execute("CREATE TABLE held (x)")
        holder.execute("BEGIN EXCLUSIVE")
        with pytest.raises(StartupError) as raised:
            await open_database(db)
    finally:
        holder.close()
    assert "database is locked" in str(raised.value)
    assert raised.value.exit_code == exits.UNAVAILABLE


@pytest.mark.parametrize("mode", MODES)
def test_a_file_that_is_not_a_database_is_a_setting_to_fix(tmp_path: Path, mode: str) -> None:
    (tmp_path / "notes.txt").write_text("not a database, but some notes of mine\n" * 100)
    before = (tmp_path / "notes.txt").read_bytes()
    ran = start(mode, tmp_path, {"WORDLE_DB": "notes.txt"})
    assert_one_clear_line(ran, "notes.txt", "not a database", code=exits.CONFIG)
    assert (tmp_path / "notes.txt").read_bytes() == before


@pytest.mark.parametrize("mode", MODES)
def test_a_damaged_database_refuses_to_start_and_says_how_to_restore(tmp_path: Path,
                                                                     mode: str) -> None:
    env = {"WORDLE_DB": "data/w.sqlite3"}
    assert start("play", tmp_path, env).code == 0  # makes the database
    path = tmp_path / "data" / "w.sqlite3"
    scribble(path, page_of(path, "games"))
    before = path.read_bytes()
    ran = start(mode, tmp_path, env)
    assert_one_clear_line(ran, "data/w.sqlite3 is damaged", "last backup", "Restoring",
                          code=exits.CONFIG)
    assert path.read_bytes() == before
