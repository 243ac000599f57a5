"""Player preferences: the record, and the store's calls that read and save it.

A player's preferences are the same wherever they play: high contrast (orange and blue instead
of green and yellow), a dark board picture, text only (no pictures), and the time zone of their
personal daily with its calendar after a change of zone (:class:`bot.core.daily
.Calendar`: ``held_day`` stays today until ``held_until``).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from datetime import UTC, datetime
from typing import Any, Final

from .database import Database, Tx, marks, maybe_moment, utc
from .errors import PrefsChanged


@dataclass(frozen=True, slots=True)
class PlayerPrefs:
    player_id: int
    high_contrast: bool = False
    dark: bool = False
    text_only: bool = False
    timezone: str = "UTC"
    held_day: int | None = None
    held_until: datetime | None = None


#: The stored columns after ``player_id``, in :class:`PlayerPrefs` order.
PREFS_COLUMNS: Final = tuple(f.name for f in fields(PlayerPrefs) if f.name != "player_id")


_COLUMNS: Final = ", ".join(PREFS_COLUMNS)
_SAVE: Final = (
    f"INSERT INTO player_prefs (player_id, {_COLUMNS}, updated_at) "
    f"VALUES ({marks(1, len(PREFS_COLUMNS) + 2)}) "
    "ON CONFLICT (player_id) DO UPDATE "
    f"SET {', '.join(f'{c} = excluded.{c}' for c in (*PREFS_COLUMNS, 'updated_at'))}"
)
#: The player's row, made with the defaults where missing, locked and read.
_LOCK: Final = (
    "INSERT INTO player_prefs (player_id, updated_at) VALUES ($1, $2) ON CONFLICT (player_id) "
    f"DO UPDATE SET player_id = excluded.player_id RETURNING {_COLUMNS}"
)


def _values(prefs: PlayerPrefs) -> tuple[Any, ...]:
    return tuple(getattr(prefs, c) for c in PREFS_COLUMNS)


def _prefs(player_id: int, row: Any) -> PlayerPrefs:
    contrast, dark, text_only, timezone, held_day, held_until = row
    return PlayerPrefs(player_id, bool(contrast), bool(dark), bool(text_only), timezone,
                       held_day, maybe_moment(held_until))


class Prefs:
    """The preference calls of the port (contracts: :class:`bot.storage.Store`)."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def player_prefs(self, player_id: int) -> PlayerPrefs:
        rows = await self._db.fetch(
            f"SELECT {_COLUMNS} FROM player_prefs WHERE player_id = $1", player_id)
        return _prefs(player_id, rows[0]) if rows else PlayerPrefs(player_id)

    async def save_player_prefs(self, prefs: PlayerPrefs, *, now: datetime | None = None,
                                expected: PlayerPrefs | None = None) -> PlayerPrefs:
        stored, was = replace(prefs, held_until=utc(prefs.held_until)), expected
        at = utc(now) or datetime.now(UTC)

        async def work(tx: Tx) -> None:
            if was is not None:  # only over what was read (the defaults when nothing was)
                row = await tx.fetchrow(_LOCK, stored.player_id, at)
                if row is None or _values(_prefs(stored.player_id, row)) != _values(was):
                    raise PrefsChanged(f"the preferences of player {stored.player_id} "
                                       "changed meanwhile: nothing was saved")
            await tx.execute(_SAVE, stored.player_id, *_values(stored), at)

        await self._db.transaction(work)
        return stored
