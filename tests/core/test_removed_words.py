"""A server's removed words: the dailies skip them from the day a removal counts, and no
daily before that day moves."""

from __future__ import annotations

import pytest

from bot.core.daily import server_daily_word
from bot.core.removed_words import Removal, dealt_daily_word, kept_answers, removed_now

ANSWERS = tuple(f"w{n:04d}" for n in range(40))
SALT, GUILD, ORDER_FROM = "salt", 77, 5


def plain(number: int) -> str:
    return server_daily_word(number, ANSWERS, SALT, GUILD, ORDER_FROM)


def dealt(number: int, *removals: Removal) -> str:
    return dealt_daily_word(number, ANSWERS, SALT, GUILD, ORDER_FROM, removals)


def test_tomorrows_word_removed_today_is_skipped_and_nothing_before_moves() -> None:
    today = 20
    removal = Removal(plain(today + 1), today + 1)
    assert [dealt(n, removal) for n in range(1, today + 1)] == \
        [plain(n) for n in range(1, today + 1)]
    assert dealt(today + 1, removal) == plain(today + 2)
    assert dealt(today + 2, removal) == plain(today + 3)


def test_from_the_removal_on_the_days_deal_the_order_with_the_word_left_out() -> None:
    removal = Removal(plain(30), 10)
    order = [plain(p) for p in range(10, 200)]
    left = [word for word in order if word != removal.word]
    days = [dealt(n, removal) for n in range(10, 130)]
    assert days == left[:len(days)]
    # so every other word still comes once in each cycle of the order
    assert removal.word not in days


def test_todays_word_removed_stays_today_and_goes_from_tomorrow() -> None:
    today = 12
    removal = Removal(plain(today), today + 1)
    assert dealt(today, removal) == plain(today)
    assert dealt(today + 1, removal) == plain(today + 1)  # its place is gone by then
    assert removal.word not in {dealt(n, removal) for n in range(today + 1, today + 80)}


def test_a_restore_keeps_the_days_the_removal_counted() -> None:
    removed = Removal(plain(22), 21)
    restored = Removal(plain(22), 21, 25)
    assert [dealt(n, restored) for n in range(1, 25)] == [dealt(n, removed) for n in range(1, 25)]
    assert plain(22) in {dealt(n, restored) for n in range(25, 25 + 2 * len(ANSWERS))}


def test_practice_answers_leave_out_what_is_removed_now() -> None:
    removals = [Removal("w0003", 10), Removal("w0004", 10, 12)]
    assert removed_now(removals) == {"w0003"}
    assert kept_answers(ANSWERS, removed_now(removals)) == tuple(
        w for w in ANSWERS if w != "w0003")
    assert kept_answers(ANSWERS, frozenset()) is ANSWERS


def test_a_restore_before_the_removal_begins_is_refused() -> None:
    with pytest.raises(ValueError):
        Removal("w0001", 10, 10)
