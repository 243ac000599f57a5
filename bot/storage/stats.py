"""Statistics: their arithmetic, and the store's calls that read them. A row per (server,
player, bucket) is counted in the transaction that ends a game
(:func:`bot.storage.games.count_ending`). Rules, like the real game:

* played / wins / distribution (wins in each number of attempts, up to the variant's);
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

from bot.core.domain import LeaderboardOrder, StatsBucket
from bot.core.variant import CLASSIC, Variant

from .database import Database, marks
from .models import DISTRIBUTION_SLOTS, Leaderboard, LeaderboardRow, Stats
from .validation import check_board, check_choice, check_day, check_ending, check_id


@dataclass(frozen=True, slots=True)
class StatsRow:
    """One stored statistics row (the mutable counters, as the database holds them)."""

    played: int = 0
    wins: int = 0
    #: Wins in 1, 2, ... :data:`~bot.storage.models.DISTRIBUTION_SLOTS` attempts.
    distribution: tuple[int, ...] = (0,) * DISTRIBUTION_SLOTS
    current_streak: int = 0
    max_streak: int = 0
    last_win_day: int | None = None
    last_played_day: int | None = None


#: The stored counters of a statistics row, in :func:`stats_row` order, one name each.
STATS_COLUMN_NAMES: Final = (
    "played", "wins", *(f"dist_{n}" for n in range(1, DISTRIBUTION_SLOTS + 1)),
    "current_streak", "max_streak", "last_win_day", "last_played_day")
#: The same, as a list for a ``SELECT``.
STATS_COLUMNS: Final = ", ".join(STATS_COLUMN_NAMES)
_STREAKS: Final = 2 + DISTRIBUTION_SLOTS  # where the counters after the distribution start


def stats_row(row: Sequence[Any]) -> StatsRow:
    """A row read as :data:`STATS_COLUMNS` (a tuple, or any database's row)."""
    row = tuple(row)
    current, best, last_win, last_played = row[_STREAKS:_STREAKS + 4]
    return StatsRow(row[0], row[1], tuple(row[2:_STREAKS]), current, best, last_win,
                    last_played)


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
        return Stats(distribution=(0,) * variant.attempts)
    average = average_guesses(row.distribution)
    return Stats(row.played, row.wins, win_percent(row.wins, row.played),
                 _current_streak(row, mode, today), row.max_streak,
                 tuple(row.distribution[:variant.attempts]),
                 None if average is None else float(average))


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
             limit: int | None = None, player_id: int | None = None
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


_HINTED_WINS: Final = (
    "SELECT g.owner_id, count(*) FROM games g WHERE g.guild_id = $1 AND g.kind = 'daily' "
    "AND g.status = 'won' AND EXISTS (SELECT 1 FROM hints h WHERE h.game_id = g.id) "
    "GROUP BY g.owner_id"
)


class Statistics:
    """The statistics calls of the port (contracts: :class:`bot.storage.Store`)."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def stats(self, guild_id: int, player_id: int, mode: StatsBucket, *,
                    today: int | None = None) -> Stats:
        check_id("guild_id", guild_id)
        check_id("player_id", player_id)
        check_choice("mode", mode, StatsBucket)
        check_day("today", today, optional=True)
        rows = await self._db.fetch(
            f"SELECT {STATS_COLUMNS} FROM player_stats WHERE guild_id = $1 "
            "AND player_id = $2 AND mode = $3", guild_id, player_id, str(mode))
        return to_stats(stats_row(rows[0]) if rows else None, mode, today)

    async def ending_figures(self, game_id: int, guild_id: int, player_ids: Sequence[int],
                             mode: StatsBucket, *, today: int | None = None
                             ) -> tuple[int, list[Stats]]:
        check_id("game_id", game_id)
        check_ending(guild_id, player_ids, mode, today)
        players = list(player_ids) or [-1]  # (one statement: the hint count, and each row)
        rows = await self._db.fetch(
            f"SELECT h.n, s.player_id, {', '.join(f's.{c}' for c in STATS_COLUMN_NAMES)} "
            "FROM (SELECT count(*) AS n FROM hints WHERE game_id = $1) AS h "
            "LEFT JOIN player_stats s ON s.guild_id = $2 AND s.mode = $3 "
            f"AND s.player_id IN ({marks(4, len(players))})", game_id, guild_id, str(mode),
            *players)
        found = {r[1]: tuple(r)[2:] for r in rows if r[1] is not None}
        return int(rows[0][0]), [to_stats(stats_row(found[p]) if p in found else None, mode,
                                          today) for p in player_ids]

    async def leaderboard(self, guild_id: int, *, mode: StatsBucket = StatsBucket.DAILY,
                          by: LeaderboardOrder = LeaderboardOrder.WINS, limit: int = 10,
                          player_id: int | None = None, today: int | None = None
                          ) -> Leaderboard:
        check_board(guild_id=guild_id, mode=mode, by=by, limit=limit, player_id=player_id,
                    today=today)
        rows = await self._db.fetch(
            f"SELECT player_id, {STATS_COLUMNS} FROM player_stats WHERE guild_id = $1 "
            "AND mode = $2 AND played > 0", guild_id, str(mode))
        hinted: dict[int, int] = {}
        if mode == StatsBucket.DAILY:
            hinted = {r[0]: int(r[1]) for r in await self._db.fetch(_HINTED_WINS, guild_id)}
        top, mine = board_of(((r[0], stats_row(tuple(r)[1:])) for r in rows), mode=mode, by=by,
                             today=today, hinted=hinted, limit=limit, player_id=player_id)
        return Leaderboard(rows=top, player_row=mine)
