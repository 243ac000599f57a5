"""No Python traceback reaches the person running a command: Ctrl-C in ``solve`` or
``prepare`` (a strategy build under way), standard output closed, a terminal that is not
UTF-8. Each runs the real command (Ctrl-C on a real pseudo-terminal)."""

from __future__ import annotations

import re
import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.cli.terminal import CTRL_C, Session
from tests.service.test_play_cli import env

__all__ = ["env"]

ROOT = Path(__file__).resolve().parents[2]


def other_lists(folder: Path) -> list[str]:
    """The shipped lists less one allowed word: no strategy is shipped for them, so the
    solver builds its tables (many seconds), in a process of its own for a strategy."""
    answers, allowed = folder / "answers.txt", folder / "allowed.txt"
    answers.write_text((ROOT / "wordlists" / "answers.txt").read_text())
    words = (ROOT / "wordlists" / "allowed.txt").read_text().split()
    allowed.write_text("\n".join(w for w in words if w != "zymic") + "\n")
    return ["--answers", str(answers), "--allowed", str(allowed)]


def running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


def test_ctrl_c_during_prepare_stops_it_and_its_build_quietly(tmp_path, env):
    run = Session(["prepare", *other_lists(tmp_path), "--mode", "normal", "--cache-dir",
                   str(tmp_path / "cache")], tmp_path, env)
    started = run.expect(r"process (\d+): building the normal-mode strategy")
    pid = int(re.findall(r"process (\d+): building", started)[-1])
    time.sleep(2)  # well into the build
    run.send(CTRL_C)
    assert run.finish(timeout=20) == 130, run.text()
    after = run.text().split("building the normal-mode strategy for 2477")[1]
    assert "Traceback" not in after and "ERROR" not in after, after
    assert "Process wordle-bot strategy" not in after, after  # the build's own report
    assert after.strip().splitlines()[-1] == "Interrupted.", after
    for _ in range(50):  # the build process ends with the command
        if not running(pid):
            break
        time.sleep(0.1)
    assert not running(pid)


def test_ctrl_c_during_solve_says_interrupted(tmp_path, env):
    run = Session(["solve", *other_lists(tmp_path), "--cache-dir", str(tmp_path / "cache"),
                   "crane=BYBBG"], tmp_path, env)
    time.sleep(3)  # importing done, the tables under way (about 20 s)
    run.send(CTRL_C)
    assert run.finish(timeout=20) == 130, run.text()
    assert "Traceback" not in run.text(), run.text()
    assert run.text().strip().splitlines()[-1] == "Interrupted.", run.text()


def test_play_with_standard_output_closed_says_so(tmp_path, env):
    done = subprocess.run(
        ["sh", "-c", 'exec "$0" -m bot play --db "$1" --word slate >&-', sys.executable,
         str(tmp_path / "p.sqlite3")],
        input="crane\n", capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60)
    assert done.returncode == 2, done.stderr
    assert done.stderr == ("wordle-bot: standard output is closed: there is nowhere to show "
                           "the game\n")


@pytest.mark.parametrize("encoding", ["latin-1", "ascii"])
def test_play_on_a_terminal_that_is_not_utf8(tmp_path, env, encoding):
    done = subprocess.run(
        [sys.executable, "-m", "bot", "play", "--db", str(tmp_path / "p.sqlite3"), "--word",
         "slate"], input=b"crane\n/stats\nslate\n", capture_output=True,
        env={**env, "PYTHONIOENCODING": encoding, "NO_COLOR": "1"}, cwd=tmp_path, timeout=60)
    assert done.returncode == 0, done.stderr
    assert b"Traceback" not in done.stderr
    out = done.stdout.decode(encoding)
    assert "Your practice statistics:" in out and "You got it in 2/6!" in out
    assert "?" in out  # the bars and squares it cannot show


def limited_memory() -> None:  # in the child: a runaway read fails fast, not the machine
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


def test_play_reading_an_endless_line_refuses_it_and_leaves(tmp_path, env):
    with open("/dev/zero", "rb") as zeros:
        done = subprocess.run(
            [sys.executable, "-m", "bot", "play", "--db", str(tmp_path / "p.sqlite3"),
             "--word", "slate"], stdin=zeros, capture_output=True, text=True, env=env,
            cwd=tmp_path, timeout=60, preexec_fn=limited_memory)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert "That line is too long (over 256 characters): nothing was played." in done.stdout
    assert "Your game is saved" in done.stdout


def test_play_refuses_a_long_line_and_reads_on(tmp_path, env):
    done = subprocess.run(
        [sys.executable, "-m", "bot", "play", "--db", str(tmp_path / "p.sqlite3"), "--word",
         "slate"], input="crane" * 1000 + "\n/quit\n", capture_output=True, text=True,
        env=env, cwd=tmp_path, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "That line is too long (over 256 characters): nothing was played." in done.stdout
    assert "Guess 1/6> \nBye!" in done.stdout  # the next line was read; no attempt was used
