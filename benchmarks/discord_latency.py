"""Interaction latency of the real bot: from the interaction being sent to its first answer.

    uv run python benchmarks/discord_latency.py [--guesses 200] [--concurrency 1 10 20]
                                                [--runs 5] [--solver] [--pictures 300]

The real bot (shipped word lists, a SQLite file) runs in a child process, so its CPU and
memory are its own, against the fake Discord of ``tests/fakediscord`` in this process. Each
player plays a daily or a practice game to the end (four wrong guesses, then the word), within
the /guess cooldown. Latency runs from the interaction frame being written to the bot's
callback arriving, so it covers discord.py, the cogs, the service, the store, the picture and
the upload; this process holds off its own garbage collection meanwhile
(:func:`harness_gc_paused`).

Printed for each ``--concurrency`` (guesses in flight, a closed loop): latency p50/p90/p99/max,
guesses per second and CPU per guess; then the median time of a board PNG and a statistics
PNG, the bot's peak memory, and each target with whether it is met (by the median of
``--runs``). ``--bot text-only`` and ``discord-only`` measure by difference, with no verdict.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.core.daily import server_daily_word, today_puzzle_number
from bot.core.words import WordLists, load_word_lists
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMember

GUESSES_PER_PLAYER = 5  # four wrong guesses, then the word (within the 5-per-10-s cooldown)
SALT = "latency-benchmark"


@dataclass
class Plan:
    """One player's game: what kind, and the guesses (the last one is the hidden word)."""

    player: FakeMember
    kind: str
    guesses: list[str]


def make_plans(players: Sequence[FakeMember], words: WordLists, daily_answer: str,
               rng: random.Random) -> tuple[list[Plan], list[str]]:
    """Half the players play the daily, half a random game. Returns the plans and the hidden
    words of the random games in the order they will be started (for the service's picker)."""
    plans, picks = [], []
    pool = sorted(words.allowed)
    for i, player in enumerate(players):
        kind = "daily" if i % 2 == 0 else "random"
        answer = daily_answer if kind == "daily" else rng.choice(words.answers)
        if kind == "random":
            picks.append(answer)
        wrong = rng.sample([w for w in pool if w != answer], GUESSES_PER_PLAYER - 1)
        plans.append(Plan(player, kind, [*wrong, answer]))
    return plans, picks


async def measure(fake: FakeDiscord, channel: FakeChannel, plans: Sequence[Plan], *,
                  concurrency: int = 1, limit: int | None = None,
                  start_games: bool = True, deferred: list[str] | None = None,
                  finishing: list[bool] | None = None) -> list[float]:
    """Start every plan's game (unless ``start_games`` is false), then play the guesses,
    ``concurrency`` at a time (never two for the same player at once). Returns the latency in
    seconds of each guess. With a ``deferred`` list, a first answer that is a "thinking..."
    deferral (the bot was too slow) is counted there instead of failing. A ``finishing`` list
    gets, for each latency in turn, whether that guess finished its game."""
    for plan in plans if start_games else ():
        start = await fake.invoke(channel, plan.player, "wordle start", {"kind": plan.kind})
        await start.wait_for_messages(1)
    # Round-robin over players: guess 1 of everyone, then guess 2, ... like a busy server.
    order = [(plan.player, word, turn == len(plan.guesses) - 1)
             for turn in range(GUESSES_PER_PLAYER)
             for plan in plans for word in plan.guesses[turn:turn + 1]]
    if limit is not None:
        order = order[:limit]
    latencies: list[float] = []
    busy: set[int] = set()
    gate = asyncio.Semaphore(concurrency)

    async def one(player: FakeMember, word: str, last: bool) -> None:
        while player.id in busy:
            await asyncio.sleep(0.001)
        busy.add(player.id)
        try:
            inter = await fake.invoke(channel, player, "guess", {"word": word})
            response = await inter.first_response()
            if deferred is not None and response.type == 5:
                deferred.append(word)
            else:
                assert response.type_name == "message", f"{word}: {response.type_name}"
            latencies.append(response.latency)
            if finishing is not None:
                finishing.append(last)
        finally:
            busy.discard(player.id)
            gate.release()

    tasks = []
    for player, word, last in order:
        await gate.acquire()
        tasks.append(asyncio.create_task(one(player, word, last)))
    await asyncio.gather(*tasks)
    await fake.settle(quiet=0.05)
    return latencies


