"""The store's statistics reads: a player's row, the rows an ending shows, the all-time
leaderboard and the boards of one period. The counting and ranking are the core's
(:mod:`bot.core.stats`), and so is the key a row is kept under (:func:`~bot.core.stats.stats_key`,
a bucket and a variant); a row is counted where a game ends
(:func:`bot.storage.endings.end_games`).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Final

from bot.core.domain import STORED_MODES, LeaderboardOrder, Scope, StatsBucket
from bot.core.stats import (
    DISTRIBUTION_SLOTS,
    Leaderboard,
    Stats,
    StatsRow,
    board_of,
    stats_key,
    to_stats,
)
from bot.core.variant import CLASSIC, Variant

from .database import Database, marks
from .endings import STATS_COLUMN_NAMES, STATS_COLUMNS, stats_row

#: Each player's won dailies of a server (``$1``) helped by hints, of one variant
#: (``{variant}``: :func:`variant_filter` from ``$2``).
_HINTED_WINS: Final = (
    "SELECT g.owner_id, count(*) FROM games g WHERE g.guild_id = $1 AND g.kind = 'daily' "
    "AND g.status = 'won' AND {variant} "
    "AND EXISTS (SELECT 1 FROM hints h WHERE h.game_id = g.id) GROUP BY g.owner_id"
)


def variant_filter(variant: Variant, first: int) -> tuple[str, tuple[object, ...]]:
    """The condition on ``games g`` that keeps the games of ``variant`` (its pack and number
    of boards), with its parameters, numbered from ``$first``."""
    columns = {"language": variant.language, "word_length": variant.length,
               "boards": variant.boards}
    condition = " AND ".join(f"g.{column} = ${n}" for n, column in enumerate(columns, first))
    return condition, tuple(columns.values())


def period_query(bucket: StatsBucket, variant: Variant = CLASSIC
                 ) -> tuple[str, tuple[object, ...]]:
    """One row per player, ``(player, played, wins, won in 1, 2, ... attempts, hinted wins)``,
    for the games of ``bucket`` and ``variant`` finished in a server (``$1``) from a start
    (``$2``, included) to an end (``$3``, excluded), each counted for the players its
    statistics count for (:func:`bot.core.domain.counted_players`): the database adds them
    up. With the query, the variant's parameters, which follow those three."""
    # Attempts matter for wins alone; hints for dailies alone (hinted wins rank after).
    hinted = ("EXISTS (SELECT 1 FROM hints h WHERE h.game_id = g.id)"
              if bucket is StatsBucket.DAILY else "false")
    modes = [m for m in STORED_MODES if m.bucket is bucket]
    players = ("coalesce(p.player_id, g.owner_id) AS player",
               "LEFT JOIN guesses p ON p.game_id = g.id AND g.scope = 'channel' "
               "AND p.player_id IS NOT NULL",
               " AND (g.scope = 'own' OR p.player_id IS NOT NULL)")
    if not any(m.scope is Scope.CHANNEL for m in modes):  # own games: the owner, no join
        players = ("g.owner_id AS player", "", "")
    # The bucket's games, from the modes table's fixed names only.
    pairs = " OR ".join([f"(g.scope = '{m.scope.value}' AND g.kind = '{m.kind.value}')"
                         for m in modes] or ["false"])
    spread = "".join(f", sum(CASE WHEN won AND attempts = {n} THEN 1 ELSE 0 END)"
                     for n in range(1, DISTRIBUTION_SLOTS + 1))
    same_variant, values = variant_filter(variant, 4)
    return (
        "SELECT player, count(*), sum(CASE WHEN won THEN 1 ELSE 0 END)"
        f"{spread}, sum(CASE WHEN won AND hinted THEN 1 ELSE 0 END) FROM (SELECT DISTINCT g.id, "
        f"{players[0]}, g.status = 'won' AS won, CASE WHEN g.status = 'won' THEN "
        "(SELECT count(*) FROM guesses c WHERE c.game_id = g.id) ELSE 0 END AS attempts, "
        f"{hinted} AS hinted FROM games g {players[1]} WHERE g.guild_id = $1 "
        "AND g.status <> 'active' AND g.finished_at >= $2 AND g.finished_at < $3 "
        f"AND ({pairs}) AND {same_variant}{players[2]}) AS f GROUP BY player"
    ), values


