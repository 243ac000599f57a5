"""The key a statistics row is kept under (:func:`bot.core.stats.stats_key`) and its reading
back: the classic game keeps the bucket's own key, every other variant has its own."""

from __future__ import annotations

import pytest

from bot.core.domain import StatsBucket
from bot.core.stats import StatsKeyParts, stats_key, stats_key_parts
from bot.core.variant import CLASSIC, Variant

SPANISH = Variant(5, 6, "abcdefghijklmnñopqrstuvwxyz", language="es")
QUORDLE = Variant(5, 9, boards=4)


@pytest.mark.parametrize(("bucket", "variant", "key"), [
    (StatsBucket.DAILY, CLASSIC, "daily"),
    (StatsBucket.ARCHIVE, CLASSIC, "archive"),
    (StatsBucket.PRACTICE, SPANISH, "practice:es-5"),
    (StatsBucket.PRACTICE, Variant(6, 7), "practice:en-6"),
    (StatsBucket.PRACTICE, QUORDLE, "practice:en-5x4"),
    (StatsBucket.DAILY, Variant(6, 14, boards=8, language="fr"), "daily:fr-6x8"),
])
def test_keys_and_back(bucket: StatsBucket, variant: Variant, key: str) -> None:
    assert stats_key(bucket, variant) == key
    assert stats_key_parts(key) == StatsKeyParts(bucket, variant.language, variant.length,
                                                 variant.boards)


def test_the_classic_game_keeps_the_buckets_own_keys() -> None:
    assert [stats_key(b) for b in StatsBucket] == [b.value for b in StatsBucket]
    assert stats_key("channel", Variant()) == "channel"


@pytest.mark.parametrize("key", ["", "solo", "practice:", "practice:en-5", "practice:en-5x1",
                                 "practice:en-05", "practice:-5", "practice:en-5x",
                                 "practice:en-x4", "practice:es5"])
def test_a_string_no_key_is_made_of_is_refused(key: str) -> None:
    with pytest.raises(ValueError):
        stats_key_parts(key)
