"""The daily results post keeps within Discord's 2,000 characters at any number of players."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.core.domain import Status
from bot.core.stats import DailyResult
from bot.core.variant import Variant
from bot.render.daily_results import RESULTS_LIMIT, daily_results_text
from bot.service.results import DailySummary

T = datetime(2026, 3, 1, tzinfo=UTC)
FIRST_ID = 900_000_000_000_000_000  # 18 digits, like Discord's snowflakes


def mention(player_id: int) -> str:
    return f"<@{player_id}>"


def summary(count: int, streak: int = 12) -> DailySummary:
    """``count`` players: won in 2 to 6 and lost, in turn, finishing in id order."""
    results = []
    for i in range(count):
        turn = i % 6
        status = Status.LOST if turn == 5 else Status.WON
        results.append(DailyResult(FIRST_ID + i, status, turn + 2 if turn < 5 else 6,
                                   hard_mode=False, finished_at=T))
    return DailySummary(7, 330, tuple(results), streak)


def mentioned(text: str) -> list[int]:
    return [int(part.split(">")[0]) for part in text.split("<@")[1:]]


def test_few_players_are_all_listed_without_a_more_line() -> None:
    text = daily_results_text(summary(12), mention)
    assert len(mentioned(text)) == 12
    assert "more" not in text
    assert text.splitlines()[2].startswith("👑 2/6: ")


@pytest.mark.parametrize("count", [60, 85, 86, 87, 200, 1000])
def test_many_players_fit_best_first_with_how_many_more(count: int) -> None:
    data = summary(count)
    text = daily_results_text(data, mention)
    assert len(text) <= RESULTS_LIMIT
    shown = mentioned(text)
    # the best results that fit, in the post's order, then how many more finished
    assert shown == [r.player_id for r in data.standings][:len(shown)]
    full = daily_results_text(data, mention, limit=10**9)
    if len(full) <= RESULTS_LIMIT:
        assert text == full
    else:
        assert text.splitlines()[-1] == f"…and {count - len(shown):,} more"
        assert len(shown) > 60  # the room is used, not given up early
        assert len(text) > RESULTS_LIMIT - 40
    lines = text.splitlines()
    assert lines[:2] == ["**Wordle 330 results**", "🔥 Server streak: 12 days"]
    assert lines[2].startswith("👑 2/6: <@")


@pytest.mark.parametrize("limit", range(120, 420, 7))
def test_the_cut_is_exact_at_any_limit(limit: int) -> None:
    data = summary(40)
    text = daily_results_text(data, mention, limit=limit)
    assert len(text) <= limit
    shown = mentioned(text)
    assert shown == [r.player_id for r in data.standings][:len(shown)]
    assert text.endswith(f"…and {40 - len(shown)} more")
    # one more mention would not have fitted
    assert len(text) + len(mention(FIRST_ID)) + 2 > limit - 12


def test_the_best_score_is_crowned_with_or_without_hard_mode_and_losses_keep_their_order(
        ) -> None:
    later = T + timedelta(minutes=5)
    results = (
        DailyResult(1, Status.WON, 3, hard_mode=True, finished_at=T),
        DailyResult(2, Status.WON, 3, hard_mode=False, finished_at=later),
        DailyResult(3, Status.WON, 3, hard_mode=False, finished_at=T, hinted=True),
        DailyResult(4, Status.LOST, 6, hard_mode=False, finished_at=T),  # six misses
        DailyResult(5, Status.GIVEN_UP, 1, hard_mode=False, finished_at=later),  # gave up
    )
    lines = daily_results_text(DailySummary(7, 330, results, 0),
                               mention).splitlines()
    assert lines[1:] == ["👑 3/6*: <@1>", "👑 3/6: <@2>", "3/6💡: <@3>", "X/6: <@4>, <@5>"]


def test_scores_are_out_of_the_variants_attempts() -> None:
    assert "👑 2/6: " in daily_results_text(summary(6), mention)
    seven = daily_results_text(summary(6), mention, variant=Variant(attempts=7))
    assert "👑 2/7: " in seven and "X/7: " in seven and "/6" not in seven