@contextmanager
def harness_gc_paused() -> Iterator[None]:
    """Hold off this process's own garbage collection while guesses are timed (collecting
    first). This process is the fake Discord: a full collection here stalls it, and every
    guess in flight then looks slow although the bot had answered. The bot's process is left
    as it is."""
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def percentile(values: Sequence[float], p: float) -> float:
    """The p-th percentile (0-100), linear between the closest ranks."""
    ordered = sorted(values)
    if len(ordered) == 1:
        return ordered[0]
    rank = (len(ordered) - 1) * p / 100
    low = int(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def split(run: Run) -> str:
    """The guesses that finish a game (more to do: statistics, share grid, results post)
    against the others, p50 and p99 of each."""
    def figures(ms: list[float]) -> str:
        if not ms:
            return "none"
        ms = [x * 1000 for x in ms]
        return f"p50 {percentile(ms, 50):.1f} / p99 {percentile(ms, 99):.1f} ms ({len(ms)})"

    return (f"finishing a game: {figures(run.of_kind(True))}; "
            f"other guesses: {figures(run.of_kind(False))}")


def summary(latencies: Sequence[float], label: str) -> str:
    ms = [x * 1000 for x in latencies]
    return (f"{label}: p50 {percentile(ms, 50):.1f} ms, p99 {percentile(ms, 99):.1f} ms "
            f"(p90 {percentile(ms, 90):.1f}, max {max(ms):.1f}, "
            f"mean {statistics.fmean(ms):.1f})")




# --------------------------------------------------------------------------------------------
# The serving process (``--serve``): the bot alone, pointed at the parent's fake Discord.


async def serve(config: dict) -> int:
    """Run the real bot against the fake at ``config["port"]`` until stdin closes."""
    import yarl
    from discord.gateway import DiscordWebSocket
    from discord.http import Route

    from bot.app import WordleBot, warm_up
    from bot.service import GameService
    from bot.storage import SqliteStore

    Route.BASE = f"http://127.0.0.1:{config['port']}/api/v10"
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"ws://127.0.0.1:{config['port']}/gateway/")
    words = load_word_lists()
    picks: list[str] = list(config["picks"])
    now = datetime.fromisoformat(config["now"])
    picker: Callable[[tuple[str, ...]], str] = lambda _answers: picks.pop(0)  # noqa: E731
    db = await SqliteStore.open(Path(config["db"]))
    try:
        service = GameService(db, words, daily_salt=SALT, clock=lambda: now, choose=picker)
        if config["solver"]:  # ready as the bot gets itself ready (bot.app.warm_up)
            await warm_up(service)
        if config.get("bot") == "text-only":
            text_only_looks()
        bot: Any = (
            discord_only_bot(config["guild"]) if config.get("bot") == "discord-only"
            else WordleBot(service, dev_guild_id=config["guild"], warm_solver=False))
        task = asyncio.create_task(bot.start(config["token"]))
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, sys.stdin.read)  # until the parent closes it
        await bot.close()
        await asyncio.wait([task], timeout=5)
    finally:
        await db.close()
    return 0


def text_only_looks() -> None:
    """Every player's look without the picture (as if each had chosen text only in
    ``/wordle prefs``): what the board's PNG and its upload cost, by difference."""
    import dataclasses

    import bot.cogs.board as board

    chosen = board.look_from
    board.look_from = lambda prefs: dataclasses.replace(chosen(prefs), picture=False)


