"""Leaderboards by period through the service, on SQLite and PostgreSQL: the server's time zone
decides which day, week (from Monday) and month a finished game counts in."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.core.periods import Period
from bot.service import BadOption, GameService, Place, Problem
from bot.storage import Store
from bot.storage.postgres import PostgresStore
from bot.storage.sqlite import SqliteStore
from tests.support import Clock, Picker

PARIS, UTC_SERVER, TOKYO = 1001, 1002, 1003


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


@pytest.fixture
async def service(both: Store, words, clock: Clock, picker: Picker) -> GameService:
    made = GameService(both, words, daily_salt="test-salt", clock=clock, choose=picker)
    await made.update_settings(PARIS, timezone="Europe/Paris")
    await made.update_settings(TOKYO, timezone="Asia/Tokyo")
    return made


def at(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


async def win_at(service: GameService, clock: Clock, guild: int, player: int,
                 when: datetime) -> None:
    clock.now = when
    place = Place(guild, 77)
    game = (await service.start(place, player)).game
    assert not game.status.is_over
    result = await service.guess(place, player, "slate")
    assert result.finish is not None


async def players(service: GameService, guild: int, period: Period, **kw) -> list[int]:
    board = await service.leaderboard(guild, mode="practice", period=period, **kw)
    return [row.player_id for row in board.rows]


async def test_a_game_finished_on_january_31_at_2330_utc_is_february_in_paris(service, clock,
                                                                                picker):
    picker.default = "slate"
    for guild in (PARIS, UTC_SERVER):
        await win_at(service, clock, guild, 1, at(2026, 1, 31, 23, 30))
        await win_at(service, clock, guild, 2, at(2026, 2, 1, 12, 0))

    clock.now = at(2026, 2, 1, 12, 30)
    assert await players(service, PARIS, Period.MONTH) == [1, 2]
    assert await players(service, UTC_SERVER, Period.MONTH) == [2]
    assert await players(service, PARIS, Period.TODAY) == [1, 2]
    assert await players(service, UTC_SERVER, Period.TODAY) == [2]
    assert await players(service, UTC_SERVER, Period.ALL) == [1, 2]

    # Still January 31 in UTC: January there; already February in Paris.
    clock.now = at(2026, 1, 31, 23, 45)
    assert await players(service, UTC_SERVER, Period.MONTH) == [1]
    assert await players(service, PARIS, Period.MONTH) == [1, 2]
    assert await players(service, PARIS, Period.TODAY) == [1, 2]
    clock.now = at(2026, 1, 31, 22, 59)  # 23:59 on January 31 in Paris
    assert await players(service, PARIS, Period.MONTH) == []


async def test_the_week_starts_on_monday_at_midnight_in_the_servers_time_zone(service, clock,
                                                                             picker):
    picker.default = "slate"
    # Sunday 1 February 2026, 16:00 UTC: Sunday in UTC, Monday 01:00 in Tokyo (UTC+9).
    for guild in (UTC_SERVER, TOKYO):
        await win_at(service, clock, guild, 5, at(2026, 2, 1, 16, 0))
    clock.now = at(2026, 2, 1, 20, 0)  # Sunday in UTC, Monday in Tokyo
    assert await players(service, UTC_SERVER, Period.WEEK) == [5]
    assert await players(service, TOKYO, Period.WEEK) == [5]
    clock.now = at(2026, 2, 2, 0, 30)  # Monday in both
    assert await players(service, UTC_SERVER, Period.WEEK) == []   # last week's game
    assert await players(service, TOKYO, Period.WEEK) == [5]        # this week's
    clock.now = at(2026, 2, 8, 15, 0)  # Monday 00:00 in Tokyo: a new week there
    assert await players(service, TOKYO, Period.WEEK) == []


async def test_your_own_rank_below_the_top_list_and_streaks_all_time_only(service, clock,
                                                                         picker):
    picker.default = "slate"
    for player, wins in ((1, 3), (2, 2), (3, 1)):
        for n in range(wins):
            await win_at(service, clock, UTC_SERVER, player, at(2026, 3, 2, 10, n))
    clock.now = at(2026, 3, 2, 12)
    board = await service.leaderboard(UTC_SERVER, 3, mode="practice", period="week", limit=1)
    assert [row.player_id for row in board.rows] == [1]
    assert board.player_row is not None and (board.player_row.rank,
                                             board.player_row.value) == (3, 1)

    for order in ("current_streak", "max_streak"):
        with pytest.raises(BadOption) as refused:
            await service.leaderboard(UTC_SERVER, mode="practice", by=order, period="today")
        assert refused.value.problem is Problem.STREAK_ALL_TIME
        board = await service.leaderboard(UTC_SERVER, mode="practice", by=order, period="all")
        assert board.rows[0].player_id == 1
    with pytest.raises(BadOption) as refused:
        await service.leaderboard(UTC_SERVER, period="fortnight")
    assert refused.value.problem is Problem.BAD_PERIOD
    for bad, problem in ((dict(by="luck"), Problem.BAD_ORDER),
                         (dict(mode="weekly"), Problem.BAD_BUCKET),
                         (dict(limit=0), Problem.BAD_LIMIT)):
        with pytest.raises(BadOption) as refused:
            await service.leaderboard(UTC_SERVER, period="week", **bad)
        assert refused.value.problem is problem
