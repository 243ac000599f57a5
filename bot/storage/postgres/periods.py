"""Leaderboards of one period on PostgreSQL (a part of the store; the query is shared:
:mod:`bot.storage.periods`)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from bot.core.domain import LeaderboardOrder, StatsBucket

from ..models import Leaderboard
from ..periods import check_period_board, period_board, period_query


class PeriodBoards:
    async def _fetch(self, sql: str, *params: Any) -> list[Any]:
        raise NotImplementedError

    async def period_leaderboard(
        self,
        guild_id: int,
        *,
        mode: StatsBucket,
        by: LeaderboardOrder,
        start: datetime,
        end: datetime,
        limit: int = 10,
        player_id: int | None = None,
    ) -> Leaderboard:
        check_period_board(guild_id=guild_id, mode=mode, by=by, limit=limit,
                           player_id=player_id, start=start, end=end)
        bucket = StatsBucket(mode)
        found = await self._fetch(period_query(bucket, ("$1", "$2", "$3")), guild_id, start, end)
        return period_board(found, mode=bucket, by=LeaderboardOrder(by), limit=limit,
                            player_id=player_id)
