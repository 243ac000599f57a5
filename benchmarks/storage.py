"""Storage benchmark: many concurrent games writing guesses, SQLite and PostgreSQL side by side.

    uv run python benchmarks/storage.py [--games 200] [--guesses 10000] [--rate 1000,2000]
                                        [--backends sqlite,postgres] [--pg-dsn URL]
                                        [--pg-via tcp|unix] [--warm-up 2000]

SQLite is a file in a temporary folder; PostgreSQL is ``--pg-dsn`` / ``WORDLE_BENCH_PG_DSN``,
else a throwaway server with ``fsync`` on, so a commit is as durable as SQLite's. Each guess
goes as the service's does (read the game, ``record_guess``, retry on ``AttemptConflict``)
over ``--games`` active games of every kind; the first ``--warm-up`` guesses are not counted.

Runs: open loop at each ``--rate`` (Poisson arrivals, latency from when a guess was due: the
target's run), then closed loop (every game guesses again at once: the most the store takes).
Printed: guesses per second, latency p50/p99 split by step, CPU per guess and by thread, peak
memory, and the load average and steal, since the figures depend on what else runs.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import resource
import sqlite3
import string
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import aiosqlite

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.core.feedback import ALL_GREEN, score
from bot.storage import AttemptConflict, GameNotActive, SqliteStore, Store

PG_ENV = "WORDLE_BENCH_PG_DSN"

DAY = 20_000
GUILD = 1


def random_word(rng: random.Random) -> str:
    return "".join(rng.choices(string.ascii_lowercase, k=5))


@dataclass
class Slot:
    """One of the always-active games: who plays it and what kind it is."""

    index: int
    scope: str
    kind: str
    players: list[int]
    channel_id: int
    game_id: int | None = None
    answer: str = ""
    daily_number: int = 0
    busy: bool = False


@dataclass
class Results:
    latencies: list[float] = field(default_factory=list)
    lags: list[float] = field(default_factory=list)
    reads: list[float] = field(default_factory=list)
    writes: list[float] = field(default_factory=list)
    conflicts: int = 0
    games_finished: int = 0
    games_started: int = 0


async def start_game(db: Store, slot: Slot, rng: random.Random, results: Results) -> None:
    slot.answer = random_word(rng)
    if slot.kind == "daily":
        slot.daily_number += 1
        game = await db.create_game(
            guild_id=GUILD,
            channel_id=slot.channel_id,
            owner_id=slot.players[0],
            scope="own",
            kind="daily",
            answer=slot.answer,
            hard_mode=False,
            puzzle_number=slot.daily_number,
        )
    else:
        game = await db.create_game(
            guild_id=GUILD,
            channel_id=slot.channel_id,
            owner_id=slot.players[0] if slot.scope == "own" else None,
            scope=slot.scope,
            kind=slot.kind,
            answer=slot.answer,
            hard_mode=rng.random() < 0.3,
        )
    slot.game_id = game.id
    results.games_started += 1


async def one_guess(
    db: Store, slot: Slot, rng: random.Random, results: Results, due: float
) -> None:
    """Read the game, guess, retry on a conflict; record the latency from ``due``."""
    assert slot.game_id is not None
    player = rng.choice(slot.players)
    # About one guess in five hits the hidden word, so games last 1 to 6 attempts.
    word = slot.answer if rng.random() < 0.2 else random_word(rng)
    results.lags.append(time.perf_counter() - due)
    while True:
        t0 = time.perf_counter()
        game = await db.get_game(slot.game_id)
        results.reads.append(time.perf_counter() - t0)
        assert game is not None
        attempt = len(game.guesses) + 1
        feedback = score(word, slot.answer)
        finish = "won" if feedback == ALL_GREEN else ("lost" if attempt == 6 else None)
        t0 = time.perf_counter()
        try:
            game = await db.record_guess(
                slot.game_id,
                attempt=attempt,
                player_id=player,
                word=word,
                feedback=feedback,
                finish=finish,
                day=DAY,
            )
        except AttemptConflict:
            results.conflicts += 1
            continue
        except GameNotActive:
            break
        results.writes.append(time.perf_counter() - t0)
        results.latencies.append(time.perf_counter() - due)
        if game.status != "active":
            results.games_finished += 1
            await start_game(db, slot, rng, results)
        break


def make_slots(count: int) -> list[Slot]:
    slots: list[Slot] = []
    next_player = 1_000
    for i in range(count):
        if i % 5 == 4:  # a fifth are channel games, four players each
            players = list(range(next_player, next_player + 4))
            next_player += 4
            slots.append(Slot(i, "channel", "random", players, channel_id=10_000 + i))
        else:
            kind = "daily" if i % 5 == 0 else "random"
            slots.append(Slot(i, "own", kind, [next_player], channel_id=10_000 + i))
            next_player += 1
    return slots


async def closed_loop(db: Store, slots: list[Slot], total: int, seed: int) -> Results:
    results = Results()
    rng = random.Random(seed)
    remaining = total

    async def play(slot: Slot) -> None:
        nonlocal remaining
        while remaining > 0:
            remaining -= 1
            await one_guess(db, slot, rng, results, time.perf_counter())

    await asyncio.gather(*(play(slot) for slot in slots))
    return results


async def open_loop(db: Store, slots: list[Slot], total: int, rate: float, seed: int) -> Results:
    results = Results()
    rng = random.Random(seed)
    tasks: set[asyncio.Task[None]] = set()
    start = time.perf_counter()
    due = start
    for _ in range(total):
        due += rng.expovariate(rate)
        delay = due - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        idle = [slot for slot in rng.sample(slots, 8) if not slot.busy]
        if not idle:
            idle = [slot for slot in slots if not slot.busy]
        if not idle:  # every game is waiting for storage: the backlog counts as latency
            while not idle:
                await asyncio.sleep(0.0005)
                idle = [slot for slot in slots if not slot.busy]
        slot = idle[0]
        slot.busy = True

        async def run(slot: Slot = slot, due: float = due) -> None:
            try:
                await one_guess(db, slot, rng, results, due)
            finally:
                slot.busy = False

        task = asyncio.create_task(run())
        tasks.add(task)
        task.add_done_callback(tasks.discard)
    await asyncio.gather(*tasks)
    return results


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


def report(name: str, results: Results, seconds: float, cpu: float) -> tuple[float, float]:
    """Print one run; return (guesses per second, p99 latency in ms)."""
    lat = results.latencies
    n = len(lat)
    rate = n / seconds
    p50, p99 = percentile(lat, 0.50) * 1000, percentile(lat, 0.99) * 1000
    print(
        f"{name}: {n} guesses in {seconds:.2f} s = {rate:,.0f} guesses/s; "
        f"latency p50 {p50:.2f} ms, p99 {p99:.2f} ms, max {max(lat) * 1000:.1f} ms; "
        f"{results.games_finished} games finished, {results.conflicts} attempt conflicts retried; "
        f"process CPU {cpu / n * 1e6:.0f} us per guess (benchmark driver included)"
    )
    parts = ", ".join(
        f"{label} p50 {percentile(values, 0.5) * 1000:.2f} / p99 "
        f"{percentile(values, 0.99) * 1000:.2f} ms"
        for label, values in (
            ("waiting to start", results.lags),
            ("get_game", results.reads),
            ("record_guess", results.writes),
        )
    )
    print(f"    of which: {parts}")
    return rate, p99


def cpu_times() -> list[int] | None:
    """The machine's CPU time counters (Linux /proc/stat: user, nice, system, idle, iowait,
    irq, softirq, steal), or None."""
    try:
        with open("/proc/stat") as stat:
            return [int(x) for x in stat.readline().split()[1:9]]
    except (OSError, ValueError):
        return None


def thread_cpu() -> dict[str, float] | None:
    """CPU seconds used so far by each thread of this process (Linux only, else None)."""
    try:
        ticks = os.sysconf("SC_CLK_TCK")
        used = {}
        for tid in os.listdir("/proc/self/task"):
            with open(f"/proc/self/task/{tid}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            used[tid] = (int(fields[11]) + int(fields[12])) / ticks
        return used
    except (OSError, ValueError, IndexError):
        return None


def report_threads(
    before: dict[str, float] | None, machine: list[int] | None, seconds: float
) -> None:
    after, machine_after = thread_cpu(), cpu_times()
    steal = ""
    if machine is not None and machine_after is not None and len(machine) == 8:
        spent = [b - a for a, b in zip(machine, machine_after, strict=True)]
        # On a virtual machine the hypervisor may run other guests on our CPUs ("steal"):
        # the event loop then stalls although nothing else shows in this machine's load.
        steal = f", CPU steal {spent[7] / max(1, sum(spent)):.0%}"
    if before is None or after is None:
        return
    loop_thread = str(threading.get_native_id())
    spent = {tid: cpu - before.get(tid, 0.0) for tid, cpu in after.items()}
    on_loop = spent.pop(loop_thread, 0.0)
    others = sorted((cpu for cpu in spent.values() if cpu > 0), reverse=True)
    print(
        f"    CPU by thread: event loop {on_loop / seconds:.0%} of a core, other threads "
        + (", ".join(f"{cpu / seconds:.0%}" for cpu in others) or "none")
        + f"; load average {os.getloadavg()[0]:.2f}{steal}"
    )


def peak_rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


@dataclass
class Figures:
    """One backend's figures for the side-by-side table."""

    name: str
    runs: dict[str, tuple[float, float]] = field(default_factory=dict)  # (guesses/s, p99 ms)
    note: str = ""


