"""One and two bot processes on PostgreSQL, through the fake Discord: guesses per second and p99.

    uv run python benchmarks/shards.py [--players 120] [--concurrency 40] [--rounds 3]
                                       [--pg-dsn URL]

The real wordle-bot (``python -m bot``, the shipped word lists) runs in child processes against
the fake Discord of ``tests/fakediscord`` in this process, on one PostgreSQL database
(``--pg-dsn`` / ``WORDLE_BENCH_PG_DSN``, else a throwaway server started as
``benchmarks/storage.py`` does, with ``fsync`` on). The fake has two servers, one owned by
each of 2 shards, with ``--players`` players split between them. Two layouts, each on a fresh
database:

* one process running both shards (``SHARD_COUNT=2``),
* two processes, ``SHARD_IDS=0`` and ``SHARD_IDS=1`` (``SHARD_COUNT=2``).

Every player starts today's daily in their server, then guesses: four wrong words, then the
word (the hidden words are read from the database; each server has its own). ``--concurrency``
guesses are in flight at once (a closed loop, different players, round-robin). Latency is
what the fake measures, from the INTERACTION_CREATE frame being written to the bot's first
callback arriving; a first answer that is a "thinking..." deferral is counted apart. The bots
warm their solver at start; measuring starts once each process logged "solver ready" and
``WARM_PLAYERS`` other players per server played two guesses each (first-use costs).

Printed per layout: guesses/s, p50/p90/p99/max in ms, deferrals, the bots' CPU per guess and
this process's (the fake Discord and the driver); then the ratio of two processes to one
(target: >= 1.5) and the load average. With ``--rounds N`` the layouts take turns N times
(each run on a fresh database) and the medians are printed last. Everything shares this
machine's CPUs: the fake Discord, the bots, PostgreSQL (and whatever else runs).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import statistics
import sys
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import asyncpg

from benchmarks.discord_latency import harness_gc_paused, percentile
from bot.core.words import load_word_lists
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMember
from tests.fakediscord.process import BotProcess

PG_ENV = "WORDLE_BENCH_PG_DSN"
SALT = "shards-benchmark"
GUESSES_PER_PLAYER = 5  # within the bot's /guess cooldown (5 per 10 s)
WARM_PLAYERS = 3  # per server, two guesses each before measuring


@dataclass
class Run:
    layout: str
    latencies: list[float]
    seconds: float
    deferred: int
    cpu: float
    own_cpu: float  # this process: the fake Discord and the driver


def cpu_seconds(pid: int) -> float:
    """User + system CPU of a process and its finished children, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return sum(int(x) for x in fields[11:15]) / os.sysconf("SC_CLK_TCK")


async def answers_by_guild(dsn: str) -> dict[int, str]:
    conn = await asyncpg.connect(dsn)
    try:
        rows = await conn.fetch("SELECT DISTINCT guild_id, answer FROM games WHERE kind = 'daily'")
    finally:
        await conn.close()
    return {r["guild_id"]: r["answer"] for r in rows}


@contextlib.asynccontextmanager
async def processes(fake: FakeDiscord, dsn: str, layout: list[str],
                    cache: str) -> AsyncIterator[list[BotProcess]]:
    async with contextlib.AsyncExitStack() as stack:
        procs = []
        for shard_ids in layout:
            env = {"DATABASE_URL": dsn, "SHARD_COUNT": "2", "SHARD_IDS": shard_ids,
                   "DAILY_SALT": SALT, "LOG_LEVEL": "INFO", "WORDLE_BOT_CACHE_DIR": cache}
            procs.append(await stack.enter_async_context(fake.start_process(
                "bot", "--env-file", os.devnull, "--sync-global", env=env,
                stop_timeout=6.0)))
        yield procs