def discord_only_bot(guild_id: int) -> Any:
    """discord.py alone, as a floor: ``/guess`` and ``/wordle start`` answered with a message
    of the board's shape (a container with text, a gallery and a fixed board PNG attached),
    with no game, store or drawing behind it."""
    import io

    import discord
    from discord import app_commands
    from discord.ext import commands

    from bot.render.image import board_png

    png = board_png([("crane", "BYBBG"), ("slate", "BBGBB"), ("moist", "BBBBB")],
                    title="Wordle practice")
    text = "🟩🟨⬛⬛⬛ CRANE\n" * 3 + "Q W E R T Y U I O P\nA S D F G H J K L\nZ X C V B N M"

    async def answer(interaction: discord.Interaction) -> None:
        container: discord.ui.Container[discord.ui.LayoutView] = discord.ui.Container(
            accent_colour=0xC9B458)
        container.add_item(discord.ui.TextDisplay("### Wordle practice"))
        container.add_item(discord.ui.MediaGallery(
            discord.MediaGalleryItem("attachment://board.png")))
        container.add_item(discord.ui.TextDisplay(text))
        view = discord.ui.LayoutView(timeout=None)
        view.add_item(container)
        await interaction.response.send_message(
            view=view, file=discord.File(io.BytesIO(png), "board.png"))

    class Floor(commands.Bot):
        async def setup_hook(self) -> None:
            wordle = app_commands.Group(name="wordle", description="Wordle")

            @wordle.command(name="start", description="start")
            async def start(interaction: discord.Interaction, kind: str = "random") -> None:
                await answer(interaction)

            @app_commands.command(name="guess", description="guess")
            async def guess(interaction: discord.Interaction, word: str) -> None:
                await answer(interaction)

            self.tree.add_command(wordle)
            self.tree.add_command(guess)
            here = discord.Object(guild_id)
            self.tree.copy_global_to(guild=here)
            await self.tree.sync(guild=here)

    return Floor(command_prefix=commands.when_mentioned, intents=discord.Intents.default())


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (all its threads), from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


@dataclass
class Run:
    concurrency: int
    latencies: list[float]
    finishing: list[bool]  # for each latency, whether its guess finished a game
    seconds: float  # wall time of the guesses
    cpu: float  # serving process CPU seconds during the guesses
    fake_cpu: float  # this process's (the fake Discord and the players) CPU seconds meanwhile
    peak_mb: float
    deferred: int  # first answers that were a deferral ("thinking...")

    def of_kind(self, finishing: bool) -> list[float]:
        """The latencies of the guesses that finished a game, or of the others."""
        return [x for x, last in zip(self.latencies, self.finishing, strict=True)
                if last is finishing]


