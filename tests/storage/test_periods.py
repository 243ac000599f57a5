"""Leaderboards of one period (``Store.period_leaderboard``), on SQLite and PostgreSQL: which
games count (finished in [start, end), the bucket, the players a game counts for), ranking and
the asking player's own row."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.core.domain import LeaderboardOrder, StatsBucket
from bot.storage import Store
from bot.storage.postgres import PostgresStore
from bot.storage.sqlite import SqliteStore

from .helpers import CHANNEL, GUILD, WRONG, channel_game, own_game, play

START = datetime(2026, 2, 1, 0, 0, tzinfo=UTC)
END = datetime(2026, 3, 1, 0, 0, tzinfo=UTC)
IN = START + timedelta(days=3)


@pytest.fixture(params=["sqlite", "postgres"])
async def both(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Store]:
    opened: Store
    if request.param == "sqlite":
        opened = await SqliteStore.open(tmp_path / "wordle.sqlite3")
    else:
        opened = await PostgresStore.open(request.getfixturevalue("pg_dsn"), pool_size=4)
    try:
        yield opened
    finally:
        await opened.close()


async def board(db: Store, mode: StatsBucket = StatsBucket.PRACTICE,
                by: LeaderboardOrder = LeaderboardOrder.WINS, *, limit: int = 10,
                player_id: int | None = None, start: datetime = START, end: datetime = END):
    return await db.period_leaderboard(GUILD, mode=mode, by=by, start=start, end=end,
                                       limit=limit, player_id=player_id)


async def win(db: Store, player: int, at: datetime, *, misses: int = 0,
              channel_id: int = CHANNEL, **kw) -> None:
    game = await own_game(db, player, channel_id=channel_id, **kw)
    await play(db, game, [*WRONG[:misses], "crane"], now=at)


async def lose(db: Store, player: int, at: datetime) -> None:
    game = await own_game(db, player)
    await play(db, game, WRONG, now=at)


def ranks(result) -> list[tuple[int, int, int | float]]:
    return [(row.rank, row.player_id, row.value) for row in result.rows]


async def test_a_game_counts_in_the_period_it_finished_in_start_included_end_excluded(both):
    await win(both, 1, START)                                   # first instant: in
    await win(both, 2, END - timedelta(microseconds=1))         # last instant: in
    await win(both, 3, END)                                     # the next period
    await win(both, 4, START - timedelta(microseconds=1))       # the period before
    result = await board(both)
    assert ranks(result) == [(1, 1, 1), (1, 2, 1)]
    later = await board(both, start=END, end=END + timedelta(days=31))
    assert ranks(later) == [(1, 3, 1)]


async def test_an_unfinished_game_and_other_buckets_and_servers_do_not_count(both):
    await own_game(both, 1)                                      # active: not finished
    await win(both, 2, IN)                                       # practice
    daily = await own_game(both, 3, kind="daily", puzzle_number=35)
    await play(both, daily, ["crane"], now=IN)                   # daily bucket
    other = await both.create_game(guild_id=GUILD + 1, channel_id=CHANNEL, owner_id=4,
                                   scope="own", kind="random", answer="crane",
                                   hard_mode=False)
    await play(both, other, ["crane"], now=IN)                   # another server
    assert ranks(await board(both)) == [(1, 2, 1)]
    assert ranks(await board(both, StatsBucket.DAILY)) == [(1, 3, 1)]
    assert ranks(await board(both, StatsBucket.CHANNEL)) == []


async def test_a_channel_game_counts_once_for_every_player_who_guessed_but_not_the_forgotten(
        both):
    game = await channel_game(both)
    game = await play(both, game, ["slate"], player_id=10, now=IN)
    game = await play(both, game, ["pious"], player_id=11, now=IN)
    game = await play(both, game, ["dumpy"], player_id=10, now=IN)
    await play(both, game, ["crane"], player_id=12, now=IN)
    lost = await channel_game(both)
    await play(both, lost, WRONG, player_id=10, now=IN)
    result = await board(both, StatsBucket.CHANNEL, LeaderboardOrder.WIN_PERCENT)
    assert ranks(result) == [(1, 11, 100), (1, 12, 100), (3, 10, 50)]
    assert result.rows[2].stats.played == 2 and result.rows[2].stats.distribution[3] == 1
    await both.forget_player(11)
    result = await board(both, StatsBucket.CHANNEL, LeaderboardOrder.WINS)
    assert [row.player_id for row in result.rows] == [10, 12]


async def test_orders_wins_percent_average_and_hinted_dailies_rank_after(both):
    for _ in range(3):
        await win(both, 1, IN, misses=2)      # 3 wins in 3
    await win(both, 2, IN)                    # 1 win in 2, in one guess
    await lose(both, 2, IN)
    await lose(both, 3, IN)                   # no win: no average
    assert ranks(await board(both)) == [(1, 1, 3), (2, 2, 1), (3, 3, 0)]
    assert ranks(await board(both, by=LeaderboardOrder.WIN_PERCENT)) == [
        (1, 1, 100), (2, 2, 50), (3, 3, 0)]
    assert ranks(await board(both, by=LeaderboardOrder.AVERAGE)) == [(1, 2, 1.0), (2, 1, 3.0)]

    # Dailies: a win helped by a hint ranks after the same value without one.
    for player, number in ((20, 30), (21, 30)):
        daily = await own_game(both, player, kind="daily", puzzle_number=number)
        if player == 20:
            await both.record_hint(daily.id, player_id=20, kind="letter", value="c")
        await play(both, daily, ["crane"], now=IN)
    result = await board(both, StatsBucket.DAILY)
    assert [(r.rank, r.player_id, r.hinted) for r in result.rows] == [(1, 21, 0), (2, 20, 1)]


async def test_the_players_own_row_below_the_top_list(both):
    for player in range(1, 6):
        for _ in range(6 - player):
            await win(both, player, IN)
    result = await board(both, limit=2, player_id=4)
    assert [row.player_id for row in result.rows] == [1, 2]
    assert result.player_row is not None
    assert (result.player_row.rank, result.player_row.value) == (4, 2)
    assert (await board(both, limit=2, player_id=99)).player_row is None
