"""Messages name the command the way the player started it (``uv run wordle-bot play`` after
the README's setup, where ``wordle-bot`` alone is not on ``PATH``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.cli.invocation import play_command, program_name
from tests.service.test_play_cli import env

__all__ = ["env"]

#: The ``wordle-bot`` script ``uv sync`` installed beside this Python.
SCRIPT = Path(sys.executable).with_name("wordle-bot")


def test_uv_run_is_named_as_uv_run(tmp_path):
    script = str(tmp_path / ".venv" / "bin" / "wordle-bot")
    assert program_name(script, environ={"UV_RUN_RECURSION_DEPTH": "1"}) == "uv run wordle-bot"
    assert program_name("/src/bot/__main__.py", "python3",
                        {"UV_RUN_RECURSION_DEPTH": "1"}) == "uv run python -m bot"


def test_a_script_is_named_by_its_name_only_when_path_finds_it(tmp_path):
    folder = tmp_path / ".venv" / "bin"
    folder.mkdir(parents=True)
    script = folder / "wordle-bot"
    script.write_text("#!/bin/sh\n")
    script.chmod(0o755)
    assert program_name(str(script), environ={"PATH": f"/usr/bin:{folder}"}) == "wordle-bot"
    assert program_name(".venv/bin/wordle-bot", environ={"PATH": "/usr/bin"}) == (
        ".venv/bin/wordle-bot")
    # another wordle-bot on PATH is not the one that ran
    other = tmp_path / "other"
    other.mkdir()
    (other / "wordle-bot").write_text("#!/bin/sh\n")
    (other / "wordle-bot").chmod(0o755)
    assert program_name(str(script), environ={"PATH": str(other)}) == str(script)


def test_a_module_is_named_with_the_python_that_ran_it():
    assert program_name("/src/bot/__main__.py", "python3", {}) == "python3 -m bot"
    assert program_name("/src/bot/__main__.py", "/opt/my python/bin/python", {}) == (
        "'/opt/my python/bin/python' -m bot")


def test_the_play_command_keeps_the_settings_file_and_database_it_was_given():
    assert play_command(program="uv run wordle-bot") == "uv run wordle-bot play"
    assert play_command("alt.env", Path("my games/w.sqlite3"), program="wordle-bot") == (
        "wordle-bot --env-file alt.env play --db 'my games/w.sqlite3'")


@pytest.mark.skipif(not SCRIPT.is_file(), reason="no wordle-bot script beside this Python")
@pytest.mark.parametrize("uv_run", [True, False])
def test_the_real_command_names_itself_as_it_was_started(tmp_path, env, uv_run):
    env = {k: v for k, v in env.items() if k != "UV_RUN_RECURSION_DEPTH"}
    env["PATH"] = os.defpath  # the project's .venv is not on PATH, as after the README
    if uv_run:
        env["UV_RUN_RECURSION_DEPTH"] = "1"  # what `uv run wordle-bot play` sets
    done = subprocess.run([str(SCRIPT), "play", "--db", "w.sqlite3", "--word", "slate"],
                          input="", capture_output=True, text=True, env=env, cwd=tmp_path,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    program = "uv run wordle-bot" if uv_run else str(SCRIPT)
    assert f"run `{program} play --db w.sqlite3` again to carry on." in done.stdout
