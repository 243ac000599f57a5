"""A batch of moves (guesses, ends of games, new games) is committed by one call to SQLite's
writer thread: every move's statements, the rules between them and the COMMIT (a call is a
round trip between threads)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bot.storage import SqliteStore

from .helpers import guess, own_game

pytestmark = pytest.mark.sqlite_only("counts calls to the SQLite writer connection's thread")


async def test_guesses_ending_games_and_a_new_game_in_one_call(db_path: Path) -> None:
    async with await SqliteStore.open(db_path) as db:
        games = [await own_game(db, p, channel_id=p) for p in (1, 2, 3)]
        writer = db._db._writer
        calls: list[Any] = []
        real = writer.run

        async def counted(work: Any) -> Any:
            calls.append(work)
            return await real(work)

        writer.run = counted  # type: ignore[method-assign]
        statements: list[str] = []
        writer.raw.set_trace_callback(statements.append)
        try:
            played, won, started = await asyncio.gather(
                guess(db, games[0], "slate"), guess(db, games[1], "crane"),
                own_game(db, 4, channel_id=4))
        finally:
            writer.run = real  # type: ignore[method-assign]
            writer.raw.set_trace_callback(None)
        assert len(calls) == 1
        assert statements[0] == "BEGIN IMMEDIATE" and statements[-1] == "COMMIT"
        kinds = [" ".join(s.split()[:3]) for s in statements]
        for kind in ("INSERT INTO guesses", "INSERT INTO player_stats", "UPDATE games SET",
                     "INSERT INTO games"):
            assert kind in kinds
        assert played.status == "active" and won.status == "won" and started.owner_id == 4
        assert not writer.raw.in_transaction
        stored = await db.get_game(games[1].id)
        assert stored is not None and [g.word for g in stored.guesses] == ["crane"]
