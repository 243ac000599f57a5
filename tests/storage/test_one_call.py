"""A batch of guesses and new games is saved by one call to SQLite's writer thread: its
statements, the checks between them and the COMMIT (a call is a round trip between threads)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bot.storage import Database

from .helpers import guess, own_game

pytestmark = pytest.mark.sqlite_only("counts calls to the SQLite writer connection's thread")


async def test_guesses_ending_games_and_a_new_game_in_one_call(db_path: Path) -> None:
    async with await Database.open(db_path) as db:
        games = [await own_game(db, p, channel_id=p) for p in (1, 2, 3)]
        writer = db._writer
        calls: list[Any] = []
        real = writer._execute

        async def counted(fn: Any, *args: Any, **kwargs: Any) -> Any:
            calls.append(fn)
            return await real(fn, *args, **kwargs)

        writer._execute = counted  # type: ignore[method-assign]
        statements: list[str] = []
        await real(writer._conn.set_trace_callback, statements.append)
        try:
            played, won, started = await asyncio.gather(
                guess(db, games[0], "slate"), guess(db, games[1], "crane"),
                own_game(db, 4, channel_id=4))
        finally:
            writer._execute = real  # type: ignore[method-assign]
            await real(writer._conn.set_trace_callback, None)
        assert len(calls) == 1
        kinds = [" ".join(s.split()[:3]) for s in statements]
        assert kinds[:4] == ["BEGIN IMMEDIATE", "INSERT INTO guesses",
                             "INSERT INTO player_stats", "UPDATE games SET"]
        assert set(kinds[4:-1]) == {"INSERT INTO games"} and kinds[-1] == "COMMIT"
        assert played.status == "active" and won.status == "won" and started.owner_id == 4
        assert not writer.in_transaction
        stored = await db.get_game(games[1].id)
        assert stored is not None and [g.word for g in stored.guesses] == ["crane"]
