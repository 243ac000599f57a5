"""SIGKILL of a process in the middle of heavy writing to PostgreSQL loses no acknowledged
guess; the games and statistics add up; a process started again carries on."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from bot.storage.postgres import PostgresStore

from .kill_worker import GUILD

SCRIPT = Path(__file__).with_name("kill_worker.py")


def run_until_killed(dsn: str, round_: int, acks_before_kill: int) -> list[str]:
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    proc = subprocess.Popen(
        [sys.executable, str(SCRIPT), dsn, str(round_)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert proc.stdout is not None
    lines: list[str] = []
    deadline = time.monotonic() + 120
    try:
        while sum(line.startswith("ack ") for line in lines) < acks_before_kill:
            line = proc.stdout.readline()
            assert line, f"writer stopped early: {proc.stderr.read() if proc.stderr else ''}"
            assert time.monotonic() < deadline, "writer too slow"
            lines.append(line.strip())
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        rest, _ = proc.communicate(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    return lines + [line.strip() for line in rest.splitlines() if line.strip()]


async def test_sigkill_loses_nothing_acknowledged_and_a_restart_carries_on(pg_dsn):
    lines = run_until_killed(pg_dsn, 1, 400)
    lines += run_until_killed(pg_dsn, 2, 200)  # a second process on the same database
    acked: dict[int, dict[int, str]] = {}
    created = set()
    for line in lines:
        kind, *rest = line.split()
        if kind == "game":
            created.add(int(rest[0]))
        else:
            acked.setdefault(int(rest[0]), {})[int(rest[1])] = rest[3]
    async with await PostgresStore.open(pg_dsn) as store:
        played: dict[int, int] = {}
        wins: dict[int, int] = {}
        for game_id in created:
            game = await store.get_game(game_id)
            assert game is not None, game_id
            stored = {g.attempt: g.word for g in game.guesses}
            assert list(stored) == list(range(1, len(stored) + 1))
            for attempt, word in acked.get(game_id, {}).items():
                assert stored.get(attempt) == word, (game_id, attempt)
            if game.status != "active":
                played[game.owner_id] = played.get(game.owner_id, 0) + 1
                wins[game.owner_id] = wins.get(game.owner_id, 0) + (game.status == "won")
        for player, count in played.items():
            stats = await store.stats(GUILD, player, "practice")
            assert (stats.played, stats.wins) == (count, wins[player]), player
        # A process started again carries on with an unfinished game.
        games = [await store.get_game(game_id) for game_id in sorted(created)]
        unfinished = [g for g in games if g is not None and g.status == "active"]
        assert unfinished, "the kill never caught a game half-way"
        game = unfinished[0]
        after = await store.record_guess(
            game.id,
            attempt=len(game.guesses) + 1,
            player_id=game.owner_id,
            word=game.hidden_word,
            feedback="GGGGG",
            finish="won",
            day=1,
        )
        assert after.status == "won" and after.guesses[:-1] == game.guesses
        stats = await store.stats(GUILD, game.owner_id, "practice")
        assert stats.played == played.get(game.owner_id, 0) + 1
