"""Races on PostgreSQL (a part of the store; the rules: :mod:`bot.storage.races`, the writes:
:mod:`bot.storage.race_writes`). A race is read in one statement (racers and guesses as JSON).
Every write to a race first locks its row, so writes to one race (from any process) run one
after the other; starting a race first takes the channel's advisory lock, which a new channel
game's insert takes too (migration 0006), so the two never both start in one channel."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime
from typing import Any, Final, TypeVar

from bot.core.domain import LeaderboardOrder

from .. import race_writes
from ..models import HintRecord
from ..races import (
    RaceBoard,
    RaceRecord,
    RaceStats,
    race_from_json,
    rank_races,
    stats_from_row,
    stats_query,
)
from ..validation import check_id, check_limit

_T = TypeVar("_T")
_GUESSES: Final = (
    "(SELECT coalesce(json_agg(json_build_array(q.attempt, q.word, q.feedback, q.created_at)), "
    "'[]'::json) FROM race_guesses q WHERE q.race_id = p.race_id AND q.player_id = p.player_id)"
)
RACE_JSON: Final = (
    "json_build_array(r.id, r.guild_id, r.channel_id, r.starter_id, r.answer, r.hard_mode, "
    "r.created_at, r.ends_at, r.join_window_ends_at, r.finished_at, r.end_reason, "
    "r.message_id, "
    "(SELECT coalesce(json_agg(json_build_array(p.player_id, p.joined_at, p.status, "
    f"p.finished_at, p.hints, p.place, {_GUESSES})), '[]'::json) FROM race_players p "
    "WHERE p.race_id = r.id))"
)
_MARK = re.compile(r"\?")


def dollars(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1``, ``$2``, ..."""
    count = iter(range(1, 1000))
    return _MARK.sub(lambda _: f"${next(count)}", sql)


def select_races(where: str, *, lock: bool = False) -> str:
    tail = " FOR UPDATE OF r" if lock else ""
    return dollars(f"SELECT {RACE_JSON} FROM races r WHERE {where} ORDER BY r.id{tail}")


class _Tx:
    """A pool connection inside its transaction (:class:`race_writes.Tx`)."""

    def __init__(self, conn: Any) -> None:
        self.conn = conn

    async def run(self, sql: str, *params: Any) -> None:
        await self.conn.execute(dollars(sql), *params)

    async def rows(self, sql: str, *params: Any) -> list[Sequence[Any]]:
        return list(await self.conn.fetch(dollars(sql), *params))

    async def race(self, where: str, *params: Any, lock: bool = True) -> RaceRecord | None:
        if lock:  # the race's row first: writes to one race run one after the other
            await self.conn.execute(dollars(f"SELECT 1 FROM races r WHERE {where} FOR UPDATE"),
                                    *params)
        found = await self.conn.fetch(select_races(where), *params)
        return race_from_json(found[-1][0]) if found else None

    async def lock_channel(self, guild_id: int, channel_id: int) -> None:
        await self.conn.execute("SELECT pg_advisory_xact_lock(wordle_race_channel_key($1, $2))",
                                guild_id, channel_id)

    def time(self, moment: datetime) -> Any:
        return moment

    def flag(self, value: bool) -> Any:
        return value


class Races(race_writes.RaceMoves):
    """The race calls of the port (their contracts: :class:`bot.storage.Store`)."""

    async def _fetch(self, sql: str, *params: Any) -> list[Any]:
        raise NotImplementedError

    async def _transaction(self, work: Callable[[Any], Awaitable[_T]]) -> _T:
        raise NotImplementedError

    async def _race_job(self, work: Callable[[_Tx], Awaitable[_T]]) -> _T:
        return await self._transaction(lambda conn: work(_Tx(conn)))

    async def _read_races(self, where: str, *params: Any) -> list[RaceRecord]:
        return [race_from_json(row[0]) for row in await self._fetch(select_races(where),
                                                                    *params)]

    async def race_hints(self, race_id: int, player_id: int) -> list[HintRecord]:
        check_id("race_id", race_id)
        check_id("player_id", player_id)
        rows = await self._fetch(
            "SELECT player_id, kind, value, created_at FROM race_hints WHERE race_id = $1 "
            "AND player_id = $2 ORDER BY id", race_id, player_id)
        return [HintRecord(r[0], r[1], r[2], r[3]) for r in rows]

    async def race_stats(self, guild_id: int, player_id: int) -> RaceStats:
        check_id("guild_id", guild_id)
        check_id("player_id", player_id)
        rows = await self._fetch(stats_query(("$1", "$2"), one_player=True), guild_id,
                                 player_id)
        return stats_from_row(rows[0]) if rows else RaceStats()

    async def race_leaderboard(self, guild_id: int, *,
                               by: LeaderboardOrder = LeaderboardOrder.WINS, limit: int = 10,
                               player_id: int | None = None) -> RaceBoard:
        check_id("guild_id", guild_id)
        check_limit(limit)
        check_id("player_id", player_id, optional=True)
        rows = await self._fetch(stats_query(("$1",), one_player=False), guild_id)
        return rank_races(rows, by, limit, player_id)

    async def hints_in_races(self, guild_id: int) -> bool:
        check_id("guild_id", guild_id)
        rows = await self._fetch(
            "SELECT hints_in_races FROM guild_settings WHERE guild_id = $1", guild_id)
        return bool(rows[0][0]) if rows else False