async def run_once(words: WordLists, guesses: int, concurrency: int, seed: int,
                   db_dir: Path, solver: bool, bot: str = "wordle") -> Run:
    rng = random.Random(seed)
    players_needed = -(-guesses // GUESSES_PER_PLAYER)
    now = datetime.now(UTC)
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Latency")
        channel = fake.add_text_channel(guild, "wordle")
        players = [fake.add_member(guild, f"player{i}") for i in range(players_needed)]
        # A new database: the server's own order of daily words starts today.
        number = today_puzzle_number(now, "UTC")
        answer = server_daily_word(number, words.answers, SALT, guild.id, number)
        plans, picks = make_plans(players, words, answer, rng)
        config = {"port": fake.port, "token": fake.token, "guild": guild.id, "picks": picks,
                  "now": now.isoformat(), "solver": solver, "bot": bot,
                  "db": str(db_dir / f"latency-{concurrency}.sqlite3")}
        child = subprocess.Popen(
            [sys.executable, __file__, "--serve"],  # settings (and the fake's token) in env
            stdin=subprocess.PIPE, cwd=Path(__file__).resolve().parent.parent,
            env={**os.environ, "LATENCY_BENCHMARK_CONFIG": json.dumps(config)},
        )
        try:
            await fake.wait_for(lambda: fake.identify_count > 0 and fake.ready, 120,
                                "the bot process to log in")
            # start every game first (measure() does), then time the guesses alone
            for plan in plans:
                start = await fake.invoke(channel, plan.player, "wordle start",
                                          {"kind": plan.kind})
                await start.wait_for_messages(1)
            with harness_gc_paused():
                if os.environ.get("LATENCY_BENCHMARK_PROFILE"):
                    child.send_signal(signal.SIGUSR1)  # profile the guesses alone
                    await asyncio.sleep(0.05)
                cpu0, wall0 = _cpu_seconds(child.pid), time.perf_counter()
                fake0 = time.process_time()
                deferred: list[str] = []
                finishing: list[bool] = []
                latencies = await measure(fake, channel, plans, concurrency=concurrency,
                                          limit=guesses, start_games=False, deferred=deferred,
                                          finishing=finishing)
                seconds = time.perf_counter() - wall0
                cpu = _cpu_seconds(child.pid) - cpu0
                fake_cpu = time.process_time() - fake0
                if os.environ.get("LATENCY_BENCHMARK_PROFILE"):
                    child.send_signal(signal.SIGUSR2)
            await fake.settle(quiet=0.5)  # results posts and follow-ups still on their way
            peak = _peak_rss_mb(child.pid)
        finally:
            assert child.stdin is not None
            child.stdin.close()
            try:
                await asyncio.to_thread(child.wait, 10)
            except subprocess.TimeoutExpired:
                child.kill()
    return Run(concurrency, latencies, finishing, seconds, cpu, fake_cpu, peak, len(deferred))


def board_median_ms(words: WordLists, repeats: int = 300) -> tuple[float, float, int]:
    """Median milliseconds to draw a board PNG: over ``repeats`` different boards (random
    games, 1-6 rows, as players' boards differ), and for one 3-row board drawn again; and the
    3-row board's size in bytes. The first board of the process (fonts) is not counted."""
    from bot.core.feedback import score
    from bot.render.image import board_png

    rng = random.Random(5)
    pool = sorted(words.allowed)
    boards = []
    for _ in range(repeats):
        answer = rng.choice(words.answers)
        guesses = rng.sample(pool, rng.randint(1, 6))
        boards.append([(g, score(g, answer)) for g in guesses])
    rows = [("crane", "BYBBG"), ("sloth", "BBYBB"), ("adore", "YBGBG")]
    board_png(rows)  # warm up (fonts)

    def median_ms(items: Sequence[list[tuple[str, str]]]) -> float:
        times = []
        for item in items:
            start = time.perf_counter()
            board_png(item)
            times.append(time.perf_counter() - start)
        return statistics.median(times) * 1000

    return median_ms(boards), median_ms([rows] * repeats), len(board_png(rows))


def stats_median_ms(repeats: int = 300) -> tuple[float, float, int]:
    """Median milliseconds to make a statistics PNG: over ``repeats`` different players'
    statistics (numbers up to 100, whose parts the bot draws at warm-up, drawn here ahead
    too), and over ones never seen (numbers in the thousands: parts drawn then, as in the
    worker thread of a bot); and the size of a typical one in bytes."""
    from bot.core.stats import Stats
    from bot.render.stats_image import draw_common_parts, stats_png

    rng = random.Random(6)
    draw_common_parts("light")

    def player(high: int) -> Stats:
        one, two, three, four, five, six = (rng.randint(0, high) for _ in range(6))
        counts = (one, two, three, four, five, six)
        wins = sum(counts)
        played = wins + rng.randint(0, high)
        return Stats(played=played, wins=wins, current_streak=rng.randint(0, high),
                     max_streak=rng.randint(0, high), distribution=counts)

    def median_ms(players: Sequence[Stats]) -> float:
        times = []
        for numbers in players:
            start = time.perf_counter()
            stats_png(numbers, highlight=3)
            times.append(time.perf_counter() - start)
        return statistics.median(times) * 1000

    common = [player(16) for _ in range(repeats)]
    common = [p for p in common if p.played <= 100]
    rare = [player(5000) for _ in range(repeats)]
    return median_ms(common), median_ms(rare), len(stats_png(common[0], highlight=3))


#: The issue's targets on this machine: p99 at 10 and at 20 in flight (ms), closed-loop guesses
#: per second, board PNG median (ms), serving peak memory (MB).
P99_TARGETS = {10: 50.0, 20: 90.0}
CLOSED_LOOP_TARGET = 300.0
BOARD_TARGET_MS = 1.5
MEMORY_TARGET_MB = 200.0


def _per_second(run: Run) -> float:
    return len(run.latencies) / run.seconds


def _cpu_ms(run: Run) -> float:
    return run.cpu * 1000 / len(run.latencies)


def _ms(values: Sequence[float], p: float) -> float:
    return percentile([x * 1000 for x in values], p)


def print_run(run: Run) -> None:
    count = len(run.latencies)
    print(summary(run.latencies, f"discord interaction latency over {count} "
                                 f"guesses, {run.concurrency} in flight")
          + f"; {_per_second(run):.0f} guesses/s, {_cpu_ms(run):.1f} ms CPU per guess"
          + (f"; {run.deferred} deferred (too slow)" if run.deferred else ""))
    print("    " + split(run))


def print_medians(rounds: list[list[Run]]) -> None:
    """Each figure's median over the rounds (the machine's speed varies from one run to the
    next: a single run is a sample, not the figure)."""
    print(f"median of {len(rounds)} runs (each figure's own median):")
    for i, first in enumerate(rounds[0]):
        runs = [r[i] for r in rounds]
        finishing = [_ms(r.of_kind(True), 99) for r in runs if any(r.finishing)]
        print(f"    {first.concurrency} in flight: "
              f"p50 {statistics.median(_ms(r.latencies, 50) for r in runs):.1f} ms, "
              f"p99 {statistics.median(_ms(r.latencies, 99) for r in runs):.1f} ms "
              f"(runs: {', '.join(f'{_ms(r.latencies, 99):.1f}' for r in runs)}); "
              f"{statistics.median(_per_second(r) for r in runs):.0f} guesses/s, "
              f"{statistics.median(_cpu_ms(r) for r in runs):.1f} ms CPU per guess"
              + (f"; finishing a game p99 {statistics.median(finishing):.1f} ms"
                 if finishing else ""))


def print_targets(rounds: list[list[Run]], board_ms: float, peak_mb: float) -> None:
    """Each target, met or not by the median over the runs, and how many runs met it."""
    def verdict(name: str, values: list[float], target: float, most: bool) -> str:
        met = [v <= target if most else v >= target for v in values]
        middle = statistics.median(values)
        ok = middle <= target if most else middle >= target
        sign = "<=" if most else ">="
        if len(values) == 1:
            return f"    {name} {sign} {target:g}: {'met' if ok else 'NOT met'} ({middle:.2f})"
        return (f"    {name} {sign} {target:g}: {'met' if ok else 'NOT met'} "
                f"(median {middle:.1f}; {sum(met)} of {len(met)} runs met it)")

    print("targets:")
    for i, first in enumerate(rounds[0]):
        runs = [r[i] for r in rounds]
        if first.concurrency in P99_TARGETS:
            print(verdict(f"{first.concurrency} in flight p99 (ms)",
                          [_ms(r.latencies, 99) for r in runs],
                          P99_TARGETS[first.concurrency], most=True))
    closed = [r[-1] for r in rounds]
    print(verdict(f"closed loop, {closed[0].concurrency} in flight (guesses/s)",
                  [_per_second(r) for r in closed], CLOSED_LOOP_TARGET, most=False))
    print(verdict("board PNG median (ms)", [board_ms], BOARD_TARGET_MS, most=True))
    print(verdict("serving peak memory (MB)", [peak_mb], MEMORY_TARGET_MB, most=True))


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--guesses", type=int, default=200)
    parser.add_argument("--concurrency", type=int, nargs="+", default=[1, 10, 20])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--runs", type=int, default=1,
                        help="play every concurrency this many times; with more than one, "
                             "print each figure's median over the runs")
    parser.add_argument("--solver", action="store_true",
                        help="load the solver and its strategies in the bot before it connects")
    parser.add_argument("--bot", choices=("wordle", "text-only", "discord-only"),
                        default="wordle",
                        help="text-only: every player's look without the picture; "
                             "discord-only: discord.py alone answering with a fixed message of "
                             "the board's shape (a floor). Only wordle is judged by the targets")
    parser.add_argument("--pictures", type=int, default=300,
                        help="how many different boards and statistics to draw for their "
                             "median times (default 300)")
    args = parser.parse_args()
    if min(args.guesses, args.runs, args.pictures, *args.concurrency) < 1:
        parser.error("--guesses, --runs, --pictures and --concurrency must be at least 1")
    words = load_word_lists()
    print(f"word lists: {len(words.answers):,} answers, {len(words.allowed):,} allowed; "
          f"Python {sys.version.split()[0]}; {os.cpu_count()} CPUs; "
          f"load average {os.getloadavg()[0]:.2f}")
    rounds: list[list[Run]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for number in range(1, args.runs + 1):
            if args.runs > 1:
                print(f"run {number} of {args.runs} "
                      f"(load average {os.getloadavg()[0]:.2f}):")
            runs = []
            folder = Path(tmp) / str(number)  # new databases for each run
            folder.mkdir()
            for concurrency in args.concurrency:
                run = await run_once(words, args.guesses, concurrency, args.seed, folder,
                                     args.solver, args.bot)
                runs.append(run)
                print_run(run)
            rounds.append(runs)
    last = rounds[-1][-1]
    count = len(last.latencies)
    print(f"closed loop ({last.concurrency} in flight): {_per_second(last):.0f} guesses/s, "
          f"{_cpu_ms(last):.1f} ms CPU per guess in the serving process "
          f"(the fake Discord and the players, on the same cores: "
          f"{last.fake_cpu * 1000 / count:.1f} ms)" + (" (the last run)" if args.runs > 1 else ""))
    if args.runs > 1:
        print_medians(rounds)
    distinct, same, size = board_median_ms(words, args.pictures)
    print(f"board PNG: median {distinct:.2f} ms over {args.pictures} different boards, "
          f"{same:.2f} ms for one 3-row board drawn again ({size:,} bytes)")
    common, rare, size = stats_median_ms(args.pictures)
    print(f"statistics PNG: median {common:.2f} ms for players' statistics (numbers up to "
          f"100), {rare:.2f} ms for numbers never seen (thousands); {size:,} bytes")
    peak = max(r.peak_mb for runs in rounds for r in runs)
    print(f"serving process peak memory (max RSS): {peak:.0f} MB"
          + (" with the solver loaded" if args.solver else " (solver not loaded; --solver)"))
    if args.bot == "wordle":
        print_targets(rounds, distinct, peak)
    else:
        print(f"targets: not judged (--bot {args.bot} is not the bot as shipped)")
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    return 0


def _serve_profiled(config: dict, path: str) -> int:
    """``serve`` under cProfile (the event loop's thread only) while the guesses are timed
    (from the parent's SIGUSR1 to its SIGUSR2), stats written to ``path``."""
    import cProfile

    profile = cProfile.Profile()

    async def profiled() -> int:
        loop = asyncio.get_running_loop()
        loop.add_signal_handler(signal.SIGUSR1, profile.enable)
        loop.add_signal_handler(signal.SIGUSR2, profile.disable)
        return await serve(config)

    try:
        return asyncio.run(profiled())
    finally:
        profile.dump_stats(path)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--serve"]:
        settings = json.loads(os.environ["LATENCY_BENCHMARK_CONFIG"])
        if os.environ.get("LATENCY_BENCHMARK_PROFILE"):  # a dev's look inside, not a figure
            raise SystemExit(_serve_profiled(settings, os.environ["LATENCY_BENCHMARK_PROFILE"]))
        raise SystemExit(asyncio.run(serve(settings)))
    raise SystemExit(asyncio.run(main()))
