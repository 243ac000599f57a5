"""Stopping the real bot (``python -m bot`` in a child process) with SIGTERM, as systemd and
Kubernetes do, or SIGINT: the answers under way finish first (the player gets the reply for
the guess that was saved), then the bot and its store close cleanly."""

from __future__ import annotations

import signal
import textwrap
from pathlib import Path

import pytest

from tests.discord.test_shards_processes import shown, write_word_lists
from tests.fakediscord import FakeDiscord

#: How long each guess takes in the child (a sitecustomize slows the service down), so that
#: the stop surely comes while one is under way.
SLOW = 1.5

SLOW_GUESSES = textwrap.dedent(f"""
    import asyncio
    import bot.service.game_service as games

    real = games.GameService.guess

    async def slow(self, *args, **kwargs):
        await asyncio.sleep({SLOW})
        return await real(self, *args, **kwargs)

    games.GameService.guess = slow
""")


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
async def test_a_stop_lets_the_guess_under_way_be_answered(tmp_path: Path, sig: int) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(SLOW_GUESSES)
    answers, allowed = write_word_lists(tmp_path)
    db = tmp_path / "data" / "wordle.sqlite3"
    root = Path(__file__).resolve().parents[2]
    env = {"WORDLE_DB": str(db), "DAILY_SALT": "stop-test", "WORDLE_ANSWERS": str(answers),
           "WORDLE_ALLOWED": str(allowed), "WORDLE_BOT_CACHE_DIR": str(tmp_path / "cache"),
           "LOG_LEVEL": "INFO", "PYTHONPATH": f"{site}:{root}"}
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Stops")
        channel = fake.add_text_channel(guild, "wordle")
        bob = fake.add_member(guild, "bob")
        async with fake.start_process("bot", "--env-file", "/nonexistent/.env", "--sync-global",
                                      env=env, stop_timeout=20.0) as proc:
            await fake.wait_for(lambda: "guess" in fake.command_paths(), 60, "/guess synced")
            started = await fake.invoke(channel, bob, "wordle start")
            await started.wait_for_messages(1, timeout=20)
            guess = await fake.invoke(channel, bob, "guess", {"word": "crane"})
            await fake.wait_for(lambda: guess.sent_at is not None, 5, "the guess sent")
            assert proc.proc is not None
            proc.proc.send_signal(sig)  # while the guess is under way (it takes SLOW s)
            code = await proc.wait(timeout=SLOW + 15)
            assert code == 0, proc.output()
            assert "CRANE" in shown(guess), proc.output()  # answered before the bot closed
            output = proc.output()
            assert "stopping: letting the answers under way finish" in output
            assert "stopped" in output and "Traceback" not in output
    # the store was closed: SQLite folded its write-ahead log back into the file
    assert not Path(f"{db}-wal").exists()
