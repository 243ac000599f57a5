"""The write queue and group commit: one writer task runs queued jobs in transactions, one
batch after the other, on the writer connection; reads go to the reader connection.

Jobs that queue up while a transaction runs go together into the next one, committed by one
``COMMIT`` (one fsync for many guesses), in the order they were handed in
(:func:`bot.storage.batching.plan_units`). A job that fails before writing (every expected
failure: conflicts, a finished game) leaves no trace; one that fails after writing has the
transaction rolled back and the others run again without it (:meth:`Core._transaction`).

A full disk: the WAL is checkpointed (TRUNCATE) and the batch tried once more; if it still
fails, every job in it gets :class:`StorageFull` and one WARNING is logged until a write
works again, which happens by itself once there is room.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Final

import aiosqlite

from ..batching import Create, Guess, next_batch, plan_units, settle
from ..errors import StorageError, StorageFull, StorageUnavailable
from ..models import GameRecord
from . import schema
from .connection import CommitFailed, connect, is_full
from .sql import SELECT_GAMES, game_from_json

log = logging.getLogger("bot.storage")

#: A write job: runs inside the writer's open transaction, on the writer connection.
Job = Callable[[aiosqlite.Connection], Awaitable[Any]]
WriteJob = Job | Guess | Create
Outcome = tuple[Any, Exception | None]

#: Most jobs run in one transaction (bounds the wait of the first job in a batch).
MAX_BATCH: Final = 64
#: A WAL checkpoint is started after this many commits or changed rows, whichever first.
CHECKPOINT_COMMITS = 256
CHECKPOINT_CHANGES = 2000


class LockNotTaken(Exception):
    """The write lock could not be had within the busy timeout: the batch fails as a whole."""


class Core:
    """Connections, the write queue and reads; the store's concerns are built on it."""

    def __init__(
        self,
        path: str,
        writer: aiosqlite.Connection,
        reader: aiosqlite.Connection,
        version: int,
        key: bytes,
    ) -> None:
        # Private: use ``await SqliteStore.open(path)``.
        self.path = path
        self._writer = writer
        self._reader = reader
        self._version = version
        self._key = key
        self._commits = 0
        self._changes_at_checkpoint = 0
        self._checkpointer: aiosqlite.Connection | None = None
        self._checkpointing: asyncio.Task[None] | None = None
        self._queue: asyncio.Queue[tuple[WriteJob, asyncio.Future[Any]] | None] = asyncio.Queue()
        self._disk_full = False
        # ``get_game`` calls waiting for the next grouped read, and that read.
        self._wanted_games: dict[int, list[asyncio.Future[GameRecord | None]]] = {}
        self._game_reads: asyncio.Task[None] | None = None
        self._closed = False
        self._pump = asyncio.get_running_loop().create_task(
            self._write_loop(), name="wordle-bot storage writer"
        )

    # -- reads ------------------------------------------------------------------------

    def _check_open(self) -> None:
        if self._closed:
            raise StorageError("the database is closed")

    async def _read(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """One statement on the read-only connection, all its rows: one snapshot."""
        self._check_open()
        return await self._query(sql, params)

    async def _query(self, sql: str, params: Sequence[Any]) -> list[Any]:
        # (A read handed in before close() still runs: the reader is closed after it.)
        try:
            return list(await self._reader.execute_fetchall(sql, params))
        except sqlite3.Error as exc:
            raise public_error(exc) from exc

    async def _read_game(self, where: str, params: Sequence[Any]) -> GameRecord | None:
        rows = await self._read(SELECT_GAMES.format(where=where), params)
        return game_from_json(rows[-1][0]) if rows else None

    # -- writes -----------------------------------------------------------------------

    async def _write(self, job: WriteJob) -> Any:
        """Queue a job for a write transaction; return its result once committed."""
        self._check_open()
        if self._pump.done():  # only after a bug; never leave a caller waiting forever
            raise StorageError("the storage writer has stopped")
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((job, future))
        return await future

    async def _write_loop(self) -> None:
        stop = False
        while not stop:
            batch, stop = await next_batch(self._queue, MAX_BATCH)
            # A caller that gave up (cancelled) before its turn is not written at all.
            batch = [(job, future) for job, future in batch if not future.done()]
            if not batch:
                continue
            try:
                outcomes = await self._apply([job for job, _ in batch])
            except Exception as failure:
                for _, future in batch:
                    settle(future, error=failure)
                continue
            for (_, future), (result, error) in zip(batch, outcomes, strict=True):
                settle(future, result=result, error=error)

    async def _apply(self, jobs: list[WriteJob]) -> list[Outcome]:
        """Run a batch; on a full disk checkpoint the WAL and try once more."""
        try:
            try:
                outcomes = await self._transaction(jobs)
            except Exception as exc:
                if not is_full(exc):
                    raise
                await self._make_room()
                outcomes = await self._transaction(jobs)
        except Exception as exc:
            if is_full(exc):
                if not self._disk_full:
                    self._disk_full = True
                    log.warning("database disk is full: %s (nothing was saved; writes resume "
                                "by themselves once there is room)", self.path)
                raise StorageFull(f"database disk is full, nothing was saved: {exc}") from exc
            if held_elsewhere(exc):  # it passes by itself
                busy = StorageUnavailable(f"write failed, nothing was saved: {exc}")
                raise busy from exc
            error = StorageError(f"write failed, nothing was saved: {exc}")
            raise error from exc
        if self._disk_full:
            self._disk_full = False
            log.info("database disk has room again: writes work (%s)", self.path)
        return outcomes

    async def _transaction(self, jobs: list[WriteJob]) -> list[Outcome]:
        """Run ``jobs`` in one transaction; ``(result, None)`` or ``(None, error)`` each.

        Returns after ``COMMIT``. A job that fails after writing (a feedback that does not
        match the hidden word, an unexpected database error) has the whole transaction
        rolled back and the other jobs run again without it; if it was saved in a group,
        the jobs are run again one at a time to find it. If the transaction itself fails
        (no write lock, a full disk, ``COMMIT`` fails) it is rolled back and the error
        raised: nothing was saved.
        """
        conn = self._writer
        outcomes: dict[int, Outcome] = {}
        pending = list(enumerate(jobs))
        grouped = True
        while pending:
            try:
                done, failed = await self._run_jobs(pending, grouped=grouped)
                if failed is None:
                    if conn.in_transaction:
                        await conn.commit()  # writes and fsyncs the WAL, in the writer thread
                    outcomes.update(done)
                    self._after_commit()
                    break
                await conn.rollback()
            except BaseException:
                if conn.in_transaction:
                    with contextlib.suppress(sqlite3.Error, ValueError):
                        await conn.rollback()
                raise
            index, exc = failed
            if index is None:
                grouped = False
                continue
            outcomes[index] = (None, public_error(exc))
            pending = [(i, job) for i, job in pending if i != index]
        return [outcomes[i] for i in range(len(jobs))]

    async def _run_jobs(
        self, pending: list[tuple[int, WriteJob]], *, grouped: bool
    ) -> tuple[dict[int, Outcome], tuple[int | None, Exception] | None]:
        """Run jobs, in queue order, in one transaction (the writer connection begins it at
        the first write) until one fails *after* writing something: ``(done, None)`` or
        ``(done, (index, error))``, ``index`` None for a failure in a group (whose culprit
        is then found by running the jobs again one at a time, ``grouped=False``)."""
        conn = self._writer
        done: dict[int, Outcome] = {}
        units = plan_units(pending) if grouped else [[item] for item in pending]
        for number, unit in enumerate(units, start=1):
            before, began = conn.total_changes, conn.in_transaction
            try:
                first = unit[0][1]
                if isinstance(first, Guess | Create):
                    # The batch's last unit commits in the same call to the writer thread.
                    done.update(await self._save_group(conn, unit, commit=number == len(units)))
                else:
                    done[unit[0][0]] = (await first(conn), None)
            except CommitFailed as failed:  # the transaction itself failed: nothing saved
                raise failed.__cause__ or failed from None
            except Exception as exc:
                if is_full(exc):
                    raise
                if schema.is_busy(exc) and not conn.in_transaction:
                    raise LockNotTaken(f"could not start a write transaction: {exc}") from exc
                if len(unit) > 1:
                    return done, (None, exc)
                index = unit[0][0]
                if conn.total_changes != before or (began and not conn.in_transaction):
                    return done, (index, exc)
                done[index] = (None, public_error(exc))
        return done, None

    async def _save_group(
        self, conn: aiosqlite.Connection, unit: list[tuple[int, WriteJob]], *, commit: bool
    ) -> dict[int, Outcome]:
        """Save a unit of guesses and new games (``games.save_group``); ``commit``: then
        commit the transaction in the same call (:class:`CommitFailed` if that fails)."""
        raise NotImplementedError

    # -- checkpoints ------------------------------------------------------------------

    def _after_commit(self) -> None:
        """Every so many commits, checkpoint the WAL into the database file on the checkpoint
        connection (the writer has automatic checkpoints off, so commits never wait)."""
        self._commits += 1
        changes = self._writer.total_changes - self._changes_at_checkpoint
        if self._commits < CHECKPOINT_COMMITS and changes < CHECKPOINT_CHANGES:
            return
        if self._checkpointing is not None and not self._checkpointing.done():
            return
        self._commits = 0
        self._changes_at_checkpoint = self._writer.total_changes
        self._checkpointing = asyncio.get_running_loop().create_task(
            self._checkpoint("PASSIVE"), name="wordle-bot storage checkpoint"
        )

    async def _make_room(self) -> None:
        """After a full disk: wait for a checkpoint under way, then TRUNCATE the WAL."""
        if self._checkpointing is not None:
            with contextlib.suppress(Exception):
                await self._checkpointing
        await self._checkpoint("TRUNCATE")

    async def _checkpoint(self, mode: str) -> None:
        """Copy committed pages from the WAL to the file. PASSIVE never waits for or blocks
        anyone; TRUNCATE (after a full disk) also empties the WAL file, giving its room
        back. Only durable data moves, so a failure loses nothing."""
        try:
            if self._checkpointer is None:
                self._checkpointer = await connect(self.path, "checkpointer")
            await self._checkpointer.execute_fetchall(f"PRAGMA wal_checkpoint({mode})")
        except sqlite3.Error:
            pass


def public_error(exc: Exception) -> Exception:
    """What a caller gets for an error: storage and argument errors as they are, a database
    error as :class:`StorageError` (:class:`StorageFull` for a full disk,
    :class:`StorageUnavailable` for a lock another program held past the busy timeout)."""
    if isinstance(exc, StorageError | ValueError):
        return exc
    if isinstance(exc, sqlite3.Error):
        kind = (StorageFull if is_full(exc) else StorageUnavailable if held_elsewhere(exc)
                else StorageError)
        wrapped = kind(f"database error: {exc}")
        wrapped.__cause__ = exc
        return wrapped
    return exc


def held_elsewhere(exc: BaseException) -> bool:
    """Whether another connection (another program: a backup, a shell) held the file's lock
    past the busy timeout: ``SQLITE_BUSY``, not ``SQLITE_LOCKED`` (a conflict within one
    connection, a bug)."""
    if isinstance(exc, LockNotTaken) and exc.__cause__ is not None:
        exc = exc.__cause__
    if not isinstance(exc, sqlite3.OperationalError):
        return False
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return bool(code & 0xFF == sqlite3.SQLITE_BUSY)
    return str(exc).startswith("database is locked")
