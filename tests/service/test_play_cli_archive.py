"""`wordle-bot play --archive N` and `--archive-date YYYY-MM-DD` as a real subprocess: the
terminal's archive is its player's own past dailies (the personal record); bad options are
refused before anything opens, in the terminal's words."""

from __future__ import annotations

import subprocess
import sys

from bot.core.personal import player_daily_word
from bot.core.words import WordLists
from bot.terminal import LOCAL_PLAYER
from tests.service.test_play_cli import env, play
from tests.support import ANSWERS, EXTRA

__all__ = ["env"]


def first_puzzle_word() -> str:
    words = WordLists.from_words(ANSWERS, EXTRA)
    return player_daily_word(1, words.answers, "cli-test", LOCAL_PLAYER)


def test_archive_by_number_then_by_date(tmp_path, env):
    word = first_puzzle_word()
    done = play(tmp_path, env, f"{word}\n", "--archive", "1")
    assert done.returncode == 0, done.stderr
    assert "Wordle 1 · archive: guess the 5-letter word" in done.stdout
    assert "You got it in 1/6!" in done.stdout
    assert "Your archive statistics:" in done.stdout
    again = play(tmp_path, env, "", "--archive-date", "2026-01-01")
    assert again.returncode == 1
    assert "You've already played Wordle 1 from the archive" in again.stderr
    assert "🟩🟩🟩🟩🟩" in again.stderr and again.stdout == ""


def test_archive_options_refused_before_anything_starts(tmp_path, env):
    for args, words in [
        (("--archive", "abc"), "--archive: 'abc' isn't a puzzle number"),
        (("--archive", "²"), "isn't a puzzle number"),
        (("--daily", "--archive", "3"), "Choose one of --daily, --word and --archive"),
        (("--word", "crane", "--archive-date", "2026-01-01"), "Choose one of"),
    ]:
        done = play(tmp_path, env, "", *args)
        assert done.returncode == 2, args
        assert words in done.stderr, (args, done.stderr)
    assert not (tmp_path / "play.sqlite3").exists()  # nothing was opened
    done = play(tmp_path, env, "", "--archive-date", "2026-1-13")
    assert done.returncode == 2  # a malformed date is an argument error, like --archive abc
    assert "'2026-1-13' isn't a date: write it as YYYY-MM-DD" in done.stderr
    assert done.stdout == ""


def test_play_help_lists_the_archive(tmp_path, env):
    done = subprocess.run([sys.executable, "-m", "bot", "play", "--help"], capture_output=True,
                          text=True, env=env, cwd=tmp_path, timeout=60)
    assert done.returncode == 0
    assert "--archive N" in done.stdout and "--archive-date YYYY-MM-DD" in done.stdout