class Statistics:
    """The statistics calls of the port (contracts: :class:`bot.storage.Store`)."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def stats(self, guild_id: int, player_id: int, mode: StatsBucket, *,
                    today: int | None = None, variant: Variant = CLASSIC) -> Stats:
        rows = await self._db.fetch(
            f"SELECT {STATS_COLUMNS} FROM player_stats WHERE guild_id = $1 "
            "AND player_id = $2 AND mode = $3", guild_id, player_id, stats_key(mode, variant))
        return to_stats(stats_row(rows[0]) if rows else None, mode, today, variant)

    async def ending_figures(self, game_id: int, guild_id: int, player_ids: Sequence[int],
                             mode: StatsBucket, *, today: int | None = None,
                             variant: Variant = CLASSIC) -> tuple[int, list[Stats]]:
        players = list(player_ids) or [-1]  # (one statement: the hint count, and each row)
        rows = await self._db.fetch(
            f"SELECT h.n, s.player_id, {', '.join(f's.{c}' for c in STATS_COLUMN_NAMES)} "
            "FROM (SELECT count(*) AS n FROM hints WHERE game_id = $1) AS h "
            "LEFT JOIN player_stats s ON s.guild_id = $2 AND s.mode = $3 "
            f"AND s.player_id IN ({marks(4, len(players))})", game_id, guild_id,
            stats_key(mode, variant), *players)
        found = {r[1]: tuple(r)[2:] for r in rows if r[1] is not None}
        return int(rows[0][0]), [to_stats(stats_row(found[p]) if p in found else None, mode,
                                          today, variant) for p in player_ids]

    async def leaderboard(self, guild_id: int, *, mode: StatsBucket = StatsBucket.DAILY,
                          by: LeaderboardOrder = LeaderboardOrder.WINS, limit: int = 10,
                          player_id: int | None = None, today: int | None = None,
                          variant: Variant = CLASSIC) -> Leaderboard:
        rows = await self._db.fetch(
            f"SELECT player_id, {STATS_COLUMNS} FROM player_stats WHERE guild_id = $1 "
            "AND mode = $2 AND played > 0", guild_id, stats_key(mode, variant))
        hinted: dict[int, int] = {}
        if mode == StatsBucket.DAILY:
            same_variant, values = variant_filter(variant, 2)
            hinted = {r[0]: int(r[1]) for r in await self._db.fetch(
                _HINTED_WINS.format(variant=same_variant), guild_id, *values)}
        top, mine = board_of(((r[0], stats_row(tuple(r)[1:])) for r in rows), mode=mode, by=by,
                             today=today, hinted=hinted, limit=limit, player_id=player_id,
                             variant=variant)
        return Leaderboard(rows=top, player_row=mine, variant=variant)

    async def period_leaderboard(self, guild_id: int, *, mode: StatsBucket,
                                 by: LeaderboardOrder, start: datetime, end: datetime,
                                 limit: int = 10, player_id: int | None = None,
                                 variant: Variant = CLASSIC) -> Leaderboard:
        bucket, entries, hinted = StatsBucket(mode), [], {}
        query, values = period_query(bucket, variant)
        for player, played, wins, *spread, helped in await self._db.fetch(
                query, guild_id, start, end, *values):
            entries.append((player, StatsRow(played, wins, tuple(spread))))
            if helped and bucket is StatsBucket.DAILY:
                hinted[player] = helped
        top, mine = board_of(entries, mode=str(mode), by=str(by), today=None, hinted=hinted,
                             limit=limit, player_id=player_id, variant=variant)
        return Leaderboard(rows=top, player_row=mine, variant=variant)
