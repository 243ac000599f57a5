"""Leaderboards by period: today, this week, this month (:mod:`bot.core.periods`), on the
server's calendar. The all-time board is :meth:`GameService.leaderboard
<bot.service.game_service.GameService.leaderboard>` straight from the statistics.

Streaks are not ranked by period: a streak runs across days, weeks and months, so "this week's
streak" would be either the all-time streak again or a made-up number. Asking for one is
refused with :data:`Problem.STREAK_ALL_TIME <bot.service.errors.Problem.STREAK_ALL_TIME>`.
"""

from __future__ import annotations

from datetime import datetime

from bot.core.domain import LeaderboardOrder, StatsBucket
from bot.core.periods import PERIOD_ORDERS, Period, period_bounds
from bot.core.stats import Leaderboard
from bot.core.variant import CLASSIC, Variant
from bot.service.errors import BadOption, Problem
from bot.storage.port import Store


async def period_leaderboard(db: Store, now: datetime, guild_id: int, player_id: int | None,
                             *, bucket: StatsBucket, order: LeaderboardOrder, period: Period,
                             limit: int, variant: Variant = CLASSIC) -> Leaderboard:
    """The server's board over the games of ``variant`` finished in ``period`` (not all
    time)."""
    if order not in PERIOD_ORDERS:
        raise BadOption(Problem.STREAK_ALL_TIME)
    settings = await db.guild_settings(guild_id)
    bounds = period_bounds(period, now, settings.timezone)
    assert bounds is not None, "all time is read from the statistics"
    start, end = bounds
    return await db.period_leaderboard(guild_id, mode=bucket, by=order, start=start, end=end,
                                       limit=limit, player_id=player_id, variant=variant)
