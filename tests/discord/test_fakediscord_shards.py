"""Sharding in the fake Discord, driven by real discord.py AutoShardedClients / AutoShardedBots:
READY per shard, events routed by (guild_id >> 22) % shard_count, identify concurrency, and two
bot processes serving one fake."""

from __future__ import annotations

import asyncio
import fcntl
import os
import sys
import time
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from tests.fakediscord import FakeDiscord

# --------------------------------------------------------------------------- a toy sharded bot


def _wait_identify_turn(lock_path: str, window: float) -> None:
    """Cross-process identify gate: one IDENTIFY per ``window`` seconds (max_concurrency 1)."""
    with open(lock_path, "a+") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            f.seek(0)
            text = f.read().strip()
            wait = (float(text) if text else 0.0) + window - time.time()
            if wait > 0:
                time.sleep(wait)
            f.seek(0)
            f.truncate()
            f.write(str(time.time()))
            f.flush()
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


class ShardBot(commands.AutoShardedBot):
    """Answers /where with the shards this process runs; gates IDENTIFY through a lock file."""

    def __init__(self, shard_ids: list[int], shard_count: int, lock: str, window: float) -> None:
        super().__init__(
            command_prefix="!",
            intents=discord.Intents.default(),
            shard_ids=shard_ids,
            shard_count=shard_count,
            guild_ready_timeout=0.1,
        )
        self.lock, self.window = lock, window

        @self.tree.command(description="Which shard answers")
        async def where(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(
                f"shards {self.shard_ids} pid {os.getpid()} guild {interaction.guild_id}"
            )

    async def setup_hook(self) -> None:
        await self.tree.sync()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        # a little over the window: the IDENTIFY reaches Discord a moment after the gate
        await asyncio.to_thread(_wait_identify_turn, self.lock, self.window + 0.1)


async def _serve(shard_ids: list[int], shard_count: int, lock: str, window: float) -> int:
    bot = ShardBot(shard_ids, shard_count, lock, window)
    task = asyncio.create_task(bot.start(os.environ["DISCORD_TOKEN"]))
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)  # until closed
    await bot.close()
    await asyncio.wait([task], timeout=5)
    return 0


def serve_shards(argv: list[str]) -> Coroutine[Any, Any, int]:
    """Child process entry (tests.fakediscord.launch): SHARD_IDS COUNT LOCK WINDOW."""
    ids = [int(x) for x in argv[0].split(",")]
    return _serve(ids, int(argv[1]), argv[2], float(argv[3]))


# --------------------------------------------------------------------------- tests


async def test_two_bot_processes_each_serve_their_own_shard(tmp_path: Path) -> None:
    async with FakeDiscord(shards=2, max_concurrency=1, identify_window=1.0) as fake:
        zero = fake.add_guild("Zero", shard=(0, 2))
        one = fake.add_guild("One", shard=(1, 2))
        assert (fake.shard_of(zero, 2), fake.shard_of(one, 2)) == (0, 1)
        ann = fake.add_member(zero, "ann")
        ben = fake.add_member(one, "ben")
        c0, c1 = fake.add_text_channel(zero), fake.add_text_channel(one)
        lock = str(tmp_path / "identify.lock")
        target = f"{__name__}:serve_shards"
        async with (
            fake.start_process(target, "0", "2", lock, "1.0") as p0,
            fake.start_process(target, "1", "2", lock, "1.0") as p1,
        ):
            try:
                await fake.wait_for_shards([0, 1], 2, timeout=60)
                await fake.wait_for(lambda: "where" in fake.command_paths(), 30, "/where synced")
            except AssertionError:
                print(p0.output(), p1.output())
                raise
            s0, s1 = fake.shard_session(0, 2), fake.shard_session(1, 2)
            assert s0 is not None and s1 is not None
            assert (s0.ready_guilds, s1.ready_guilds) == ([zero.id], [one.id])

            in_zero = await fake.invoke(c0, ann, "where")
            in_one = await fake.invoke(c1, ben, "where")
            dm = await fake.invoke(None, ben, "where")  # no guild: shard 0
            assert (await in_zero.first_response()).content == (
                f"shards [0] pid {p0.pid} guild {zero.id}"
            )
            assert (await in_one.first_response()).content == (
                f"shards [1] pid {p1.pid} guild {one.id}"
            )
            assert (await dm.first_response()).content == f"shards [0] pid {p0.pid} guild None"
            assert (in_zero.shard, in_one.shard, dm.shard) == ((0, 2), (1, 2), (0, 2))
            assert s0.events.count("INTERACTION_CREATE") == 2
            assert s1.events.count("INTERACTION_CREATE") == 1

            # both processes started at once, yet the gate kept IDENTIFYs 1 s apart
            assert fake.identify_concurrency_violations() == []
            first, second = sorted(fake.identify_times())
            assert second - first >= 1.0
            assert sorted(r.shard for r in fake.identifies) == [(0, 2), (1, 2)]

            # SIGKILL shard 1's process: shard 0 keeps serving
            p1.kill()
            await p1.wait(10)
            await fake.wait_for(lambda: not fake.shard_ready(1, 2), 10, "shard 1 gone")
            again = await fake.invoke(c0, ann, "where")
            assert (await again.first_response()).content.startswith("shards [0]")

            # a new process for shard 1 IDENTIFYs afresh and takes its guild back
            async with fake.start_process(target, "1", "2", lock, "1.0") as p1b:
                await fake.wait_for_shards([1], 2, timeout=60)
                back = await fake.invoke(c1, ben, "where")
                assert (await back.first_response()).content == (
                    f"shards [1] pid {p1b.pid} guild {one.id}"
                )
                assert s1.invalidated and fake.shard_session(1, 2) is not s1


