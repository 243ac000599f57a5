"""Interaction latency of the real bot: from the interaction being sent to its first answer.

    uv run python benchmarks/discord_latency.py [--guesses 100] [--concurrency 1 10]

The real WordleBot (discord.py client, cogs, GameService, a SQLite file in a temporary
directory, the shipped word lists) runs against the fake Discord of ``tests/fakediscord`` on
127.0.0.1. Players each start a game (half of them today's daily, half a random practice
game) and play it to the end: four wrong guesses, then the word, so every fifth guess
finishes a game (statistics, share grid; for a daily also the public grid and the server's
results post). Five guesses per player stay within the bot's /guess cooldown (5 per 10 s).

The latency of each ``/guess`` is what the fake measures: from the INTERACTION_CREATE frame
being written to the gateway socket to the bot's interaction callback arriving over REST
(``FakeResponse.latency``). That covers discord.py's parsing and dispatch, the cog, the
service and its SQLite reads and write, rendering the PNG (in a worker thread) and the upload.

``--concurrency 1`` sends one guess at a time (the figure quoted in the README); higher values
keep that many guesses in flight at once (different players), which shows queueing on this
machine's cores. Printed: p50, p90, p99 and max in milliseconds for each concurrency.
``tests/discord/test_bot_latency.py`` runs :func:`measure` on small word lists in CI.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.app import WordleBot
from bot.core.daily import daily_word, today_puzzle_number
from bot.core.words import WordLists, load_word_lists
from bot.service import GameService
from bot.storage import Database
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
                  concurrency: int = 1, limit: int | None = None) -> list[float]:
    """Start every plan's game, then play the guesses, ``concurrency`` at a time (never two
    for the same player at once). Returns the latency in seconds of each guess."""
    for plan in plans:
        start = await fake.invoke(channel, plan.player, "wordle start", {"kind": plan.kind})
        await start.wait_for_messages(1)
    # Round-robin over players: guess 1 of everyone, then guess 2, ... like a busy server.
    order = [(plan.player, word) for turn in range(GUESSES_PER_PLAYER)
             for plan in plans for word in plan.guesses[turn:turn + 1]]
    if limit is not None:
        order = order[:limit]
    latencies: list[float] = []
    busy: set[int] = set()
    gate = asyncio.Semaphore(concurrency)

    async def one(player: FakeMember, word: str) -> None:
        while player.id in busy:
            await asyncio.sleep(0.001)
        busy.add(player.id)
        try:
            inter = await fake.invoke(channel, player, "guess", {"word": word})
            response = await inter.first_response()
            assert response.type_name == "message", f"{word}: {response}"
            latencies.append(response.latency)
        finally:
            busy.discard(player.id)
            gate.release()

    tasks = []
    for player, word in order:
        await gate.acquire()
        tasks.append(asyncio.create_task(one(player, word)))
    await asyncio.gather(*tasks)
    await fake.settle(quiet=0.05)
    return latencies


def percentile(values: Sequence[float], p: float) -> float:
    """The p-th percentile (0-100), linear between the closest ranks."""
    ordered = sorted(values)
    if len(ordered) == 1:
        return ordered[0]
    rank = (len(ordered) - 1) * p / 100
    low = int(rank)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


def summary(latencies: Sequence[float], label: str) -> str:
    ms = [x * 1000 for x in latencies]
    return (f"{label}: p50 {percentile(ms, 50):.1f} ms, p99 {percentile(ms, 99):.1f} ms "
            f"(p90 {percentile(ms, 90):.1f}, max {max(ms):.1f}, "
            f"mean {statistics.fmean(ms):.1f})")


async def run_once(words: WordLists, guesses: int, concurrency: int, seed: int,
                   db_dir: Path) -> list[float]:
    rng = random.Random(seed)
    players_needed = -(-guesses // GUESSES_PER_PLAYER)
    now = datetime.now(UTC)
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Latency")
        channel = fake.add_text_channel(guild, "wordle")
        players = [fake.add_member(guild, f"player{i}") for i in range(players_needed)]
        answer = daily_word(today_puzzle_number(now, "UTC"), words.answers, SALT)
        plans, picks = make_plans(players, words, answer, rng)
        picker: Callable[[tuple[str, ...]], str] = lambda _answers: picks.pop(0)  # noqa: E731
        db = await Database.open(db_dir / f"latency-{concurrency}.sqlite3")
        try:
            service = GameService(db, words, daily_salt=SALT, clock=lambda: now, choose=picker)
            bot = WordleBot(service, dev_guild_id=guild.id, warm_solver=False)
            async with fake.run_bot(bot):
                return await measure(fake, channel, plans, concurrency=concurrency,
                                     limit=guesses)
        finally:
            await db.close()


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--guesses", type=int, default=100)
    parser.add_argument("--concurrency", type=int, nargs="+", default=[1, 10])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.guesses < 1 or any(c < 1 for c in args.concurrency):
        parser.error("--guesses and --concurrency must be at least 1")
    words = load_word_lists()
    print(f"word lists: {len(words.answers):,} answers, {len(words.allowed):,} allowed; "
          f"Python {sys.version.split()[0]}")
    with tempfile.TemporaryDirectory() as tmp:
        for concurrency in args.concurrency:
            latencies = await run_once(words, args.guesses, concurrency, args.seed, Path(tmp))
            print(summary(latencies, f"discord interaction latency over {len(latencies)} "
                                     f"guesses, {concurrency} in flight"))
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
