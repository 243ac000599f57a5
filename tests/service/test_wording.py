"""The words for the new daily problems and marks (bot/render), shared by both front
ends: hints off on the daily, a full disk, the 💡 mark in the results post, the leaderboard
and the settings."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.core.stats import DailyResult, LeaderboardRow, Stats
from bot.render.account_text import settings_text
from bot.render.daily_results import daily_results_text
from bot.render.leaderboard_text import leaderboard_line
from bot.render.problems import Commands, problem_text
from bot.service import DailySummary, PlayerError, Problem, Status
from bot.storage.models import GuildSettings
from bot.terminal import error_text

COMMANDS = Commands(start="/wordle start", give_up="/wordle giveup",
                    challenge="/wordle challenge", here="in this channel",
                    channel=lambda channel_id: f"<#{channel_id}>")
T = datetime(2026, 11, 20, 12, tzinfo=UTC)


def mention(player_id: int) -> str:
    return f"<@{player_id}>"


def test_new_problems_are_worded_in_one_line():
    full = problem_text(PlayerError(Problem.DISK_FULL), COMMANDS)
    assert full == "The bot's disk is full; nothing was saved. Try again later."
    assert error_text(PlayerError(Problem.DISK_FULL)) == full
    off = problem_text(PlayerError(Problem.HINTS_OFF_DAILY), COMMANDS)
    assert "turned off for the daily" in off and "\n" not in off
    assert "Practice" in error_text(PlayerError(Problem.HINTS_OFF_DAILY))


def test_results_post_marks_a_hinted_result_and_ranks_it_after_the_same_score():
    results = (
        DailyResult(1, Status.WON, 3, False, T, hinted=True),
        DailyResult(2, Status.WON, 3, False, T),
        DailyResult(3, Status.GIVEN_UP, 2, False, T, hinted=True),
        DailyResult(4, Status.WON, 4, True, T),
    )
    text = daily_results_text(DailySummary(7, 330, results, 2), mention)
    assert text.splitlines() == [
        "**Wordle 330 results**",
        "🔥 Server streak: 2 days",
        "👑 3/6: <@2>",
        "3/6💡: <@1>",
        "4/6*: <@4>",
        "X/6💡: <@3>",
    ]


def test_leaderboard_line_and_settings_show_the_mark():
    row = LeaderboardRow(rank=2, player_id=5, value=3.5, stats=Stats(), hinted=2)
    assert leaderboard_line(row, mention) == "**2.** <@5> · 3.50 💡2"
    plain = LeaderboardRow(rank=1, player_id=6, value=4, stats=Stats())
    assert leaderboard_line(plain, mention) == "**1.** <@6> · 4"
    text = settings_text(GuildSettings(7, hints_in_dailies=True), "<#9>")
    assert "Hints in dailies: **on**" in text and "Hints in channel games: **on**" in text
    assert "Hints in dailies: **off**" in settings_text(GuildSettings(7), "<#9>")
    held = GuildSettings(7, "Asia/Tokyo", held_day=324,
                         held_until=datetime(2026, 11, 21, tzinfo=UTC))
    during = settings_text(held, "<#9>", datetime(2026, 11, 20, 20, tzinfo=UTC))
    assert during.startswith("Time zone: **Asia/Tokyo** (the daily follows it from "
                             "<t:1795219200:f>; until then today is Wordle 324)\n")
    after = settings_text(held, "<#9>", datetime(2026, 11, 21, tzinfo=UTC))
    assert after.startswith("Time zone: **Asia/Tokyo**\n")
