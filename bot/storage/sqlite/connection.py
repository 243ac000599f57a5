"""The SQLite database (:class:`~bot.storage.database.Database`): one file, each connection
with a thread of its own, so the event loop never runs a statement, waits for a lock or fsyncs.

* A read-only *reader* answers reads (WAL lets it see the last commit while a write runs).
* One *writer* commits batches (:class:`~bot.storage.database.BatchQueue`): ``BEGIN
  IMMEDIATE`` takes the file's lock up front, the batch runs whole, then one ``COMMIT``.
* A *checkpointer* copies the WAL into the file every so many commits. On a full disk the WAL
  is truncated (giving back the reserve, :mod:`.room`) and the batch tried once more.
* Each read, commit and checkpoint checks that the path still names the file opened.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import sqlite3
from collections.abc import Callable, Coroutine, Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from functools import lru_cache, partial
from typing import Any, Final, TypeVar, cast

from ..database import (
    Apart,
    BatchQueue,
    Culprit,
    Dialect,
    Outcome,
    Row,
    Together,
    Work,
    play_batch,
    to_text,
)
from ..errors import StorageError, StorageFull, StorageUnavailable
from . import room, schema
from .integrity import FileIdentity, FileReplaced, error_code, opened_files, set_aside

T = TypeVar("T")
log = logging.getLogger("bot.storage")

#: Seconds a connection waits for another process's write lock (read when it is opened).
BUSY_TIMEOUT = schema.BUSY_TIMEOUT_MS / 1000
#: A WAL checkpoint is started after this many commits or changed rows, whichever first.
CHECKPOINT_COMMITS = 256
CHECKPOINT_CHANGES = 2000
_PLACEHOLDER: Final = re.compile(r"\$(\d+)")
_FOR_UPDATE: Final = re.compile(r"\s+FOR UPDATE(?: OF \w+)?")
_ANY: Final = re.compile(r"= ANY\(\?(\d+)::\w+\[\]\)")


@lru_cache(maxsize=512)
def translate(sql: str) -> str:
    """A statement of :mod:`bot.storage.database`'s SQL in SQLite's words. An array parameter
    (``= ANY($1::bigint[])``, a list) is handed in as JSON text."""
    sql = _PLACEHOLDER.sub(r"?\1", sql)
    return _FOR_UPDATE.sub("", _ANY.sub(r"IN (SELECT value FROM json_each(?\1))", sql))


# A time is stored as ISO 8601 UTC text (text order is time order).
sqlite3.register_adapter(datetime, to_text)
sqlite3.register_adapter(list, json.dumps)


class Connection:
    """A ``sqlite3`` connection in autocommit mode and the one thread that runs its work."""

    def __init__(self, raw: sqlite3.Connection, thread: ThreadPoolExecutor) -> None:
        self.raw, self._thread = raw, thread

    @classmethod
    async def open(cls, path: str, role: str | None = None) -> Connection:
        """Connect in a new thread; ``role`` (``writer``, ``reader``, ``checkpointer``) sets
        the connection up for the store."""
        thread = ThreadPoolExecutor(1, thread_name_prefix="wordle-bot sqlite")
        try:
            raw = await asyncio.get_running_loop().run_in_executor(thread, _connect, path, role)
        except BaseException:
            thread.shutdown(wait=True)
            raise
        return cls(raw, thread)

    async def run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """``work(connection)`` in the connection's thread."""
        return await asyncio.get_running_loop().run_in_executor(self._thread, work, self.raw)

    async def close(self) -> None:
        try:
            await self.run(sqlite3.Connection.close)
        finally:
            self._thread.shutdown(wait=False)


def _connect(path: str, role: str | None) -> sqlite3.Connection:
    raw = sqlite3.connect(path, isolation_level=None, check_same_thread=False,
                          cached_statements=512)
    try:
        if role is not None:
            schema.configure(raw, busy_timeout_ms=round(BUSY_TIMEOUT * 1000))
            # Checkpoints are run by the store on the checkpoint connection, not at commit.
            raw.executescript("PRAGMA wal_autocheckpoint = 0;"
                              + (" PRAGMA query_only = ON;" if role == "reader" else ""))
    except BaseException:
        raw.close()
        raise
    return raw


class _Tx:
    """The statements of a transaction's function, run at once in the connection's thread."""

    dialect: Dialect = "sqlite"

    def __init__(self, raw: sqlite3.Connection) -> None:
        self._raw, self._changes = raw, raw.total_changes

    @property
    def wrote(self) -> bool:
        """Whether there is something to undo: a row changed, or the transaction ended."""
        return self._raw.total_changes != self._changes or not self._raw.in_transaction

    async def fetch(self, sql: str, *params: Any) -> list[Row]:
        return self._raw.execute(translate(sql), params).fetchall()

    async def fetchrow(self, sql: str, *params: Any) -> Row | None:
        row: Row | None = self._raw.execute(translate(sql), params).fetchone()
        return row

    async def execute(self, sql: str, *params: Any) -> int:
        if sql.endswith("FOR UPDATE"):  # a lock alone: this writer holds the whole file
            return 0
        cursor = self._raw.execute(translate(sql), params)
        changed = cursor.rowcount
        cursor.close()
        return max(changed, 0)

    async def executemany(self, sql: str, rows: list[Sequence[Any]]) -> None:
        self._raw.executemany(translate(sql), rows).close()


