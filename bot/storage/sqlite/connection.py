"""The SQLite database (:class:`~bot.storage.database.Database`): one file, each connection
with a thread of its own, so the event loop never runs a statement, waits for a lock or fsyncs.

* A read-only *reader* answers reads (WAL lets it see the last commit while a write runs).
* One *writer* commits batches (:class:`~bot.storage.database.BatchQueue`): ``BEGIN
  IMMEDIATE`` takes the file's lock up front, the batch runs whole, then one ``COMMIT``.
* A *checkpointer* copies the WAL into the file every so many commits. On a full disk the WAL
  is truncated (giving back the reserve, :mod:`.room`) and the batch tried once more.
* Each commit and checkpoint checks that the path still names the file opened (reads, once a
  second).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import queue
import re
import sqlite3
import threading
import time
from collections.abc import Callable, Coroutine, Sequence
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
    many_rows,
    play_batch,
    settle,
    to_text,
)
from ..errors import StorageError, StorageFull, StorageUnavailable
from . import room, schema
from .integrity import (
    FileIdentity,
    FileReplaced,
    held_elsewhere,
    is_full,
    opened_files,
    public_error,
    set_aside,
)

T = TypeVar("T")
log = logging.getLogger("bot.storage")

#: Seconds a connection waits for another process's write lock (read when it is opened).
BUSY_TIMEOUT = schema.BUSY_TIMEOUT_MS / 1000
#: A WAL checkpoint is started after this many commits or changed rows, whichever first.
CHECKPOINT_COMMITS = 256
CHECKPOINT_CHANGES = 2000
#: Most rows one insert statement takes (:meth:`_Tx.executemany`).
_ROWS_AT_ONCE: Final = 64
_PLACEHOLDER: Final = re.compile(r"\$(\d+)")
_ANY: Final = re.compile(r"= ANY\(\?(\d+)::\w+\[\]\)")
#: What SQLite does without: row locks (its one writer holds the file) and casts.
_DROPPED: Final = re.compile(r"\s+FOR UPDATE(?: OF \w+)?|::\w+")


@lru_cache(maxsize=512)
def translate(sql: str) -> str:
    """A statement of :mod:`bot.storage.database`'s SQL in SQLite's words. An array parameter
    (``= ANY($1::bigint[])``, a list) is handed in as JSON text."""
    sql = _PLACEHOLDER.sub(r"?\1", sql).replace("json_agg(", "json_group_array(").replace(
        "json_build_array(", "json_array(").replace("json_array_elements(", "json_each(")
    return _DROPPED.sub("", _ANY.sub(r"IN (SELECT value FROM json_each(?\1))", sql))


# A time is stored as ISO 8601 UTC text (text order is time order).
sqlite3.register_adapter(datetime, to_text)
sqlite3.register_adapter(list, json.dumps)


class Connection:
    """A ``sqlite3`` connection in autocommit mode and the one thread that runs its work, in
    the order handed in. The thread answers what it ran in one go (one wake-up of the event
    loop for all the work that was waiting)."""

    def __init__(self, raw: sqlite3.Connection, jobs: queue.SimpleQueue[_Job | None]) -> None:
        self.raw, self._jobs = raw, jobs

    @classmethod
    async def open(cls, path: str, role: str | None = None) -> Connection:
        """Connect in a new thread; ``role`` (``writer``, ``reader``, ``checkpointer``) sets
        the connection up for the store."""
        loop = asyncio.get_running_loop()
        jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        opened: asyncio.Future[sqlite3.Connection] = loop.create_future()
        threading.Thread(target=_serve, args=(path, role, jobs, loop, opened), daemon=True,
                         name=f"wordle-bot sqlite {role or 'setup'}").start()
        return cls(await opened, jobs)

    async def run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """``work(connection)`` in the connection's thread."""
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._jobs.put((work, future))
        return await future

    async def close(self) -> None:
        try:
            await self.run(sqlite3.Connection.close)
        finally:
            self._jobs.put(None)


