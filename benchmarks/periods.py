"""Leaderboards by period on SQLite: how long a board of today, this week and this month takes
on a server with many finished games (prints figures; no assertion).

    uv run python benchmarks/periods.py [--games 200000] [--players 2000]

Fills a throwaway database with a year of one server's games, then times each period's
leaderboard and the all-time one (median of several runs).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.core.domain import LeaderboardOrder, StatsBucket
from bot.core.periods import Period, period_bounds
from bot.storage.database import to_text
from bot.storage.sqlite import SqliteStore, schema

GUILD = 5
NOW = datetime(2026, 11, 20, 12, tzinfo=UTC)


def fill(path: Path, games: int, players: int) -> None:
    rng = random.Random(1)
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("BEGIN")
    game_rows, guess_rows = [], []
    for game_id in range(1, games + 1):
        player = rng.randrange(players) + 1
        finished = NOW - timedelta(minutes=rng.randrange(365 * 24 * 60))
        attempts = rng.randint(1, 6)
        won = rng.random() < 0.9
        game_rows.append((game_id, GUILD, 6, player, "own", "random", None, "crane", 0,
                          "won" if won else "lost", player if won else None,
                          to_text(finished), to_text(finished), 5, 6))
        for attempt in range(1, (attempts if won else 6) + 1):
            last = won and attempt == attempts
            guess_rows.append((game_id, attempt, player, "crane" if last else "slate",
                               "GGGGG" if last else "BBBBB", to_text(finished)))
    conn.executemany(
        "INSERT INTO games (id, guild_id, channel_id, owner_id, scope, kind, puzzle_number, "
        "answer, hard_mode, status, solved_by, created_at, finished_at, word_length, attempts) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", game_rows)
    conn.executemany("INSERT INTO guesses (game_id, attempt, player_id, word, feedback, "
                     "created_at) VALUES (?, ?, ?, ?, ?, ?)", guess_rows)
    conn.execute(
        "INSERT INTO player_stats (guild_id, player_id, mode, played, wins, dist_1) "
        "SELECT guild_id, owner_id, 'practice', count(*), sum(status = 'won'), "
        "sum(status = 'won') FROM games GROUP BY guild_id, owner_id")
    conn.execute("COMMIT")
    conn.execute("ANALYZE")
    conn.close()


async def timed(work, runs: int = 7) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        await work()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200_000)
    parser.add_argument("--players", type=int, default=2_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "periods.sqlite3"
        await schema.prepare_file(str(path))
        start = time.perf_counter()
        fill(path, args.games, args.players)
        print(f"{args.games:,} finished games of {args.players:,} players over a year "
              f"(built in {time.perf_counter() - start:.1f} s)")
        async with await SqliteStore.open(path) as store:
            for period in (Period.TODAY, Period.WEEK, Period.MONTH):
                bounds = period_bounds(period, NOW, "Europe/Paris")
                assert bounds is not None

                async def board(bounds=bounds):
                    return await store.period_leaderboard(
                        GUILD, mode=StatsBucket.PRACTICE, by=LeaderboardOrder.WINS,
                        start=bounds[0], end=bounds[1], player_id=1)

                rows = len((await board()).rows)
                print(f"  {period.value:>5}: {await timed(board):7.1f} ms median "
                      f"({rows} rows shown)")

            async def all_time():
                return await store.leaderboard(GUILD, mode=StatsBucket.PRACTICE, player_id=1)

            print(f"    all: {await timed(all_time):7.1f} ms median (statistics rows)")


if __name__ == "__main__":
    asyncio.run(main())
