"""Statistics and leaderboards (read), server settings, daily results and their posts."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any, Final

import aiosqlite

from bot.core.domain import StatsBucket

from .. import validation
from ..daily_posts import DAY_RESULTS, POST_REDONE, POSTS_BEHIND, POSTS_TO_REDO
from ..models import (
    SETTINGS_COLUMNS,
    UNSET,
    DailyPostBehind,
    DailyResult,
    GuildSettings,
    Leaderboard,
    Stats,
    Unset,
    guild_settings_from_row,
)
from ..stats import (
    STATS_COLUMNS,
    board_of,
    consecutive_days,
    ending_figures_of,
    stats_columns_of,
    stats_row,
    to_stats,
)
from ..validation import from_text, to_text
from .writer import Core

_SETTINGS: Final = ", ".join(SETTINGS_COLUMNS)
_HINT_COUNT: Final = "SELECT count(*) FROM hints WHERE game_id = ?1"
#: A game's hint count (?1), and the statistics of each player in a JSON array (?2, in its
#: order), in one server (?3) and bucket (?4): ``ending_figures``, also read by the writer
#: (``games.save_group``) for a guess ending its game.
ENDING_FIGURES: Final = (
    f"SELECT ({_HINT_COUNT}), s.player_id IS NOT NULL, {stats_columns_of('s')} "
    "FROM json_each(?2) AS p LEFT JOIN player_stats s "
    "ON s.guild_id = ?3 AND s.player_id = p.value AND s.mode = ?4 ORDER BY p.key"
)
#: Each player's daily wins helped by hints, in one server (ranked after the same value).
_HINTED_WINS: Final = (
    "SELECT g.owner_id, count(*) FROM games g WHERE g.guild_id = ? AND g.kind = 'daily' "
    "AND g.status = 'won' AND EXISTS (SELECT 1 FROM hints h WHERE h.game_id = g.id) "
    "GROUP BY g.owner_id"
)
#: Fix the server's daily order once: the first day from today on that nobody on the server
#: has started a daily (a forgotten player's played mark counts too), unless already fixed.
_SETTLE_ORDER: Final = (
    "INSERT INTO guild_settings (guild_id, daily_order_from) VALUES (:guild, "
    "max(:today, coalesce((SELECT max(n) + 1 FROM (SELECT puzzle_number AS n FROM games "
    "WHERE guild_id = :guild AND kind = 'daily' UNION ALL SELECT puzzle_number FROM "
    "played_dailies WHERE guild_id = :guild)), :today))) "
    "ON CONFLICT (guild_id) DO UPDATE SET "
    "daily_order_from = coalesce(daily_order_from, excluded.daily_order_from) "
    "RETURNING daily_order_from"
)


def _settings(guild_id: int, row: Sequence[Any]) -> GuildSettings:
    """A settings row, ``held_until`` (ISO text here) as an aware datetime."""
    return guild_settings_from_row(guild_id, row, from_text(row[-1]) if row[-1] else None)


class Statistics(Core):
    async def stats(
        self, guild_id: int, player_id: int, mode: str, *, today: int | None = None
    ) -> Stats:
        validation.check_id("guild_id", guild_id)
        validation.check_id("player_id", player_id)
        validation.check_choice("mode", mode, StatsBucket)
        validation.check_day("today", today, optional=True)
        rows = await self._read(
            f"SELECT {STATS_COLUMNS} FROM player_stats "
            "WHERE guild_id = ? AND player_id = ? AND mode = ?",
            (guild_id, player_id, mode),
        )
        return to_stats(stats_row(rows[0]) if rows else None, mode, today)

    async def ending_figures(
        self, game_id: int, guild_id: int, player_ids: Sequence[int], mode: str, *,
        today: int | None = None,
    ) -> tuple[int, list[Stats]]:
        validation.check_id("game_id", game_id)
        validation.check_ending(guild_id, player_ids, mode, today)
        if not player_ids:
            return (await self._read(_HINT_COUNT, (game_id,)))[0][0], []
        rows = await self._read(ENDING_FIGURES,
                                (game_id, json.dumps(list(player_ids)), guild_id, mode))
        return ending_figures_of(rows, mode, today)

    async def leaderboard(
        self,
        guild_id: int,
        *,
        mode: str = "daily",
        by: str = "wins",
        limit: int = 10,
        player_id: int | None = None,
        today: int | None = None,
    ) -> Leaderboard:
        validation.check_board(guild_id=guild_id, mode=mode, by=by, limit=limit,
                               player_id=player_id, today=today)
        rows = await self._read(
            f"SELECT player_id, {STATS_COLUMNS} FROM player_stats "
            "WHERE guild_id = ? AND mode = ? AND played > 0",
            (guild_id, mode),
        )
        hinted: dict[int, int] = {}
        if mode == StatsBucket.DAILY:
            hinted = {row[0]: row[1] for row in await self._read(_HINTED_WINS, (guild_id,))}
        top, mine = board_of(
            ((row[0], stats_row(row[1:])) for row in rows), mode=mode, by=by, today=today,
            hinted=hinted, limit=limit, player_id=player_id,
        )
        return Leaderboard(rows=top, player_row=mine)


class Settings(Core):
    async def guild_settings(self, guild_id: int) -> GuildSettings:
        validation.check_id("guild_id", guild_id)
        rows = await self._read(
            f"SELECT {_SETTINGS} FROM guild_settings WHERE guild_id = ?", (guild_id,)
        )
        return _settings(guild_id, rows[0]) if rows else GuildSettings(guild_id)

    async def update_guild_settings(
        self,
        guild_id: int,
        *,
        timezone: str | Unset = UNSET,
        results_channel_id: int | Unset | None = UNSET,
        hints_in_channel_games: bool | Unset = UNSET,
        hints_in_dailies: bool | Unset = UNSET,
        held_day: int | Unset | None = UNSET,
        held_until: datetime | Unset | None = UNSET,
    ) -> GuildSettings:
        validation.check_id("guild_id", guild_id)
        changes = validation.settings_changes(
            timezone=timezone, results_channel_id=results_channel_id,
            hints_in_channel_games=hints_in_channel_games, hints_in_dailies=hints_in_dailies,
            held_day=held_day, held_until=held_until)

        # Only the columns given are written (an UPSERT that returns the row as it is after).
        columns = list(changes)
        values = [int(v) if isinstance(v, bool) else to_text(v) if isinstance(v, datetime)
                  else v for v in changes.values()]
        assignments = ", ".join(f"{c} = excluded.{c}" for c in columns) or "guild_id = guild_id"
        sql = (
            f"INSERT INTO guild_settings ({', '.join(['guild_id', *columns])}) "
            f"VALUES ({', '.join('?' * (len(columns) + 1))}) "
            f"ON CONFLICT (guild_id) DO UPDATE SET {assignments} "
            f"RETURNING {_SETTINGS}"
        )

        async def job(conn: aiosqlite.Connection) -> GuildSettings:
            rows = await conn.execute_fetchall(sql, (guild_id, *values))
            return _settings(guild_id, next(iter(rows)))

        result: GuildSettings = await self._write(job)
        return result

    async def settle_daily_order(self, guild_id: int, today: int) -> int:
        validation.check_id("guild_id", guild_id)
        validation.check_day("today", today)

        async def job(conn: aiosqlite.Connection) -> int:
            rows = await conn.execute_fetchall(_SETTLE_ORDER, {"guild": guild_id,
                                                               "today": today})
            return int(next(iter(rows))[0])

        result: int = await self._write(job)
        return result

    async def daily_results(self, guild_id: int, puzzle_number: int) -> list[DailyResult]:
        validation.check_id("guild_id", guild_id)
        validation.check_day("puzzle_number", puzzle_number)
        rows = await self._read(
            "SELECT g.owner_id, g.status, "
            "(SELECT count(*) FROM guesses q WHERE q.game_id = g.id), g.hard_mode, g.finished_at, "
            "EXISTS (SELECT 1 FROM hints h WHERE h.game_id = g.id) "
            "FROM games g WHERE g.guild_id = ? AND g.puzzle_number = ? AND g.kind = 'daily' "
            "AND g.status <> 'active' ORDER BY g.finished_at, g.id",
            (guild_id, puzzle_number),
        )
        return [
            DailyResult(row[0], row[1], row[2], bool(row[3]), from_text(row[4]), bool(row[5]))
            for row in rows
        ]

    async def daily_post(self, guild_id: int, puzzle_number: int) -> tuple[int, int] | None:
        validation.check_id("guild_id", guild_id)
        validation.check_day("puzzle_number", puzzle_number)
        rows = await self._read(
            "SELECT channel_id, message_id FROM daily_posts "
            "WHERE guild_id = ? AND puzzle_number = ?",
            (guild_id, puzzle_number),
        )
        return (rows[0][0], rows[0][1]) if rows else None

    async def set_daily_post(
        self, guild_id: int, puzzle_number: int, channel_id: int, message_id: int
    ) -> None:
        validation.check_id("guild_id", guild_id)
        validation.check_day("puzzle_number", puzzle_number)
        validation.check_id("channel_id", channel_id)
        validation.check_id("message_id", message_id)

        async def job(conn: aiosqlite.Connection) -> None:
            await conn.execute(
                "INSERT OR REPLACE INTO daily_posts (guild_id, puzzle_number, channel_id, "
                "message_id) VALUES (?, ?, ?, ?)",
                (guild_id, puzzle_number, channel_id, message_id),
            )

        await self._write(job)

    async def set_daily_post_shown(self, guild_id: int, puzzle_number: int,
                                   shown: int) -> None:
        validation.check_id("guild_id", guild_id)
        validation.check_day("puzzle_number", puzzle_number)
        validation.check_count("shown", shown)

        async def job(conn: aiosqlite.Connection) -> None:
            await conn.execute(
                f"UPDATE daily_posts SET shown = min(max(shown, ?1), {DAY_RESULTS}), "
                f"redo = redo + (?1 > {DAY_RESULTS}) "
                "WHERE guild_id = ?2 AND puzzle_number = ?3",
                (shown, guild_id, puzzle_number),
            )

        await self._write(job)

    async def daily_posts_behind(self, since: int) -> list[DailyPostBehind]:
        validation.check_day("since", since)
        rows = await self._read(POSTS_BEHIND, (since,))
        return [DailyPostBehind(*row) for row in rows]

    async def daily_posts_to_redo(self) -> list[tuple[int, int, int]]:
        return [(int(g), int(n), int(r)) for g, n, r in await self._read(POSTS_TO_REDO)]

    async def daily_post_redone(self, guild_id: int, puzzle_number: int, redo: int) -> None:
        validation.check_id("guild_id", guild_id)
        validation.check_day("puzzle_number", puzzle_number)
        validation.check_count("redo", redo)

        async def job(conn: aiosqlite.Connection) -> None:
            await conn.execute(POST_REDONE, (guild_id, puzzle_number, redo))

        await self._write(job)

    async def server_streak(self, guild_id: int, today: int) -> int:
        validation.check_id("guild_id", guild_id)
        validation.check_day("today", today)
        rows = await self._read(
            "SELECT DISTINCT puzzle_number FROM games WHERE guild_id = ? AND kind = 'daily' "
            "AND status = 'won' AND puzzle_number <= ?",
            (guild_id, today),
        )
        return consecutive_days((row[0] for row in rows), today)
