"""The personal daily (played outside servers that added the bot): each player's own order of
words, and a calendar in the player's time zone that no change of time zone can move early or
back."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.core.daily import (
    Calendar,
    daily_word,
    day_start,
    server_daily_word,
    today_puzzle_number,
)
from bot.core.personal import player_daily_word

SALT = "test-salt"
ANSWERS = tuple(f"w{i:04d}" for i in range(300))
T0 = datetime(2026, 3, 10, 11, 0, tzinfo=UTC)  # puzzle 69 in UTC
ZONES = ("UTC", "Etc/GMT-14", "Etc/GMT+12", "Asia/Kolkata", "America/New_York",
         "Pacific/Chatham", "Europe/London")


def test_each_player_has_an_own_order_unlike_any_server_or_other_player():
    days = range(1, 31)
    ann = [player_daily_word(n, ANSWERS, SALT, 111) for n in days]
    bob = [player_daily_word(n, ANSWERS, SALT, 222) for n in days]
    assert ann != bob
    # not the shared order, nor a server's with the same id
    assert ann != [daily_word(n, ANSWERS, SALT) for n in days]
    assert ann != [server_daily_word(n, ANSWERS, SALT, 111, 1) for n in days]
    # the same salt, player and day give the same word; another salt another order
    assert ann == [player_daily_word(n, ANSWERS, SALT, 111) for n in days]
    assert ann != [player_daily_word(n, ANSWERS, "other", 111) for n in days]


def test_a_cycle_uses_every_answer_once():
    cycle = [player_daily_word(n, ANSWERS, SALT, 111) for n in range(1, len(ANSWERS) + 1)]
    assert sorted(cycle) == sorted(ANSWERS)
    with pytest.raises(ValueError):
        player_daily_word(1, ANSWERS, "", 111)
    with pytest.raises(ValueError):
        player_daily_word(1, ANSWERS, SALT, -1)


def test_the_default_calendar_is_utc():
    calendar = Calendar()
    assert calendar.today(T0) == today_puzzle_number(T0, "UTC")
    assert day_start(calendar.today(T0) + 1, "UTC") == datetime(2026, 3, 11, tzinfo=UTC)


def test_moving_east_keeps_today_until_the_old_day_ends():
    utc = Calendar()
    today = utc.today(T0)
    moved = utc.moved_to("Etc/GMT-14", T0)  # already tomorrow there (01:00)
    assert today_puzzle_number(T0, "Etc/GMT-14") == today + 1
    assert moved.today(T0) == today  # no early word
    midnight = datetime(2026, 3, 11, tzinfo=UTC)
    assert moved.today(midnight - timedelta(microseconds=1)) == today
    # from the end of the old day on, the new zone's day: one step, never a skip back
    assert moved.today(midnight) == today_puzzle_number(midnight, "Etc/GMT-14") == today + 1
    assert moved.today(midnight + timedelta(days=3)) == today + 4


def test_moving_west_keeps_today_and_waits_for_the_new_zone():
    utc = Calendar()
    today = utc.today(T0)
    moved = utc.moved_to("Etc/GMT+12", T0)  # still yesterday there (23:00)
    assert today_puzzle_number(T0, "Etc/GMT+12") == today - 1
    assert moved.today(T0) == today  # no going back to a day already over
    # the old zone's midnight is not enough: tomorrow begins when it begins in the new zone
    assert moved.today(datetime(2026, 3, 11, 6, tzinfo=UTC)) == today
    assert moved.today(datetime(2026, 3, 11, 12, tzinfo=UTC)) == today + 1


def test_setting_the_same_zone_changes_nothing():
    calendar = Calendar("Asia/Kolkata")
    assert calendar.moved_to("Asia/Kolkata", T0) == calendar


def first_change(calendar: Calendar, moment: datetime) -> datetime:
    """The first instant after ``moment`` (to the minute, then exactly) at which the calendar
    shows a day after the one it shows at ``moment``."""
    today = calendar.today(moment)
    step = timedelta(minutes=1)
    at = moment
    while calendar.today(at) == today:
        at += step
        assert at - moment < timedelta(days=4)
    low, high = at - step, at
    while high - low > timedelta(microseconds=1):
        middle = low + (high - low) / 2
        low, high = (middle, high) if calendar.today(middle) == today else (low, middle)
    return high


@pytest.mark.parametrize("seed", range(12))
def test_no_sequence_of_changes_gives_a_day_early_or_goes_back(seed: int):
    """Whatever zones a player picks, and whenever: a change leaves today as it is, the day
    never goes back (no day is played twice, none skipped back to), and the next day begins
    no sooner than it would have without the change, and no sooner than in the new zone."""
    import random

    rng = random.Random(seed)
    calendar = Calendar()
    moment = T0 + timedelta(minutes=rng.randrange(24 * 60))
    for _ in range(12):
        zone = rng.choice(ZONES)
        moved = calendar.moved_to(zone, moment)
        today = calendar.today(moment)
        assert moved.today(moment) == today, "a change of zone changed today"
        next_day = first_change(moved, moment)
        assert next_day >= first_change(calendar, moment), "tomorrow came sooner"
        assert next_day >= day_start(today + 1, zone), "tomorrow came before it began there"
        assert moved.today(next_day) > today
        step = timedelta(minutes=rng.randrange(1, 30 * 60))
        for k in range(1, 9):  # never back, along the way to the next change
            assert moved.today(moment + step * k / 8) >= moved.today(moment + step * (k - 1) / 8)
        calendar, moment = moved, moment + step


def test_hopping_between_the_extreme_zones_gives_no_extra_days():
    """Flip between the zone whose day begins first and the one whose day begins last, every
    hour for ten days: the days seen never go back, and there are no more of them than a
    player who stays in one zone sees (eleven in ten days), plus the one a move east brings."""
    calendar = Calendar()
    moment = T0
    days: list[int] = []
    for hop in range(10 * 24):
        zone = ("Etc/GMT-14", "Etc/GMT+12")[hop % 2]
        calendar = calendar.moved_to(zone, moment)
        days.append(calendar.today(moment))
        moment += timedelta(hours=1)
    assert days == sorted(days)
    assert len(set(days)) <= 12
    assert days[0] == today_puzzle_number(T0, "UTC")
