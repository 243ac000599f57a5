from datetime import UTC, date, datetime

import pytest

from bot.core.daily import (
    EPOCH,
    daily_word,
    local_day,
    puzzle_date,
    puzzle_number,
    server_daily_word,
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


# --- each server's own order (issue 10, item 3) ---------------------------------------------

GUILD_A, GUILD_B = 111111111111111111, 222222222222222222


def server_words(guild: int, numbers: range, order_from: int = 1, salt: str = "salt"):
    return [server_daily_word(n, ANSWERS, salt, guild, order_from) for n in numbers]


def test_servers_have_their_own_order():
    days = range(1, 61)
    a, b = server_words(GUILD_A, days), server_words(GUILD_B, days)
    shared = [daily_word(n, ANSWERS, "salt") for n in days]
    assert a != b and a != shared and b != shared
    # Not a shifted copy either: most days differ between two servers.
    assert sum(x == y for x, y in zip(a, b, strict=True)) < 10
    # Same server, same salt, same list: the same words, whatever the list's order.
    assert a == [server_daily_word(n, list(reversed(ANSWERS)), "salt", GUILD_A, 1)
                 for n in days]
    assert server_words(GUILD_A, days, salt="other") != a


def test_knowing_one_server_word_tells_nothing_of_another_on_the_same_day():
    # A server in the earliest time zone plays puzzle n up to 26 hours before one in the
    # latest: with per-server orders its word is not the other's word that day.
    same_day = sum(
        server_daily_word(n, ANSWERS, "salt", GUILD_A, 1)
        == server_daily_word(n, ANSWERS, "salt", GUILD_B, 1)
        for n in range(1, 601)
    )
    assert same_day < 30  # about 600/60 = 10 by chance


@pytest.mark.parametrize("order_from", [1, 2, 25, 60, 61, 100, 181])
def test_every_answer_before_any_repeat_across_the_cutover(order_from):
    for cycle in range(4):
        first = cycle * len(ANSWERS) + 1
        words = server_words(GUILD_A, range(first, first + len(ANSWERS)), order_from)
        assert sorted(words) == sorted(ANSWERS), (order_from, cycle)


@pytest.mark.parametrize("today", [1, 37, 60, 61, 300])
def test_cutover_keeps_the_running_day_and_changes_from_the_next(today):
    order_from = today + 1
    for n in range(max(1, today - 40), today + 1):
        assert server_daily_word(n, ANSWERS, "salt", GUILD_A, order_from) == \
            daily_word(n, ANSWERS, "salt")
    after = server_words(GUILD_A, range(order_from, order_from + 40), order_from)
    shared_after = [daily_word(n, ANSWERS, "salt") for n in range(order_from, order_from + 40)]
    assert after != shared_after


def test_two_servers_cut_over_on_different_days_still_differ_after():
    a = server_words(GUILD_A, range(50, 110), order_from=50)
    b = server_words(GUILD_B, range(50, 110), order_from=51)
    assert sum(x == y for x, y in zip(a[1:], b[1:], strict=True)) < 12


def test_server_order_needs_a_salt_and_sane_numbers():
    with pytest.raises(ValueError):
        server_daily_word(1, ANSWERS, "", GUILD_A, 1)
    with pytest.raises(ValueError):
        server_daily_word(1, ANSWERS, "salt", -1, 1)
    with pytest.raises(ValueError):
        server_daily_word(1, [], "salt", GUILD_A, 1)
