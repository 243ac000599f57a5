"""Many players racing on one channel game: never two guesses with one attempt number, never
a 7th attempt, never a statistic counted twice. In one process and across processes."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.storage import GameExists, GameNotActive, SqliteStore

from .helpers import CHANNEL, GUILD, WRONG, channel_game, guess, own_game
from .race import WORDS, give_go, race

GUESSERS = 60


async def check_consistent(
    db: SqliteStore, game_ids: list[int], accepted: list[tuple], guild: int = GUILD
) -> None:
    """Stored guesses are exactly the acknowledged ones, numbered 1..n with n <= 6, and every
    participant's channel statistics count each finished game once."""
    acked = sorted(accepted)
    stored = []
    expected_played: dict[int, int] = {}
    expected_wins: dict[int, int] = {}
    for game_id in game_ids:
        game = await db.get_game(game_id)
        assert game is not None
        attempts = [g.attempt for g in game.guesses]
        assert attempts == list(range(1, len(attempts) + 1))
        assert 1 <= len(attempts) <= 6
        assert game.status != "active"
        last = game.guesses[-1]
        assert (game.status == "won") == (last.word == "crane")
        assert game.status in ("won", "lost")
        if game.status == "lost":
            assert len(attempts) == 6
        else:
            assert game.solved_by == last.player_id
        stored += [(game.id, g.attempt, g.player_id, g.word) for g in game.guesses]
        for player in game.guessers:
            expected_played[player] = expected_played.get(player, 0) + 1
            expected_wins[player] = expected_wins.get(player, 0) + (game.status == "won")
    assert sorted(stored) == acked
    for player, played in expected_played.items():
        stats = await db.stats(guild, player, "channel")
        assert (stats.played, stats.wins) == (played, expected_wins[player]), player
    board = await db.leaderboard(guild, mode="channel", limit=1000)
    assert {row.player_id for row in board.rows} == set(expected_played)


async def test_sixty_guessers_race_on_channel_games(db: SqliteStore):
    players = list(range(5000, 5000 + GUESSERS))
    game_ids, accepted = [], []
    for round_ in range(6):
        game = await channel_game(db, channel_id=CHANNEL + round_)
        words = [WORDS[(p + round_) % len(WORDS)] for p in players]
        if round_ % 2:  # in odd rounds a few players know the answer
            for i in (7, 31, 59):
                words[i] = "crane"
        game_ids.append(game.id)
        accepted += await race(db, game.id, players, words)
    assert len(accepted) >= 6
    await check_consistent(db, game_ids, accepted)


async def test_race_for_the_last_attempt(db: SqliteStore):
    game = await channel_game(db)
    for i, word in enumerate(WRONG[:5]):
        game = await guess(db, game, word, player_id=9000 + i)
    players = list(range(7000, 7000 + GUESSERS))
    words = ["crane" if p % 3 == 0 else WORDS[p % len(WORDS)] for p in players]
    accepted = await race(db, game.id, players, words)
    assert len(accepted) == 1 and accepted[0][1] == 6
    final = await db.get_game(game.id)
    assert len(final.guesses) == 6 and final.status in ("won", "lost")
    await check_consistent(
        db, [game.id], accepted + [(game.id, i + 1, 9000 + i, w) for i, w in enumerate(WRONG[:5])]
    )
    # A late arrival (still holding the 5-guess game) is told it is over, and so is a 7th
    # attempt (beyond the variant's attempts: see test_games).
    with pytest.raises(GameNotActive):
        await guess(db, game, "crane", player_id=1)
    with pytest.raises(GameNotActive):
        await guess(db, final, "crane", player_id=1)
    assert await db.get_game(game.id) == final


async def test_racing_starts_make_one_game(db: SqliteStore):
    async def start_channel() -> object:
        try:
            return await channel_game(db)
        except GameExists as exc:
            return exc

    outcomes = await asyncio.gather(*(start_channel() for _ in range(GUESSERS)))
    games = [o for o in outcomes if not isinstance(o, GameExists)]
    assert len(games) == 1
    assert {o.existing.id for o in outcomes if isinstance(o, GameExists)} == {games[0].id}

    async def start_daily() -> object:
        try:
            return await own_game(db, 42, kind="daily", puzzle_number=3, channel_id=1)
        except GameExists as exc:
            return exc.existing

    dailies = await asyncio.gather(*(start_daily() for _ in range(GUESSERS)))
    assert len({d.id for d in dailies}) == 1


@pytest.mark.sqlite_only("processes sharing one SQLite file (PostgreSQL's: "
                         "tests/postgres/test_race.py)")
async def test_processes_racing_on_one_file(db: SqliteStore, db_path: Path, tmp_path: Path):
    """Three processes, each with its own SqliteStore on the same file, 20 guessers each. The
    store must keep every game right whoever wins; the test also checks that the processes
    did race (two of them had guesses accepted). Which one wins is up to the machine's
    scheduler: a round that one process took whole proves nothing, and is played again on new
    games in a new server (up to three rounds), rather than failed: the players' statistics
    then hold only that round's games."""
    script = Path(__file__).with_name("race.py")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    for round_ in range(3):
        guild = GUILD + 1 + round_
        game_ids = [(await channel_game(db, channel_id=CHANNEL + 10 * round_ + i,
                                        guild_id=guild)).id
                    for i in range(8)]
        go = tmp_path / f"go{round_}"
        procs = [
            subprocess.Popen(
                [sys.executable, str(script), str(db_path), str(go), str(20_000 + 100 * p),
                 "20"] + [str(i) for i in game_ids],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                env=env,
            )
            for p in range(3)
        ]
        for proc in procs:  # all have the file open: start them together
            assert proc.stdout is not None
            assert (await asyncio.to_thread(proc.stdout.readline)).strip() == "ready"
        give_go(go)
        accepted = []
        for proc in procs:
            out, err = await asyncio.to_thread(proc.communicate, timeout=60)
            assert proc.returncode == 0, err
            accepted += [tuple(a) for a in json.loads(out.strip().splitlines()[-1])["accepted"]]
        await check_consistent(db, game_ids, accepted, guild)
        if len({a[2] // 100 for a in accepted}) >= 2:
            return
    raise AssertionError("the processes did not actually race, in three rounds")
