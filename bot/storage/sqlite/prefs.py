"""Player preferences on SQLite (a part of the store; see :mod:`bot.storage.prefs`)."""

from __future__ import annotations

from datetime import datetime
from typing import Final

import aiosqlite

from ..prefs import PREFS_COLUMNS, PlayerPrefs, checked_prefs, prefs_from_row
from ..validation import check_id, from_text, now_utc, to_text
from .writer import Core

_COLUMNS: Final = ", ".join(PREFS_COLUMNS)
_SAVE: Final = (
    f"INSERT INTO player_prefs (player_id, {_COLUMNS}, updated_at) "
    f"VALUES ({', '.join('?' * (len(PREFS_COLUMNS) + 2))}) ON CONFLICT (player_id) DO UPDATE "
    f"SET {', '.join(f'{c} = excluded.{c}' for c in (*PREFS_COLUMNS, 'updated_at'))}"
)


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

    async def save_player_prefs(self, prefs: PlayerPrefs, *,
                                now: datetime | None = None) -> PlayerPrefs:
        stored = checked_prefs(prefs)
        moment = now_utc(now)
        values = (stored.player_id, int(stored.high_contrast), int(stored.dark),
                  int(stored.text_only), stored.timezone, stored.held_day,
                  to_text(stored.held_until) if stored.held_until else None, to_text(moment))

        async def job(conn: aiosqlite.Connection) -> None:
            await conn.execute(_SAVE, values)

        await self._write(job)
        return stored
