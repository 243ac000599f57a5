"""Bot processes on one PostgreSQL database, through the fake Discord: how guesses per second
grow with the number of shard processes.

    uv run python benchmarks/shards.py [--processes 1,2] [--players 120] [--concurrency 40]
                                       [--rounds 1] [--pg-dsn URL]
    uv run python benchmarks/shards.py --processes 1,2,4,8 --concurrency 160  # more cores

For each count in ``--processes`` the real bot runs as that many processes on a fresh database
(``--pg-dsn``, else a throwaway server). Every count serves the same servers and players, the
shards split evenly, and each bot process has a driver process of its own (a fake Discord), so
the load grows with the bots. Players play today's daily; ``--concurrency`` guesses are in
flight in all. Printed for each count: a row per process and one for all (guesses, latency,
CPU per guess of bot and driver); last, the speed-up of each count over the first.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import random
import signal
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import asyncpg

from benchmarks.discord_latency import harness_gc_paused, percentile
from bot.core.words import load_word_lists
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMember

PG_ENV = "WORDLE_BENCH_PG_DSN"
DRIVER_ENV = "SHARDS_BENCHMARK_DRIVER"  # a driver process's settings, as JSON
SALT = "shards-benchmark"
GUESSES_PER_PLAYER = 5  # within the bot's /guess cooldown (5 per 10 s)
WARM_PLAYERS = 3  # per server, two guesses each before measuring
MAX_SHARDS = 64  # the least common multiple of --processes may not be more
TWO_OVER_ONE_TARGET = 1.5  # guesses/s of two processes over one


def cpu_seconds(pid: int) -> float:
    """User + system CPU of a process and its finished children, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return sum(int(x) for x in fields[11:15]) / os.sysconf("SC_CLK_TCK")


# ------------------------------------------------------------------------------ a driver


def say(message: dict[str, Any]) -> None:
    """One line to the parent: stdout carries nothing else."""
    print(json.dumps(message), flush=True)


async def answers_by_guild(dsn: str) -> dict[int, str]:
    conn = await asyncpg.connect(dsn)
    try:
        rows = await conn.fetch("SELECT DISTINCT guild_id, answer FROM games WHERE kind = 'daily'")
    finally:
        await conn.close()
    return {r["guild_id"]: r["answer"] for r in rows}


async def drive(config: dict[str, Any]) -> int:
    """One bot process and its load: start both, say "ready", wait for "go" on stdin, send the
    guesses, say the figures."""
    shard_count, shards = config["shard_count"], config["shards"]
    rng = random.Random(config["seed"])
    pool = sorted(load_word_lists().allowed)
    # Every shard its own identify bucket, as for a large bot: the processes start together.
    async with FakeDiscord(shards=shard_count, max_concurrency=shard_count,
                           callback_deadline=None, default_timeout=60) as fake:
        # Ids are each fake's own; a server's id fixes its shard, so no two drivers share one.
        members: list[tuple[FakeMember, FakeChannel, int]] = []
        warm: list[tuple[FakeMember, FakeChannel]] = []
        for shard, players in zip(shards, config["players"], strict=True):
            guild = fake.add_guild(f"Server {shard}", shard=(shard, shard_count))
            channel = fake.add_text_channel(guild, "wordle")
            members += [(fake.add_member(guild, f"p{shard}-{i}"), channel, guild.id)
                        for i in range(players)]
            warm += [(fake.add_member(guild, f"w{shard}-{i}"), channel)
                     for i in range(WARM_PLAYERS)]
        env = {"DATABASE_URL": config["dsn"], "SHARD_COUNT": str(shard_count),
               "SHARD_IDS": ",".join(map(str, shards)), "DAILY_SALT": SALT,
               "LOG_LEVEL": "INFO", "WORDLE_BOT_CACHE_DIR": config["cache"]}
        async with fake.start_process("bot", "--env-file", os.devnull, "--sync-global",
                                      env=env, stop_timeout=6.0) as bot:
            for ready, what, timeout in (
                    (lambda: all(fake.shard_ready(s, shard_count) for s in shards), "shards", 120),
                    (lambda: "guess" in fake.command_paths(), "commands", 60),
                    (lambda: "solver ready" in bot.output(), "the solver", 300)):
                try:  # a bot that stopped is not waited for
                    await fake.wait_for(lambda r=ready: r() or bot.returncode is not None,
                                        timeout, what)
                    if bot.returncode is not None:
                        raise RuntimeError(f"the bot stopped (exit status {bot.returncode})")
                except Exception:
                    print(bot.output()[-3000:], file=sys.stderr)
                    raise
            for member, channel in [*warm, *((m, c) for m, c, _ in members)]:
                start = await fake.invoke(channel, member, "wordle start", {"kind": "daily"})
                await start.wait_for_messages(1)
            answers = await answers_by_guild(config["dsn"])
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
            say({"ready": True})
            if (await asyncio.to_thread(sys.stdin.readline)).strip() != "go":
                return 1  # the parent went away
            assert bot.pid is not None
            say({"result": await load(fake, order, config["concurrency"], bot.pid)})
            await fake.settle(quiet=0.5)
    return 0


