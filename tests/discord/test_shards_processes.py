"""Two processes of the real wordle-bot, shards 0 and 1 of 2, against the fake Discord and one
PostgreSQL database (issue 12, item 6).

Both start at the same moment (``python -m bot`` with ``DATABASE_URL``, ``SHARD_COUNT=2`` and
``SHARD_IDS`` 0 or 1): the migrations apply once, the identify gate keeps their IDENTIFYs a
window apart, and each server is served by the process holding its shard. A SIGKILL of one
loses no guess it acknowledged while the other keeps serving; started again, it carries on
with its players' games.

Needs PostgreSQL (``tests/pg.py``): skipped without it, failed with ``WORDLE_REQUIRE_PG=1``.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import AsyncIterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from bot.storage.postgres import latest_version
from tests.fakediscord import FakeDiscord, FakeMember
from tests.fakediscord.models import FakeInteraction
from tests.fakediscord.process import BotProcess
from tests.support import ANSWERS, EXTRA

SALT = "shard-test-salt"
SECRET = "pw-never-in-logs"  # the test server trusts local connections: any password works


def write_word_lists(folder: Path) -> tuple[Path, Path]:
    answers, allowed = folder / "answers.txt", folder / "allowed.txt"
    answers.write_text("\n".join(ANSWERS) + "\n")
    allowed.write_text("\n".join(sorted(set(ANSWERS) | set(EXTRA))) + "\n")
    return answers, allowed


def bot_env(dsn: str, shard: int, answers: Path, allowed: Path, cache: Path) -> dict[str, str]:
    parts = urlsplit(dsn)
    if parts.password is None:  # add one, to show it is never printed
        host = parts.netloc.rsplit("@", 1)[-1]
        dsn = urlunsplit(parts._replace(netloc=f"{parts.username or 'postgres'}:{SECRET}@{host}"))
    return {"DATABASE_URL": dsn, "SHARD_COUNT": "2", "SHARD_IDS": str(shard),
            "DAILY_SALT": SALT, "WORDLE_ANSWERS": str(answers), "WORDLE_ALLOWED": str(allowed),
            "WORDLE_BOT_CACHE_DIR": str(cache), "LOG_LEVEL": "INFO"}


@contextlib.asynccontextmanager
async def bot_process(fake: FakeDiscord, env: dict[str, str]) -> AsyncIterator[BotProcess]:
    async with fake.start_process("bot", "--env-file", os.devnull, "--sync-global",
                                  env=env, stop_timeout=4.0) as proc:
        yield proc


def shown(interaction: FakeInteraction) -> str:
    """What the player sees of the bot's answers, letters run together (boards show them spaced
    or in tiles), upper case."""
    parts = []
    for message in interaction.visible_messages:
        parts.append(message.text())
        # A picture board says its rows in the gallery item's description, not in the text.
        parts.extend(str(item.get("description") or "") for gallery
                     in message.find_components(12) for item in gallery.get("items") or [])
    return re.sub(r"[\s`*|]", "", "\n".join(parts)).upper()


async def acknowledged(interaction: FakeInteraction, word: str, timeout: float = 20) -> bool:
    """The bot showed the player a board holding ``word``."""
    try:
        await interaction.fake.wait_for(lambda: word.upper() in shown(interaction), timeout,
                                        f"the board with {word}")
    except AssertionError:
        return False
    return True


async def fetch(dsn: str, sql: str, *args: object) -> list[asyncpg.Record]:
    conn = await asyncpg.connect(dsn)
    try:
        return list(await conn.fetch(sql, *args))
    finally:
        await conn.close()


async def daily_guesses(dsn: str, guild_id: int, player: FakeMember) -> list[str]:
    found = await fetch(dsn, "SELECT q.attempt, q.word FROM guesses q JOIN games g "
                             "ON g.id = q.game_id WHERE g.guild_id = $1 AND g.owner_id = $2 "
                             "AND g.kind = 'daily' ORDER BY q.attempt", guild_id, player.id)
    assert [r["attempt"] for r in found] == list(range(1, len(found) + 1)), found
    return [r["word"] for r in found]


async def test_two_shard_processes_on_one_postgres(tmp_path: Path, pg_dsn: str) -> None:
    answers_file, allowed_file = write_word_lists(tmp_path)

    async with FakeDiscord(shards=2, max_concurrency=1, identify_window=5.0) as fake:
        zero = fake.add_guild("Zero", shard=(0, 2))
        one = fake.add_guild("One", shard=(1, 2))
        c0, c1 = fake.add_text_channel(zero, "general"), fake.add_text_channel(one, "general")
        ann = fake.add_member(zero, "ann")
        ben, cat, dan = (fake.add_member(one, name) for name in ("ben", "cat", "dan"))
        env = [bot_env(pg_dsn, shard, answers_file, allowed_file, tmp_path / "cache")
               for shard in (0, 1)]

        async with bot_process(fake, env[0]) as p0, bot_process(fake, env[1]) as p1:
            try:
                await fake.wait_for_shards([0, 1], 2, timeout=90)
                await fake.wait_for(lambda: "guess" in fake.command_paths(), 30, "/guess synced")
            except AssertionError:
                print(p0.output(), p1.output(), sep="\n----\n")
                raise
            # Started together: both are up, on one schema at the newest version, and Discord
            # saw their IDENTIFYs a window apart.
            assert p0.returncode is None and p1.returncode is None
            versions = await fetch(pg_dsn, "SELECT version FROM wordle_schema")
            assert [r["version"] for r in versions] == [latest_version()]
            assert fake.identify_concurrency_violations() == []
            assert sorted(r.shard for r in fake.identifies if not r.refused) == [(0, 2), (1, 2)]
            s0, s1 = fake.shard_session(0, 2), fake.shard_session(1, 2)
            assert s0 is not None and s1 is not None

            # Each server is served by its own process.
            for member, channel in ((ann, c0), (ben, c1), (cat, c1), (dan, c1)):
                start = await fake.invoke(channel, member, "wordle start", {"kind": "daily"})
                await start.wait_for_messages(1)
            assert s0.events.count("INTERACTION_CREATE") == 1
            assert s1.events.count("INTERACTION_CREATE") == 3
            # The hidden words (each server has its own daily order): read from the database.
            hidden = {r["answer"] for r in await fetch(
                pg_dsn, "SELECT answer FROM games WHERE kind = 'daily'")}
            (answer,) = await fetch(pg_dsn, "SELECT answer FROM games WHERE owner_id = $1",
                                    ben.id)
            answer = answer["answer"]
            wrong = [w for w in ANSWERS if w not in hidden]
            first = await fake.invoke(c1, ben, "guess", {"word": wrong[0]})
            assert first.shard == (1, 2) and await acknowledged(first, wrong[0])

            # Guesses in flight on shard 1; SIGKILL its process as soon as one is acknowledged.
            burst = {m: await fake.invoke(c1, m, "guess", {"word": wrong[1]})
                     for m in (ben, cat, dan)}
            await fake.wait_for(lambda: any(wrong[1].upper() in shown(i)
                                            for i in burst.values()), 20, "an acknowledgement")
            p1.kill()
            await p1.wait(10)
            acked = [m for m, i in burst.items() if wrong[1].upper() in shown(i)]
            assert acked
            for member in acked:  # every acknowledged guess is in the database
                assert wrong[1] in await daily_guesses(pg_dsn, one.id, member)
            assert await daily_guesses(pg_dsn, one.id, ben) in (
                [wrong[0]], [wrong[0], wrong[1]])

            # Shard 0 keeps serving meanwhile.
            await fake.wait_for(lambda: not fake.shard_ready(1, 2), 10, "shard 1 gone")
            alive = await fake.invoke(c0, ann, "guess", {"word": wrong[2]})
            assert await acknowledged(alive, wrong[2])
            assert await daily_guesses(pg_dsn, zero.id, ann) == [wrong[2]]

            # Shard 1 again: its players carry on with their games where they were.
            async with bot_process(fake, env[1]) as p1b:
                try:
                    await fake.wait_for_shards([1], 2, timeout=60)
                except AssertionError:
                    print(p1b.output())
                    raise
                before = await daily_guesses(pg_dsn, one.id, ben)
                win = await fake.invoke(c1, ben, "guess", {"word": answer})
                assert await acknowledged(win, answer)
                assert await daily_guesses(pg_dsn, one.id, ben) == [*before, answer]
                games = await fetch(pg_dsn, "SELECT status, answer FROM games WHERE guild_id = $1 "
                                            "AND owner_id = $2", one.id, ben.id)
                assert [tuple(g) for g in games] == [("won", answer)], shown(win)
                assert fake.shard_session(1, 2) is not s1
                # Shard 0's process never stopped.
                assert p0.returncode is None
                assert fake.identify_concurrency_violations() == []

            output = p0.output()
        assert "Traceback" not in output, output
        assert "shards: 0 of 2" in output and ":***@" in output, output
        assert SECRET not in output + p1.output()
