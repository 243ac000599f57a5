"""The top-level ``--env-file`` reaches ``prepare`` and ``solve`` as it reaches ``play``: the
word lists its settings name are the ones used. Run as the real command (``python -m bot``),
in a folder of its own, so no ``.env`` and no setting of the machine running the tests counts."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.solver.words import TINY_ALLOWED, TINY_ANSWERS

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    environ = {k: v for k, v in os.environ.items()
               if not k.startswith(("DISCORD", "WORDLE", "DATABASE", "DAILY", "SHARD"))}
    environ.update(PYTHONPATH=str(ROOT), WORDLE_BOT_CACHE_DIR=str(tmp_path / "cache"))
    return environ


def wordle_bot(tmp_path: Path, env: dict[str, str], *args: str
               ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bot", *args], capture_output=True, text=True,
                          env=env, cwd=tmp_path, timeout=120)


def tiny_lists_in(folder: Path, settings: str) -> None:
    """Write the tiny word lists, and the settings file ``settings`` naming them."""
    answers, allowed = folder / "answers.txt", folder / "allowed.txt"
    answers.write_text("\n".join(TINY_ANSWERS) + "\n")
    allowed.write_text("\n".join(sorted(TINY_ALLOWED)) + "\n")
    (folder / settings).write_text(f"WORDLE_ANSWERS={answers}\nWORDLE_ALLOWED={allowed}\n")


def test_prepare_reads_the_lists_of_the_env_file_given(tmp_path, env):
    (tmp_path / "alt.env").write_text("WORDLE_ANSWERS=/nonexistent/answers.txt\n")
    done = wordle_bot(tmp_path, env, "--env-file", "alt.env", "prepare", "--mode", "normal")
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "word list problem" in done.stderr and "/nonexistent/answers.txt" in done.stderr
    assert "shipped with the bot" not in done.stdout


def test_prepare_builds_for_the_lists_of_the_env_file(tmp_path, env):
    tiny_lists_in(tmp_path, "alt.env")
    done = wordle_bot(tmp_path, env, "--env-file=alt.env", "prepare", "--mode", "normal")
    assert done.returncode == 0, done.stderr
    assert "normal mode: built in" in done.stdout


def test_solve_uses_the_lists_of_the_env_file(tmp_path, env):
    tiny_lists_in(tmp_path, "alt.env")
    # Of the tiny answers, only BLOOM and SPOOK have none of C, R, A, N, E.
    done = wordle_bot(tmp_path, env, "--env-file", "alt.env", "solve", "crane=BBBBB")
    assert done.returncode == 0, done.stderr
    assert "\n2 hidden words fit:\n  BLOOM SPOOK\n" in done.stdout


def test_solve_reads_dot_env_by_default_and_its_options_win(tmp_path, env):
    tiny_lists_in(tmp_path, ".env")
    done = wordle_bot(tmp_path, env, "solve", "crane=BBBBB")
    assert done.returncode == 0, done.stderr
    assert "\n2 hidden words fit:\n  BLOOM SPOOK\n" in done.stdout
    # --answers and --allowed still choose over the settings
    other = tmp_path / "other"
    other.mkdir()
    (other / "answers.txt").write_text("bloom\n")
    (other / "allowed.txt").write_text("bloom\ncrane\n")
    done = wordle_bot(tmp_path, env, "solve", "--answers", str(other / "answers.txt"),
                      "--allowed", str(other / "allowed.txt"), "crane=BBBBB")
    assert done.returncode == 0, done.stderr
    assert "Play BLOOM: it is the only word left." in done.stdout


def test_solve_refuses_a_missing_list_in_one_line(tmp_path, env):
    (tmp_path / "alt.env").write_text("WORDLE_ALLOWED=/nonexistent/allowed.txt\n")
    done = wordle_bot(tmp_path, env, "--env-file", "alt.env", "solve", "crane=BBBBB")
    assert done.returncode == 2
    assert "wordle-bot solve: word list problem" in done.stderr
    assert "/nonexistent/allowed.txt" in done.stderr


def test_solve_refuses_a_bad_setting_in_one_line(tmp_path, env):
    # A settings file that the bot would refuse is refused here too, in one line.
    (tmp_path / ".env").write_text("DATABASE_POOL_SIZE=5\n")  # with SQLite: no pool
    done = wordle_bot(tmp_path, env, "solve", "crane=BBBBB")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith("wordle-bot solve: DATABASE_POOL_SIZE is for PostgreSQL")
    assert done.stderr.count("\n") == 1


def test_prepare_refuses_a_cache_folder_it_cannot_write(tmp_path, env):
    tiny_lists_in(tmp_path, ".env")
    (tmp_path / "a-file").write_text("")
    cache = tmp_path / "a-file" / "cache"  # under a file: no folder can be made there
    done = wordle_bot(tmp_path, env, "prepare", "--mode", "normal", "--cache-dir", str(cache))
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert done.stderr.splitlines()[-1].startswith(
        f"wordle-bot prepare: cannot write in the cache folder {cache}: "), done.stderr
    assert "built" not in done.stdout and "Traceback" not in done.stderr


@pytest.mark.parametrize("command", [["play"], ["solve", "crane=BBBBB"], ["prepare"]])
def test_a_settings_file_named_must_be_there(tmp_path, env, command):
    """A typo in ``--env-file`` must not run on other settings without a word (``.env`` alone
    may be missing); a folder is no settings file either. Nothing is made."""
    (tmp_path / "folder.env").mkdir()
    for named, said in (("missing.env", "there is no file missing.env"),
                        ("folder.env", "folder.env is a folder")):
        done = wordle_bot(tmp_path, env, "--env-file", named, *command)
        assert (done.returncode, done.stdout) == (2, ""), done.stderr
        assert f"wordle-bot: error: --env-file: {said}" in done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder.env"]
