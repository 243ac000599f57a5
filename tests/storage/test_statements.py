"""The statements a guess costs on SQLite's one writer: the game read once, the guess
inserted, and at the end each statistics row read together and saved once."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from typing import Any

import pytest

from bot.core.game import Game
from bot.storage import SqliteStore
from bot.storage import games as games_module
from bot.storage.games import read_games

from .helpers import channel_game, guess, own_game, play

pytestmark = pytest.mark.sqlite_only("counts the statements of SQLite's own writer")

ALICE, BOB, CAROL = 1, 2, 3
MISS = "pious"  # not the hidden word (crane)


async def traced(db: SqliteStore) -> list[str]:
    """The statements the store's writer runs from now on."""
    seen: list[str] = []
    writer = db._db._writer  # type: ignore[attr-defined]

    def trace(raw: sqlite3.Connection) -> None:
        raw.set_trace_callback(seen.append)

    await writer.run(trace)
    return seen


async def test_a_guess_reads_its_game_once_and_inserts_it(db: SqliteStore):
    game = await channel_game(db)
    seen = await traced(db)
    await guess(db, game, MISS, player_id=ALICE)
    statements = [s for s in seen if s not in ("BEGIN IMMEDIATE", "COMMIT")]
    assert len(statements) == 2, statements
    assert statements[0].startswith("SELECT") and "FROM games g" in statements[0]
    assert statements[1].startswith("INSERT INTO guesses")


async def test_an_ending_reads_the_statistics_rows_together(db: SqliteStore):
    game = await channel_game(db)
    for player in (ALICE, BOB, CAROL, ALICE, BOB):
        game = await guess(db, game, MISS, player_id=player)
    seen = await traced(db)
    game = await guess(db, game, MISS, player_id=CAROL)
    assert game.status == "lost"
    stats = [s for s in seen if "player_stats" in s]
    assert len(stats) == 2, stats  # one read of the three rows, then one save of them all
    assert stats[0].startswith("SELECT")
    assert stats[1].startswith("INSERT INTO player_stats") and stats[1].count("), (") == 2
    for player in (ALICE, BOB, CAROL):
        assert (await db.stats(game.guild_id, player, game.bucket)).played == 1


async def test_an_ending_reads_only_finished_games_that_count_for_its_players(
        db: SqliteStore, monkeypatch: pytest.MonkeyPatch):
    """Games finished at the same moment (a frozen clock) by other players do not decide the
    order this ending counts in, so they are not read."""
    at = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
    for player in range(10, 20):
        await play(db, await own_game(db, player, channel_id=player), ["crane"], now=at)
    mine = await play(db, await own_game(db, ALICE, channel_id=1), ["crane"], now=at)
    read: list[list[int | None]] = []

    async def spy(source: Any, where: str, *params: Any, lock: bool = False) -> list[Game]:
        found = await read_games(source, where, *params, lock=lock)
        if where == games_module._FINISHED_SINCE:
            read.append([game.owner_id for game in found])
        return found

    monkeypatch.setattr(games_module, "read_games", spy)
    game = await play(db, await own_game(db, ALICE, channel_id=1), ["crane"], now=at)
    assert read == [[ALICE]]
    assert game.finished_at is not None and mine.finished_at is not None
    assert game.finished_at > mine.finished_at  # still counted after the game before it
