"""Stopping the real bot (``python -m bot`` in a child process) with SIGTERM, as systemd and
Kubernetes do, or SIGINT: the answers under way finish first (the player gets the reply for
the guess that was saved), then the bot and its store close cleanly. Killed (SIGKILL, a power
cut) between a daily's finish and its results post, the next start makes the post."""

from __future__ import annotations

import os
import signal
import textwrap
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.core.daily import server_daily_word, today_puzzle_number
from bot.core.words import WordLists
from tests.discord.test_shards_processes import shown, write_word_lists
from tests.fakediscord import FakeDiscord
from tests.support import ANSWERS, EXTRA

#: How long each guess takes in the child (a sitecustomize slows the service down), so that
#: the stop surely comes while one is under way.
SLOW = 1.5

SLOW_GUESSES = textwrap.dedent(f"""
    import asyncio
    import bot.service.game_service as games

    real = games.GameService.guess_in

    async def slow(self, *args, **kwargs):
        await asyncio.sleep({SLOW})
        return await real(self, *args, **kwargs)

    games.GameService.guess_in = slow
""")

#: The results post never made: the bot is killed before it could be.
NO_RESULTS_POST = textwrap.dedent("""
    import asyncio
    import bot.cogs.results_post as results_post

    async def never(self, *args, **kwargs):
        await asyncio.sleep(3600)
        return False

    results_post.ResultsPost._post_results = never
""")


def bot_env(tmp_path: Path, site: Path | None = None) -> dict[str, str]:
    answers, allowed = write_word_lists(tmp_path)
    root = Path(__file__).resolve().parents[2]
    return {"WORDLE_DB": str(tmp_path / "data" / "wordle.sqlite3"), "DAILY_SALT": "stop-test",
            "WORDLE_ANSWERS": str(answers), "WORDLE_ALLOWED": str(allowed),
            "WORDLE_BOT_CACHE_DIR": str(tmp_path / "cache"), "LOG_LEVEL": "INFO",
            "PYTHONPATH": f"{site}:{root}" if site is not None else str(root)}


def with_site(tmp_path: Path, code: str) -> Path:
    """A folder whose sitecustomize runs ``code`` in the child before the bot."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(code)
    return site


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
async def test_a_stop_lets_the_guess_under_way_be_answered(tmp_path: Path, sig: int) -> None:
    env = bot_env(tmp_path, with_site(tmp_path, SLOW_GUESSES))
    db = Path(env["WORDLE_DB"])
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Stops")
        channel = fake.add_text_channel(guild, "wordle")
        bob = fake.add_member(guild, "bob")
        async with fake.start_process("bot", "--env-file", os.devnull, "--sync-global",
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


async def test_a_kill_before_the_results_post_is_made_up_for_at_the_next_start(
        tmp_path: Path) -> None:
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Power cuts")
        channel = fake.add_text_channel(guild, "wordle")
        bob = fake.add_member(guild, "bob")
        today = today_puzzle_number(datetime.now(UTC), "UTC")
        words = WordLists.from_words(ANSWERS, sorted(set(ANSWERS) | set(EXTRA)))
        answer = server_daily_word(today, words.answers, "stop-test", guild.id, today)

        def results_posts() -> list[str]:
            return [m.content for m in fake.channel_messages(channel)
                    if m.via == "channel" and "results" in m.content]

        env = bot_env(tmp_path, with_site(tmp_path, NO_RESULTS_POST))
        async with fake.start_process("bot", "--env-file", os.devnull, "--sync-global",
                                      env=env) as proc:
            await fake.wait_for(lambda: "guess" in fake.command_paths(), 60, "/guess synced")
            started = await fake.invoke(channel, bob, "wordle start", {"kind": "daily"})
            await started.wait_for_messages(1, timeout=20)
            won = await fake.invoke(channel, bob, "guess", {"word": answer})
            await won.wait_for_messages(2, timeout=20)  # the board and the share grid
            assert answer.upper() in shown(won), proc.output()
            proc.kill()
            assert await proc.wait(timeout=10) == -signal.SIGKILL
        assert results_posts() == []

        async with fake.start_process("bot", "--env-file", os.devnull,
                                      env=bot_env(tmp_path)) as proc:
            await fake.wait_for(results_posts, 60, "the results post")
            [post] = results_posts()
            assert f"<@{bob.id}>" in post, post
            assert f"Wordle {today}" in post, post