async def run_backend(name: str, db: Store, args: argparse.Namespace,
                      rates: list[float]) -> Figures:
    figures = Figures(name)
    slots = make_slots(args.games)
    rng = random.Random(args.seed)
    setup = Results()
    for slot in slots:
        await start_game(db, slot, rng, setup)
    if args.warm_up and rates:
        # A store that just opened is slower for a moment (each connection prepares its
        # statements, the server's caches fill): not what a running bot sees.
        t0 = time.perf_counter()
        warm = await open_loop(db, slots, args.warm_up, rates[0], args.seed + 1000)
        print(f"{name}: warm-up, {len(warm.latencies):,} guesses at {rates[0]:,.0f}/s (not "
              f"counted): p99 {percentile(warm.latencies, 0.99) * 1000:.1f} ms, "
              f"{time.perf_counter() - t0:.1f} s")
    for i, rate in enumerate(rates):
        t0, c0, threads, machine = (
            time.perf_counter(), time.process_time(), thread_cpu(), cpu_times())
        opened = await open_loop(db, slots, args.guesses, rate, args.seed + 1 + i)
        figures.runs[f"offered {rate:,.0f}/s"] = report(
            f"{name}, open loop, offered {rate:,.0f}/s", opened,
            time.perf_counter() - t0, time.process_time() - c0)
        report_threads(threads, machine, time.perf_counter() - t0)
    t0, c0, threads, machine = (
        time.perf_counter(), time.process_time(), thread_cpu(), cpu_times())
    closed = await closed_loop(db, slots, args.guesses, args.seed + 100)
    figures.runs["saturation"] = report(
        f"{name}, closed loop (saturation)", closed,
        time.perf_counter() - t0, time.process_time() - c0)
    report_threads(threads, machine, time.perf_counter() - t0)
    return figures


