"""Server settings on PostgreSQL (a part of the store)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime
from typing import Any, Final, TypeVar

from ..models import (
    SETTINGS_COLUMNS,
    UNSET,
    GuildSettings,
    Stats,
    Unset,
    guild_settings_from_row,
)
from ..stats import ending_figures_of, stats_columns_of
from ..validation import check_day, check_ending, check_id, settings_changes

_T = TypeVar("_T")
_SETTINGS: Final = ", ".join(SETTINGS_COLUMNS)
#: Fix the server's daily order once: the first day from today ($2) on that nobody on the
#: server has started a daily (a forgotten player's played mark counts too), unless fixed.
_SETTLE_ORDER: Final = (
    "INSERT INTO guild_settings (guild_id, daily_order_from) VALUES ($1, "
    "GREATEST($2, (SELECT max(n) + 1 FROM (SELECT puzzle_number AS n FROM games "
    "WHERE guild_id = $1 AND kind = 'daily' UNION ALL SELECT puzzle_number FROM "
    "played_dailies WHERE guild_id = $1) AS started))) "
    "ON CONFLICT (guild_id) DO UPDATE SET daily_order_from = "
    "coalesce(guild_settings.daily_order_from, excluded.daily_order_from) "
    "RETURNING daily_order_from"
)
#: Each player's daily wins helped by hints, in one server (ranked after the same value).
HINTED_WINS: Final = (
    "SELECT g.owner_id, count(*) FROM games g WHERE g.guild_id = $1 AND g.kind = 'daily' "
    "AND g.status = 'won' AND EXISTS (SELECT 1 FROM hints h WHERE h.game_id = g.id) "
    "GROUP BY g.owner_id"
)


_HINT_COUNT: Final = "SELECT count(*) FROM hints WHERE game_id = $1"
#: A game's hint count ($1), and the statistics of each player ($2, in its order).
_ENDING: Final = (
    f"SELECT ({_HINT_COUNT}), s.player_id IS NOT NULL, {stats_columns_of('s')} "
    "FROM unnest($2::bigint[]) WITH ORDINALITY AS p(player_id, n) LEFT JOIN player_stats s "
    "ON s.guild_id = $3 AND s.player_id = p.player_id AND s.mode = $4 ORDER BY p.n"
)


class Settings:
    async def _fetch(self, sql: str, *params: Any) -> list[Any]:
        raise NotImplementedError

    async def _transaction(self, work: Callable[[Any], Awaitable[_T]]) -> _T:
        raise NotImplementedError

    async def ending_figures(
        self, game_id: int, guild_id: int, player_ids: Sequence[int], mode: str, *,
        today: int | None = None,
    ) -> tuple[int, list[Stats]]:
        check_id("game_id", game_id)
        check_ending(guild_id, player_ids, mode, today)
        if not player_ids:
            return (await self._fetch(_HINT_COUNT, game_id))[0][0], []
        rows = await self._fetch(_ENDING, game_id, list(player_ids), guild_id, mode)
        return ending_figures_of(rows, mode, today)

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        check_id("guild_id", guild_id)
        found = await self._fetch(
            f"SELECT {_SETTINGS} FROM guild_settings WHERE guild_id = $1", guild_id
        )
        return (guild_settings_from_row(guild_id, found[0], found[0][-1]) if found
                else GuildSettings(guild_id))

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
        """Change only the settings given; returns all of them afterwards."""
        check_id("guild_id", guild_id)
        changes = settings_changes(
            timezone=timezone, results_channel_id=results_channel_id,
            hints_in_channel_games=hints_in_channel_games, hints_in_dailies=hints_in_dailies,
            held_day=held_day, held_until=held_until)
        columns = list(changes)  # only these fixed names: never text from outside
        assignments = ", ".join(f"{c} = excluded.{c}" for c in columns)
        sql = (
            f"INSERT INTO guild_settings ({', '.join(['guild_id', *columns])}) "
            f"VALUES ({', '.join(f'${n}' for n in range(1, len(columns) + 2))}) "
            + (
                f"ON CONFLICT (guild_id) DO UPDATE SET {assignments} "
                if columns
                else "ON CONFLICT (guild_id) DO UPDATE SET guild_id = excluded.guild_id "
            )
            + f"RETURNING {_SETTINGS}"
        )

        async def work(conn: Any) -> GuildSettings:
            found = await conn.fetchrow(sql, guild_id, *changes.values())
            return guild_settings_from_row(guild_id, found, found[-1])

        return await self._transaction(work)

    async def settle_daily_order(self, guild_id: int, today: int) -> int:
        check_id("guild_id", guild_id)
        check_day("today", today)

        async def work(conn: Any) -> int:
            return int(await conn.fetchval(_SETTLE_ORDER, guild_id, today))

        return await self._transaction(work)

    async def _hinted_wins(self, guild_id: int) -> dict[int, int]:
        """Each player's daily wins helped by hints in the server (``leaderboard``)."""
        return {r[0]: int(r[1]) for r in await self._fetch(HINTED_WINS, guild_id)}
