"""A leaderboard in words (bot/render/leaderboard_text.py): title, lines, your own rank below
the top list, and the days a period covers."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.core.packs import pack
from bot.core.periods import Period
from bot.core.solver_boards import boards_variant
from bot.core.stats import Leaderboard, LeaderboardRow, Stats
from bot.render.common import texts_for
from bot.render.leaderboard_text import board_text, board_title, period_span


def mention(player: int) -> str:
    return f"<@{player}>"


def row(rank: int, player: int, value: int | float, hinted: int = 0) -> LeaderboardRow:
    return LeaderboardRow(rank=rank, player_id=player, value=value, stats=Stats(),
                          hinted=hinted)


def test_titles():
    assert board_title("daily", "wins") == "Leaderboard · daily · English, 5 letters · by wins"
    assert board_title("practice", "average", "week", variant=pack("es", 5).variant) == (
        "Leaderboard · practice · Spanish, 5 letters · this week · by average guesses")
    assert board_title("archive", "win_percent", Period.TODAY,
                       variant=boards_variant(4, pack("en", 6).variant)) == (
        "Leaderboard · archive · Quordle · English, 6 letters · today · by win %")
    assert board_title("channel", "wins", texts=texts_for("ru"),
                       variant=pack("ru", 5).variant) == (
        "Рейтинг · канал · Русский, 5 букв · по показателю «победы»")


def test_your_own_rank_below_the_top_list_or_not_on_the_board():
    top = [row(1, 5, 3), row(2, 6, 2, hinted=1)]
    text = board_text(Leaderboard(top, row(7, 9, 1)), 9, mention, "month")
    assert text.split("\n") == ["**1.** <@5> · 3", "**2.** <@6> · 2 💡1", "…",
                                "**7.** <@9> · 1 (you)"]
    assert board_text(Leaderboard(top, top[0]), 5, mention) == (
        "**1.** <@5> · 3\n**2.** <@6> · 2 💡1")
    assert board_text(Leaderboard(top, None), 9, mention).endswith("You're not on this board yet.")
    assert board_text(Leaderboard([], None), 9, mention, "week") == (
        "Nobody has finished a game of this kind here this week.")
    assert board_text(Leaderboard([], None), 9, mention) == (
        "Nobody has finished a game of this kind here yet.")


def test_the_days_of_a_period_on_the_servers_calendar():
    moment = datetime(2026, 1, 31, 23, 30, tzinfo=UTC)
    assert period_span("month", moment, "UTC") == "January 2026 (UTC time)"
    assert period_span("month", moment, "Europe/Paris") == "February 2026 (Europe/Paris time)"
    assert period_span("today", moment, "Europe/Paris") == (
        "Sunday 1 February 2026 (Europe/Paris time)")
    assert period_span("week", moment, "UTC") == (
        "Monday 26 January – Sunday 1 February 2026 (UTC time)")
    assert period_span("week", datetime(2026, 3, 4, tzinfo=UTC), "UTC") == (
        "Monday 2 – Sunday 8 March 2026 (UTC time)")
    assert period_span("all", moment, "UTC") is None
