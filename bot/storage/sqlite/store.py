"""The SQLite store: ``async with await SqliteStore.open("data/wordle.sqlite3") as store:``.
Opening migrates the file (:mod:`.schema`); how it reads and writes: :mod:`.connection`.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from ..errors import MigrationError
from ..store import TOGETHER, SqlStore, store_key
from . import room, schema
from .connection import SqliteDatabase


class SqliteStore(SqlStore):
    """All persistent state of the bot in one SQLite file (implements ``Store``)."""

    path: str

    @classmethod
    async def open(cls, path: str | Path) -> SqliteStore:
        """Open (creating if needed) and migrate the database at ``path``.

        Raises ``SchemaTooNew`` if the file comes from a newer release and
        ``MigrationError`` if it cannot be brought up to date."""
        text = str(path)
        if not text or text == ":memory:" or text.startswith("file:"):
            raise ValueError("the SQLite store needs the path of a database file")
        try:
            version = await schema.prepare_file(text)
        except MigrationError as exc:
            # A full disk has no room for the WAL's index: the reserve is there for that.
            if not (room.is_short_of_room(exc.__cause__ or exc)
                    and await asyncio.to_thread(room.release, text)):
                raise
            version = await schema.prepare_file(text)
        db = await SqliteDatabase.open(text, TOGETHER)
        store = cls(db, await store_key(db, repr(text)), version)
        store.path = text
        return store
