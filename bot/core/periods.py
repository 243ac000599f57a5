"""Leaderboard periods: today, this week (from Monday), this month, all time.

A finished game counts in the period its last move was made in, on the server's calendar
(local midnights, so a day when clocks change lasts 23 or 25 hours). A daily counts when it
was finished, not on its puzzle's day.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from enum import StrEnum
from typing import Final

from bot.core.domain import LeaderboardOrder
from bot.core.timezones import zone

#: The orders a period's board ranks by (a streak runs across periods: all time only).
PERIOD_ORDERS: Final = (LeaderboardOrder.WINS, LeaderboardOrder.WIN_PERCENT,
                        LeaderboardOrder.AVERAGE)


class Period(StrEnum):
    TODAY = "today"
    WEEK = "week"
    MONTH = "month"
    ALL = "all"


def _first_day(period: Period, day: date) -> date:
    if period is Period.TODAY:
        return day
    if period is Period.WEEK:
        return day - timedelta(days=day.weekday())  # Monday
    return day.replace(day=1)


def _next_first_day(period: Period, first: date) -> date:
    if period is Period.TODAY:
        return first + timedelta(days=1)
    if period is Period.WEEK:
        return first + timedelta(days=7)
    return (first.replace(day=28) + timedelta(days=4)).replace(day=1)


def _local_midnight(day: date, timezone: str) -> datetime:
    """The UTC instant a local calendar day begins: at the jump where clocks jump over
    midnight, at the first midnight where it happens twice."""
    local = datetime.combine(day, time(0), tzinfo=zone(timezone))
    start = local.astimezone(UTC)
    # A skipped midnight converts to an instant of the previous date: move to the jump.
    while start.astimezone(zone(timezone)).date() < day:
        start += timedelta(minutes=15)
    while (start - timedelta(minutes=15)).astimezone(zone(timezone)).date() >= day:
        start -= timedelta(minutes=15)
    return start


def period_bounds(period: Period | str, moment: datetime,
                  timezone: str) -> tuple[datetime, datetime] | None:
    """``(start, end)`` in UTC of the period holding ``moment`` (aware) on the calendar of
    ``timezone``: a game finished at ``t`` counts when ``start <= t < end``. ``None`` for all
    time."""
    period = Period(period)
    if moment.tzinfo is None:
        raise ValueError("moment must be timezone-aware")
    if period is Period.ALL:
        return None
    today = moment.astimezone(zone(timezone)).date()
    first = _first_day(period, today)
    return (_local_midnight(first, timezone),
            _local_midnight(_next_first_day(period, first), timezone))


def period_holds(period: Period | str, moment: datetime, finished: datetime,
                 timezone: str) -> bool:
    """Whether a game finished at ``finished`` counts in the period holding ``moment``: the
    reference the stores' queries are tested against."""
    bounds = period_bounds(period, moment, timezone)
    if bounds is None:
        return True
    local = finished.astimezone(zone(timezone)).date()
    today = moment.astimezone(zone(timezone)).date()
    return _first_day(Period(period), local) == _first_day(Period(period), today)
