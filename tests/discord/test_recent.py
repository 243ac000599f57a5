"""Values kept for a while (Recent, bot/cogs/interact.py) on their own (their uses are tested
through the cooldown and the looks)."""

from __future__ import annotations

import pytest

from bot.cogs.interact import Recent


def test_a_value_is_kept_for_its_time_from_its_last_put() -> None:
    recent: Recent[str, int] = Recent(10.0)
    recent.put("a", 1, 100.0)
    assert recent.get("a", 110.0) == 1 and recent.get("a", 110.5) is None
    recent.put("a", 2, 105.0)  # put again: kept from 105
    assert recent.get("a", 114.0) == 2
    recent.pop("a")
    assert recent.get("a", 106.0) is None and len(recent) == 0


def test_bad_arguments_are_refused() -> None:
    for ttl, most in ((0.0, 10), (-1.0, 10), (10.0, 0)):
        with pytest.raises(ValueError):
            Recent(ttl, most)