def _run_now(step: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine that never waits (its statements run at once) to its end."""
    try:
        step.send(None)
    except StopIteration as done:
        return cast(T, done.value)
    step.close()
    raise RuntimeError("a transaction waited for something other than its statements")


def _read(raw: sqlite3.Connection, sql: str, params: tuple[Any, ...]) -> Outcome:
    try:
        return raw.execute(translate(sql), params).fetchall(), None
    except Exception as exc:
        return None, public_error(exc)


def _commit_batch(raw: sqlite3.Connection, works: list[Work[Any]],
                  same_file: Callable[[], None], together: dict[type, Together]
                  ) -> list[Outcome]:
    """In the writer's thread: the batch's transactions (:func:`_failed` judges a failure),
    then one ``COMMIT``. ``same_file`` is checked under the lock and again after the
    commit."""
    raw.execute("BEGIN IMMEDIATE")
    try:
        same_file()
        outcomes = _run_now(play_batch(works, together, partial(_Tx, raw), _failed))
        raw.execute("COMMIT")
    except BaseException:
        if raw.in_transaction:
            raw.execute("ROLLBACK")
        raise
    same_file()
    return outcomes


def _failed(exc: Exception, tx: _Tx, index: int | None) -> Outcome:
    """A transaction's failure in a batch (:func:`~bot.storage.database.play_batch`): a full
    disk fails the batch; any other after a write, or of a run, undoes it."""
    if is_full(exc):
        raise exc
    if index is None:
        raise Apart() from exc
    if tx.wrote:
        raise Culprit(index, public_error(exc)) from exc
    return None, public_error(exc)


class SqliteDatabase:
    """The SQLite file behind a store (see the module doc). Made by :meth:`open`."""

    dialect: Dialect = "sqlite"

    def __init__(self, path: str, writer: Connection, reader: Connection,
                 files: tuple[FileIdentity, FileIdentity | None],
                 together: dict[type, Together]) -> None:
        self.path, (self._identity, self._wal) = path, files
        self._replaced = False
        self._writer, self._reader = writer, reader
        self._checkpointer: Connection | None = None
        self._checkpointing: asyncio.Task[sqlite3.Error | None] | None = None
        self._commits = self._changes_at_checkpoint = 0
        self._disk_full = self._short_of_room = self.closed = False
        self.together = together
        self._writes = BatchQueue(self._commit)
        self._reads = BatchQueue(self._read_batch)

    @classmethod
    async def open(cls, path: str, together: dict[type, Together]) -> SqliteDatabase:
        """Connect to a file already migrated (:func:`.schema.prepare_file`)."""
        writer = await Connection.open(path, "writer")
        try:
            files = await writer.run(partial(opened_files, path=path))
            db = cls(path, writer, await Connection.open(path, "reader"), files, together)
        except BaseException:
            await writer.close()
            raise
        try:
            if not await asyncio.to_thread(room.keep, path):
                db._short_of_room = True
                db._full("no room for the reserve")
        except BaseException:
            await db.close()
            raise
        return db

    def _check_open(self) -> None:
        if self.closed:
            raise StorageError("the database is closed")

    def _same_file(self) -> None:
        """(In a connection's thread.) Raise :class:`FileReplaced`, for good, if the path names
        another file than the one opened, or none."""
        if not self._replaced:
            self._replaced = not self._identity.still_there()
            if self._replaced:
                log.error("%s", FileReplaced(self.path))
        if self._replaced:
            raise FileReplaced(self.path)

    async def fetch(self, sql: str, *params: Any) -> list[Row]:
        self._check_open()  # (one handed in before close() still runs: the reader closes after)
        rows: list[Row] = await self._reads.submit((sql, params))
        return rows

    async def _read_batch(self, reads: list[tuple[str, tuple[Any, ...]]]) -> list[Outcome]:
        def run(raw: sqlite3.Connection) -> list[Outcome]:
            try:
                self._same_file()
            except FileReplaced:
                return [(None, FileReplaced(self.path)) for _ in reads]
            return [_read(raw, sql, params) for sql, params in reads]

        return await self._reader.run(run)

    async def transaction(self, work: Work[T]) -> T:
        self._check_open()
        return await self._writes.submit(work)

    async def _commit(self, works: list[Work[Any]]) -> list[Outcome]:
        """Commit a batch; on a full disk truncate the WAL and try once more."""
        commit = partial(_commit_batch, works=works, same_file=self._same_file,
                         together=self.together)
        try:
            if self._short_of_room and not await self._make_room():
                raise self._full("no room for the reserve")
            try:
                outcomes = await self._write(commit)
            except Exception as exc:
                if not is_full(exc) or not await self._make_room():
                    raise
                outcomes = await self._write(commit)
        except (Culprit, StorageFull, FileReplaced):
            raise
        except Exception as exc:
            if is_full(exc):
                raise self._full(str(exc)) from exc
            kind = StorageUnavailable if held_elsewhere(exc) else StorageError
            raise kind(f"write failed, nothing was saved: {exc}") from exc
        if self._disk_full:
            self._disk_full = False
            log.info("database disk has room again: writes work (%s)", self.path)
        self._after_commit()
        return outcomes

    async def _write(self, commit: partial[list[Outcome]]) -> list[Outcome]:
        try:
            return await self._writer.run(commit)
        except Apart:  # each on its own: the culprit's failure is its alone
            return await self._writer.run(partial(commit, together={}))

    def _after_commit(self) -> None:
        """Every so many commits, checkpoint the WAL on the checkpoint connection, so commits
        never wait for one."""
        self._commits += 1
        changes = self._writer.raw.total_changes - self._changes_at_checkpoint
        if self._commits < CHECKPOINT_COMMITS and changes < CHECKPOINT_CHANGES:
            return
        if self._checkpointing is not None and not self._checkpointing.done():
            return
        self._commits, self._changes_at_checkpoint = 0, self._writer.raw.total_changes
        self._checkpointing = asyncio.get_running_loop().create_task(
            self._checkpoint("PASSIVE"), name="wordle-bot storage checkpoint")

    def _full(self, why: str) -> StorageFull:
        """The error for a write refused for want of room; the first one is logged."""
        if not self._disk_full:
            self._disk_full = True
            log.warning("database disk is full: %s (nothing was saved; writes resume by "
                        "themselves once there is room, including %d KiB kept in %s)",
                        self.path, room.RESERVE_BYTES // 1024, room.reserve_path(self.path))
        return StorageFull(f"database disk is full, nothing was saved: {why}")

    async def _make_room(self) -> bool:
        """TRUNCATE the WAL (giving the reserve back if need be), then make the reserve whole
        again; whether it is (else nothing may be written)."""
        if self._checkpointing is not None:
            with contextlib.suppress(Exception):
                await self._checkpointing
        failure = await self._checkpoint("TRUNCATE")
        if failure is not None and is_full(failure) and await asyncio.to_thread(
                room.release, self.path):
            await self._checkpoint("TRUNCATE")
        self._short_of_room = not await asyncio.to_thread(room.keep, self.path)
        return not self._short_of_room

    async def _checkpoint(self, mode: str) -> sqlite3.Error | None:
        """Copy committed pages from the WAL to the file (TRUNCATE also empties the WAL); the
        error, if it failed (nothing is lost)."""
        def checkpoint(raw: sqlite3.Connection) -> None:
            self._same_file()  # (another file's connection could take this WAL for its own)
            raw.execute(f"PRAGMA wal_checkpoint({mode})").fetchall()

        try:
            if self._checkpointer is None:
                await self._writer.run(lambda raw: self._same_file())
                self._checkpointer = await Connection.open(self.path, "checkpointer")
            await self._checkpointer.run(checkpoint)
        except sqlite3.Error as exc:
            return exc
        except FileReplaced:
            pass
        return None

    async def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        try:
            await self._writes.close()
            await self._reads.close()
        finally:
            if self._checkpointing is not None:
                with contextlib.suppress(Exception):
                    await self._checkpointing
            # The writer last: closing the last connection checkpoints the WAL and removes it.
            for conn in (self._checkpointer, self._reader, self._writer):
                if conn is not None:
                    with contextlib.suppress(sqlite3.Error):
                        await conn.close()
            await asyncio.to_thread(set_aside, self._identity, self._wal)


def public_error(exc: Exception) -> Exception:
    """What a caller gets for an error: a database error as ``StorageError`` (``StorageFull``,
    ``StorageUnavailable``), any other as it is."""
    if not isinstance(exc, sqlite3.Error):
        return exc
    kind = StorageFull if is_full(exc) else StorageUnavailable if held_elsewhere(exc) else (
        StorageError)
    wrapped = kind(f"database error: {exc}")
    wrapped.__cause__ = exc
    return wrapped


def is_full(exc: BaseException) -> bool:
    """Whether an error means the disk (or the file size limit) is full."""
    return isinstance(exc, sqlite3.Error) and error_code(exc) == sqlite3.SQLITE_FULL


def held_elsewhere(exc: BaseException) -> bool:
    """Whether another program held the file's lock past the busy timeout (``SQLITE_BUSY``)."""
    return isinstance(exc, sqlite3.OperationalError) and error_code(exc) == sqlite3.SQLITE_BUSY
