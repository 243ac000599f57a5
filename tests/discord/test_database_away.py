"""While the database is away (a PostgreSQL restart, a lost connection), every command is
answered at once with a clear message, one warning line is logged for each (an outage would
otherwise fill the log with tracebacks), and a game finished just before it went away is still
told to its player, posted to the channel and added to the day's results post."""

from __future__ import annotations

import logging
import sqlite3
from typing import Any

import pytest

import bot.cogs.board as prefs
import bot.storage.sqlite.connection as sqlite_connection
from bot.cogs.interact import DATABASE_AWAY, Recent, log_failure
from bot.storage.errors import StorageUnavailable
from tests.discord.conftest import Table
from tests.discord.test_bot_e2e import mention, wait_for_results_post

AWAY = StorageUnavailable("database unavailable: ConnectionRefusedError: [Errno 111]")


def away(*args: Any, **kwargs: Any) -> Any:
    raise AWAY


async def test_a_look_that_cannot_be_read_never_keeps_a_command_from_its_answer(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    async with table.running() as run:
        monkeypatch.setattr(prefs, "_CACHE", Recent(prefs.LOOK_TTL))  # nobody's look kept
        monkeypatch.setattr(run.db, "player_prefs", away)
        board = await table.reply(table.bob, "wordle start")
        assert "Your game is on" in board.text()


async def test_each_command_is_told_the_database_is_away_and_logged_in_one_line(
        table: Table, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    async with table.running() as run:
        await table.reply(table.bob, "wordle start")
        monkeypatch.setattr(run.db, "get_game", away)
        monkeypatch.setattr(run.db, "active_own_game", away)
        monkeypatch.setattr(run.db, "active_channel_game", away)
        with caplog.at_level(logging.WARNING):
            told = await table.reply(table.bob, "guess", {"word": "slate"})
        assert told.content == DATABASE_AWAY and told.ephemeral
        failures = [r for r in caplog.records if "failed" in r.getMessage()]
        assert len(failures) == 1, [r.getMessage() for r in caplog.records]
        [line] = failures
        assert line.levelno == logging.WARNING and line.exc_info is None
        assert line.getMessage().startswith("command /guess failed (server ")
        assert "ConnectionRefusedError" in line.getMessage()


async def test_a_daily_given_up_as_the_database_went_away_is_still_told_and_posted(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """Told (without the statistics) and in the results post; no share grid in the channel,
    since the hints used are not known. (A guess that ends a game brings its figures back
    with the write, so only a give-up reads them after its end is saved.)"""
    monkeypatch.setattr("bot.service.endings.FIGURES_WAITS", (0.0,))
    async with table.running() as run:
        await table.reply(table.bob, "wordle start", {"kind": "daily"})
        monkeypatch.setattr(run.db, "ending_figures", away)  # just after the give-up's write
        given_up = await table.invoke(table.bob, "wordle giveup")
        [board] = await given_up.wait_for_messages(1)
        assert table.daily_answer().upper() in board.text()
        assert "check /wordle stats in a moment" in board.text()
        post = await wait_for_results_post(table, table.daily_number(), table.general)
        assert mention(table.bob) in post.content
        await table.fake.settle(quiet=0.2)
    assert len(given_up.visible_messages) == 1  # no share grid


async def test_a_daily_won_needs_no_read_after_its_write(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """The winning guess brings its figures back with the write: a database gone right after
    it still leaves the statistics on the board and the share grid in the channel."""
    async with table.running() as run:
        await table.reply(table.bob, "wordle start", {"kind": "daily"})
        monkeypatch.setattr(run.db, "ending_figures", away)
        won = await table.invoke(table.bob, "guess", {"word": table.daily_answer()})
        [board, grid] = await won.wait_for_messages(2)
        assert "Solved!" in board.text() and "check /wordle stats" not in board.text()
        assert "🟩🟩🟩🟩🟩" in grid.text()


async def test_another_program_holding_the_file_is_an_outage_and_saves_nothing(
        table: Table, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    """SQLite: a program that holds the file's write lock past the busy timeout (a backup
    tool, sqlite3 in a shell) is the database being away for a moment, not a bug: the player
    is told so, the log has one warning line, the guess costs no attempt, and it goes
    through once the lock is free."""
    monkeypatch.setattr(sqlite_connection, "BUSY_TIMEOUT", 0.2)  # set as a connection opens
    async with table.running():
        await table.reply(table.bob, "wordle start")
        other = sqlite3.connect(table.db_path, isolation_level=None)
        try:
            other.execute("BEGIN IMMEDIATE")
            with caplog.at_level(logging.WARNING):
                told = await table.reply(table.bob, "guess", {"word": "slate"})
        finally:
            other.execute("ROLLBACK")
            other.close()
        assert told.content == DATABASE_AWAY and told.ephemeral
        failures = [r for r in caplog.records if "failed" in r.getMessage()]
        assert [(r.levelno, r.exc_info) for r in failures] == [(logging.WARNING, None)]
        assert "locked" in failures[0].getMessage()
        await table.reply(table.bob, "guess", {"word": "slate"})
        assert len((await table.service.board(table.place(), table.bob.id)).rows) == 1


def test_an_outage_is_one_warning_line_anything_else_a_traceback(
        caplog: pytest.LogCaptureFixture) -> None:
    """The one rule for failures that are not a player's doing (commands, buttons and the
    race timers alike)."""
    logger = logging.getLogger("tests.failures")
    other = RuntimeError("a bug")
    with caplog.at_level(logging.WARNING, logger="tests.failures"):
        assert log_failure(logger, "race 7's timer failed; trying again", AWAY) is True
        assert log_failure(logger, "race 7's timer failed; trying again", other) is False
    away, bug = caplog.records
    assert (away.levelno, away.exc_info) == (logging.WARNING, None)
    assert away.getMessage() == f"race 7's timer failed; trying again: {AWAY}"
    assert bug.levelno == logging.ERROR and bug.exc_info is not None
    assert bug.exc_info[1] is other
