"""A leaderboard in words: its title and lines, with the asking player's own rank below the
top list when they are not in it (or a note that they are not on the board yet)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime, timedelta

from babel.dates import format_date, format_interval, format_skeleton

from bot.core.domain import LeaderboardOrder, StatsBucket
from bot.core.periods import Period, period_bounds
from bot.core.stats import Leaderboard, LeaderboardRow
from bot.core.timezones import zone
from bot.core.variant import CLASSIC, Variant
from bot.render.catalogues import N_
from bot.render.common import ENGLISH, Texts
from bot.render.daily_results import HINTED_MARK
from bot.render.stats_text import variant_name

#: How each period reads in a title.
PERIOD_NAMES = {
    Period.TODAY: N_("today"),
    Period.WEEK: N_("this week"),
    Period.MONTH: N_("this month"),
    Period.ALL: N_("all time"),
}
#: Each kind of statistics in words, as a title names it.
BUCKET_NAMES = {
    StatsBucket.DAILY: N_("daily"),
    StatsBucket.PRACTICE: N_("practice"),
    StatsBucket.CHANNEL: N_("channel"),
    StatsBucket.RACE: N_("race"),
    StatsBucket.ARCHIVE: N_("archive"),
}

#: How each way of ranking reads to people (a race's win is a first place), in English:
#: :func:`order_name` says it in a language.
ORDER_NAMES = {
    LeaderboardOrder.WINS: N_("wins"),
    LeaderboardOrder.WIN_PERCENT: N_("win %"),
    LeaderboardOrder.AVERAGE: N_("average guesses"),
    LeaderboardOrder.CURRENT_STREAK: N_("current streak"),
    LeaderboardOrder.MAX_STREAK: N_("max streak"),
}


def order_name(order: LeaderboardOrder | str, texts: Texts = ENGLISH) -> str:
    """A way of ranking in words (``"average guesses"``), in the language of ``texts``."""
    return texts._(ORDER_NAMES[LeaderboardOrder(order)])


#: What a period means, for help texts (the README says the same).
PERIOD_HELP = (
    "`period`: `today`, `week` (from Monday), `month` (the calendar month) or `all` (all "
    "time), on the server's calendar (its time zone); a game counts in the period it "
    "finished in. Streaks run across periods, so they are ranked for all time only."
)


def bucket_name(mode: StatsBucket | str, texts: Texts = ENGLISH) -> str:
    """A kind of statistics in words: ``daily``, ``practice``..."""
    return texts._(BUCKET_NAMES[StatsBucket(mode)])


def board_title(mode: StatsBucket | str, by: LeaderboardOrder | str,
                period: Period | str = Period.ALL, texts: Texts = ENGLISH,
                variant: Variant = CLASSIC) -> str:
    """``Leaderboard · daily · Spanish, 5 letters · this week · by wins`` (all time: no
    period named)."""
    parts = [texts._("Leaderboard"), bucket_name(mode, texts), variant_name(variant, texts)]
    if Period(period) is not Period.ALL:
        parts.append(texts._(PERIOD_NAMES[Period(period)]))
    parts.append(texts._("by {order}", order=order_name(by, texts)))
    return " · ".join(parts)


def leaderboard_line(row: LeaderboardRow, mention: Callable[[int], str],
                     texts: Texts = ENGLISH) -> str:
    """``**2.** @player · 3.50 💡2``: the rank, the value, and the wins helped by hints."""
    value = texts.decimal(row.value) if isinstance(row.value, float) else \
        texts.number(row.value)
    hinted = f" {HINTED_MARK}{row.hinted}" if row.hinted else ""
    return f"**{row.rank}.** {mention(row.player_id)} · {value}{hinted}"


def board_text(board: Leaderboard, player_id: int | None, mention: Callable[[int], str],
               period: Period | str = Period.ALL, texts: Texts = ENGLISH) -> str:
    """The top list, then the player's own row when they are ranked below it."""
    lines = [leaderboard_line(row, mention, texts) for row in board.rows]
    if not lines:
        lines.append({
            Period.ALL: texts._("Nobody has finished a game of this kind here yet."),
            Period.TODAY: texts._("Nobody has finished a game of this kind here today."),
            Period.WEEK: texts._("Nobody has finished a game of this kind here this week."),
            Period.MONTH: texts._("Nobody has finished a game of this kind here this month."),
        }[Period(period)])
    me = board.player_row
    if me is not None and all(row.player_id != me.player_id for row in board.rows):
        lines.append("…")
        lines.append(texts._("{line} (you)", line=leaderboard_line(me, mention, texts)))
    elif me is None and player_id is not None and board.rows:
        lines.append(texts._("You're not on this board yet."))
    return "\n".join(lines)


def period_span(period: Period | str, moment: datetime, timezone: str,
                texts: Texts = ENGLISH) -> str | None:
    """The days a period covers on the server's calendar, for a footer: ``Friday 20 November
    2026``, ``Monday 16 – Sunday 22 November 2026``, ``November 2026``; with the time zone.
    ``None`` for all time."""
    bounds = period_bounds(period, moment, timezone)
    if bounds is None:
        return None
    first = bounds[0].astimezone(zone(timezone)).date()
    last = (bounds[1] - timedelta(microseconds=1)).astimezone(zone(timezone)).date()
    if texts.language != ENGLISH.language:  # the language's own way of writing dates
        days = _days(Period(period), first, last, texts)
    elif Period(period) is Period.MONTH:
        days = f"{first:%B %Y}"
    elif first == last:
        days = f"{first:%A} {first.day} {first:%B %Y}"
    elif first.month == last.month:
        days = f"{first:%A} {first.day} – {last:%A} {last.day} {last:%B %Y}"
    else:
        days = f"{first:%A} {first.day} {first:%B} – {last:%A} {last.day} {last:%B %Y}"
    return texts._("{days} ({zone} time)", days=days, zone=timezone)


def _days(period: Period, first: date, last: date, texts: Texts) -> str:
    if period is Period.MONTH:
        return format_skeleton("yMMMM", first, locale=texts.locale)
    if first == last:
        return format_date(first, "full", locale=texts.locale)
    return format_interval(first, last, "yMMMMEEEEd", locale=texts.locale)
