"""Leaderboards of one period on SQLite (a part of the store; the query is shared:
:mod:`bot.storage.periods`). Times are stored as ISO 8601 UTC text, so text order is time
order."""

from __future__ import annotations

from datetime import datetime

from bot.core.domain import LeaderboardOrder, StatsBucket

from ..models import Leaderboard
from ..periods import check_period_board, period_board, period_query
from ..validation import to_text
from .writer import Core


class PeriodBoards(Core):
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
        found = await self._read(period_query(bucket, ("?1", "?2", "?3")),
                                 (guild_id, to_text(start), to_text(end)))
        return period_board(found, mode=bucket, by=LeaderboardOrder(by), limit=limit,
                            player_id=player_id)
