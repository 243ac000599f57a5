"""Archive games on PostgreSQL (a part of the store): a past daily played again, at most once
per player, server and puzzle (the ``games_one_archive`` index, migration 0006)."""

from __future__ import annotations

from typing import Any, Final

from ..models import GameRecord
from ..validation import check_day, check_id

#: A player's archive game of one puzzle in a server (on ``games g``).
ARCHIVE: Final = (
    "g.guild_id = $1 AND g.owner_id = $2 AND g.puzzle_number = $3 AND g.kind = 'archive'"
)


class ArchiveGames:
    async def _read_game(self, where: str, *params: Any) -> GameRecord | None:
        raise NotImplementedError

    async def archive_game(
        self, guild_id: int, owner_id: int, puzzle_number: int
    ) -> GameRecord | None:
        check_id("guild_id", guild_id)
        check_id("owner_id", owner_id)
        check_day("puzzle_number", puzzle_number)
        return await self._read_game(ARCHIVE, guild_id, owner_id, puzzle_number)
