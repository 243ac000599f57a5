"""The commands' cooldown (bot/cogs/interact.py): the same decisions as discord.py's
``app_commands.checks.cooldown``, with expired buckets dropped from the front only."""

from __future__ import annotations

from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

import pytest
from discord import app_commands
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.cogs.interact import Buckets, cooldown


def interaction(player: int, at: float) -> Any:
    return SimpleNamespace(user=SimpleNamespace(id=player), guild_id=1,
                           created_at=datetime.fromtimestamp(at, UTC))


def predicate(decorator: Any) -> Any:
    """The check a cooldown decorator adds to a command."""
    async def command(interaction: Any) -> None: ...
    return decorator(command).__discord_app_commands_checks__[0]


async def decide(check: Any, player: int, at: float) -> float | None:
    """None when allowed, else the retry-after it was refused with."""
    try:
        result = check(interaction(player, at))
        if hasattr(result, "__await__"):
            await result
    except app_commands.CommandOnCooldown as refusal:
        assert refusal.cooldown.rate == 3 and refusal.cooldown.per == 10.0
        return refusal.retry_after
    return None


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 4), st.floats(0, 6, allow_nan=False)),
                max_size=60))
async def test_decides_as_discord_py_does(events: list[tuple[int, float]]) -> None:
    key = lambda i: (i.guild_id, i.user.id)  # noqa: E731
    ours = predicate(cooldown(Buckets(3, 10.0), key=key))
    theirs = predicate(app_commands.checks.cooldown(3, 10.0, key=key))
    at = 1_700_000_000.0
    for player, step in events:
        at += step
        assert await decide(ours, player, at) == pytest.approx(
            await decide(theirs, player, at))


def test_a_bucket_refuses_then_fills_again() -> None:
    buckets = Buckets(3, 10.0)
    assert [buckets.use("bob", t) for t in (100.0, 101.0, 102.0)] == [None, None, None]
    spent = buckets.use("bob", 104.0)
    assert spent is not None and spent[1] == pytest.approx(6.0)  # 10 s from the first use
    assert buckets.use("carol", 104.0) is None  # one bucket per key
    assert buckets.use("bob", 110.5) is None  # the window has passed


def test_only_expired_buckets_are_dropped() -> None:
    buckets = Buckets(5, 10.0)
    for player in range(1, 1_000):
        buckets.use(player, 100.0)
    assert [buckets.use(0, 104.0) for _ in range(5)] == [None] * 5  # 0 spent its uses
    buckets.use("late", 105.0)
    assert len(buckets) == 1_001
    buckets.use("now", 110.5)  # 999 buckets were last used more than 10 s ago
    assert len(buckets) == 3
    spent = buckets.use(0, 110.6)  # kept, and still counting: dropped, it would be full
    assert spent is not None and spent[1] == pytest.approx(3.4)


def test_a_cooldown_needs_a_rate_and_a_period() -> None:
    for rate, per in ((0, 10.0), (3, 0.0), (3, -1.0)):
        with pytest.raises(ValueError):
            Buckets(rate, per)
