"""Player preferences on PostgreSQL (a part of the store; see :mod:`bot.storage.prefs`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any, Final, TypeVar

from ..errors import PrefsChanged
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


#: :data:`_SAVE` only over the row as it was read (its values after the new ones); a row
#: that is not there yet counts as the defaults, which is what was read then.
_SAVE_IF: Final = _SAVE + " WHERE " + " AND ".join(
    f"player_prefs.{c} IS NOT DISTINCT FROM ${len(PREFS_COLUMNS) + 3 + i}"
    for i, c in enumerate(PREFS_COLUMNS))


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

    async def save_player_prefs(self, prefs: PlayerPrefs, *, now: datetime | None = None,
                                expected: PlayerPrefs | None = None) -> PlayerPrefs:
        stored = checked_prefs(prefs)
        moment = now_utc(now)
        values: tuple[Any, ...] = (stored.player_id, stored.high_contrast, stored.dark,
                                   stored.text_only, stored.timezone, stored.held_day,
                                   stored.held_until, moment)
        sql, params = _SAVE, values
        if expected is not None:  # only over what was read (a conditional upsert)
            was = checked_prefs(expected)
            sql, params = _SAVE_IF, (*values, was.high_contrast, was.dark, was.text_only,
                                     was.timezone, was.held_day, was.held_until)

        async def work(conn: Any) -> None:
            if await conn.execute(sql, *params) != "INSERT 0 1":
                raise PrefsChanged(f"the preferences of player {stored.player_id} changed "
                                   "meanwhile: nothing was saved")

        await self._transaction(work)
        return stored
