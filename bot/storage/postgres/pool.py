"""The PostgreSQL database (:class:`~bot.storage.database.Database`): an asyncpg pool.

* Writes are committed in batches (:class:`~bot.storage.database.BatchQueue`), one transaction
  each, up to ``writers`` at once; a batch that loses a lock race to another process runs again.
* Every read and write, queued writes included, is answered within :data:`COMMAND_TIMEOUT`
  (else ``StorageUnavailable``). A connection busy at its deadline is dropped, not cancelled
  (asyncpg's cancel would wait on the frozen server too).
* A lost connection is reopened when next needed: during an outage each command fails once.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Sequence
from functools import partial
from typing import Any, Final, TypeVar

import asyncpg

from bot.dsn import redact

from ..database import Apart, BatchQueue, Culprit, Dialect, Outcome, Row, Together, Work, play_batch
from ..errors import StorageError, StorageFull, StorageUnavailable

T = TypeVar("T")
#: Seconds a statement may take before the store gives up on it (a bot's reads and writes
#: take milliseconds; a leaderboard of a very large server well under a second).
COMMAND_TIMEOUT: Final = 15.0
#: Seconds the pool's connections get to close cleanly before they are dropped.
CLOSE_GRACE: Final = 10.0
_LATE_WRITE: Final = "the database did not answer in time; the write may not have been saved"
#: Tries of a transaction that lost a lock race.
_RETRIES: Final = 20
_LOST_RACE: Final = (asyncpg.SerializationError, asyncpg.DeadlockDetectedError,
                     asyncpg.UniqueViolationError)
#: What connecting to the server may raise.
CONNECT_FAILURES: Final = (OSError, asyncpg.PostgresError, asyncpg.InterfaceError)
#: What a read or a write on the pool may raise besides the port's own errors.
DB_ERRORS: Final = (asyncpg.PostgresError, asyncpg.InterfaceError,
                    asyncpg.InternalClientError, OSError)
#: The server is away or going (stopping, restarting, refusing connections, out of
#: connections) or a connection to it was lost: it may work again in a moment. (asyncpg's
#: InternalClientError is what a pooled connection the server ended says on its next use.)
_AWAY: Final = (asyncpg.PostgresConnectionError, asyncpg.exceptions.OperatorInterventionError,
                asyncpg.TooManyConnectionsError, asyncpg.InternalClientError, OSError)


async def connect(dsn: str, **options: Any) -> Any:
    """A connection of its own to ``dsn`` (``options``: asyncpg's); else ``StorageError``,
    with no password in its message."""
    try:
        return await asyncpg.connect(dsn, **options)
    except CONNECT_FAILURES as exc:
        raise StorageError(f"cannot connect to {redact(dsn)}: {exc}") from None


async def _keep_session(conn: Any) -> None:
    """Nothing to reset (see the module doc)."""


async def make_pool(dsn: str, size: int, settings: dict[str, str]) -> Any:
    """``size`` connections, all opened now; no floor kept in the background and none closed
    for being idle; time-outs are the database's, not asyncpg's (see the module doc)."""
    return await asyncpg.create_pool(
        dsn, init_size=size, min_size=0, max_size=size, max_inactive_connection_lifetime=0,
        server_settings=settings, reset=_keep_session)


class _Deadline:
    """The time-out of one read or batch of writes: then the connection in use is dropped, or
    the task still waiting for one cancelled."""

    __slots__ = ("_cancelled", "_task", "_timer", "conn", "late")

    def __init__(self, seconds: float) -> None:
        self.conn: Any = None  # the connection in use, if any
        self.late = self._cancelled = False
        self._task = asyncio.current_task()
        self._timer = asyncio.get_running_loop().call_later(seconds, self._expire)

    def _expire(self) -> None:
        self.late = True
        if self.conn is not None:
            self.conn.terminate()
        elif self._task is not None:
            self._cancelled = self._task.cancel()

    def passed(self) -> bool:
        """Whether the failure at hand is this deadline's (the task's cancel taken back)."""
        if self._cancelled and self._task is not None:
            self._task.uncancel()
            self._cancelled = False
        return self.late

    def stop(self) -> None:
        self._timer.cancel()


def public_error(exc: Exception) -> Exception:
    """A database error as a :class:`StorageError` (its message only: asyncpg keeps the
    failing row, which may hold a hidden word, in ``detail``, left out here)."""
    if isinstance(exc, StorageError | ValueError):
        return exc
    if isinstance(exc, asyncpg.DiskFullError):  # the server's disk: nothing was saved
        wrapped: StorageError = StorageFull(f"the database server's disk is full: {exc}")
    elif isinstance(exc, TimeoutError):  # asyncpg's command_timeout
        wrapped = StorageUnavailable("the database did not answer in time")
    elif isinstance(exc, _AWAY):
        wrapped = StorageUnavailable(f"database unavailable: {type(exc).__name__}: {exc}")
    else:
        wrapped = StorageError(f"database error: {type(exc).__name__}: {exc}")
    wrapped.__cause__ = exc
    return wrapped


class _Tx:
    """A pool connection inside a transaction."""

    dialect: Dialect = "postgres"

    def __init__(self, conn: Any) -> None:
        self._conn = conn
        self.wrote = False  # whether a statement other than a SELECT ran

    async def fetch(self, sql: str, *params: Any) -> list[Row]:
        self.wrote = self.wrote or not sql.startswith("SELECT")
        return list(await self._conn.fetch(sql, *params))

    async def fetchrow(self, sql: str, *params: Any) -> Row | None:
        self.wrote = self.wrote or not sql.startswith("SELECT")
        row: Row | None = await self._conn.fetchrow(sql, *params)
        return row

    async def execute(self, sql: str, *params: Any) -> int:
        self.wrote = self.wrote or not sql.startswith("SELECT")
        status = await self._conn.execute(sql, *params)  # "UPDATE 3", "INSERT 0 1", ...
        count = status.rsplit(" ", 1)[-1]
        return int(count) if count.isdigit() else 0

    async def executemany(self, sql: str, rows: list[Sequence[Any]]) -> None:
        self.wrote = True
        await self._conn.executemany(sql, rows)


def _failed(exc: Exception, tx: _Tx, index: int | None) -> Outcome:
    """A transaction's failure in a batch (:func:`~bot.storage.database.play_batch`): a lost
    lock race or an unexpected error fails the batch; a database error, any failure after a
    write, or a run's, undoes it."""
    if isinstance(exc, _LOST_RACE) or not isinstance(exc, StorageError | ValueError
                                                     | asyncpg.PostgresError):
        raise exc
    if index is None:
        raise Apart() from exc
    if isinstance(exc, asyncpg.PostgresError) or tx.wrote:
        raise Culprit(index, public_error(exc)) from exc
    return None, exc


