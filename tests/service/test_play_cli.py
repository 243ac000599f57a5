"""Drive `wordle-bot play` as a real subprocess through its standard input."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.core.daily import today_puzzle_number
from tests.support import ANSWERS, EXTRA

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def env(tmp_path):
    answers = tmp_path / "answers.txt"
    allowed = tmp_path / "allowed.txt"
    answers.write_text("\n".join(sorted(ANSWERS)) + "\n")
    allowed.write_text("\n".join(sorted(set(ANSWERS + EXTRA))) + "\n")
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD", "WORDLE"))}
    environ.update(
        WORDLE_ANSWERS=str(answers), WORDLE_ALLOWED=str(allowed), DAILY_SALT="cli-test",
        NO_COLOR="1", PYTHONPATH=str(ROOT),
    )
    return environ


def play(tmp_path, env, stdin: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", "play", "--db", str(tmp_path / "play.sqlite3"), *args],
        input=stdin, capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60,
    )


def test_whole_won_game(tmp_path, env):
    done = play(tmp_path, env, "crane\ncr4ne\nzzzzz\nslate\n", "--word", "slate")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Use only the letters A to Z" in out  # the invalid guesses were explained...
    assert "ZZZZZ is not in the word list." in out
    assert "You got it in 2/6!" in out  # ...and cost no attempt
    assert "⬛⬛🟩⬛🟩\n🟩🟩🟩🟩🟩" in out  # the share grid
    assert "Played 1" in out
    # Plain (no colour) tiles: [X] green, -X- grey, and a line that says so.
    assert "-C- -R- [A] -N- [E]" in out
    assert "[X] right place   (X) in the word, elsewhere   -X- not in the word" in out
    assert "\x1b[" not in out


def test_whole_lost_game(tmp_path, env):
    guesses = "\n".join(["crane", "speed", "erase", "abbey", "kebab", "hello"]) + "\n"
    done = play(tmp_path, env, guesses, "--word", "slate")
    assert done.returncode == 0, done.stderr
    assert "Out of guesses. The word was SLATE." in done.stdout
    assert "X/6" in done.stdout


def test_eof_leaves_and_game_resumes(tmp_path, env):
    first = play(tmp_path, env, "crane\n", "--word", "slate", "--hard")
    assert first.returncode == 0, first.stderr
    assert "Your game is saved" in first.stdout
    second = play(tmp_path, env, "speed\nslate\n")
    assert second.returncode == 0, second.stderr
    assert "Carrying on with your game in progress" in second.stdout
    assert "Hard mode: the 3rd letter must be A." in second.stdout
    assert "You got it in 2/6!" in second.stdout


def test_daily_and_commands(tmp_path, env):
    def today() -> int:
        return today_puzzle_number(datetime.now(UTC), "UTC")

    for attempt in range(2):  # again in a fresh folder if UTC midnight fell between the runs
        folder = tmp_path / str(attempt)
        folder.mkdir()
        day = today()
        done = play(folder, env, "/help\n/hint letter\n/hint nonsense\n/stats\n/giveup\n",
                    "--daily")
        again = play(folder, env, "", "--daily")
        if today() == day:
            break
    assert done.returncode == 0, done.stderr
    # Hints on dailies are off by default, in the terminal too (guild 0): /help lists none.
    assert "no hints in the daily" in done.stdout and "/hint position" not in done.stdout
    assert "Hint: " not in done.stdout
    assert "Hints are off for the daily" in done.stdout
    assert "A hint is a letter, a position or a word." in done.stdout
    assert "The word was" in done.stdout
    # a refusal that ends the command goes to standard error, as its exit code says
    assert "already played" in again.stderr and again.stdout == ""
    assert again.returncode == 1


def test_bad_word_option(tmp_path, env):
    done = play(tmp_path, env, "", "--word", "zzzzz")
    assert done.returncode == 2
    assert "ZZZZZ is not in the word list." in done.stderr


def test_a_reader_gone_away_or_no_input_at_all_ends_quietly(tmp_path, env):
    # `wordle-bot play | head -1`: the pipe is closed before the game writes, so every
    # write fails (Python ignores SIGPIPE); the game stops without a traceback.
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "bot", "play", "--db", str(tmp_path / "p.sqlite3"),
             "--word", "slate"], input="crane\n", stdout=write_end, stderr=subprocess.PIPE,
            text=True, env=env, cwd=tmp_path, timeout=60)
    finally:
        os.close(write_end)
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    # standard input closed altogether (`<&-`): as at the end of input
    done = subprocess.run(
        [sys.executable, "-c", "import os, sys; os.close(0); sys.stdin = None; "
         "from bot.__main__ import main; raise SystemExit(main())", "play", "--db",
         str(tmp_path / "q.sqlite3"), "--word", "slate"],
        capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert "Your game is saved" in done.stdout