async def load(fake: FakeDiscord, order: list[tuple[FakeMember, FakeChannel, str]],
               concurrency: int, bot_pid: int) -> dict[str, Any]:
    """Send the guesses, ``concurrency`` at a time (never two for one player at once)."""
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

    with harness_gc_paused():  # a pause of the fake is not the bot's latency
        cpu0, own0, started = cpu_seconds(bot_pid), time.process_time(), time.monotonic()
        tasks = []
        for member, channel, word in order:
            await gate.acquire()
            tasks.append(asyncio.create_task(one(member, channel, word)))
        await asyncio.gather(*tasks)
        ended = time.monotonic()  # one clock for every process: the parent compares them
        return {"latencies": latencies, "started": started, "ended": ended,
                "deferred": deferred, "bot_cpu": cpu_seconds(bot_pid) - cpu0,
                "driver_cpu": time.process_time() - own0}


# ------------------------------------------------------------------------------ the parent


@dataclass
class Part:
    """What a driver measured of its bot process (or of all of them: :meth:`CountRun.whole`)."""

    shards: list[int]
    latencies: list[float]
    started: float
    ended: float
    deferred: int
    bot_cpu: float
    driver_cpu: float

    @property
    def rate(self) -> float:
        return len(self.latencies) / (self.ended - self.started)

    def ms(self, q: float) -> float:
        return percentile([x * 1000 for x in self.latencies], q)

    def per_guess_ms(self, cpu: float) -> float:
        return cpu * 1000 / len(self.latencies)


@dataclass
class CountRun:
    processes: int
    parts: list[Part]

    def whole(self) -> Part:
        parts = self.parts
        return Part([s for p in parts for s in p.shards], [x for p in parts for x in p.latencies],
                    min(p.started for p in parts), max(p.ended for p in parts),
                    sum(p.deferred for p in parts), sum(p.bot_cpu for p in parts),
                    sum(p.driver_cpu for p in parts))


def split(total: int, parts: int) -> list[int]:
    """``total`` shared as evenly as can be over ``parts`` (the first ones get the rest)."""
    return [len(range(i, total, parts)) for i in range(parts)]


async def expect(proc: asyncio.subprocess.Process, key: str) -> Any:
    """The next line from a driver that carries ``key``."""
    assert proc.stdout is not None
    while line := await proc.stdout.readline():
        with contextlib.suppress(ValueError):
            message = json.loads(line)
            if isinstance(message, dict) and key in message:
                return message[key]
    raise RuntimeError(f"a driver ended before saying {key} (exit status {await proc.wait()})")