class PostgresDatabase:
    """The database behind a PostgreSQL store (see the module doc)."""

    dialect: Dialect = "postgres"

    def __init__(self, pool: Any, writers: int, timeout: float = COMMAND_TIMEOUT,
                 together: dict[type, Together] | None = None) -> None:
        self._pool, self._timeout = pool, timeout
        self.together = together or {}
        self.closed = False
        self._writes = BatchQueue(self._commit, writers=writers, deadline=timeout)
        self._busy = 0  # reads and transactions under way: close() lets them finish
        self._idle = asyncio.Event()

    def _start(self) -> None:
        if self.closed:
            raise StorageError("the database is closed")
        self._busy += 1

    def _done(self) -> None:
        self._busy -= 1
        if not self._busy:
            self._idle.set()

    async def fetch(self, sql: str, *params: Any) -> list[Row]:
        self._start()
        deadline = _Deadline(self._timeout)
        try:
            deadline.conn = conn = await self._pool.acquire()
            try:
                return list(await conn.fetch(sql, *params))
            finally:
                await self._pool.release(conn)
        except (asyncio.CancelledError, *DB_ERRORS) as exc:
            if deadline.passed():
                raise StorageUnavailable("the database did not answer in time") from exc
            if isinstance(exc, asyncio.CancelledError):
                raise
            raise public_error(exc) from exc
        finally:
            deadline.stop()
            self._done()

    async def transaction(self, work: Work[T]) -> T:
        if self.closed:
            raise StorageError("the database is closed")
        try:
            return await self._writes.submit(work)
        except TimeoutError as exc:
            raise StorageUnavailable(_LATE_WRITE) from exc

    async def _commit(self, works: list[Work[Any]]) -> list[Outcome]:
        """Commit a batch in one transaction (a failure judged by :func:`_failed`); after a
        lost lock race each runs on its own."""
        deadline = _Deadline(self._timeout)
        try:
            return await self._commit_by(works, deadline)
        except (asyncio.CancelledError, *DB_ERRORS) as exc:
            if deadline.passed():
                raise StorageUnavailable(_LATE_WRITE) from exc
            raise
        finally:
            deadline.stop()

    async def _commit_by(self, works: list[Work[Any]], deadline: _Deadline) -> list[Outcome]:
        for attempt in range(_RETRIES):
            try:
                deadline.conn = conn = await self._pool.acquire()
                try:
                    async with conn.transaction():
                        return await play_batch(works, self.together, partial(_Tx, conn),
                                                _failed)
                finally:
                    deadline.conn = None
                    await self._pool.release(conn)
            except Apart:
                return [await self._alone(work) for work in works]
            except _LOST_RACE:
                if len(works) > 1:  # its moves lock rows in no common order: one at a time
                    return [await self._alone(work) for work in works]
                await asyncio.sleep(random.uniform(0, 0.002 * (attempt + 1)))
            except (OSError, asyncpg.InterfaceError, asyncpg.InternalClientError) as exc:
                if deadline.late:
                    raise
                # (TimeoutError is an OSError.) Whether a COMMIT in flight landed is unknown.
                raise StorageUnavailable(
                    "lost the database connection; the write may not have been saved: "
                    f"{str(exc) or type(exc).__name__}") from exc
            except asyncpg.PostgresError as exc:  # COMMIT itself
                raise public_error(exc) from exc
        raise StorageError("write failed after many retries, nothing was saved")

    async def _alone(self, work: Work[Any]) -> Outcome:
        try:
            return (await self._commit([work]))[0]
        except Culprit as culprit:
            return None, culprit.error

    async def close(self) -> None:
        """Let the calls under way finish, then close the pool (within :data:`CLOSE_GRACE`)."""
        if self.closed:
            return
        self.closed = True
        try:
            await self._writes.close()
            while self._busy:
                self._idle.clear()
                await self._idle.wait()
        finally:
            try:
                await asyncio.wait_for(self._pool.close(), CLOSE_GRACE)
            except TimeoutError:
                self._pool.terminate()