def _in_process_bot(window: float | None) -> discord.AutoShardedClient:
    """Both shards of 2 in one client; ``window``: seconds between IDENTIFYs (None: no wait)."""
    client = discord.AutoShardedClient(
        intents=discord.Intents.default(), shard_count=2, guild_ready_timeout=0.05
    )
    tree = app_commands.CommandTree(client)

    @tree.command(description="Guild name")
    async def name(interaction: discord.Interaction) -> None:
        assert interaction.guild is not None
        await interaction.response.send_message(f"{interaction.guild.name}")

    async def setup_hook() -> None:
        await tree.sync()

    async def before_identify_hook(shard_id: int | None, *, initial: bool = False) -> None:
        if window is not None and not initial:
            await asyncio.sleep(window)

    client.setup_hook = setup_hook  # type: ignore[method-assign]
    client.before_identify_hook = before_identify_hook  # type: ignore[method-assign]
    return client


async def test_one_client_two_shards_routes_events_by_guild() -> None:
    async with FakeDiscord(identify_window=0.3) as fake:
        zero = fake.add_guild("Zero", shard=(0, 2))
        one = fake.add_guild("One", shard=(1, 2))
        bob = fake.add_member(one, "bob")
        channel = fake.add_text_channel(one)
        client = _in_process_bot(window=0.35)
        async with fake.run_bot(client):  # waits for READY on both shards
            s0, s1 = fake.shard_session(0, 2), fake.shard_session(1, 2)
            assert s0 is not None and s1 is not None
            assert s0.ready_guilds == [zero.id] and s1.ready_guilds == [one.id]
            assert fake.identify_concurrency_violations() == []

            inter = await fake.invoke(channel, bob, "name")
            assert (await inter.first_response()).content == "One"
            assert inter.shard == (1, 2) and "INTERACTION_CREATE" not in s0.events

            # a guild joined later reaches only the shard that owns it
            late = fake.add_guild("Late", shard=(0, 2))
            await fake.wait_for(lambda: client.get_guild(late.id) is not None)
            assert s0.events.count("GUILD_CREATE") == 2 and s1.events.count("GUILD_CREATE") == 1
            assert client.get_guild(late.id).shard_id == 0  # type: ignore[union-attr]


async def test_identify_without_a_gate_is_reported_as_a_violation() -> None:
    async with FakeDiscord(identify_window=5.0, max_concurrency=1) as fake:
        fake.add_guild("Zero", shard=(0, 2))
        async with fake.run_bot(_in_process_bot(window=None)):
            violations = fake.identify_concurrency_violations()
            assert [(a.shard_id, b.shard_id) for a, b in violations] == [(0, 1)]
            # with max_concurrency 2 both shards may IDENTIFY together
            assert fake.identify_concurrency_violations(max_concurrency=2) == []


async def test_invalid_shard_and_gateway_bot_answer() -> None:
    import pytest  # imported here: the child processes import this module without pytest

    async with FakeDiscord(shards=3, max_concurrency=2) as fake:
        fake.add_guild()
        client = discord.Client(intents=discord.Intents.default(), shard_id=2, shard_count=2)
        with pytest.raises(discord.ConnectionClosed) as closed:
            async with fake.run_bot(client):
                pass
        assert closed.value.code == 4010
        assert fake.identifies[-1].refused == "4010 invalid shard"

        probe = discord.Client(intents=discord.Intents.default())
        await probe.login(fake.token)
        try:
            shards, url, limits = await probe.http.get_bot_gateway()
        finally:
            await probe.close()
        assert shards == 3 and url == fake.gateway_url.rstrip("/")
        assert limits["max_concurrency"] == 2 and limits["remaining"] == 1000


async def test_enforced_identify_limit_answers_op_9_until_the_window_passed() -> None:
    async with FakeDiscord(identify_window=0.3, enforce_identify_limit=True) as fake:
        fake.add_guild("One", shard=(1, 2))
        async with fake.run_bot(_in_process_bot(window=None), timeout=10):
            refused = [r for r in fake.identifies if r.refused]
            assert refused and all(r.refused.startswith("op 9") for r in refused)  # type: ignore[union-attr]
            assert {r.shard_id for r in refused} == {1}
            # what Discord finally accepted respects the window
            assert fake.identify_concurrency_violations() == []
            assert fake.shard_ready(0, 2) and fake.shard_ready(1, 2)
