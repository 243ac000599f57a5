"""Statistics: what a player's record is, how a finished game is counted in it, and how
players are ranked. The stores keep one counters row (:class:`StatsRow`) per server, player
and key (:func:`stats_key`: the bucket and the game's variant, so a Spanish game, a 6-letter
one or a Quordle is counted apart), counted in the transaction that ends a game. As in the
real game:

* played, wins and the distribution (wins in each number of attempts, up to the variant's);
* win % = wins / played, rounded half up to a whole number;
* practice and channel streaks: consecutive wins in the order games finished;
* daily streaks: consecutive puzzle numbers (server-local days) won, worked out again from the
  player's finished dailies whenever one finishes, so a daily finished late still lands on its
  own day. A daily streak whose last win is older than yesterday reads 0.
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from fractions import Fraction
from typing import Final, NamedTuple

from bot.core.domain import StatsBucket, Status
from bot.core.variant import CLASSIC, Variant

#: Wins are counted by attempts up to this many (``dist_1`` ... ``dist_13`` in the stores):
#: enough for the variant with the most attempts planned (Octordle's 13).
DISTRIBUTION_SLOTS: Final = 13


@dataclass(frozen=True, slots=True)
class Stats:
    played: int = 0
    wins: int = 0
    win_percent: int = 0
    current_streak: int = 0
    max_streak: int = 0
    #: Wins in 1, 2, ... attempts, one count per attempt the variant gives.
    distribution: tuple[int, ...] = (0,) * CLASSIC.attempts
    average_guesses: float | None = None
    #: The variant whose games these are (its pack and boards: what the figures say).
    variant: Variant = CLASSIC


@dataclass(frozen=True, slots=True)
class EndingFigures:
    """What the end of a game shows the player whose guess ended it: the game's hint count
    and their statistics in the game's bucket, read as the game was counted."""

    hints: int
    stats: Stats


@dataclass(frozen=True, slots=True)
class LeaderboardRow:
    rank: int
    player_id: int
    value: int | float
    stats: Stats
    #: Daily wins helped by hints: ranked after the same value without them, and marked.
    hinted: int = 0


@dataclass(frozen=True, slots=True)
class Leaderboard:
    rows: list[LeaderboardRow]
    player_row: LeaderboardRow | None
    #: The variant whose games are ranked.
    variant: Variant = CLASSIC


@dataclass(frozen=True, slots=True)
class DailyResult:
    player_id: int
    status: Status
    attempts: int
    hard_mode: bool
    finished_at: datetime
    #: The player took at least one hint in this daily.
    hinted: bool = False
    #: The daily's boards (a server has a daily per number of boards).
    boards: int = 1

    def __post_init__(self) -> None:
        object.__setattr__(self, "status", Status(self.status))


@dataclass(frozen=True, slots=True)
class StatsRow:
    """One stored statistics row (the mutable counters, as the database holds them)."""

    played: int = 0
    wins: int = 0
    #: Wins in 1, 2, ... :data:`DISTRIBUTION_SLOTS` attempts.
    distribution: tuple[int, ...] = (0,) * DISTRIBUTION_SLOTS
    current_streak: int = 0
    max_streak: int = 0
    last_win_day: int | None = None
    last_played_day: int | None = None


class StatsKeyParts(NamedTuple):
    """What a statistics key names: the bucket and the variant's pack and boards."""

    bucket: StatsBucket
    language: str
    length: int
    boards: int


def stats_key(bucket: StatsBucket | str, variant: Variant = CLASSIC) -> str:
    """The key a game's statistics row is stored under: the bucket alone for the classic
    game (English, 5 letters, one board: the rows kept before there were variants), else the
    bucket, the pack and the boards past one (``practice:es-5``, ``daily:en-5x4``)."""
    bucket = StatsBucket(bucket)
    if (variant.language, variant.length, variant.boards) == (
            CLASSIC.language, CLASSIC.length, CLASSIC.boards):
        return bucket.value
    boards = f"x{variant.boards}" if variant.boards > 1 else ""
    return f"{bucket.value}:{variant.language}-{variant.length}{boards}"


