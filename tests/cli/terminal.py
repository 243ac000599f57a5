"""The real ``wordle-bot`` command on a pseudo-terminal, as a person at a keyboard runs it:
Ctrl-C is the terminal's own (the line discipline sends SIGINT to the command), and what is
typed is echoed. ``Session.expect`` waits for a pattern in the output; ``finish`` waits for
the exit and returns its code, once every process holding the terminal has closed it."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import signal
import struct
import sys
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CTRL_C = "\x03"


class Session:
    def __init__(self, args: list[str], cwd: Path, env: dict[str, str], *,
                 columns: int = 80) -> None:
        """``columns``: the terminal's width, set before the command starts."""
        child_env = {**env, "PYTHONPATH": str(ROOT)}
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: the command, with the pty as its terminal
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
                # As a person's shell starts it: a runner that started the tests in the
                # background (where SIGINT is ignored, and exec keeps that) must not make the
                # command deaf to Ctrl-C.
                signal.signal(signal.SIGINT, signal.SIG_DFL)
                os.chdir(cwd)
                os.execve(sys.executable, [sys.executable, "-m", "bot", *args], child_env)
            finally:
                os._exit(127)
        self.output = b""
        self.seen = 0  # where the next expect looks from
        self.code: int | None = None

    def _pump(self, seconds: float) -> bool:
        """Read what the command wrote for up to ``seconds``; False once the pty is closed."""
        ready, _, _ = select.select([self.fd], [], [], seconds)
        if not ready:
            return True
        try:
            data = os.read(self.fd, 65536)
        except OSError:  # EIO: the command and its children closed the terminal
            return False
        self.output += data
        return bool(data)

    def expect(self, pattern: str, timeout: float = 60) -> str:
        """Wait for ``pattern`` in the output after the last match; the text up to its end."""
        compiled = re.compile(pattern.encode(), re.S)
        end = time.monotonic() + timeout
        while True:
            found = compiled.search(self.output, self.seen)
            if found:
                text = self.output[self.seen:found.end()].decode(errors="replace")
                self.seen = found.end()
                return text
            if time.monotonic() > end or not self._pump(0.1):
                raise AssertionError(f"no {pattern!r} in {self.text()!r}")

    def send(self, text: str) -> None:
        os.write(self.fd, text.encode())

    def text(self) -> str:
        return self.output.decode(errors="replace")

    def finish(self, timeout: float = 30) -> int:
        """The exit code (killing the command if it is still running after ``timeout``)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:  # what it (or a process it started) still writes, until the end
                drain = time.monotonic() + 10
                while self._pump(0.1) and time.monotonic() < drain:
                    pass
                os.close(self.fd)
                self.code = os.waitstatus_to_exitcode(status)
                return self.code
            self._pump(0.1)
        os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        os.close(self.fd)
        raise AssertionError(f"still running after {timeout} s: {self.text()!r}")
