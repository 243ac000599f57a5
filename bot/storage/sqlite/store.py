"""The SQLite store: one database file, owned by one :class:`SqliteStore` made in ``main()``.

Usage::

    store = await SqliteStore.open("data/wordle.sqlite3")
    try:
        ...
    finally:
        await store.close()

or ``async with await SqliteStore.open(path) as store: ...`` (closes on exit).

How it works
------------
* All SQLite work goes through aiosqlite: each connection has its own thread, and every call
  is a hop to that thread and back (:mod:`.connection`).
* The file is in WAL mode with ``foreign_keys=ON`` and ``synchronous=FULL``. Opening applies
  the numbered migrations (:mod:`.schema`) and refuses a file written by a newer release
  (:class:`SchemaTooNew`).
* Connections: a *writer*, a read-only *reader* (WAL lets it see the last committed state
  while a write is in progress) and one for WAL checkpoints. Every read is one statement (a
  game comes with its guesses folded into JSON), so it sees one consistent snapshot, and it
  is finished at once. ``get_game`` calls made while such a read is in flight are answered
  together by the next one.
* Writes are jobs queued to one writer task, which runs them in transactions strictly one
  after the other, in the order they were handed in (:mod:`.writer`). The writer connection
  starts each transaction with ``BEGIN IMMEDIATE``, taking the file's write lock up front,
  so another *process* on the same file makes us wait (in the writer's thread), never fail
  half-way.
* Group commit and few hops: the guesses of a batch are saved by ONE ``INSERT ... SELECT``
  that only inserts a guess the rules allow (:mod:`.sql`), with the statistics of the games
  they end counted by one UPSERT and the games ended by one UPDATE (:mod:`.counting`), all
  queued in one round trip (:mod:`.games`). Rules are decided in Python
  (:mod:`bot.storage.rules` over :mod:`bot.core.domain`); the SQL repeats them only to stay
  atomic, and tests compare the two.
* Durability: a caller is answered only after ``COMMIT`` returned, with the WAL fsynced
  (``synchronous=FULL``): an acknowledged guess survives a killed process and a power cut.
* WAL checkpoints are not run at commit time (``wal_autocheckpoint=0``) but every so many
  commits, PASSIVE, on the checkpoint connection; after a full disk, TRUNCATE. Closing the
  last connection checkpoints the rest and removes the WAL.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Self

import aiosqlite

from ..errors import MigrationError
from . import schema
from .archive import ArchiveGames
from .connection import close_all, connect
from .games import Games
from .periods import PeriodBoards
from .prefs import Prefs
from .privacy import Privacy
from .races import Races
from .settings import Settings, Statistics

if TYPE_CHECKING:
    from ..port import Store


class SqliteStore(Games, Statistics, Settings, Privacy, PeriodBoards, Prefs, ArchiveGames,
                  Races):
    """All persistent state of the bot in one SQLite file (implements :class:`Store`)."""

    @classmethod
    async def open(cls, path: str | Path) -> SqliteStore:
        """Open (creating if needed) and migrate the database at ``path``.

        Raises :class:`SchemaTooNew` if the file comes from a newer release and
        :class:`MigrationError` if it cannot be brought up to date.
        """
        text = str(path)
        if not text or text == ":memory:" or text.startswith("file:"):
            raise ValueError("the SQLite store needs the path of a database file")
        version = await schema.prepare_file(text)
        opened: list[aiosqlite.Connection] = []
        try:
            opened.append(await connect(text, "writer"))
            opened.append(await connect(text, "reader"))
            rows = list(await opened[1].execute_fetchall("SELECT key FROM store_key"))
            if len(rows) != 1:
                raise MigrationError(f"database {text!r} has no store key")
        except BaseException:
            await close_all(opened)
            raise
        return cls(text, opened[0], opened[1], version, bytes(rows[0][0]))

    @property
    def schema_version(self) -> int:
        return self._version

    @property
    def closed(self) -> bool:
        return self._closed

    async def close(self) -> None:
        """Finish every write already handed in, then close the file. Safe to call twice."""
        if self._closed:
            return
        self._closed = True
        self._queue.put_nowait(None)
        try:
            await self._pump
        finally:
            for task in (self._checkpointing, self._game_reads):
                if task is not None:
                    with contextlib.suppress(Exception):
                        await task
            # The writer last: closing the last connection checkpoints the WAL and removes it.
            await close_all([self._checkpointer, self._reader, self._writer])

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()


def _implements_the_port(store: SqliteStore) -> Store:
    return store  # mypy checks that the SQLite store has every call of the port