async def run_count(processes: int, shard_count: int, dsn: str, args: argparse.Namespace,
                    seed: int, cache: str) -> CountRun:
    per = shard_count // processes
    groups = [list(range(i * per, (i + 1) * per)) for i in range(processes)]
    players = split(args.players, shard_count)
    in_flight = split(args.concurrency, processes)
    drivers = []
    try:
        for i, shards in enumerate(groups):
            config = {"dsn": dsn, "shard_count": shard_count, "shards": shards,
                      "players": [players[s] for s in shards], "concurrency": in_flight[i],
                      "seed": seed * 1000 + i, "cache": cache}
            drivers.append(await asyncio.create_subprocess_exec(
                sys.executable, __file__, stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE, env={**os.environ, DRIVER_ENV: json.dumps(config)}))
        await asyncio.wait_for(asyncio.gather(*(expect(d, "ready") for d in drivers)), 600)
        for driver in drivers:  # every driver starts its load at once
            assert driver.stdin is not None
            driver.stdin.write(b"go\n")
            await driver.stdin.drain()
        results = await asyncio.wait_for(
            asyncio.gather(*(expect(d, "result") for d in drivers)), 600)
        codes = await asyncio.wait_for(asyncio.gather(*(d.wait() for d in drivers)), 60)
        if any(codes):
            raise RuntimeError(f"a driver failed after its run (exit statuses {codes})")
    finally:
        for driver in drivers:  # a driver stops its bot on SIGTERM (or on stdin closed)
            if driver.returncode is None:
                with contextlib.suppress(OSError):
                    assert driver.stdin is not None
                    driver.stdin.close()
                driver.terminate()
        for driver in drivers:
            try:
                await asyncio.wait_for(driver.wait(), 20)
            except TimeoutError:
                driver.kill()
                await driver.wait()
    return CountRun(processes, [Part(shards, **found)
                                for shards, found in zip(groups, results, strict=True)])


def shard_list(shards: list[int]) -> str:
    return f"{shards[0]}-{shards[-1]}" if len(shards) > 2 else ",".join(map(str, shards))


def report(run: CountRun, heading: str) -> None:
    """A table: a row per process and one for all of them."""
    print(f"\n{heading}")
    print("| process | shards | guesses | guesses/s | p50 ms | p90 ms | p99 ms | max ms | "
          "deferred | bot CPU ms/guess | driver CPU ms/guess |")
    print("|" + "---|" * 11)
    for name, p in [*((str(n), p) for n, p in enumerate(run.parts, 1)), ("all", run.whole())]:
        print(f"| {name} | {shard_list(p.shards)} | {len(p.latencies)} | {p.rate:,.0f} | "
              + " | ".join(f"{p.ms(q):.1f}" for q in (50, 90, 99, 100))
              + f" | {p.deferred} | {p.per_guess_ms(p.bot_cpu):.1f} | "
              f"{p.per_guess_ms(p.driver_cpu):.1f} |", flush=True)


def summary(runs: dict[int, list[CountRun]]) -> None:
    """The counts side by side (each figure the median over the rounds)."""
    rounds = len(next(iter(runs.values())))
    first = min(runs)
    wholes = {n: [run.whole() for run in found] for n, found in runs.items()}
    rates = {n: statistics.median(p.rate for p in found) for n, found in wholes.items()}
    print(f"\nbot processes side by side{f' (medians of {rounds} rounds)' if rounds > 1 else ''}:")
    print(f"| bot processes | guesses/s | p99 ms | bot CPU ms/guess | speed-up over {first} |")
    print("|---|---|---|---|---|")
    for n, found in sorted(wholes.items()):
        print(f"| {n} | {rates[n]:,.0f} | {statistics.median(p.ms(99) for p in found):.1f} | "
              f"{statistics.median(p.per_guess_ms(p.bot_cpu) for p in found):.1f} | "
              f"{rates[n] / rates[first]:.2f}x |")
    if 1 in rates and 2 in rates:
        ratio = rates[2] / rates[1]
        verdict = "met" if ratio >= TWO_OVER_ONE_TARGET else "NOT met"
        print(f"two processes / one: {ratio:.2f}x (target >= {TWO_OVER_ONE_TARGET}x: {verdict})")


