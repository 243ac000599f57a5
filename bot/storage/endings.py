"""Games that end, counted in their players' statistics: for the games one transaction ends,
their statistics rows are locked and read, each end is saved no earlier than the games already
counted in its rows, then each game is counted, in a few statements for them all."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any, Final

from bot.core.domain import StatsBucket
from bot.core.game import Game
from bot.core.stats import (
    DISTRIBUTION_SLOTS,
    StatsRow,
    finishes_in_counting_order,
    record_daily_result,
    record_result,
    stats_key,
)

from .database import Tx, arrays, marks, stored_variant

#: The stored counters of a statistics row, in :func:`stats_row` order, one name each.
STATS_COLUMN_NAMES: Final = (
    "played", "wins", *(f"dist_{n}" for n in range(1, DISTRIBUTION_SLOTS + 1)),
    "current_streak", "max_streak", "last_win_day", "last_played_day")
#: The same, as a list for a ``SELECT``.
STATS_COLUMNS: Final = ", ".join(STATS_COLUMN_NAMES)
_STREAKS: Final = 2 + DISTRIBUTION_SLOTS  # where the counters after the distribution start
#: The smallest step of a stored time.
TICK: Final = timedelta(microseconds=1)
#: The statistics rows of the keys, made where missing, locked in key order and read
#: (PostgreSQL: ``ON CONFLICT DO UPDATE`` waits for a row another transaction holds).
_LOCK_STATS: Final = (
    "INSERT INTO player_stats (guild_id, player_id, mode) SELECT guild, player, mode FROM "
    "unnest($1::bigint[], $2::bigint[], $3::text[]) AS k(guild, player, mode) "
    "ORDER BY guild, player, mode "
    "ON CONFLICT (guild_id, player_id, mode) DO UPDATE SET mode = excluded.mode "
    f"RETURNING guild_id, player_id, mode, {STATS_COLUMNS}")
#: The rows of the servers and players read (SQLite: its one writer holds the whole file).
_READ_STATS: Final = (f"SELECT guild_id, player_id, mode, {STATS_COLUMNS} FROM player_stats "
                      "WHERE guild_id = ANY($1::bigint[]) AND player_id = ANY($2::bigint[])")
_SAVE_STATS: Final = (
    f"INSERT INTO player_stats (guild_id, player_id, mode, {STATS_COLUMNS}) VALUES ("
    + marks(1, 3 + len(STATS_COLUMN_NAMES)) + ") ON CONFLICT (guild_id, player_id, mode) "
    "DO UPDATE SET " + ", ".join(f"{c} = excluded.{c}" for c in STATS_COLUMN_NAMES))
_END: Final = "UPDATE games SET status = $2, finished_at = $3, solved_by = $4 WHERE id = $1"
#: The finished dailies of players in servers: (server, player, day, won, and the variant's
#: columns).
_DAILY_HISTORY: Final = (
    "SELECT guild_id, owner_id, puzzle_number, status = 'won', language, word_length, "
    "attempts, boards FROM games "
    "WHERE guild_id = ANY($1::bigint[]) AND owner_id = ANY($2::bigint[]) "
    "AND kind = 'daily' AND status <> 'active'")

#: A statistics row's key: server, player, :func:`~bot.core.stats.stats_key`.
Key = tuple[int, int, str]


def stats_row(row: Sequence[Any]) -> StatsRow:
    """A row read as :data:`STATS_COLUMNS` (a tuple, or any database's row)."""
    row = tuple(row)
    current, best, last_win, last_played = row[_STREAKS:_STREAKS + 4]
    return StatsRow(row[0], row[1], tuple(row[2:_STREAKS]), current, best, last_win,
                    last_played)


def stats_keys(game: Game) -> list[Key]:
    """The statistics rows ``game`` counts in, one per counted player, in key order."""
    key = stats_key(game.bucket, game.variant)
    return [(game.guild_id, p, key) for p in sorted(game.counted_players)]


def ordered_since(ended: Sequence[Game]) -> datetime | None:
    """The earliest finish of ``ended`` that must come after the games counted before it:
    the games finished since then are :func:`end_games`'s ``finished`` (``None``: none)."""
    return min((at for at, keys in map(_ordered, ended) if keys), default=None)


def _ordered(game: Game) -> tuple[datetime, list[Key]]:
    """An ended game's finish, and the rows that must count it in finish order (dailies'
    streaks follow their days)."""
    assert game.finished_at is not None
    return game.finished_at, [] if game.bucket == StatsBucket.DAILY else stats_keys(game)


async def end_games(tx: Tx, ended: Sequence[tuple[Game, int | None]], finished: list[Game]
                    ) -> tuple[list[Game], dict[int, dict[int, StatsRow]]]:
    """Save the ends of ``ended`` (games marked ended, each with the day it ends on), in order,
    after the games of their rows already ``finished`` (those since :func:`ordered_since`),
    and count them: the games as saved, and by game each counted player's row after it."""
    keys = sorted({key for game, _ in ended for key in stats_keys(game)})
    current = await _lock_stats(tx, keys)
    finishes = finishes_in_counting_order(
        [_ordered(game) for game, _ in ended], map(_ordered, finished), TICK)
    games = [game if at == game.finished_at else game.moved(finished_at=at)
             for (game, _), at in zip(ended, finishes, strict=True)]
    await tx.executemany(_END, [(g.id, g.status.value, g.finished_at, g.solved_by)
                                for g in games])
    daily = {key for game, _ in ended if game.bucket is StatsBucket.DAILY
             for key in stats_keys(game)}
    history: dict[Key, list[tuple[int, bool]]] = {}
    if daily:  # (the statement's servers and players cross: keep the rows asked for)
        for guild, player, number, won, *variant in await tx.fetch(
                _DAILY_HISTORY, sorted({d[0] for d in daily}), sorted({d[1] for d in daily})):
            key = (guild, player, stats_key(StatsBucket.DAILY, stored_variant(*variant)))
            if key in daily:
                history.setdefault(key, []).append((number, bool(won)))
    counted: dict[int, dict[int, StatsRow]] = {}
    saved: dict[Key, StatsRow] = {}
    for game, (_, day) in zip(games, ended, strict=True):
        won, attempts = game.won, len(game.guesses)
        rows = counted[game.id] = {}
        for key in stats_keys(game):
            if key in daily:
                after = record_daily_result(current.get(key), won=won, attempts=attempts,
                                            day=day, history=history.get(key, []))
            else:
                after = record_result(current.get(key), won=won, attempts=attempts, day=day)
            current[key] = saved[key] = rows[key[1]] = after
    await tx.executemany(_SAVE_STATS, [
        (*key, row.played, row.wins, *row.distribution, row.current_streak, row.max_streak,
         row.last_win_day, row.last_played_day)
        for key, row in saved.items()])
    return games, counted


async def _lock_stats(tx: Tx, keys: list[Key]) -> dict[Key, StatsRow | None]:
    """The rows of ``keys``, locked (PostgreSQL makes the missing ones; SQLite: ``None``)."""
    if not keys:
        return {}
    if tx.dialect == "postgres":
        rows = await tx.fetch(_LOCK_STATS, *arrays(keys, 3))
    else:
        rows = await tx.fetch(_READ_STATS, sorted({k[0] for k in keys}),
                              sorted({k[1] for k in keys}))
    found = {(r[0], r[1], r[2]): stats_row(tuple(r)[3:]) for r in rows}
    return {key: found.get(key) for key in keys}