async def bench_sqlite(args: argparse.Namespace, rates: list[float]) -> Figures:
    with tempfile.TemporaryDirectory(dir=args.dir, prefix="wordle-bench-") as folder:
        path = Path(folder) / "bench.sqlite3"
        async with await SqliteStore.open(path) as db:
            figures = await run_backend("SQLite", db, args, rates)
        with contextlib.closing(sqlite3.connect(path)) as conn:
            rows = conn.execute(
                "SELECT (SELECT count(*) FROM guesses), (SELECT count(*) FROM games)"
            ).fetchall()
        size = sum(p.stat().st_size for p in Path(folder).iterdir()) / 2**20
        print(f"SQLite database: {rows[0][0]:,} guesses, {rows[0][1]:,} games, "
              f"{size:.1f} MiB on disk (synchronous=FULL, WAL)")
    return figures


@contextlib.contextmanager
def postgres_database(dsn: str | None, via: str = "tcp"):  # type: ignore[no-untyped-def]
    """Yields ``(dsn, description)``: the given database, or one on a throwaway server
    reached ``via`` its TCP port or its Unix socket."""
    if dsn:
        yield dsn, "the server at --pg-dsn / " + PG_ENV
        return
    from tests.pg import run_sync, start_cluster

    cluster = start_cluster(unix_socket=via == "unix")
    try:
        async def durable() -> None:
            import asyncpg

            conn = await asyncpg.connect(cluster.admin_dsn)
            try:  # the test settings turn these off; a benchmark measures real commits
                await conn.execute("ALTER SYSTEM SET fsync = on")
                await conn.execute("ALTER SYSTEM SET full_page_writes = on")
                await conn.execute("SELECT pg_reload_conf()")
            finally:
                await conn.close()

        run_sync(durable)
        name, database = cluster.create_database()
        if via == "unix":
            yield cluster.socket_dsn(name), "a throwaway server (initdb), through its Unix socket"
        else:
            yield database, f"a throwaway server (initdb), through TCP port {cluster.port}"
    finally:
        cluster.stop()


