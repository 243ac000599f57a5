"""Archive games on SQLite (a part of the store): a past daily played again, at most once per
player, server and puzzle (the ``games_one_archive`` index, migration 0006)."""

from __future__ import annotations

from typing import Final

from .. import validation
from ..models import GameRecord
from .writer import Core

#: A player's archive game of one puzzle in a server (on ``games g``).
ARCHIVE: Final = (
    "g.guild_id = ? AND g.owner_id = ? AND g.puzzle_number = ? AND g.kind = 'archive'"
)


class ArchiveGames(Core):
    async def archive_game(
        self, guild_id: int, owner_id: int, puzzle_number: int
    ) -> GameRecord | None:
        validation.check_id("guild_id", guild_id)
        validation.check_id("owner_id", owner_id)
        validation.check_day("puzzle_number", puzzle_number)
        return await self._read_game(ARCHIVE, (guild_id, owner_id, puzzle_number))
