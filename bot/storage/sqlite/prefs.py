"""Player preferences on SQLite (a part of the store; see :mod:`bot.storage.prefs`)."""

from __future__ import annotations

from datetime import datetime
from typing import Final

import aiosqlite

from ..errors import PrefsChanged
from ..prefs import PREFS_COLUMNS, PlayerPrefs, checked_prefs, prefs_from_row
from ..validation import check_id, from_text, now_utc, to_text
from .writer import Core

_COLUMNS: Final = ", ".join(PREFS_COLUMNS)
_SAVE: Final = (
    f"INSERT INTO player_prefs (player_id, {_COLUMNS}, updated_at) "
    f"VALUES ({', '.join('?' * (len(PREFS_COLUMNS) + 2))}) ON CONFLICT (player_id) DO UPDATE "
    f"SET {', '.join(f'{c} = excluded.{c}' for c in (*PREFS_COLUMNS, 'updated_at'))}"
)


#: :data:`_SAVE` only over the row as it was read (its values after the new ones); a row
#: that is not there yet counts as the defaults, which is what was read then.
_SAVE_IF: Final = _SAVE + " WHERE " + " AND ".join(
    f"player_prefs.{c} IS ?" for c in PREFS_COLUMNS)


class Prefs(Core):
    async def player_prefs(self, player_id: int) -> PlayerPrefs:
        check_id("player_id", player_id)
        rows = await self._read(
            f"SELECT {_COLUMNS} FROM player_prefs WHERE player_id = ?", (player_id,)
        )
        if not rows:
            return PlayerPrefs(player_id)
        held = rows[0][-1]
        return prefs_from_row(player_id, rows[0], from_text(held) if held else None)

    async def save_player_prefs(self, prefs: PlayerPrefs, *, now: datetime | None = None,
                                expected: PlayerPrefs | None = None) -> PlayerPrefs:
        stored = checked_prefs(prefs)
        moment = now_utc(now)
        values: tuple[object, ...] = (stored.player_id, *_row(stored), to_text(moment))
        sql, params = _SAVE, values
        if expected is not None:  # only over what was read (a conditional upsert)
            sql, params = _SAVE_IF, (*values, *_row(checked_prefs(expected)))

        async def job(conn: aiosqlite.Connection) -> None:
            cursor = await conn.execute(sql, params)
            if cursor.rowcount != 1:
                raise PrefsChanged(f"the preferences of player {stored.player_id} changed "
                                   "meanwhile: nothing was saved")

        await self._write(job)
        return stored


def _row(prefs: PlayerPrefs) -> tuple[object, ...]:
    """The :data:`PREFS_COLUMNS` values as SQLite keeps them."""
    return (int(prefs.high_contrast), int(prefs.dark), int(prefs.text_only), prefs.timezone,
            prefs.held_day, to_text(prefs.held_until) if prefs.held_until else None)
