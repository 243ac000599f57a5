"""A leaderboard in words: its title and lines, with the asking player's own rank below the
top list when they are not in it (or a note that they are not on the board yet)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

from bot.core.domain import LeaderboardOrder, StatsBucket
from bot.core.periods import Period, period_bounds
from bot.core.timezones import zone
from bot.render.common import ORDER_NAMES
from bot.render.daily_results import HINTED_MARK
from bot.storage.models import Leaderboard, LeaderboardRow

#: How each period reads in a title.
PERIOD_NAMES = {
    Period.TODAY: "today",
    Period.WEEK: "this week",
    Period.MONTH: "this month",
    Period.ALL: "all time",
}

#: What a period means, for help texts (the README says the same).
PERIOD_HELP = (
    "`period`: `today`, `week` (from Monday), `month` (the calendar month) or `all` (all "
    "time), on the server's calendar (its time zone); a game counts in the period it "
    "finished in. Streaks run across periods, so they are ranked for all time only."
)


def board_title(mode: StatsBucket | str, by: LeaderboardOrder | str,
                period: Period | str = Period.ALL) -> str:
    """``Leaderboard · daily · this week · by wins`` (all time: no period named)."""
    when = "" if Period(period) is Period.ALL else f" · {PERIOD_NAMES[Period(period)]}"
    return (f"Leaderboard · {StatsBucket(mode).value}{when} · "
            f"by {ORDER_NAMES[LeaderboardOrder(by)]}")


def leaderboard_line(row: LeaderboardRow, mention: Callable[[int], str]) -> str:
    """``**2.** @player · 3.50 💡2``: the rank, the value, and the wins helped by hints."""
    value = f"{row.value:.2f}" if isinstance(row.value, float) else str(row.value)
    hinted = f" {HINTED_MARK}{row.hinted}" if row.hinted else ""
    return f"**{row.rank}.** {mention(row.player_id)} · {value}{hinted}"


def board_text(board: Leaderboard, player_id: int | None, mention: Callable[[int], str],
               period: Period | str = Period.ALL) -> str:
    """The top list, then the player's own row when they are ranked below it."""
    lines = [leaderboard_line(row, mention) for row in board.rows]
    if not lines:
        lines.append("Nobody has finished a game of this kind here "
                     + ("yet." if Period(period) is Period.ALL
                        else f"{PERIOD_NAMES[Period(period)]}."))
    me = board.player_row
    if me is not None and all(row.player_id != me.player_id for row in board.rows):
        lines.append("…")
        lines.append(leaderboard_line(me, mention) + " (you)")
    elif me is None and player_id is not None and board.rows:
        lines.append("You're not on this board yet.")
    return "\n".join(lines)


def period_span(period: Period | str, moment: datetime, timezone: str) -> str | None:
    """The days a period covers on the server's calendar, for a footer: ``Friday 20 November
    2026``, ``Monday 16 – Sunday 22 November 2026``, ``November 2026``; with the time zone.
    ``None`` for all time."""
    bounds = period_bounds(period, moment, timezone)
    if bounds is None:
        return None
    first = bounds[0].astimezone(zone(timezone)).date()
    last = (bounds[1] - timedelta(microseconds=1)).astimezone(zone(timezone)).date()
    if Period(period) is Period.MONTH:
        days = f"{first:%B %Y}"
    elif first == last:
        days = f"{first:%A} {first.day} {first:%B %Y}"
    elif first.month == last.month:
        days = f"{first:%A} {first.day} – {last:%A} {last.day} {last:%B %Y}"
    else:
        days = f"{first:%A} {first.day} {first:%B} – {last:%A} {last.day} {last:%B %Y}"
    return f"{days} ({timezone} time)"
