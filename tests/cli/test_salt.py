"""``wordle-bot salt`` prints a new random salt for ``DAILY_SALT`` (issue 26, item 11) and
nothing else: no settings read, nothing made on disk; ``salt --help`` says what it is for."""

from __future__ import annotations

import os
import re

from tests.cli.test_env_file import env
from tests.cli.test_env_file import wordle_bot as run_wordle_bot

__all__ = ["env"]


def test_salt_prints_a_new_random_salt_and_makes_nothing(tmp_path, env):
    # A settings file that every other command would refuse: salt does not read it.
    (tmp_path / ".env").write_text("DATABASE_POOL_SIZE=5\n")
    first = run_wordle_bot(tmp_path, env, "salt")
    second = run_wordle_bot(tmp_path, env, "salt")
    for done in (first, second):
        assert (done.returncode, done.stderr) == (0, ""), done.stderr
        assert re.fullmatch(r"[0-9a-f]{32}\n", done.stdout), done.stdout
    assert first.stdout != second.stdout
    assert sorted(p.name for p in tmp_path.iterdir()) == [".env"]  # no data/, no daily-salt


def test_a_printed_salt_is_taken_as_daily_salt(tmp_path, env):
    salt = run_wordle_bot(tmp_path, env, "salt").stdout.strip()
    (tmp_path / "bot.env").write_text(f"DAILY_SALT={salt}\n")
    done = run_wordle_bot(tmp_path, env, "--env-file", "bot.env", "play", "--daily",
                          "--db", str(tmp_path / "p.sqlite3"))
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / "daily-salt").exists()  # none made: DAILY_SALT was used


def test_salt_help_says_what_it_is_for(tmp_path, env):
    done = run_wordle_bot(tmp_path, env, "salt", "--help")
    assert done.returncode == 0
    text = " ".join(done.stdout.split())
    assert "Print a new random salt for DAILY_SALT, the secret that picks the daily words" in text
    assert 'echo "DAILY_SALT=$(uv run wordle-bot salt)" >> .env' in text
    assert "a new salt changes every daily and archive word" in text


def test_salt_refuses_options_that_mean_nothing_to_it(tmp_path, env):
    for args in (["--env-file", os.devnull, "salt"], ["--sync-global", "salt"],
                 ["salt", "--length", "8"]):
        done = run_wordle_bot(tmp_path, env, *args)
        assert done.returncode == 2 and done.stdout == "", (args, done.stdout)
    assert "--env-file: wordle-bot salt reads no settings" in run_wordle_bot(
        tmp_path, env, "--env-file", os.devnull, "salt").stderr
