"""Guesses on one game from several pools and processes at once (PostgreSQL has no single
writer): never a 7th attempt, never a skipped or repeated attempt number, every acknowledged
guess stored, and each finished game counted once in the statistics."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.core.feedback import score
from bot.storage import AttemptConflict, GameNotActive
from bot.storage.postgres import PostgresStore
from tests.storage.helpers import CHANNEL, GUILD, WRONG, channel_game, guess, own_game
from tests.storage.race import WORDS, give_go, race
from tests.storage.test_race import check_consistent

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
async def second_store(pg_dsn: str):
    store = await PostgresStore.open(pg_dsn, pool_size=4)
    try:
        yield store
    finally:
        await store.close()


async def test_two_pools_race_on_the_same_games(pg_store, second_store):
    """Every game raced through both pools at once. Which pool's batch takes a game's guesses
    is up to the scheduler: a round one pool took whole proves nothing, and is played again
    on new games in a new server (up to three rounds), rather than failed."""
    stores = [pg_store, second_store]
    players = list(range(5000, 5040))
    for round_ in range(3):
        guild = GUILD + 1 + round_
        games = [await channel_game(pg_store, channel_id=CHANNEL + 100 * round_ + i,
                                    guild_id=guild) for i in range(10)]
        rounds = []
        for n, game in enumerate(games):
            words = [WORDS[(p + n) % len(WORDS)] for p in players]
            if n % 2:
                words[(7 * n) % len(players)] = "crane"
            for half, store in enumerate(stores):
                rounds.append(race(store, game.id, players[half::2], words[half::2]))
        accepted = [a for result in await asyncio.gather(*rounds) for a in result]
        await check_consistent(pg_store, [g.id for g in games], accepted, guild)
        await check_consistent(second_store, [g.id for g in games], accepted, guild)
        if {a[2] % 2 for a in accepted} == {0, 1}:
            return
    raise AssertionError("both pools must have saved guesses, in one of three rounds")


async def test_the_same_last_guess_from_two_pools_counts_once(pg_store, second_store):
    """A daily's deciding guess sent twice at once (a retried interaction landing on two
    processes): one is saved, the other refused, and the daily is counted once."""
    for round_ in range(15):
        game = await own_game(pg_store, 77, kind="daily", puzzle_number=round_ + 1)
        game = await guess(pg_store, game, "slate", day=round_ + 1)

        async def send(store: PostgresStore, game_id: int = game.id, day: int = round_ + 1):
            try:
                return await store.record_guess(
                    game_id,
                    attempt=2,
                    player_id=77,
                    word="crane",
                    feedback=score("crane", "crane"),
                    finish="won",
                    day=day,
                )
            except (AttemptConflict, GameNotActive) as exc:
                return exc

        outcomes = await asyncio.gather(send(pg_store), send(second_store))
        assert sum(not isinstance(o, Exception) for o in outcomes) == 1, outcomes
    stats = await second_store.stats(GUILD, 77, "daily", today=15)
    assert (stats.played, stats.wins, stats.current_streak, stats.max_streak) == (15, 15, 15, 15)
    assert stats.distribution == (0, 15, 0, 0, 0, 0)


async def test_last_attempt_raced_from_two_pools(pg_store, second_store):
    game = await channel_game(pg_store)
    for i, word in enumerate(WRONG[:5]):
        game = await guess(pg_store, game, word, player_id=9000 + i)
    players = list(range(7000, 7040))
    words = ["crane" if p % 3 == 0 else WORDS[p % len(WORDS)] for p in players]
    results = await asyncio.gather(
        race(pg_store, game.id, players[::2], words[::2]),
        race(second_store, game.id, players[1::2], words[1::2]),
    )
    accepted = [a for result in results for a in result]
    assert len(accepted) == 1 and accepted[0][1] == 6
    earlier = [(game.id, i + 1, 9000 + i, w) for i, w in enumerate(WRONG[:5])]
    await check_consistent(second_store, [game.id], accepted + earlier)


async def test_processes_race_on_the_same_games(pg_store, pg_dsn: str, tmp_path: Path):
    """Three processes, each with its own store (and pool), 15 guessers each, all games: enough
    games that one process cannot play them all before the others are scheduled."""
    game_ids = [(await channel_game(pg_store, channel_id=CHANNEL + i)).id for i in range(32)]
    go = tmp_path / "go"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [
        subprocess.Popen(
            [
                sys.executable,
                str(Path(__file__).with_name("race_worker.py")),
                pg_dsn,
                str(go),
                str(20_000 + 100 * p),
                "15",
                *map(str, game_ids),
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        for p in range(3)
    ]
    try:
        for proc in procs:
            assert proc.stdout is not None
            line = await asyncio.to_thread(proc.stdout.readline)
            assert line.strip() == "ready", proc.stderr.read() if proc.stderr else ""
        give_go(go)
        accepted = []
        for proc in procs:
            out, err = await asyncio.to_thread(proc.communicate, timeout=120)
            assert proc.returncode == 0, err
            accepted += [tuple(a) for a in json.loads(out.strip().splitlines()[-1])["accepted"]]
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
    assert len({a[2] // 100 for a in accepted}) >= 2, "the processes did not actually race"
    await check_consistent(pg_store, game_ids, accepted)