_Job = tuple[Callable[[sqlite3.Connection], Any], "asyncio.Future[Any]"]
_Answer = tuple["asyncio.Future[Any]", Any, BaseException | None]


def _serve(path: str, role: str | None, jobs: queue.SimpleQueue[_Job | None],
           loop: asyncio.AbstractEventLoop, opened: asyncio.Future[sqlite3.Connection]) -> None:
    """A connection's thread: open it, then run the jobs handed in until ``None``; the jobs
    found waiting run one after another and are answered together."""
    def answer(answers: list[_Answer]) -> None:
        with contextlib.suppress(RuntimeError):  # the loop is closed: nobody is waiting
            loop.call_soon_threadsafe(_settle_all, answers)

    try:
        raw = schema.connect(path, role, busy_timeout_ms=round(BUSY_TIMEOUT * 1000))
    except BaseException as exc:
        return answer([(opened, None, exc)])
    answer([(opened, raw, None)])
    while True:
        waiting = [jobs.get()]
        while not jobs.empty():
            waiting.append(jobs.get_nowait())
        answer([_run(raw, *job) for job in waiting if job is not None])
        if None in waiting:
            return


def _run(raw: sqlite3.Connection, work: Callable[[sqlite3.Connection], Any],
         future: asyncio.Future[Any]) -> _Answer:
    try:
        return future, work(raw), None
    except BaseException as exc:  # the caller's to judge, as if it ran there
        return future, None, exc


def _settle_all(answers: list[_Answer]) -> None:
    for future, result, error in answers:
        settle(future, result=result, error=error)


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
        return max(self._raw.execute(translate(sql), params).rowcount, 0)

    async def executemany(self, sql: str, rows: list[Sequence[Any]]) -> None:
        """An insert's rows go in statements of many rows each (each statement run gives
        the event loop's thread a turn at the GIL: a few is cheaper than one per row)."""
        for start in range(0, len(rows), _ROWS_AT_ONCE):
            chunk = rows[start:start + _ROWS_AT_ONCE]
            many = many_rows(sql, len(chunk)) if len(chunk) > 1 else None
            if many is None:
                self._raw.executemany(translate(sql), chunk).close()
            else:
                self._raw.execute(translate(many), [v for row in chunk for v in row]).close()


def _run_now(step: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine that never waits (its statements run at once) to its end."""
    try:
        step.send(None)
    except StopIteration as done:
        return cast(T, done.value)
    step.close()
    raise RuntimeError("a transaction waited for something other than its statements")


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
        self._replaced, self._read_checked = False, 0.0
        self._writer, self._reader = writer, reader
        self._checkpointer: Connection | None = None
        self._checkpointing: asyncio.Task[sqlite3.Error | None] | None = None
        self._commits = self._changes_at_checkpoint = 0
        self._disk_full = self._short_of_room = self.closed = False
        self.together = together
        self._writes = BatchQueue(self._commit)

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
        return await self._reader.run(partial(self._read, sql, params))

    def _read(self, sql: str, params: tuple[Any, ...], raw: sqlite3.Connection) -> list[Row]:
        """(In the reader's thread.) The file is looked at again once a second at most: every
        write looks before it commits, and reads of the file still open are consistent."""
        if self._replaced or time.monotonic() - self._read_checked > 1:
            self._read_checked = time.monotonic()
            self._same_file()
        try:
            return raw.execute(translate(sql), params).fetchall()
        except sqlite3.Error as exc:
            raise public_error(exc) from exc

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
        """:func:`.room.make_room` once the checkpoint under way is done."""
        if self._checkpointing is not None:
            with contextlib.suppress(Exception):
                await self._checkpointing
        truncate = partial(self._checkpoint, "TRUNCATE")
        self._short_of_room = not await room.make_room(self.path, truncate)
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