async def admin(base: str, *statements: str) -> None:
    conn = await asyncpg.connect(base)
    try:
        for statement in statements:
            await conn.execute(statement)
    finally:
        await conn.close()


def process_counts(text: str) -> list[int]:
    try:
        counts = sorted({int(part) for part in text.split(",") if part.strip()})
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a comma list of numbers: {text!r}") from None
    if not counts or counts[0] < 1:
        raise argparse.ArgumentTypeError("process counts are whole numbers of at least 1")
    return counts


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--processes", type=process_counts, default=[1, 2],
                        help="bot process counts to measure, comma-separated (default 1,2)")
    parser.add_argument("--players", type=int, default=120)
    parser.add_argument("--concurrency", type=int, default=40,
                        help="guesses in flight, shared by all processes")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=1,
                        help="measure every count this many times, taking turns; medians last")
    parser.add_argument("--pg-dsn", default=os.environ.get(PG_ENV),
                        help=f"a PostgreSQL database whose server may get a new database for "
                             f"each count (default ${PG_ENV}; else a throwaway server)")
    args = parser.parse_args()
    counts = args.processes
    shard_count = math.lcm(*counts)
    if shard_count > MAX_SHARDS:
        parser.error(f"--processes {','.join(map(str, counts))} needs {shard_count} shards (each "
                     f"process holds as many); choose counts needing at most {MAX_SHARDS}")
    if args.players < shard_count or args.concurrency < counts[-1] or args.rounds < 1:
        parser.error(f"--players must be at least the shards ({shard_count}), --concurrency at "
                     f"least the most processes ({counts[-1]}), --rounds at least 1")
    from benchmarks.storage import postgres_database

    print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load average "
          f"{os.getloadavg()[0]:.2f}; shards: {shard_count} (a server each); players: "
          f"{args.players}, {GUESSES_PER_PLAYER} guesses each, {args.concurrency} in flight",
          flush=True)
    cache = os.environ.get("WORDLE_BOT_CACHE_DIR") or str(Path.home() / ".cache" / "wordle-bot")
    runs: dict[int, list[CountRun]] = {n: [] for n in counts}
    with postgres_database(args.pg_dsn) as (base, where):
        print(f"PostgreSQL: {where}", flush=True)
        for round_ in range(args.rounds):
            for n in counts if round_ % 2 == 0 else counts[::-1]:
                # A new empty database beside the given one (the bots make the tables).
                name = f"wordle_shards_bench_{n}"
                drop = f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'
                await admin(base, drop, f'CREATE DATABASE "{name}"')
                dsn = base.rsplit("/", 1)[0] + f"/{name}"
                try:
                    run = await run_count(n, shard_count, dsn, args, args.seed + round_, cache)
                finally:
                    await admin(base, drop)
                runs[n].append(run)
                report(run, f"{n} bot process{'es' if n > 1 else ''}, {shard_count // n} "
                            f"shard{'s' if shard_count > n else ''} each"
                            + (f" (round {round_ + 1})" if args.rounds > 1 else "") + ":")
    summary(runs)
    print(f"load average {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


def driver_main() -> int:
    """A driver process: stops its bot and its fake when the parent sends SIGTERM."""
    async def run() -> int:
        task = asyncio.current_task()
        assert task is not None
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, task.cancel)
        return await drive(json.loads(os.environ[DRIVER_ENV]))

    try:
        return asyncio.run(run())
    except asyncio.CancelledError:
        return 1


if __name__ == "__main__":
    raise SystemExit(driver_main() if DRIVER_ENV in os.environ else asyncio.run(main()))
