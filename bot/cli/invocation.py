"""How this program was started, so that a message names a command that works where the
player typed it (``uv run wordle-bot play``, or ``wordle-bot play`` where it is on ``PATH``)."""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from collections.abc import Mapping
from pathlib import Path

#: Set by ``uv run`` for the command it runs (and what that command starts).
UV_RUN = "UV_RUN_RECURSION_DEPTH"


def program_name(script: str | None = None, python: str | None = None,
                 environ: Mapping[str, str] | None = None) -> str:
    """The command that started this program, as the player would type it again.

    ``script`` is what Python ran (default ``sys.argv[0]``), ``python`` the interpreter as
    typed (default ``sys.orig_argv[0]``). Under ``uv run``, ``uv run`` and the name; else the
    script's name when ``PATH`` finds that same script, or its path as typed; ``python -m
    bot`` as it was started.
    """
    script = sys.argv[0] if script is None else script
    environ = os.environ if environ is None else environ
    under_uv = bool(environ.get(UV_RUN))
    if script in ("", "-c"):  # main() called from Python code: no command line to name
        return "wordle-bot"
    if Path(script).name == "__main__.py":
        if under_uv:
            return "uv run python -m bot"
        python = python or (sys.orig_argv[0] if sys.orig_argv else sys.executable)
        return f"{shlex.quote(python)} -m bot"
    name = Path(script).name
    if under_uv:
        return f"uv run {shlex.quote(name)}"
    found = shutil.which(name, path=environ.get("PATH", os.defpath))
    if found is not None and _same_file(found, script):
        return shlex.quote(name)
    return shlex.quote(script)


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def shell_word(text: str) -> str:
    """``text`` quoted as one word for a POSIX shell, as ``shlex.quote`` does; a word holding
    characters a terminal would act on (ESC, BEL, ...) is written in ``$'...'`` form with
    those characters escaped, so showing the command never sends them to the terminal."""
    if text.isprintable():
        return shlex.quote(text)
    escaped = "".join(
        "\\\\" if c == "\\" else "\\'" if c == "'" else c if c.isprintable()
        else f"\\x{ord(c):02x}" if ord(c) < 0x80 else f"\\u{ord(c):04x}" if ord(c) < 0x10000
        else f"\\U{ord(c):08x}"
        for c in text)
    return f"$'{escaped}'"


def play_command(env_file: str | None = None, db: Path | None = None, *,
                 program: str | None = None) -> str:
    """``wordle-bot play`` as this game was started (program, settings file, database), so
    that the command carries on with the same game."""
    words = [program if program is not None else program_name()]
    if env_file is not None:
        words += ["--env-file", shell_word(env_file)]
    words.append("play")
    if db is not None:
        words += ["--db", shell_word(str(db))]
    return " ".join(words)
