"""A word list named on the command line or in the settings that is no list: a named pipe
nobody writes to, ``/dev/zero``, a file far too large. Each is refused at once with one line
naming the file and why (exit 2), by the real command in a child process; the child's memory
is capped and it has a time-out, so a regression fails the test instead of the machine."""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli import exits
from tests.service.test_play_cli import env
from tests.startup.helpers import assert_one_clear_line
from tests.startup.test_startup_errors import start

__all__ = ["env"]

ROOT = Path(__file__).resolve().parents[2]


def limited_memory() -> None:  # in the child: a runaway read fails fast, not the machine
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


LIMITED_MEMORY = "import resource\nresource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))\n"


def wordle_bot(tmp_path: Path, env: dict[str, str], *args: str
               ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bot", *args], capture_output=True, text=True,
                          env=env, cwd=tmp_path, timeout=60, stdin=subprocess.DEVNULL,
                          preexec_fn=limited_memory)


def one_line(done: subprocess.CompletedProcess[str], *pieces: str, code: int = exits.USAGE
             ) -> str:
    """The one line of a refusal; a command-line option exits 2, a setting 78."""
    assert done.returncode == code, (done.returncode, done.stdout, done.stderr)
    assert "Traceback" not in done.stderr, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    for piece in pieces:
        assert piece in lines[0], (piece, lines[0])
    return lines[0]


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "answers.fifo"
    os.mkfifo(path)
    return path


def too_large(tmp_path: Path) -> Path:
    path = tmp_path / "huge.txt"
    line = b"crane\n"
    path.write_bytes(line * ((5 << 20) // len(line)))  # 5 MiB
    return path


def test_solve_refuses_dev_zero(tmp_path, env):
    done = wordle_bot(tmp_path, env, "solve", "--answers", "/dev/zero", "crane=BBBBB")
    one_line(done, "wordle-bot solve: ", "/dev/zero", "not a regular file")


def test_solve_refuses_a_named_pipe_nobody_writes_to(tmp_path, env, fifo):
    done = wordle_bot(tmp_path, env, "solve", "--allowed", str(fifo), "crane=BBBBB")
    one_line(done, "wordle-bot solve: ", str(fifo), "named pipe (FIFO), not a regular file")


def test_solve_refuses_a_file_too_large(tmp_path, env):
    path = too_large(tmp_path)
    done = wordle_bot(tmp_path, env, "solve", "--answers", str(path), "crane=BBBBB")
    one_line(done, "wordle-bot solve: ", str(path), "larger than 4 MiB")


def test_prepare_refuses_a_named_pipe(tmp_path, env, fifo):
    done = wordle_bot(tmp_path, env, "prepare", "--answers", str(fifo))
    one_line(done, "wordle-bot prepare: ", str(fifo), "not a regular file")


@pytest.mark.parametrize("setting", ["WORDLE_ANSWERS", "WORDLE_ALLOWED"])
def test_play_refuses_dev_zero_in_the_settings(tmp_path, env, setting):
    done = wordle_bot(tmp_path, {**env, setting: "/dev/zero"}, "play", "--db",
                      str(tmp_path / "p.sqlite3"))
    one_line(done, "wordle-bot: ", "/dev/zero", "not a regular file", code=exits.CONFIG)
    assert not (tmp_path / "p.sqlite3").exists()


def test_play_refuses_a_named_pipe_in_the_settings(tmp_path, env, fifo):
    done = wordle_bot(tmp_path, {**env, "WORDLE_ANSWERS": str(fifo)}, "play", "--db",
                      str(tmp_path / "p.sqlite3"))
    one_line(done, "wordle-bot: ", str(fifo), "not a regular file", code=exits.CONFIG)



def test_the_bot_refuses_a_named_pipe_at_start(tmp_path, fifo):
    ran = start("run", tmp_path, {"WORDLE_DB": "data/w.sqlite3", "WORDLE_ALLOWED": str(fifo)})
    assert_one_clear_line(ran, str(fifo), "named pipe (FIFO), not a regular file")
    assert ran.code == exits.CONFIG and not (tmp_path / "data").exists()


def test_the_bot_refuses_dev_zero_at_start(tmp_path):
    ran = start("run", tmp_path, {"WORDLE_DB": "data/w.sqlite3", "WORDLE_ANSWERS": "/dev/zero"},
                prelude=LIMITED_MEMORY)
    assert_one_clear_line(ran, "/dev/zero", "a device, not a regular file")
    assert ran.code == exits.CONFIG


def test_a_named_pipe_as_the_daily_salt_file_is_refused(tmp_path):
    # The salt file is read from beside the database, a folder the settings name.
    (tmp_path / "data").mkdir()
    os.mkfifo(tmp_path / "data" / "daily-salt")
    ran = start("play", tmp_path, {"WORDLE_DB": "data/w.sqlite3", "DAILY_SALT": ""})
    assert_one_clear_line(ran, "daily-salt", "named pipe (FIFO), not a regular file")


def test_dev_zero_as_the_daily_salt_file_is_refused(tmp_path):
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "daily-salt").symlink_to("/dev/zero")
    ran = start("play", tmp_path, {"WORDLE_DB": "data/w.sqlite3", "DAILY_SALT": ""},
                prelude=LIMITED_MEMORY)
    assert_one_clear_line(ran, "daily-salt", "a device, not a regular file")
