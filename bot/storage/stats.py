"""Statistics arithmetic, kept free of SQL so it can be tested on its own.

A stats row per (server, player, bucket) holds counters that are updated once, in the
transaction that finishes a game. The database does that update in SQL (one UPSERT per
batch, see ``sqlite.counting.COUNT``); :func:`record_result` and :func:`record_daily_result` are
the reference the SQL is checked against (``tests/storage/test_stats_sql.py``). Reading,
ranking and streak expiry (:func:`to_stats`, :func:`board_of`) happen here. Rules, like the real
game:

* played / wins / distribution (attempts of each won game, 1..6);
* win % = wins / played, rounded half up to a whole number;
* practice and channel streaks: consecutive wins in the order games finished;
* daily streaks: consecutive puzzle numbers (server-local days) won. A loss, a give-up or a
  missed day breaks it. It is recomputed from the player's finished dailies whenever one of
  them finishes, so a daily finished late (yesterday's, after today's) still lands on its own
  day, and a day can never count twice (there is one daily per player, server and day).
  When read, a daily streak whose last win is older than yesterday reads 0.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Final

from bot.core.game import MAX_ATTEMPTS

from .models import LeaderboardRow, Stats


@dataclass(frozen=True, slots=True)
class StatsRow:
    """One stored statistics row (the mutable counters, as the database holds them)."""

    played: int = 0
    wins: int = 0
    distribution: tuple[int, ...] = (0,) * MAX_ATTEMPTS
    current_streak: int = 0
    max_streak: int = 0
    last_win_day: int | None = None
    last_played_day: int | None = None


#: The stored counters of a statistics row, in :func:`stats_row` order.
STATS_COLUMNS: Final = (
    "played, wins, dist_1, dist_2, dist_3, dist_4, dist_5, dist_6, "
    "current_streak, max_streak, last_win_day, last_played_day"
)
#: The same, one name each.
STATS_COLUMN_NAMES: Final = tuple(c.strip() for c in STATS_COLUMNS.split(","))


def stats_columns_of(alias: str) -> str:
    """:data:`STATS_COLUMNS` of the table called ``alias`` in a query (``s.played, ...``)."""
    return ", ".join(f"{alias}.{c}" for c in STATS_COLUMN_NAMES)


def stats_row(row: Sequence[Any]) -> StatsRow:
    """A row read as :data:`STATS_COLUMNS`."""
    return StatsRow(
        played=row[0],
        wins=row[1],
        distribution=tuple(row[2:8]),
        current_streak=row[8],
        max_streak=row[9],
        last_win_day=row[10],
        last_played_day=row[11],
    )


def win_percent(wins: int, played: int) -> int:
    """Whole-number win percentage, halves rounded up (2 of 3 -> 67, 1 of 8 -> 13)."""
    if played <= 0:
        return 0
    return (wins * 200 + played) // (played * 2)


def average_guesses(distribution: Sequence[int]) -> Fraction | None:
    """Mean attempts over won games, exactly; ``None`` without a win."""
    wins = sum(distribution)
    if wins == 0:
        return None
    return Fraction(sum(n * count for n, count in enumerate(distribution, start=1)), wins)


def record_result(row: StatsRow | None, *, won: bool, attempts: int, day: int | None) -> StatsRow:
    """Counters after one more finished practice or channel game (streak = consecutive wins)."""
    row = row or StatsRow()
    distribution = list(row.distribution)
    if won:
        if not 1 <= attempts <= MAX_ATTEMPTS:
            raise ValueError(f"a won game has 1 to {MAX_ATTEMPTS} attempts, not {attempts}")
        distribution[attempts - 1] += 1
    current = row.current_streak + 1 if won else 0
    return StatsRow(
        played=row.played + 1,
        wins=row.wins + (1 if won else 0),
        distribution=tuple(distribution),
        current_streak=current,
        max_streak=max(row.max_streak, current),
        last_win_day=day if won else row.last_win_day,
        last_played_day=day if day is not None else row.last_played_day,
    )


def daily_streaks(history: Iterable[tuple[int, bool]]) -> tuple[int, int, int | None]:
    """``(current, max, last_win_day)`` from finished dailies as ``(puzzle_number, won)``.

    The current streak is the run of consecutive won days ending at the latest finished
    daily (0 if that one was lost or given up); ``last_win_day`` is the day that run ends.
    """
    best = run = 0
    previous: int | None = None
    last_win: int | None = None
    latest_won = False
    for day, won in sorted(history):
        if previous is not None and day == previous:
            raise ValueError(f"two finished dailies for day {day}")
        if won:
            run = run + 1 if previous is not None and day == previous + 1 and latest_won else 1
            best = max(best, run)
            last_win = day
        else:
            run = 0
        latest_won = won
        previous = day
    current = run if latest_won else 0
    return current, best, last_win if current else None


def record_daily_result(
    row: StatsRow | None,
    *,
    won: bool,
    attempts: int,
    day: int | None,
    history: Iterable[tuple[int, bool]],
) -> StatsRow:
    """Counters after one more finished daily; ``history`` includes the one just finished."""
    counted = record_result(row, won=won, attempts=attempts, day=day)
    current, best, last_win = daily_streaks(history)
    return replace(counted, current_streak=current, max_streak=best, last_win_day=last_win)


def to_stats(row: StatsRow | None, mode: str, today: int | None = None) -> Stats:
    """The public view of a row. For dailies, ``today`` (puzzle number) expires old streaks."""
    if row is None:
        return Stats()
    current = _current_streak(row, mode, today)
    average = average_guesses(row.distribution)
    return Stats(
        played=row.played,
        wins=row.wins,
        win_percent=win_percent(row.wins, row.played),
        current_streak=current,
        max_streak=row.max_streak,
        distribution=tuple(row.distribution),  # type: ignore[arg-type]
        average_guesses=None if average is None else float(average),
    )


def ending_figures_of(rows: Sequence[Sequence[Any]], mode: str,
                      today: int | None) -> tuple[int, list[Stats]]:
    """The hint count and each player's statistics from the rows of an ``ending_figures``
    query (at least one row): one row per player in order, each the game's hint count, a flag
    (whether the player has a statistics row), then :data:`STATS_COLUMNS`."""
    players = [tuple(row)[1:] for row in rows]  # (asyncpg's records do not slice)
    return rows[0][0], [to_stats(stats_row(p[1:]) if p[0] else None, mode, today)
                        for p in players]


def _current_streak(row: StatsRow, mode: str, today: int | None) -> int:
    """The current streak as shown: for dailies, 0 once a day was missed (``today``)."""
    current = row.current_streak
    if (mode == "daily" and today is not None and current
            and (row.last_win_day is None or row.last_win_day < today - 1)):
        return 0
    return current


def _sort_value(row: StatsRow, mode: str, by: str, today: int | None) -> int | float | None:
    """What ``by`` ranks ``row`` on (``None``: not ranked, an average without a win).

    The average is compared as a float: a quotient of two integers below 2**53 is rounded
    correctly, so equal averages give equal floats, and two different ones with fewer than
    ten million wins each differ by far more than a float's precision near 1-6: the order is
    the exact one."""
    if by == "average":
        wins = sum(row.distribution)
        if not wins:
            return None
        return sum(n * count for n, count in enumerate(row.distribution, start=1)) / wins
    if by == "wins":
        return row.wins
    if by == "win_percent":
        return win_percent(row.wins, row.played)
    if by == "current_streak":
        return _current_streak(row, mode, today)
    return row.max_streak


def board_of(
    entries: Iterable[tuple[int, StatsRow]],
    *,
    mode: str,
    by: str,
    today: int | None,
    hinted: Mapping[int, int] | None = None,
    limit: int | None = None,
    player_id: int | None = None,
) -> tuple[list[LeaderboardRow], LeaderboardRow | None]:
    """The players ranked by ``by``, best first: the top ``limit`` (all if ``None``) and
    ``player_id``'s row if ranked. Equal values share a rank (1, 2, 2, 4).

    ``average`` is attempts per win (lower is better; players without a win are left out),
    compared exactly. ``win_percent`` compares the whole-number percentage shown to people.
    ``hinted`` counts each player's wins helped by hints (dailies): a player ranks after
    the players with the same value and fewer such wins. Players with equal values are listed
    by player id, so the order is stable. Only the rows returned are built in full, so a
    server of many thousands of players is ranked in milliseconds.
    """
    helped = hinted or {}
    lower_first = by == "average"
    keyed: list[tuple[int | float, int, int, int | float, StatsRow]] = []
    for pid, row in entries:
        value = _sort_value(row, mode, by, today)
        if value is None:
            continue
        keyed.append((value if lower_first else -value, helped.get(pid, 0), pid, value, row))
    keyed.sort(key=lambda item: (item[0], item[1], item[2]))
    shown = len(keyed) if limit is None else limit
    top: list[LeaderboardRow] = []
    mine: LeaderboardRow | None = None
    position = 0
    for index, (key, hints, pid, value, row) in enumerate(keyed):
        if not index or keyed[index - 1][:2] != (key, hints):
            position = index + 1
        if index < shown or pid == player_id:
            entry = LeaderboardRow(rank=position, player_id=pid, value=value,
                                   stats=to_stats(row, mode, today), hinted=hints)
            if index < shown:
                top.append(entry)
            if pid == player_id:
                mine = entry
        elif player_id is None or mine is not None:
            break
    return top, mine


def consecutive_days(days: Iterable[int], today: int) -> int:
    """Days in a row ending today, or yesterday if ``today`` is not (yet) among ``days``."""
    present = set(days)
    day = today if today in present else today - 1
    count = 0
    while day in present:
        count += 1
        day -= 1
    return count
