"""The daily's sorted answers are kept per answer tuple; a list is sorted again each time."""

from __future__ import annotations

from bot.core.daily import daily_word, server_daily_word

SALT = "cache-salt"
WORDS = ("crane", "slate", "adore", "pious", "blimp", "quart", "dwell")


def test_a_tuple_gives_the_same_words_as_a_fresh_copy_every_time() -> None:
    for number in range(1, 30):
        expected = daily_word(number, list(WORDS), SALT)
        assert daily_word(number, WORDS, SALT) == expected
        assert daily_word(number, WORDS, SALT) == expected
        assert (server_daily_word(number, WORDS, SALT, 42, 1)
                == server_daily_word(number, list(WORDS), SALT, 42, 1))


def test_a_list_changed_between_calls_is_sorted_again() -> None:
    words = list(WORDS)
    before = [daily_word(n, words, SALT) for n in range(1, 8)]
    words[:] = ["fjord", "nymph", "vexed", "gawky", "zebra", "khaki", "squib"]
    after = [daily_word(n, words, SALT) for n in range(1, 8)]
    assert sorted(after) == sorted(words) and sorted(before) == sorted(WORDS)
