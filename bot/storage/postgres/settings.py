"""Server settings on PostgreSQL (a part of the store)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from ..models import UNSET, GuildSettings, Unset
from ..validation import check_bool, check_id, validate_timezone
from . import rows

_T = TypeVar("_T")


class Settings:
    async def _fetch(self, sql: str, *params: Any) -> list[Any]:
        raise NotImplementedError

    async def _transaction(self, work: Callable[[Any], Awaitable[_T]]) -> _T:
        raise NotImplementedError

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        check_id("guild_id", guild_id)
        found = await self._fetch(
            "SELECT timezone, results_channel_id, hints_in_channel_games FROM guild_settings "
            "WHERE guild_id = $1",
            guild_id,
        )
        return rows.guild_settings(guild_id, found[0]) if found else GuildSettings(guild_id)

    async def update_guild_settings(
        self,
        guild_id: int,
        *,
        timezone: str | Unset = UNSET,
        results_channel_id: int | Unset | None = UNSET,
        hints_in_channel_games: bool | Unset = UNSET,
    ) -> GuildSettings:
        """Change only the settings given; returns all of them afterwards."""
        check_id("guild_id", guild_id)
        changes: dict[str, Any] = {}
        if not isinstance(timezone, Unset):
            changes["timezone"] = validate_timezone(timezone)
        if not isinstance(results_channel_id, Unset):
            check_id("results_channel_id", results_channel_id, optional=True)
            changes["results_channel_id"] = results_channel_id
        if not isinstance(hints_in_channel_games, Unset):
            check_bool("hints_in_channel_games", hints_in_channel_games)
            changes["hints_in_channel_games"] = hints_in_channel_games
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
            + "RETURNING timezone, results_channel_id, hints_in_channel_games"
        )

        async def work(conn: Any) -> GuildSettings:
            found = await conn.fetchrow(sql, guild_id, *changes.values())
            return rows.guild_settings(guild_id, found)

        return await self._transaction(work)