def stats_key_parts(key: str) -> StatsKeyParts:
    """:func:`stats_key` read back; ``ValueError`` for a string it does not make."""
    bucket, colon, pack = key.partition(":")
    if not colon:
        return StatsKeyParts(StatsBucket(bucket), CLASSIC.language, CLASSIC.length, 1)
    language, _, size = pack.rpartition("-")
    length, _, boards = size.partition("x")
    if not language or not length.isdigit() or not (boards or "1").isdigit():
        raise ValueError(f"not a statistics key: {key!r}")
    parts = StatsKeyParts(StatsBucket(bucket), language, int(length), int(boards or 1))
    if parts.boards < 1 or stats_key(bucket, Variant(parts.length, 1, boards=parts.boards,
                                                     language=language)) != key:
        raise ValueError(f"not a statistics key: {key!r}")
    return parts


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
        if not 1 <= attempts <= len(distribution):
            raise ValueError(f"a won game has 1 to {len(distribution)} attempts, not {attempts}")
        distribution[attempts - 1] += 1
    current = row.current_streak + 1 if won else 0
    return StatsRow(row.played + 1, row.wins + won, tuple(distribution), current,
                    max(row.max_streak, current), day if won else row.last_win_day,
                    row.last_played_day if day is None else day)


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


def record_daily_result(row: StatsRow | None, *, won: bool, attempts: int, day: int | None,
                        history: Iterable[tuple[int, bool]]) -> StatsRow:
    """Counters after one more finished daily; ``history`` includes the one just finished."""
    counted = record_result(row, won=won, attempts=attempts, day=day)
    current, best, last_win = daily_streaks(history)
    return replace(counted, current_streak=current, max_streak=best, last_win_day=last_win)


def to_stats(row: StatsRow | None, mode: str, today: int | None = None,
             variant: Variant = CLASSIC) -> Stats:
    """The public view of a row, its distribution sized by ``variant``'s attempts. For
    dailies, ``today`` (puzzle number) expires old streaks."""
    if row is None:
        return Stats(distribution=(0,) * variant.attempts, variant=variant)
    average = average_guesses(row.distribution)
    return Stats(row.played, row.wins, win_percent(row.wins, row.played),
                 _current_streak(row, mode, today), row.max_streak,
                 tuple(row.distribution[:variant.attempts]),
                 None if average is None else float(average), variant)


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
    ten million wins each differ by far more than a float's precision near them: the order is
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


def board_of(entries: Iterable[tuple[int, StatsRow]], *, mode: str, by: str,
             today: int | None, hinted: Mapping[int, int] | None = None,
             limit: int | None = None, player_id: int | None = None,
             variant: Variant = CLASSIC
             ) -> tuple[list[LeaderboardRow], LeaderboardRow | None]:
    """The players ranked by ``by``, best first: the top ``limit`` (all if ``None``) and
    ``player_id``'s row if ranked. Equal values share a rank (1, 2, 2, 4).

    ``average`` is attempts per win (lower is better; players without a win are left out),
    compared exactly. ``win_percent`` compares the whole-number percentage shown to people.
    ``hinted`` counts each player's wins helped by hints (dailies): a player ranks after
    the players with the same value and fewer such wins. Players with equal values are listed
    by player id, so the order is stable. Only the rows returned are built in full, their
    distributions sized by ``variant``'s attempts.
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
                                   stats=to_stats(row, mode, today, variant),
                                   hinted=hints)
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


def finishes_in_counting_order(ending: Iterable[tuple[datetime, Collection[Hashable]]],
                               counted: Iterable[tuple[datetime, Collection[Hashable]]],
                               step: timedelta) -> list[datetime]:
    """When each game of ``ending`` (its finish and the statistics rows it counts in, in the
    order they are counted) finishes, so that every row counts its games in finish order, as
    streaks need: a game finishing no later than one already counted in one of its rows
    (``counted``, or before it in ``ending``) finishes ``step`` after the latest such."""
    last: dict[Hashable, datetime] = {}
    for at, rows in counted:
        for row in rows:
            last[row] = max(last.get(row, at), at)
    finishes = []
    for at, rows in ending:
        before = [last[row] for row in rows if row in last]
        if before and max(before) >= at:
            at = max(before) + step
        for row in rows:
            last[row] = at
        finishes.append(at)
    return finishes
