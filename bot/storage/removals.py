"""Words a server took out of its own answers: the rows of each removal, kept as history
(:class:`bot.core.removed_words.Removal`; what a removal means is the core's)."""

from __future__ import annotations

from typing import Final

from bot.core.removed_words import Removal

from .database import Database, Tx

_KEY: Final = "guild_id = $1 AND language = $2 AND word_length = $3"


class Removals:
    """The removed-word calls of the port (contracts: :class:`bot.storage.Store`)."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def removals(self, guild_id: int, language: str, length: int) -> list[Removal]:
        rows = await self._db.fetch(
            f"SELECT word, removed_from, restored_from FROM removed_words WHERE {_KEY} "
            "ORDER BY word, removed_from", guild_id, language, length)
        return [Removal(word, removed_from, restored_from)
                for word, removed_from, restored_from in rows]

    async def save_removal(self, guild_id: int, language: str, length: int,
                           removal: Removal) -> None:
        async def work(tx: Tx) -> None:
            await tx.execute(
                "INSERT INTO removed_words (guild_id, language, word_length, word, "
                "removed_from, restored_from) VALUES ($1, $2, $3, $4, $5, $6) "
                "ON CONFLICT (guild_id, language, word_length, word, removed_from) "
                "DO UPDATE SET restored_from = excluded.restored_from",
                guild_id, language, length, removal.word, removal.removed_from,
                removal.restored_from)

        await self._db.transaction(work)

    async def drop_removal(self, guild_id: int, language: str, length: int,
                           removal: Removal) -> None:
        async def work(tx: Tx) -> None:
            await tx.execute(f"DELETE FROM removed_words WHERE {_KEY} AND word = $4 "
                             "AND removed_from = $5", guild_id, language, length,
                             removal.word, removal.removed_from)

        await self._db.transaction(work)
