from datetime import UTC, date, datetime

import pytest

from bot.core.daily import (
    EPOCH,
    daily_word,
    local_day,
    puzzle_date,
    puzzle_number,
    today_puzzle_number,
)

ANSWERS = [f"{a}{b}{c}xy" for a in "abc" for b in "defg" for c in "hijkl"]  # 60 words


def test_puzzle_numbers_count_days_from_epoch():
    assert puzzle_number(EPOCH) == 1
    assert puzzle_number(date(2026, 1, 2)) == 2
    assert puzzle_number(date(2026, 11, 20)) == 324
    assert puzzle_date(324) == date(2026, 11, 20)


def test_same_salt_list_and_date_give_same_word():
    assert daily_word(100, ANSWERS, "salt") == daily_word(100, list(reversed(ANSWERS)), "salt")
    assert daily_word(100, ANSWERS, "salt") in ANSWERS


def test_salt_changes_the_sequence():
    a = [daily_word(n, ANSWERS, "one") for n in range(1, 61)]
    b = [daily_word(n, ANSWERS, "two") for n in range(1, 61)]
    assert a != b


def test_no_repeat_within_a_cycle_and_every_answer_used():
    for start_cycle in range(3):
        first = start_cycle * len(ANSWERS) + 1
        words = [daily_word(n, ANSWERS, "salt") for n in range(first, first + len(ANSWERS))]
        assert sorted(words) == sorted(ANSWERS)
    # Cycles are shuffled afresh: the second cycle is not a copy of the first.
    c1 = [daily_word(n, ANSWERS, "salt") for n in range(1, 61)]
    c2 = [daily_word(n, ANSWERS, "salt") for n in range(61, 121)]
    assert c1 != c2


def test_not_alphabetical():
    words = [daily_word(n, ANSWERS, "salt") for n in range(1, 61)]
    assert words != sorted(words)


def test_empty_salt_refused():
    with pytest.raises(ValueError):
        daily_word(1, ANSWERS, "")


def test_local_day_by_time_zone():
    late = datetime(2026, 1, 10, 4, 30, tzinfo=UTC)  # 23:30 the day before in New York (EST)
    assert local_day(late, "America/New_York") == date(2026, 1, 9)
    assert local_day(late, "UTC") == date(2026, 1, 10)
    assert today_puzzle_number(late, "Asia/Tokyo") == puzzle_number(date(2026, 1, 10))
    with pytest.raises(ValueError):
        local_day(datetime(2026, 3, 10), "UTC")
