"""Leaderboard periods on a server's calendar (bot.core.periods)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from bot.core.periods import Period, period_bounds, period_holds


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


def test_month_end_counts_in_february_in_paris_and_january_in_utc():
    finished = utc(2026, 1, 31, 23, 30)
    paris = period_bounds(Period.MONTH, finished, "Europe/Paris")
    assert paris == (utc(2026, 1, 31, 23, 0), utc(2026, 2, 28, 23, 0))  # Feb, in UTC
    assert paris[0] <= finished < paris[1]
    assert period_bounds(Period.MONTH, finished, "UTC") == (utc(2026, 1, 1), utc(2026, 2, 1))
    # Asked in February (UTC), the game is in Paris's month and not in UTC's.
    asked = utc(2026, 2, 10, 12)
    assert period_holds(Period.MONTH, asked, finished, "Europe/Paris")
    assert not period_holds(Period.MONTH, asked, finished, "UTC")


def test_today_and_the_week_start_at_local_midnight_and_on_monday():
    moment = utc(2026, 3, 5, 3, 0)  # Thursday 03:00 UTC; Wednesday evening in New York
    assert period_bounds(Period.TODAY, moment, "UTC") == (utc(2026, 3, 5), utc(2026, 3, 6))
    assert period_bounds(Period.TODAY, moment, "America/New_York") == (
        utc(2026, 3, 4, 5), utc(2026, 3, 5, 5))
    assert period_bounds(Period.WEEK, moment, "UTC") == (utc(2026, 3, 2), utc(2026, 3, 9))
    # Kiritimati (UTC+14): already Thursday 17:00, the same week, which began 14 h earlier.
    assert period_bounds(Period.WEEK, moment, "Pacific/Kiritimati") == (
        utc(2026, 3, 1, 10), utc(2026, 3, 8, 10))
    # Monday 00:00 local is the first instant of the week, Sunday 23:59 the last of the one before.
    monday = datetime(2026, 3, 2, tzinfo=ZoneInfo("Asia/Tokyo"))
    assert period_bounds(Period.WEEK, monday, "Asia/Tokyo")[0] == monday
    sunday = monday - timedelta(seconds=1)
    assert period_bounds(Period.WEEK, sunday, "Asia/Tokyo")[1] == monday


def test_days_when_clocks_change_last_23_or_25_hours():
    spring = period_bounds(Period.TODAY, utc(2026, 3, 29, 12), "Europe/Paris")
    assert spring[1] - spring[0] == timedelta(hours=23)
    autumn = period_bounds(Period.TODAY, utc(2026, 10, 25, 12), "Europe/Paris")
    assert autumn[1] - autumn[0] == timedelta(hours=25)
    # Santiago skips midnight in September: the day begins at 01:00 local, the jump.
    start, _ = period_bounds(Period.TODAY, utc(2026, 9, 6, 15), "America/Santiago")
    assert start.astimezone(ZoneInfo("America/Santiago")).date().day == 6
    assert (start - timedelta(seconds=1)).astimezone(ZoneInfo("America/Santiago")).day == 5


def test_all_time_has_no_bounds_and_naive_times_are_refused():
    assert period_bounds(Period.ALL, utc(2026, 1, 1), "UTC") is None
    assert period_holds(Period.ALL, utc(2026, 1, 1), utc(2020, 1, 1), "UTC")
    with pytest.raises(ValueError):
        period_bounds(Period.WEEK, datetime(2026, 1, 1), "UTC")
    with pytest.raises(ValueError):
        period_bounds("fortnight", utc(2026, 1, 1), "UTC")


@pytest.mark.parametrize("timezone", ["UTC", "Europe/Paris", "America/Santiago",
                                      "Pacific/Kiritimati", "Etc/GMT+12", "Australia/Lord_Howe",
                                      "Asia/Kathmandu"])
def test_bounds_hold_exactly_the_games_of_the_same_local_period(timezone):
    """The half-open bounds the stores query agree with the calendar, for random instants
    across a year (month ends and clock changes included) and games either side."""
    rng = random.Random(timezone)
    base = utc(2026, 1, 1)
    for _ in range(300):
        moment = base + timedelta(minutes=rng.randrange(366 * 24 * 60))
        finished = moment + timedelta(minutes=rng.randrange(-50 * 24 * 60, 50 * 24 * 60))
        for period in (Period.TODAY, Period.WEEK, Period.MONTH):
            start, end = period_bounds(period, moment, timezone)
            assert start <= moment < end
            assert (start <= finished < end) == period_holds(period, moment, finished, timezone)
