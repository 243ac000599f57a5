"""A bot in a child process, pointed at the FakeDiscord of the test's process.

``async with fake.start_process("pkg.module:function", "arg") as proc:`` starts
``python -m tests.fakediscord.launch`` (see launch.py) with the fake's URL and token in its
environment, keeps its stdout+stderr in a file (``proc.output()``), and on leaving stops it
(SIGTERM, then SIGKILL after ``stop_timeout``). ``proc.kill()`` sends SIGKILL at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .server import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]


class BotProcess:
    """One child process running a bot against the fake."""

    def __init__(
        self,
        fake: FakeDiscord,
        target: str,
        args: tuple[str, ...],
        *,
        env: dict[str, str] | None = None,
        cwd: str | os.PathLike[str] | None = None,
        stop_timeout: float = 10.0,
    ) -> None:
        self.fake = fake
        self.target = target
        self.args = args
        self.env = env
        self.cwd = Path(cwd) if cwd is not None else ROOT
        self.stop_timeout = stop_timeout
        self.proc: asyncio.subprocess.Process | None = None
        self._final_output: str | None = None
        self._log = tempfile.NamedTemporaryFile(  # noqa: SIM115 (closed in stop)
            prefix="fakediscord-bot-", suffix=".log", delete=False
        )

    def __repr__(self) -> str:
        return f"<BotProcess {self.target} {' '.join(self.args)} pid={self.pid}>"

    @property
    def pid(self) -> int | None:
        return self.proc.pid if self.proc is not None else None

    @property
    def returncode(self) -> int | None:
        return self.proc.returncode if self.proc is not None else None

    def output(self) -> str:
        """Everything the child wrote to stdout and stderr so far (kept after it stopped)."""
        if self._final_output is not None:
            return self._final_output
        self._log.flush()
        return Path(self._log.name).read_text(errors="replace")

    async def start(self) -> BotProcess:
        env = dict(os.environ)
        env.update(self.fake.process_env())
        env.update(self.env or {})
        env.setdefault("PYTHONUNBUFFERED", "1")
        if ":" in self.target:
            target = [self.target]
        else:
            target = ["-m", self.target.removeprefix("-m ").strip()]
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.fakediscord.launch",
            *target,
            *self.args,
            cwd=self.cwd,
            env=env,
            stdin=asyncio.subprocess.PIPE,
            stdout=self._log,
            stderr=asyncio.subprocess.STDOUT,
        )
        self.fake._processes.append(self)
        return self

    def kill(self) -> None:
        """SIGKILL: the process dies at once (its sockets are closed by the OS)."""
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGKILL)

    def terminate(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.send_signal(signal.SIGTERM)

    async def wait(self, timeout: float | None = None) -> int:
        assert self.proc is not None
        return await asyncio.wait_for(self.proc.wait(), timeout)

    async def stop(self) -> None:
        """Close stdin (a polite bot stops), then SIGTERM, then SIGKILL; wait for the exit."""
        if self.proc is None:
            return
        if self.proc.returncode is None:
            if self.proc.stdin is not None:
                with contextlib.suppress(Exception):
                    self.proc.stdin.close()
            try:
                await asyncio.wait_for(self.proc.wait(), self.stop_timeout / 2)
            except TimeoutError:
                self.terminate()
                try:
                    await asyncio.wait_for(self.proc.wait(), self.stop_timeout / 2)
                except TimeoutError:
                    self.kill()
                    await self.proc.wait()
        self._log.close()
        if self in self.fake._processes:
            self.fake._processes.remove(self)

    async def __aenter__(self) -> BotProcess:
        return await self.start()

    async def __aexit__(self, *exc: Any) -> None:
        await self.stop()
        with contextlib.suppress(OSError):
            self._final_output = Path(self._log.name).read_text(errors="replace")
            os.unlink(self._log.name)
