"""SIGKILL in the middle of heavy writing: the file reopens intact, with every acknowledged
guess and every game, and statistics that agree with the games."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.storage import SqliteStore

from .kill_worker import GUILD

pytestmark = pytest.mark.sqlite_only(
    "SIGKILL of a process writing the SQLite file (PostgreSQL's: tests/postgres/test_kill.py)"
)

SCRIPT = Path(__file__).with_name("kill_worker.py")


def run_until_killed(args: list[str], acks_before_kill: int) -> list[str]:
    """Start Python with ``args`` (the writer: its script, file and round), let it acknowledge
    about ``acks_before_kill`` guesses, SIGKILL it; return every line it printed (all of them
    were acknowledged before the kill)."""
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    proc = subprocess.Popen(
        [sys.executable, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert proc.stdout is not None and proc.stderr is not None
    lines: list[str] = []
    acks = 0
    deadline = time.monotonic() + 60
    try:
        while acks < acks_before_kill:
            line = proc.stdout.readline()
            assert line, f"writer stopped early: {proc.stderr.read()}"
            assert time.monotonic() < deadline, "writer too slow"
            lines.append(line.strip())
            acks += line.startswith("ack ")
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        # The rest through the same reader: lines it has read ahead are in its buffer alone.
        rest = proc.stdout.read()
        proc.stderr.read()
        proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    return lines + [line.strip() for line in rest.splitlines() if line.strip()]


def test_every_line_printed_before_the_kill_is_read() -> None:
    """Lines read ahead with the first ones count too (a writer quicker than the reader)."""
    printer = ("import sys, time; sys.stdout.write(''.join(f'ack {n}\\n' for n in range(2000)));"
               " sys.stdout.flush(); time.sleep(60)")
    assert len(run_until_killed(["-c", printer], 1)) == 2000


async def check_after_kill(db_path: Path, lines: list[str]) -> None:
    games: set[int] = set()
    acked: dict[int, dict[int, tuple[int, str]]] = {}
    final: dict[int, str] = {}
    for line in lines:
        kind, *rest = line.split()
        if kind == "game":
            games.add(int(rest[0]))
        elif kind == "ack":
            game_id, attempt, player = (int(x) for x in rest[:3])
            acked.setdefault(game_id, {})[attempt] = (player, rest[3])
            if rest[4] != "active":
                final[game_id] = rest[4]
        elif kind == "gaveup":
            final[int(rest[0])] = "given_up"
        else:  # pragma: no cover
            raise AssertionError(f"unexpected line {line!r}")
    assert sum(len(a) for a in acked.values()) > 0

    async with await SqliteStore.open(db_path) as db:
        for game_id in games:
            game = await db.get_game(game_id)
            assert game is not None, f"acknowledged game {game_id} is missing"
            stored = {g.attempt: (g.player_id, g.word) for g in game.guesses}
            for attempt, guess in acked.get(game_id, {}).items():
                assert stored.get(attempt) == guess, f"acknowledged guess lost: {game_id}"
            # At most one more guess than acknowledged: committed, then killed before the ack.
            assert len(stored) - len(acked.get(game_id, {})) in (0, 1)
            if game_id in final:
                assert game.status == final[game_id]

    conn = sqlite3.connect(db_path)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
        # Statistics agree with the games: each finished game counted once per player
        # (its owner, or everyone who guessed in a channel game).
        counted = conn.execute(
            "SELECT coalesce(sum(played), 0), coalesce(sum(wins), 0) FROM player_stats "
            "WHERE guild_id = ?",
            (GUILD,),
        ).fetchone()
        expected = conn.execute(
            "SELECT coalesce(sum(n), 0), coalesce(sum(CASE WHEN status = 'won' THEN n END), 0) "
            "FROM (SELECT g.status, CASE WHEN g.scope = 'own' THEN 1 ELSE "
            "(SELECT count(DISTINCT q.player_id) FROM guesses q WHERE q.game_id = g.id) END n "
            "FROM games g WHERE g.guild_id = ? AND g.status <> 'active')",
            (GUILD,),
        ).fetchone()
        assert counted == expected
    finally:
        conn.close()


async def test_sigkill_during_heavy_writing_loses_nothing_acknowledged(db_path: Path):
    rng = random.Random()
    everything: list[str] = []
    for round_ in (1, 2):  # the second round starts on the file the first one left behind
        lines = run_until_killed([str(SCRIPT), str(db_path), str(round_)],
                                 rng.randint(300, 900))
        everything += lines
        await check_after_kill(db_path, everything)
