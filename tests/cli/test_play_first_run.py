"""A first ``wordle-bot play``, as a new player meets it: nothing meant for the bot's operator."""

from __future__ import annotations

import subprocess
import sys

from tests.service.test_play_cli import env

__all__ = ["env"]


def test_a_first_play_makes_the_daily_salt_without_an_operators_log_line(tmp_path, env):
    env = {k: v for k, v in env.items() if k != "DAILY_SALT"}
    done = subprocess.run(
        [sys.executable, "-m", "bot", "play", "--daily", "--db",
         str(tmp_path / "data" / "play.sqlite3")],
        input="/quit\n", capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "data" / "daily-salt").is_file()  # made, and kept for the next time
    assert done.stderr == ""
    assert "DAILY_SALT" not in done.stdout and "WARNING" not in done.stdout