async def bench_postgres(args: argparse.Namespace, rates: list[float]) -> Figures:
    import asyncpg

    from bot.storage.postgres import PostgresStore

    try:
        context = postgres_database(args.pg_dsn, args.pg_via)
        dsn, where = context.__enter__()
    except Exception as exc:  # no server binaries, initdb failed, ...
        print(f"PostgreSQL: not run ({exc})")
        return Figures("PostgreSQL", note=str(exc)[:60])
    try:
        conn = await asyncpg.connect(dsn)
        try:
            version = await conn.fetchval("SHOW server_version")
            settings = {name: await conn.fetchval(f"SHOW {name}")
                        for name in ("fsync", "synchronous_commit", "full_page_writes",
                                     "max_connections")}
        finally:
            await conn.close()
        print(f"PostgreSQL {version} on {where}: "
              + ", ".join(f"{k}={v}" for k, v in settings.items())
              + f"; store pool_size {args.pool_size}, writers {args.writers or 'default'}")
        async with await PostgresStore.open(
            dsn, pool_size=args.pool_size, writers=args.writers
        ) as db:
            figures = await run_backend("PostgreSQL", db, args, rates)
        conn = await asyncpg.connect(dsn)
        try:
            guesses = await conn.fetchval("SELECT count(*) FROM guesses")
            games = await conn.fetchval("SELECT count(*) FROM games")
        finally:
            await conn.close()
        print(f"PostgreSQL database: {guesses:,} guesses, {games:,} games")
        return figures
    finally:
        context.__exit__(None, None, None)


def side_by_side(columns: list[Figures], rates: list[float]) -> list[str]:
    width = 36
    lines = [f"{'':<28}" + "".join(f"{c.name:>{width}}" for c in columns)]
    for run in [*(f"offered {r:,.0f}/s" for r in rates), "saturation"]:
        cells = []
        for column in columns:
            if run in column.runs:
                rate, p99 = column.runs[run]
                cells.append(f"{rate:,.0f} guesses/s, p99 {p99:.1f} ms")
            else:
                cells.append(column.note or "-")
        lines.append(f"{run:<28}" + "".join(f"{c:>{width}}" for c in cells))
    return lines


def target_met(figures: Figures, rates: list[float]) -> str:
    met = []
    for rate in rates:
        found = figures.runs.get(f"offered {rate:,.0f}/s")
        # An open loop cannot go faster than offered; allow for Poisson noise.
        if found and rate >= 1000 and found[0] >= 0.97 * rate and found[1] <= 20:
            met.append(f"{rate:,.0f}/s")
    if not figures.runs:
        return "not run"
    return f"met at offered {', '.join(met)}" if met else "NOT met"


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="concurrent active games")
    parser.add_argument("--guesses", type=int, default=10_000, help="guesses per run")
    parser.add_argument(
        "--rate",
        default="1000,2000",
        help="open-loop offered rates, guesses/s, comma-separated (default 1000,2000)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--dir", default=None, help="where to put the SQLite database file")
    parser.add_argument("--backends", default="sqlite,postgres",
                        help="which stores, comma-separated (default sqlite,postgres)")
    parser.add_argument("--pg-dsn", default=os.environ.get(PG_ENV),
                        help=f"a PostgreSQL database to use (default ${PG_ENV}; else a "
                             "throwaway server)")
    parser.add_argument("--pg-via", choices=("tcp", "unix"), default="tcp",
                        help="reach the throwaway PostgreSQL server through its TCP port "
                             "(default) or its Unix socket")
    parser.add_argument("--warm-up", type=int, default=2_000,
                        help="guesses played at the first offered rate before anything is "
                             "measured (default 2,000; 0 measures from a cold start)")
    parser.add_argument("--pool-size", type=int, default=10, help="PostgreSQL pool size")
    parser.add_argument("--writers", type=int, default=None,
                        help="PostgreSQL group-commit writers (default: the store's)")
    args = parser.parse_args()
    rates = [float(r) for r in args.rate.split(",") if r.strip()]
    backends = [b.strip().lower() for b in args.backends.split(",") if b.strip()]

    print(
        f"python {sys.version.split()[0]}, SQLite {sqlite3.sqlite_version}, "
        f"aiosqlite {aiosqlite.__version__}, "
        f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f}; "
        f"{args.games} concurrent games, {args.guesses:,} guesses per run"
    )
    columns = []
    if "sqlite" in backends:
        columns.append(await bench_sqlite(args, rates))
    if "postgres" in backends:
        columns.append(await bench_postgres(args, rates))
    print(f"peak memory (max RSS of the process): {peak_rss_mib():.1f} MiB")
    print()
    for line in side_by_side(columns, rates):
        print(line)
    for column in columns:
        print(f"{column.name}: target >= 1,000 guesses/s with p99 <= 20 ms: "
              f"{target_met(column, rates)}")
    print(f"load average after: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