async def run_layout(name: str, layout: list[str], dsn: str, players: int, concurrency: int,
                     seed: int, cache: str) -> Run:
    rng = random.Random(seed)
    words = load_word_lists()
    pool = sorted(words.allowed)
    async with FakeDiscord(shards=2, callback_deadline=None, default_timeout=60) as fake:
        guilds = [fake.add_guild(f"Server {i}", shard=(i, 2)) for i in range(2)]
        channels = [fake.add_text_channel(g, "wordle") for g in guilds]
        members: list[tuple[FakeMember, FakeChannel, int]] = []
        for i in range(players):
            guild = guilds[i % 2]
            members.append((fake.add_member(guild, f"p{i}"), channels[i % 2], guild.id))
        warm = [(fake.add_member(guilds[i % 2], f"w{i}"), channels[i % 2])
                for i in range(2 * WARM_PLAYERS)]
        async with processes(fake, dsn, layout, cache) as procs:
            try:
                await fake.wait_for_shards([0, 1], 2, timeout=120)
                await fake.wait_for(lambda: "guess" in fake.command_paths(), 60, "commands")
                await fake.wait_for(lambda: all("solver ready" in p.output() for p in procs),
                                    300, "the solvers to be ready")
            except AssertionError:
                for proc in procs:
                    print(proc.output()[-3000:])
                raise
            for member, channel in [*warm, *((m, c) for m, c, _ in members)]:
                start = await fake.invoke(channel, member, "wordle start", {"kind": "daily"})
                await start.wait_for_messages(1)
            answers = await answers_by_guild(dsn)
            for turn in range(2):  # first-use costs of the guess path, not measured
                sent = [await fake.invoke(c, m, "guess", {"word": pool[turn]}) for m, c in warm]
                await asyncio.gather(*(inter.first_response() for inter in sent))
            await fake.settle(quiet=0.3)
            plans = []
            for member, channel, guild_id in members:
                answer = answers[guild_id]
                wrong = rng.sample([w for w in pool if w != answer], GUESSES_PER_PLAYER - 1)
                plans.append((member, channel, [*wrong, answer]))
            order = [(m, c, guesses[turn]) for turn in range(GUESSES_PER_PLAYER)
                     for m, c, guesses in plans]
            latencies: list[float] = []
            deferred = 0
            busy: set[int] = set()
            gate = asyncio.Semaphore(concurrency)

            async def one(member: FakeMember, channel: FakeChannel, word: str) -> None:
                nonlocal deferred
                while member.id in busy:
                    await asyncio.sleep(0.001)
                busy.add(member.id)
                try:
                    inter = await fake.invoke(channel, member, "guess", {"word": word})
                    response = await inter.first_response()
                    if response.type == 5:
                        deferred += 1
                    latencies.append(response.latency)
                finally:
                    busy.discard(member.id)
                    gate.release()

            with harness_gc_paused():  # a pause of the fake is not the bots' latency
                cpu0 = sum(cpu_seconds(p.pid) for p in procs if p.pid)
                own0 = time.process_time()
                wall0 = time.perf_counter()
                tasks = []
                for member, channel, word in order:
                    await gate.acquire()
                    tasks.append(asyncio.create_task(one(member, channel, word)))
                await asyncio.gather(*tasks)
                seconds = time.perf_counter() - wall0
                own_cpu = time.process_time() - own0
                cpu = sum(cpu_seconds(p.pid) for p in procs if p.pid) - cpu0
            await fake.settle(quiet=0.5)
    return Run(name, latencies, seconds, deferred, cpu, own_cpu)


def report(run: Run) -> tuple[float, float]:
    ms = [x * 1000 for x in run.latencies]
    rate = len(ms) / run.seconds
    p99 = percentile(ms, 99)
    print(f"{run.layout}: {len(ms)} guesses in {run.seconds:.2f} s = {rate:,.0f} guesses/s; "
          f"first answer p50 {percentile(ms, 50):.1f} ms, p90 {percentile(ms, 90):.1f}, "
          f"p99 {p99:.1f}, max {max(ms):.1f}; {run.deferred} deferred; "
          f"bot CPU {run.cpu / len(ms) * 1000:.1f} ms per guess, fake Discord and driver "
          f"{run.own_cpu / len(ms) * 1000:.1f}; load average {os.getloadavg()[0]:.2f}",
          flush=True)
    return rate, p99


async def fresh_database(base: str, name: str) -> str:
    """A new empty database beside ``base``'s (the store makes its tables)."""
    conn = await asyncpg.connect(base)
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    return base.rsplit("/", 1)[0] + f"/{name}"


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=120)
    parser.add_argument("--concurrency", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=1,
                        help="run both layouts this many times, taking turns; medians last")
    parser.add_argument("--pg-dsn", default=os.environ.get(PG_ENV),
                        help=f"a PostgreSQL database whose server may get two new databases "
                             f"(default ${PG_ENV}; else a throwaway server)")
    args = parser.parse_args()
    from benchmarks.storage import postgres_database

    print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load average "
          f"{os.getloadavg()[0]:.2f}; {args.players} players, {GUESSES_PER_PLAYER} guesses "
          f"each, {args.concurrency} in flight", flush=True)
    cache = os.environ.get("WORDLE_BOT_CACHE_DIR") or str(Path.home() / ".cache" / "wordle-bot")
    layouts = (("one process, shards 0-1", ["0-1"]), ("two processes, shards 0 | 1", ["0", "1"]))
    figures: dict[int, list[tuple[float, float]]] = {1: [], 2: []}
    with postgres_database(args.pg_dsn) as (base, where):
        print(f"PostgreSQL: {where}", flush=True)
        for round_ in range(args.rounds):
            for name, layout in layouts if round_ % 2 == 0 else layouts[::-1]:
                dsn = await fresh_database(base, f"wordle_shards_bench_{len(layout)}")
                run = await run_layout(name, layout, dsn, args.players, args.concurrency,
                                       args.seed + round_, cache)
                figures[len(layout)].append(report(run))
    rates = {n: statistics.median(rate for rate, _ in runs) for n, runs in figures.items()}
    if args.rounds > 1:
        for n, runs in figures.items():
            print(f"median of {len(runs)}, {layouts[n - 1][0]}: {rates[n]:,.0f} guesses/s, "
                  f"p99 {statistics.median(p99 for _, p99 in runs):.1f} ms")
    ratio = rates[2] / rates[1]
    verdict = "met" if ratio >= 1.5 else "NOT met"
    print(f"two processes / one: {ratio:.2f}x (target >= 1.5x: {verdict}); "
          f"load average {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
