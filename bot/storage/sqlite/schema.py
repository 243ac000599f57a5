"""SQLite migrations: ``bot/storage/migrations/sqlite/NNNN_name.sql``, applied in order.

The schema version is SQLite's ``PRAGMA user_version``. Like everything in this package the
migrations run through aiosqlite (``sqlite3`` is imported for its error classes and
``complete_statement`` only). Each migration runs in its own
``BEGIN IMMEDIATE`` transaction together with the version bump, so a database is always at
exactly one version, and two processes opening the same new file at once cannot both apply a
migration (the second one waits, re-reads the version and finds nothing left to do).
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from dataclasses import dataclass
from functools import cache
from typing import Any

import aiosqlite

from ..errors import MigrationError, SchemaTooNew
from ..migration_files import migration_files

#: Milliseconds a connection waits for another connection's write lock before giving up
#: (SQLite's busy handler, so the waiting happens in the connection's aiosqlite thread).
BUSY_TIMEOUT_MS = 10_000


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    statements: tuple[str, ...]


def split_statements(sql: str) -> tuple[str, ...]:
    """Split a migration file into single statements (comments and blank lines dropped)."""
    statements: list[str] = []
    current: list[str] = []
    for line in sql.splitlines():
        if not current and (not line.strip() or line.lstrip().startswith("--")):
            continue
        current.append(line)
        text = "\n".join(current)
        if sqlite3.complete_statement(text):
            statements.append(text.strip())
            current = []
    if "\n".join(current).strip():
        raise MigrationError(f"unterminated statement at the end of a migration: {current[0]!r}")
    return tuple(statements)


@cache
def load_migrations() -> tuple[Migration, ...]:
    """All migrations shipped with the package, numbered 1, 2, 3, ..., split into statements."""
    return tuple(
        Migration(version=m.version, name=m.name, statements=split_statements(m.sql))
        for m in migration_files("sqlite")
    )


def latest_version() -> int:
    return load_migrations()[-1].version


async def user_version(conn: aiosqlite.Connection) -> int:
    rows = await conn.execute_fetchall("PRAGMA user_version")
    return int(next(iter(rows))[0])


#: Bytes the WAL file is cut back to once a checkpoint has emptied it. Without a limit it
#: keeps the size of its busiest moment for as long as the bot runs (27.8 MB beside a 1.8 MB
#: database was seen over 3,000 games).
WAL_SIZE_LIMIT = 4 * 1024 * 1024


async def configure(conn: aiosqlite.Connection, busy_timeout_ms: int = BUSY_TIMEOUT_MS) -> None:
    """Per-connection settings every connection to the file uses (one round trip)."""
    # FULL: the WAL is fsynced at every commit, so an acknowledged guess survives not only a
    # killed process (NORMAL would do for that) but also an OS crash or power cut.
    await conn.executescript(
        f"PRAGMA busy_timeout = {int(busy_timeout_ms)}; "
        "PRAGMA foreign_keys = ON; "
        "PRAGMA synchronous = FULL; "
        f"PRAGMA journal_size_limit = {int(WAL_SIZE_LIMIT)};"
    )


async def migrate(conn: aiosqlite.Connection, path: str, target: int | None = None) -> int:
    """Bring the database up to ``target`` (default: the newest), one transaction each.

    ``conn`` must be in autocommit mode (``isolation_level=None``). Returns the version
    reached. Raises :class:`SchemaTooNew` when the file is newer than this code and
    :class:`MigrationError` (database left at the last good version) when a migration fails.
    """
    migrations = load_migrations()
    known = migrations[-1].version
    target = known if target is None else target
    if not 0 <= target <= known:
        raise ValueError(f"target version must be between 0 and {known}, got {target}")
    while True:
        version = 0
        await conn.execute("BEGIN IMMEDIATE")
        try:
            version = await user_version(conn)
            if version > known:
                raise SchemaTooNew(path, version, known)
            if version >= target:
                await conn.execute("COMMIT")
                return version
            migration = migrations[version]  # the one numbered version + 1
            for statement in migration.statements:
                await conn.execute(statement)
            await conn.execute(f"PRAGMA user_version = {migration.version}")
            await conn.execute("COMMIT")
        except SchemaTooNew:
            await conn.execute("ROLLBACK")
            raise
        except sqlite3.Error as exc:
            if conn.in_transaction:
                await conn.execute("ROLLBACK")
            raise MigrationError(
                f"could not bring database {path!r} to version {version + 1} "
                f"({migrations[version].name if version < known else '?'}): {exc}"
            ) from exc


def is_busy(exc: BaseException) -> bool:
    """Whether an error means another connection holds the lock (try again later)."""
    if not isinstance(exc, sqlite3.OperationalError):
        return False
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
    return "locked" in str(exc) or "busy" in str(exc)


#: How long opening keeps trying to switch a file to WAL while other connections hold it.
_WAL_SWITCH_SECONDS = 10.0


async def _switch_to_wal(conn: aiosqlite.Connection, path: str) -> None:
    """Put the file in WAL mode. Changing the journal mode needs the file to itself, and SQLite
    does not always wait for that through the busy handler: when several processes (or
    connections) open a new file at once, one can be told "database is locked", or get the old
    mode back. Try again for a while before calling it an error."""
    deadline = asyncio.get_running_loop().time() + _WAL_SWITCH_SECONDS
    mode: object = None
    while True:
        try:
            rows = await conn.execute_fetchall("PRAGMA journal_mode = WAL")
            mode = next(iter(rows))[0]
            if str(mode).lower() == "wal":
                return
        except sqlite3.OperationalError as exc:
            if not is_busy(exc):
                raise
            mode = str(exc)
        if asyncio.get_running_loop().time() > deadline:
            raise MigrationError(f"database {path!r} could not be switched to WAL (got {mode!r})")
        await asyncio.sleep(0.02)


async def open_connection(path: str, **options: Any) -> aiosqlite.Connection:
    """``aiosqlite.connect(path, **options)``; when opening fails, the connection's thread is
    waited for before the error is raised. (aiosqlite only asks that thread to stop; if the
    event loop closed before it did, the thread would print an "Event loop is closed"
    traceback.)"""
    pending = aiosqlite.connect(path, **options)
    try:
        return await pending
    except BaseException:
        thread = getattr(pending, "_thread", None)
        if isinstance(thread, threading.Thread) and thread.ident is not None:
            await asyncio.to_thread(thread.join, 5.0)
        raise


async def prepare_file(path: str, target: int | None = None) -> int:
    """Open ``path`` (creating it), switch it to WAL and migrate it; return its version.

    Runs on its own short-lived aiosqlite connection (its thread does the file I/O), before
    :meth:`SqliteStore.open` opens the connections it keeps.
    """
    try:
        conn = await open_connection(path, isolation_level=None)
    except sqlite3.Error as exc:
        raise MigrationError(f"cannot open database {path!r}: {exc}") from exc
    try:
        await conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        # Check the version before anything writes to the file (journal_mode=WAL writes the
        # header), so a database from a newer release is left exactly as it was.
        found = await user_version(conn)
        known = latest_version()
        if found > known:
            raise SchemaTooNew(path, found, known)
        await _switch_to_wal(conn, path)
        await configure(conn)
        return await migrate(conn, path, target)
    except sqlite3.DatabaseError as exc:
        raise MigrationError(f"cannot open database {path!r}: {exc}") from exc
    finally:
        await conn.close()
