"""Races on SQLite (a part of the store; the rules: :mod:`bot.storage.races`, the writes:
:mod:`bot.storage.race_writes`). A race is read in one statement, its racers and their guesses
folded in as JSON; writes are jobs of the store's one writer, so they never overlap."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, Final

import aiosqlite

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
from ..validation import check_id, check_limit, from_text
from ..validation import to_text as _to_text
from .writer import Core

_GUESSES: Final = (
    "json((SELECT json_group_array(json_array(q.attempt, q.word, q.feedback, q.created_at)) "
    "FROM race_guesses q WHERE q.race_id = p.race_id AND q.player_id = p.player_id))"
)
RACE_JSON: Final = (
    "json_array(r.id, r.guild_id, r.channel_id, r.starter_id, r.answer, r.hard_mode, "
    "r.created_at, r.ends_at, r.join_window_ends_at, r.finished_at, r.end_reason, "
    "r.message_id, "
    "json((SELECT json_group_array(json_array(p.player_id, p.joined_at, p.status, "
    f"p.finished_at, p.hints, p.place, {_GUESSES})) FROM race_players p "
    "WHERE p.race_id = r.id)))"
)
SELECT_RACES: Final = f"SELECT {RACE_JSON} FROM races r WHERE {{where}} ORDER BY r.id"


class _Tx:
    """The writer connection inside its transaction (:class:`race_writes.Tx`)."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def run(self, sql: str, *params: Any) -> None:
        await self.conn.execute(sql, params)

    async def rows(self, sql: str, *params: Any) -> list[Sequence[Any]]:
        return list(await self.conn.execute_fetchall(sql, params))

    async def _write_lock(self) -> None:
        """Take the file's write lock before reading what the write decides on: the writer
        begins its transactions by itself only at the first INSERT/UPDATE, and another
        process may commit in between."""
        if not self.conn.in_transaction:
            await self.conn.execute("BEGIN IMMEDIATE")

    async def race(self, where: str, *params: Any, lock: bool = True) -> RaceRecord | None:
        await self._write_lock()
        found = await self.rows(SELECT_RACES.format(where=where), *params)
        return race_from_json(found[-1][0]) if found else None

    async def lock_channel(self, guild_id: int, channel_id: int) -> None:
        await self._write_lock()  # this process has one writer; others wait for the lock

    def time(self, moment: datetime) -> Any:
        return _to_text(moment)

    def flag(self, value: bool) -> Any:
        return int(value)


class Races(race_writes.RaceMoves, Core):
    """The race calls of the port (their contracts: :class:`bot.storage.Store`)."""

    async def _race_job(self, work: Any) -> Any:
        async def job(conn: aiosqlite.Connection) -> Any:
            return await work(_Tx(conn))

        return await self._write(job)

    async def _read_races(self, where: str, *params: Any) -> list[RaceRecord]:
        rows = await self._read(SELECT_RACES.format(where=where), params)
        return [race_from_json(row[0]) for row in rows]

    async def race_hints(self, race_id: int, player_id: int) -> list[HintRecord]:
        check_id("race_id", race_id)
        check_id("player_id", player_id)
        rows = await self._read(
            "SELECT player_id, kind, value, created_at FROM race_hints WHERE race_id = ? "
            "AND player_id = ? ORDER BY id", (race_id, player_id))
        return [HintRecord(r[0], r[1], r[2], from_text(r[3])) for r in rows]

    async def race_stats(self, guild_id: int, player_id: int) -> RaceStats:
        check_id("guild_id", guild_id)
        check_id("player_id", player_id)
        rows = await self._read(stats_query(("?", "?"), one_player=True), (guild_id, player_id))
        return stats_from_row(rows[0]) if rows else RaceStats()

    async def race_leaderboard(self, guild_id: int, *,
                               by: LeaderboardOrder = LeaderboardOrder.WINS, limit: int = 10,
                               player_id: int | None = None) -> RaceBoard:
        check_id("guild_id", guild_id)
        check_limit(limit)
        check_id("player_id", player_id, optional=True)
        rows = await self._read(stats_query(("?",), one_player=False), (guild_id,))
        return rank_races(rows, by, limit, player_id)

    async def hints_in_races(self, guild_id: int) -> bool:
        check_id("guild_id", guild_id)
        rows = await self._read("SELECT hints_in_races FROM guild_settings WHERE guild_id = ?",
                                (guild_id,))
        return bool(rows[0][0]) if rows else False
