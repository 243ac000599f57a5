"""What the command line shows back of its arguments never holds a character the terminal
would act on: argparse's errors, word-list errors and the commands it suggests name or escape
ESC, BEL and the like (an argument is as hostile as a line typed into ``play``)."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from bot.cli.invocation import shell_word
from tests.cli.test_play_echo import acted_on
from tests.service.test_play_cli import env

__all__ = ["env"]

TITLE = "\x1b]0;PWNED\x07"


@pytest.mark.parametrize("args", [
    ["play", "--bogus", TITLE],
    ["solve", "crane=BBBBB", "--x", TITLE],
    ["prepare", "--y", "\x1b[2J"],
    ["solve", "--answers", TITLE, "crane=BBBBB"],
    ["play", "--db", "x", "--no-such\x1b[6n"],
])
def test_errors_name_control_characters(tmp_path, env, args):
    done = subprocess.run([sys.executable, "-m", "bot", *args], capture_output=True, text=True,
                          env=env, cwd=tmp_path, timeout=60)
    assert done.returncode == 2, done.stderr
    assert acted_on(done.stderr) == [] and acted_on(done.stdout) == [], done.stderr
    assert "<U+001B>" in done.stderr, done.stderr


def test_an_answers_file_named_with_escapes_is_named_in_the_settings_error(tmp_path, env):
    env = {**env, "WORDLE_ANSWERS": str(tmp_path / TITLE)}
    done = subprocess.run([sys.executable, "-m", "bot", "play"], capture_output=True,
                          text=True, env=env, cwd=tmp_path, timeout=60, input="/quit\n")
    assert done.returncode != 0
    assert acted_on(done.stderr) == [] and "<U+001B>]0;PWNED<U+0007>" in done.stderr


@pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash to read the words back")
@pytest.mark.parametrize("text", ["plain.sqlite3", "it's here", TITLE, "a\\b\x07c'd",
                                  "\u202eevil", "\U0001f600 \x9b6n"])
def test_shell_words_read_back_as_the_text(text):
    word = shell_word(text)
    assert acted_on(word) == []
    shown = subprocess.run(["bash", "-c", f"printf %s {word}"], capture_output=True,
                           timeout=10).stdout
    assert shown == text.encode()
