"""Player preferences on PostgreSQL (a part of the store; see :mod:`bot.storage.prefs`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any, Final, TypeVar

from ..prefs import PREFS_COLUMNS, PlayerPrefs, checked_prefs, prefs_from_row
from ..validation import check_id, now_utc

_T = TypeVar("_T")
_COLUMNS: Final = ", ".join(PREFS_COLUMNS)
_SAVE: Final = (
    f"INSERT INTO player_prefs (player_id, {_COLUMNS}, updated_at) "
    f"VALUES ({', '.join(f'${i}' for i in range(1, len(PREFS_COLUMNS) + 3))}) "
    "ON CONFLICT (player_id) DO UPDATE "
    f"SET {', '.join(f'{c} = excluded.{c}' for c in (*PREFS_COLUMNS, 'updated_at'))}"
)


class Prefs:
    async def _fetch(self, sql: str, *params: Any) -> list[Any]:
        raise NotImplementedError

    async def _transaction(self, work: Callable[[Any], Awaitable[_T]]) -> _T:
        raise NotImplementedError

    async def player_prefs(self, player_id: int) -> PlayerPrefs:
        check_id("player_id", player_id)
        rows = await self._fetch(
            f"SELECT {_COLUMNS} FROM player_prefs WHERE player_id = $1", player_id
        )
        if not rows:
            return PlayerPrefs(player_id)
        return prefs_from_row(player_id, rows[0], rows[0][-1])

    async def save_player_prefs(self, prefs: PlayerPrefs, *,
                                now: datetime | None = None) -> PlayerPrefs:
        stored = checked_prefs(prefs)
        moment = now_utc(now)
        values = (stored.player_id, stored.high_contrast, stored.dark, stored.text_only,
                  stored.timezone, stored.held_day, stored.held_until, moment)
        await self._transaction(lambda conn: conn.execute(_SAVE, *values))
        return stored
