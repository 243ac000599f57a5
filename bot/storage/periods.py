"""Leaderboards of one period (today, this week, this month: :mod:`bot.core.periods`),
worked out from the games finished in it: each counts for the players its statistics count
for (:func:`bot.core.domain.counted_players`), in its bucket, ranked like the all-time board
(:func:`bot.storage.stats.board_of`) by wins, win % or average guesses (a streak runs across
periods, so it is not ranked by period).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any, Final

from bot.core.domain import STORED_MODES, LeaderboardOrder, Scope, StatsBucket

from .database import Database
from .models import DISTRIBUTION_SLOTS, Leaderboard
from .stats import StatsRow, board_of
from .validation import check_board, now_utc

#: The orders a period's board can rank by.
PERIOD_ORDERS: Final = (LeaderboardOrder.WINS, LeaderboardOrder.WIN_PERCENT,
                        LeaderboardOrder.AVERAGE)


def _bucket_filter(bucket: StatsBucket) -> str:
    """SQL (on ``games g``) for the games counted in ``bucket``: built from the modes table,
    from fixed names only."""
    pairs = [f"(g.scope = '{m.scope.value}' AND g.kind = '{m.kind.value}')"
             for m in STORED_MODES if m.bucket is bucket]
    return "(" + " OR ".join(pairs or ["false"]) + ")"


def period_query(bucket: StatsBucket) -> str:
    """One row per player, ``(player, played, wins, won in 1, 2, ... attempts, hinted wins)``,
    for the games of ``bucket`` finished in a server (``$1``) from a start (``$2``, included)
    to an end (``$3``, excluded): the database adds them up, so a server of many thousands of
    players sends one row each."""
    # Attempts matter for wins alone; hints for dailies alone (hinted wins rank after).
    hinted = ("EXISTS (SELECT 1 FROM hints h WHERE h.game_id = g.id)"
              if bucket is StatsBucket.DAILY else "false")
    channel = any(m.bucket is bucket and m.scope is Scope.CHANNEL for m in STORED_MODES)
    players = ("coalesce(p.player_id, g.owner_id) AS player",
               "LEFT JOIN guesses p ON p.game_id = g.id AND g.scope = 'channel' "
               "AND p.player_id IS NOT NULL",
               " AND (g.scope = 'own' OR p.player_id IS NOT NULL)")
    if not channel:  # own games: the owner, no join
        players = ("g.owner_id AS player", "", "")
    spread = "".join(f", sum(CASE WHEN won AND attempts = {n} THEN 1 ELSE 0 END)"
                     for n in range(1, DISTRIBUTION_SLOTS + 1))
    return (
        "SELECT player, count(*), sum(CASE WHEN won THEN 1 ELSE 0 END)"
        f"{spread}, sum(CASE WHEN won AND hinted THEN 1 ELSE 0 END) FROM (SELECT DISTINCT g.id, "
        f"{players[0]}, g.status = 'won' AS won, CASE WHEN g.status = 'won' THEN "
        "(SELECT count(*) FROM guesses c WHERE c.game_id = g.id) ELSE 0 END AS attempts, "
        f"{hinted} AS hinted FROM games g {players[1]} WHERE g.guild_id = $1 "
        "AND g.status <> 'active' AND g.finished_at >= $2 AND g.finished_at < $3 "
        f"AND {_bucket_filter(bucket)}{players[2]}) AS f GROUP BY player"
    )


def check_period_board(*, guild_id: object, mode: object, by: object, limit: object,
                       player_id: object, start: object, end: object) -> None:
    """The checks of ``period_leaderboard``."""
    check_board(guild_id=guild_id, mode=mode, by=by, limit=limit, player_id=player_id,
                today=None)
    if by not in PERIOD_ORDERS:
        raise ValueError(f"a period's board ranks by {', '.join(PERIOD_ORDERS)}, not {by!r:.40}")
    if not isinstance(start, datetime) or not isinstance(end, datetime):
        raise ValueError("start and end must be datetimes")
    if now_utc(start) >= now_utc(end):
        raise ValueError("a period must end after it starts")


def period_board(found: Iterable[Any], *, mode: StatsBucket, by: LeaderboardOrder, limit: int,
                 player_id: int | None) -> Leaderboard:
    """The board from :func:`period_query`'s rows: top ``limit``, and ``player_id``'s row."""
    entries, hinted = [], {}
    daily = mode is StatsBucket.DAILY
    for player, played, wins, *spread, helped in found:  # integers from either database
        entries.append((player, StatsRow(played, wins, tuple(spread))))
        if helped and daily:
            hinted[player] = helped
    top, mine = board_of(entries, mode=str(mode), by=str(by), today=None, hinted=hinted,
                         limit=limit, player_id=player_id)
    return Leaderboard(rows=top, player_row=mine)


class PeriodBoards:
    def __init__(self, db: Database) -> None:
        self._db = db

    async def period_leaderboard(self, guild_id: int, *, mode: StatsBucket,
                                 by: LeaderboardOrder, start: datetime, end: datetime,
                                 limit: int = 10, player_id: int | None = None) -> Leaderboard:
        check_period_board(guild_id=guild_id, mode=mode, by=by, limit=limit,
                           player_id=player_id, start=start, end=end)
        bucket = StatsBucket(mode)
        found = await self._db.fetch(period_query(bucket), guild_id, now_utc(start),
                                     now_utc(end))
        return period_board(found, mode=bucket, by=LeaderboardOrder(by), limit=limit,
                            player_id=player_id)
