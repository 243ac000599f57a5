"""Options that mean nothing to the command given are argument errors (exit 2, one line
saying why), never silently ignored: ``--sync-global`` is the Discord bot's alone, and
``play --archive-date`` takes YYYY-MM-DD as ``--archive`` takes a number."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.__main__ import main as wordle_bot
from tests.cli.test_env_file import env
from tests.cli.test_env_file import wordle_bot as run_wordle_bot

__all__ = ["env"]


@pytest.mark.parametrize("command", [["play"], ["solve", "crane=BYBBG"], ["prepare"],
                                     ["salt"]])
def test_sync_global_with_another_command_is_refused(command, capsys, tmp_path: Path):
    with pytest.raises(SystemExit) as exit_:
        wordle_bot(["--sync-global", *command])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert (f"error: --sync-global is for running the Discord bot (wordle-bot run "
            f"--sync-global), not for {command[0]}") in err


@pytest.mark.parametrize("command", ["play", "solve", "prepare", "salt"])
def test_sync_global_after_another_command_is_refused(command, capsys, tmp_path: Path):
    try:  # solve and prepare parse their own options, and return the status
        code = wordle_bot([command, "--sync-global"])
    except SystemExit as exit_:
        code = exit_.code
    assert code == 2
    assert "unrecognized arguments: --sync-global" in capsys.readouterr().err


def test_sync_global_play_through_the_real_command(tmp_path, env):
    done = run_wordle_bot(tmp_path, env, "--sync-global", "play", "--word", "crane")
    assert done.returncode == 2
    assert "--sync-global is for running the Discord bot" in done.stderr
    assert not (tmp_path / "data").exists()  # nothing was opened or made


@pytest.mark.parametrize("date", ["2026-1-12", "2026-13-01", "2027-02-29", "12/01/2026",
                                  "2026-W10-1", "yesterday"])
def test_a_malformed_archive_date_is_an_argument_error(date, tmp_path, env):
    done = run_wordle_bot(tmp_path, env, "play", "--db", str(tmp_path / "play.sqlite3"),
                          "--archive-date", date)
    assert done.returncode == 2, done.stderr
    # Written as YYYY-MM-DD but no day of the calendar: asking for YYYY-MM-DD would not help.
    why = ("there is no such day" if date in ("2026-13-01", "2027-02-29")
           else "write it as YYYY-MM-DD, like 2026-03-15")
    assert done.stderr == f"--archive-date: {date!r} isn't a date: {why}.\n"
    assert done.stdout == ""
    assert not (tmp_path / "play.sqlite3").exists()  # refused before anything opened


def test_a_well_formed_date_outside_the_archive_is_still_the_games_to_refuse(tmp_path, env):
    env = {**env, "DAILY_SALT": "cli-test"}
    done = run_wordle_bot(tmp_path, env, "play", "--db", str(tmp_path / "play.sqlite3"),
                          "--archive-date", "2025-12-31")
    assert done.returncode == 1, done.stderr
    assert "The archive starts at Wordle 1 (2026-01-01)." in done.stderr


def test_a_number_and_a_date_of_two_puzzles_is_an_argument_error(tmp_path, env):
    env = {**env, "DAILY_SALT": "cli-test"}
    done = run_wordle_bot(tmp_path, env, "play", "--db", str(tmp_path / "play.sqlite3"),
                          "--archive", "5", "--archive-date", "2026-02-01")
    assert done.returncode == 2, done.stderr
    assert done.stderr == ("--archive and --archive-date name two different puzzles; give "
                           "just one of them.\n")
    assert not (tmp_path / "play.sqlite3").exists()  # refused before anything opened
    # the same puzzle both ways is that puzzle (Wordle 32 is 2026-02-01)
    done = run_wordle_bot(tmp_path, env, "play", "--db", str(tmp_path / "play.sqlite3"),
                          "--archive", "32", "--archive-date", "2026-02-01")
    assert done.returncode == 0, done.stderr
    assert "Wordle 32" in done.stdout
