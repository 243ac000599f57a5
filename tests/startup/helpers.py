"""Running the real ``wordle-bot`` entry point in a child process with a made-up environment.

``run_cli`` starts ``python -m bot ...`` (or ``main()`` behind a few lines of set-up given in
``prelude``, for what only the child can change: where discord.py connects, how often threads
switch) in ``cwd`` with only the variables given, and returns the exit code and both streams.

``drop_file_override``: run as a user that file permissions apply to. As root (which writes
anything), the child runs as root without the capabilities that bypass permissions
(``setpriv``); tests that need it skip when that is impossible.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

NO_OVERRIDE = ["--bounding-set=-dac_override,-dac_read_search,-fowner"]


@dataclass
class Ran:
    code: int
    out: str
    err: str

    @property
    def err_lines(self) -> list[str]:
        return self.err.splitlines()


def _can_drop_override() -> bool:
    if os.geteuid() != 0:
        return True
    return shutil.which("setpriv") is not None


def needs_permissions() -> pytest.MarkDecorator:
    return pytest.mark.skipif(
        not _can_drop_override(),
        reason="running as root without setpriv: file permissions cannot be made to apply",
    )


def read_only_mount(folder: Path) -> list[str]:
    """A command prefix that runs the child in a mount namespace of its own where ``folder``
    is an empty read-only file system (root and ``unshare`` needed: see
    :func:`can_mount_read_only`)."""
    script = 'mount -t tmpfs -o ro,size=64k wordle-test "$0" && exec "$@"'
    return ["unshare", "--mount", "--propagation", "private", "sh", "-c", script, str(folder)]


def can_mount_read_only() -> bool:
    if os.geteuid() != 0 or shutil.which("unshare") is None:
        return False
    probe = subprocess.run(["unshare", "--mount", "--propagation", "private", "sh", "-c",
                            "mount -t tmpfs -o ro,size=64k wordle-test /mnt"],
                           capture_output=True, timeout=20)
    return probe.returncode == 0


def run_cli(args: list[str], cwd: Path, env: dict[str, str] | None = None, *,
            prelude: str = "", stdin: str = "", drop_file_override: bool = False,
            wrapper: list[str] | None = None, timeout: float = 60) -> Ran:
    child_env = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(cwd),
        "PYTHONPATH": str(ROOT),
        "WORDLE_BOT_CACHE_DIR": str(cwd / "cache"),
        "LANG": "C.UTF-8",
    }
    child_env.update(env or {})
    if prelude:
        code = prelude + "\nfrom bot.__main__ import main\nraise SystemExit(main(sys.argv[1:]))\n"
        command = [sys.executable, "-c", "import sys\n" + code, *args]
    else:
        command = [sys.executable, "-m", "bot", *args]
    if drop_file_override and os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        assert setpriv is not None
        command = [setpriv, *NO_OVERRIDE, *command]
    command = [*(wrapper or []), *command]
    done = subprocess.run(command, cwd=cwd, env=child_env, input=stdin, capture_output=True,
                          text=True, timeout=timeout)
    return Ran(done.returncode, done.stdout, done.stderr)


def assert_one_clear_line(ran: Ran, *expected: str, code: int | None = None) -> str:
    """Exactly one line on stderr, starting ``wordle-bot:`` and holding each expected piece;
    no traceback; a non-zero exit code (``code``, when given). Returns the line."""
    assert ran.code != 0, (ran.code, ran.err)
    if code is not None:
        assert ran.code == code, (ran.code, ran.err)
    assert "Traceback" not in ran.err, ran.err
    assert len(ran.err_lines) == 1, ran.err
    line = ran.err_lines[0]
    assert line.startswith("wordle-bot: "), line
    for piece in expected:
        assert piece in line, (piece, line)
    return line
