"""What ``wordle-bot play`` shows back of what the player typed never holds a character the
terminal would act on (ESC sets its title or clears its screen, BEL rings, ``ESC [6n`` makes
it type a reply into the input): such characters are named by their code points instead.
Run as the real command, through a pipe and on a pseudo-terminal."""

from __future__ import annotations

import subprocess
import sys
import unicodedata
from pathlib import Path

from tests.cli.terminal import Session
from tests.service.test_play_cli import env

__all__ = ["env"]

#: Lines a player (or whatever feeds the game) may type, each with control characters.
HOSTILE = [
    "/\x1b]0;PWNED\x07",  # sets the terminal's title
    "/\x1b[2J",  # clears the screen
    "/\x1b[6n",  # makes the terminal type its cursor position
    "/board\x07",
    "/\u009b6n",  # the one-character form of ESC [
    "/\u202eetalsnart",  # right-to-left override: shows text reversed
    "\x1b[6n",  # as a guess
    "/hint \x1b[6n",  # as a hint's kind
    "hint \x1b]0;PWNED\x07",
    "help \x1b[2J",
]


def acted_on(text: str) -> list[str]:
    """The characters in ``text`` a terminal acts on rather than shows (line ends aside)."""
    return sorted({f"U+{ord(c):04X}" for c in text
                   if c not in "\r\n" and unicodedata.category(c) in ("Cc", "Cf")})


def test_nothing_typed_comes_back_raw(tmp_path, env):
    done = subprocess.run(
        [sys.executable, "-m", "bot", "play", "--db", str(tmp_path / "p.sqlite3"), "--word",
         "slate"], input="\n".join([*HOSTILE, "/quit"]) + "\n", capture_output=True,
        text=True, env=env, cwd=tmp_path, timeout=60)
    assert done.returncode == 0, done.stderr
    assert acted_on(done.stdout) == [] and acted_on(done.stderr) == [], done.stdout
    for shown in ("/<U+001B>]0;pwned<U+0007>", "/<U+001B>[2j", "/<U+001B>[6n",
                  "/board<U+0007>", "/<U+009B>6n", "/<U+202E>etalsnart"):
        assert f"Unknown command {shown}. /help lists them." in done.stdout, done.stdout
    assert "invisible character (U+001B)" in done.stdout  # the guess, as before


def test_an_unknown_command_is_cut_after_twenty_characters(tmp_path, env):
    done = subprocess.run(
        [sys.executable, "-m", "bot", "play", "--db", str(tmp_path / "p.sqlite3")],
        input="/" + "\x07" * 30 + "\n/quit\n", capture_output=True, text=True, env=env,
        cwd=tmp_path, timeout=60)
    assert done.returncode == 0, done.stderr
    assert f"Unknown command /{'<U+0007>' * 20}…. /help lists them." in done.stdout


def test_on_a_terminal_the_title_escape_is_not_written_back(tmp_path: Path, env):
    # The terminal's own echo of what is typed shows ESC as ^[ and BEL as ^G, so a raw ESC
    # or BEL in the output can only come from the game.
    session = Session(["play", "--db", str(tmp_path / "p.sqlite3")], tmp_path, env)
    session.expect(r"Guess 1/6> ")
    session.send("/\x1b]0;PWNED\x07\n")
    session.expect(r"Unknown command .*?Guess 1/6> ")
    session.send("/quit\n")
    assert session.finish() == 0, session.text()
    assert acted_on(session.text()) == [], session.text()
    assert "Unknown command /<U+001B>]0;pwned<U+0007>. /help lists them." in session.text()
