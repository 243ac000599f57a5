"""SQLite connections: each an aiosqlite connection with a thread of its own.

A store keeps a *writer*, a read-only *reader* and, once needed, a *checkpointer*. The event
loop thread never runs a statement, never waits for a lock and never fsyncs.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import weakref
from collections.abc import Awaitable, Callable, Coroutine, Iterable, Sequence
from typing import Any, Final, Protocol, TypeVar, cast

import aiosqlite

from . import schema

T = TypeVar("T")

#: Seconds a connection waits for another process's write lock before giving up (SQLite's
#: busy handler, in the connection's thread). Read when a connection is opened.
BUSY_TIMEOUT = schema.BUSY_TIMEOUT_MS / 1000
#: Prepared statements kept per connection (the grouped statements vary with the group size).
_CACHED_STATEMENTS: Final = 512


async def connect(path: str, role: str) -> aiosqlite.Connection:
    """A connection set up for ``role``: ``writer``, ``reader`` or ``checkpointer``.

    The writer begins a transaction with ``BEGIN IMMEDIATE`` by itself before its first
    INSERT/UPDATE/DELETE (``isolation_level``), saving a hop per transaction; it is ended
    with ``commit()``/``rollback()``. The others run each statement on its own (autocommit).
    """
    conn = await schema.open_connection(
        path,
        isolation_level="IMMEDIATE" if role == "writer" else None,
        cached_statements=_CACHED_STATEMENTS,
    )
    _stop_at_exit(conn)
    try:
        await schema.configure(conn, busy_timeout_ms=round(BUSY_TIMEOUT * 1000))
        # Checkpoints are run by the store on the checkpoint connection, not at commit time.
        await conn.executescript(
            "PRAGMA wal_autocheckpoint = 0;"
            + (" PRAGMA query_only = ON;" if role == "reader" else "")
        )
    except BaseException:
        await close_all([conn])
        raise
    return conn


# aiosqlite's threads are not daemon threads, so a store never closed would keep the
# interpreter from exiting (it waits for them before exiting). As a safety net, a daemon
# thread stops the threads of connections still open once the main thread has finished
# (the event loop is gone by then: an open transaction is just rolled back).
_open_connections: weakref.WeakSet[aiosqlite.Connection] = weakref.WeakSet()
_exit_guard_lock = threading.Lock()
_exit_guard: threading.Thread | None = None


def _stop_at_exit(conn: aiosqlite.Connection) -> None:
    global _exit_guard
    _open_connections.add(conn)
    with _exit_guard_lock:
        if _exit_guard is None:
            _exit_guard = threading.Thread(
                target=_stop_open_connections, name="wordle-bot storage exit", daemon=True
            )
            _exit_guard.start()


def _stop_open_connections() -> None:
    threading.main_thread().join()
    for conn in list(_open_connections):
        conn.stop()


async def close_all(connections: Sequence[aiosqlite.Connection | None]) -> None:
    """Close each connection (in order), even if closing an earlier one failed."""
    error: BaseException | None = None
    for conn in connections:
        if conn is None:
            continue
        _open_connections.discard(conn)
        try:
            await conn.close()
        except BaseException as exc:  # closed anyway (its thread is stopped)
            error = error or exc
    if error is not None:
        raise error


async def pipeline(*steps: Awaitable[Any]) -> list[Any]:
    """Await statements for one connection together: they are queued to its thread back to
    back (in this order, which asyncio keeps), so they cost one round trip, not one each."""
    if len(steps) == 1:
        return [await steps[0]]
    results = await asyncio.gather(*steps, return_exceptions=True)
    for result in results:
        if isinstance(result, BaseException):
            raise result
    return results


class Statements(Protocol):
    """The statement calls a write step makes: an aiosqlite connection (each call a round trip
    to its thread), or :class:`_InThread` (run at once, in that thread)."""

    async def execute_fetchall(self, sql: str, parameters: Any = ...) -> Iterable[Any]: ...

    async def execute(self, sql: str, parameters: Any = ...) -> Any: ...


class _InThread:
    """The writer's own sqlite3 connection behind the calls of :class:`Statements`, for code
    already running in the writer thread: each call runs the statement at once."""

    def __init__(self, raw: sqlite3.Connection) -> None:
        self._raw = raw

    async def execute_fetchall(self, sql: str, parameters: Any = ()) -> Iterable[Any]:
        return self._raw.execute(sql, parameters).fetchall()

    async def execute(self, sql: str, parameters: Any = ()) -> Any:
        return self._raw.execute(sql, parameters)  # a cursor: its rowcount


class CommitFailed(Exception):
    """``COMMIT`` failed in :func:`in_writer_thread` (the cause is the database's error)."""


def _run_now(step: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine that never waits (its statements run at once) to its end."""
    try:
        step.send(None)
    except StopIteration as done:
        return cast(T, done.value)
    step.close()
    raise RuntimeError("a write step waited for something in the writer thread")


async def in_writer_thread(
    conn: aiosqlite.Connection, step: Callable[..., Coroutine[Any, Any, T]], *args: Any,
    commit: bool = False,
) -> T:
    """Run ``step(statements, *args)`` in ``conn``'s thread in one call: its statements, the
    Python between them, and then, when ``commit`` is true and it succeeded, ``COMMIT`` (one
    round trip where a statement each and a commit took several). A failing ``COMMIT`` raises
    :class:`CommitFailed` from the database's error."""
    raw = conn._conn  # aiosqlite's sqlite3 connection, only ever used in its thread

    def run() -> T:
        result = _run_now(step(_InThread(raw), *args))
        if commit and raw.in_transaction:
            try:
                raw.commit()
            except sqlite3.Error as exc:
                raise CommitFailed(str(exc)) from exc
        return result

    return await conn._execute(run)  # (aiosqlite: queue a function to the connection's thread)


def is_full(exc: BaseException) -> bool:
    """Whether an error means the disk (or the file size limit) is full."""
    if not isinstance(exc, sqlite3.Error):
        return False
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return bool(code & 0xFF == sqlite3.SQLITE_FULL)
    return "database or disk is full" in str(exc)
