"""The guesses and the starts of one write batch are played together in a few statements,
whatever their number, and each has the outcome it would have alone: a guess its game's
state, its refusal, the statistics of every end counted once (one player's two games ending
together included) and the figures an ending guess brings back; a start its game, or the
game in its way (one started just before it in the batch included)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.storage import AttemptConflict, GameExists, GameNotActive
from bot.storage.postgres import PostgresStore
from bot.storage.postgres import pool as pg_pool
from tests.storage.helpers import GUILD, WRONG, channel_game, guess, own_game, play
from tests.storage.test_stats_order import at, replayed


async def outcome(awaitable: Any) -> Any:
    try:
        return await awaitable
    except Exception as exc:
        return exc


def count_statements(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The statements the store's write transactions send from now on."""
    sent: list[str] = []
    for name in ("fetch", "fetchrow", "execute"):
        method = getattr(pg_pool._Tx, name)

        async def counted(self: Any, sql: str, *params: Any, _method: Any = method) -> Any:
            sent.append(sql)
            return await _method(self, sql, *params)

        monkeypatch.setattr(pg_pool._Tx, name, counted)
    return sent


async def test_forty_guesses_handed_in_together_take_a_few_statements(
        pg_store: PostgresStore, monkeypatch: pytest.MonkeyPatch) -> None:
    db = pg_store
    plain = [await own_game(db, p, channel_id=p) for p in range(100, 120)]
    winning = [await own_game(db, p, channel_id=p) for p in range(200, 210)]
    table = await channel_game(db, channel_id=7)
    sent = count_statements(monkeypatch)
    results = await asyncio.gather(
        *(guess(db, game, "slate") for game in plain),
        *(guess(db, game, "crane") for game in winning),
        *(outcome(guess(db, table, WRONG[0], player_id=p)) for p in range(300, 310)))
    assert all(r.status == "active" and len(r.guesses) == 1 for r in results[:20])
    assert all(r.status == "won" and r.solved_by == r.owner_id for r in results[20:30])
    accepted = [r for r in results[30:] if not isinstance(r, Exception)]
    assert len(accepted) == 1
    assert all(isinstance(r, AttemptConflict) for r in results[30:] if r not in accepted)
    # Lock and read, save and end, lock, read and save the statistics: one statement each.
    assert len(sent) <= 6, sent
    for game in winning:
        counted = await db.stats(GUILD, game.owner_id, "practice")
        assert (counted.played, counted.wins, counted.distribution[0]) == (1, 1, 1)


async def test_one_players_ends_together_are_each_counted(pg_store: PostgresStore) -> None:
    db = pg_store
    first = await play(db, await own_game(db, 1, channel_id=11), WRONG[:2])
    second = await play(db, await own_game(db, 1, channel_id=12), WRONG[:5])
    daily = await own_game(db, 1, kind="daily", puzzle_number=40, channel_id=13)
    shared = await play(db, await channel_game(db, channel_id=14), WRONG[:1], player_id=1)
    won, lost, daily_won, shared_won, late = await asyncio.gather(
        guess(db, first, "crane", day=40),
        guess(db, second, WRONG[5], day=40),
        db.record_ending_guess(daily.id, attempt=1, player_id=1, word="crane",
                               feedback="GGGGG", finish="won", day=40),
        db.record_ending_guess(shared.id, attempt=2, player_id=2, word="crane",
                               feedback="GGGGG", finish="won", day=40),
        outcome(guess(db, first, "crane", day=40)),  # the same attempt again: taken
    )
    assert (won.status, lost.status) == ("won", "lost")
    assert isinstance(late, GameNotActive)
    practice = await db.stats(GUILD, 1, "practice")
    assert (practice.played, practice.wins, practice.distribution[2]) == (2, 1, 1)
    game, figures = daily_won
    assert game.status == "won" and figures.stats.played == 1 and figures.stats.wins == 1
    assert figures.stats.current_streak == 1 and figures.hints == 0
    assert (await db.stats(GUILD, 1, "daily")).max_streak == 1
    game, figures = shared_won
    assert game.solved_by == 2 and figures.stats.played == 1 and figures.stats.wins == 1
    assert (await db.stats(GUILD, 1, "channel")).played == 1


async def test_games_started_together_take_a_few_statements(
        pg_store: PostgresStore, monkeypatch: pytest.MonkeyPatch) -> None:
    db = pg_store
    there = await channel_game(db, channel_id=7)
    daily = await own_game(db, 50, kind="daily", puzzle_number=9, channel_id=8)
    sent = count_statements(monkeypatch)
    results = await asyncio.gather(
        *(own_game(db, p, channel_id=p) for p in range(100, 120)),
        outcome(own_game(db, 100, channel_id=100)),  # the one just started is in its way
        outcome(channel_game(db, channel_id=7)),  # a channel game is on
        outcome(own_game(db, 50, kind="daily", puzzle_number=9, channel_id=9)),
        own_game(db, 51, kind="daily", puzzle_number=9, channel_id=8),
        outcome(own_game(db, 51, kind="daily", puzzle_number=9, channel_id=10)))
    started, again, on, played, other_daily, twice = (
        results[:20], *results[20:])
    assert [g.owner_id for g in started] == list(range(100, 120))
    assert len({g.id for g in started}) == 20
    for game in started:
        assert await db.get_game(game.id) == game
    assert isinstance(again, GameExists) and again.existing.id == started[0].id
    assert isinstance(on, GameExists) and on.existing.id == there.id
    assert isinstance(played, GameExists) and played.existing.id == daily.id
    assert other_daily.owner_id == 51 and await db.get_game(other_daily.id) == other_daily
    assert isinstance(twice, GameExists) and twice.existing.id == other_daily.id
    # Read the games in the way and the played marks, insert: one statement each.
    assert len(sent) <= 3, sent


async def test_ends_played_together_keep_finish_order_as_counting_order(
        pg_store: PostgresStore) -> None:
    """As a lone move's end does (tests/storage/test_stats_order.py): an end counted after a
    later finish, by another move stored first or by one earlier in the same batch, is taken
    as just after it, so the streak follows the stored finish times."""
    db = pg_store
    ids = []
    for n in range(2):  # two wins: a streak of 2
        game = await own_game(db, 5, channel_id=100 + n, now=at(n))
        ids.append((await play(db, game, ["crane"], now=at(n + 0.5))).id)
    games = [await play(db, await own_game(db, 5, channel_id=110 + n, now=at(3)),
                        WRONG[:5], now=at(4)) for n in range(3)]
    stored_first = await guess(db, games[0], WRONG[5], now=at(11))  # a loss, counted first
    other = await own_game(db, 6, channel_id=120)
    early, later_in_batch, _ = await asyncio.gather(
        guess(db, games[1], "crane", now=at(10)),  # finished before the loss counted first
        guess(db, games[2], "crane", now=at(9)),  # and before the end just ahead of it
        guess(db, other, "slate"))
    assert stored_first.finished_at < early.finished_at < later_in_batch.finished_at
    ids += [stored_first.id, early.id, later_in_batch.id]
    counted = await db.stats(GUILD, 5, "practice")
    assert (counted.current_streak, counted.max_streak) == await replayed(db, ids, 5) == (2, 2)
