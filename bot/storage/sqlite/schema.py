"""SQLite connections (:func:`connect`) and migrations (``migrations/sqlite/NNNN_name.sql``),
applied in order. The version is ``PRAGMA user_version``, bumped in each migration's own
``BEGIN IMMEDIATE`` transaction, so two processes opening a new file at once never both apply
one."""

from __future__ import annotations

import sqlite3
import time
from dataclasses import dataclass
from functools import cache

from ..errors import MigrationError, SchemaTooNew
from ..migration_files import migration_files
from . import integrity

#: Milliseconds a connection waits for another connection's write lock before giving up.
BUSY_TIMEOUT_MS = 10_000
#: Bytes the WAL file is cut back to once a checkpoint has emptied it.
WAL_SIZE_LIMIT = 4 * 1024 * 1024
#: How long opening keeps trying to switch a file to WAL while other connections hold it.
_WAL_SWITCH_SECONDS = 10.0


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
    return tuple(Migration(m.version, m.name, split_statements(m.sql))
                 for m in migration_files("sqlite"))


def latest_version() -> int:
    return load_migrations()[-1].version


def configure(raw: sqlite3.Connection, busy_timeout_ms: int = BUSY_TIMEOUT_MS) -> None:
    """The settings of every connection to the file (``synchronous=FULL``: an acknowledged
    guess survives a power cut)."""
    raw.executescript(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}; PRAGMA foreign_keys = ON; "
                      f"PRAGMA synchronous = FULL; PRAGMA journal_size_limit = {WAL_SIZE_LIMIT};")


def connect(path: str, role: str | None, busy_timeout_ms: int) -> sqlite3.Connection:
    """A connection to ``path`` in autocommit mode, for any thread; a ``role`` (``writer``,
    ``reader``, ``checkpointer``) sets it up for the store: :func:`configure`d, its
    checkpoints left to the store, a reader's read-only."""
    raw = sqlite3.connect(path, isolation_level=None, check_same_thread=False,
                          cached_statements=512)
    try:
        if role is not None:
            configure(raw, busy_timeout_ms)
            raw.executescript("PRAGMA wal_autocheckpoint = 0;"
                              + (" PRAGMA query_only = ON;" if role == "reader" else ""))
    except BaseException:
        raw.close()
        raise
    return raw


def _version(raw: sqlite3.Connection) -> int:
    return int(raw.execute("PRAGMA user_version").fetchone()[0])


def migrate(raw: sqlite3.Connection, path: str, target: int | None = None) -> int:
    """Bring the database up to ``target`` (default: the newest), one transaction each, on a
    connection in autocommit mode; the version reached."""
    migrations = load_migrations()
    known = migrations[-1].version
    target = known if target is None else target
    if not 0 <= target <= known:
        raise ValueError(f"target version must be between 0 and {known}, got {target}")
    while True:
        version = 0
        raw.execute("BEGIN IMMEDIATE")
        try:
            version = _version(raw)
            if version > known:
                raise SchemaTooNew(path, version, known)
            if version >= target:
                raw.execute("COMMIT")
                return version
            migration = migrations[version]  # the one numbered version + 1
            for statement in migration.statements:
                raw.execute(statement)
            raw.execute(f"PRAGMA user_version = {migration.version}")
            raw.execute("COMMIT")
        except SchemaTooNew:
            raw.execute("ROLLBACK")
            raise
        except sqlite3.Error as exc:
            if raw.in_transaction:
                raw.execute("ROLLBACK")
            name = migrations[version].name if version < known else "?"
            raise MigrationError(f"could not bring database {path!r} to version "
                                 f"{version + 1} ({name}): {exc}") from exc


def is_busy(exc: BaseException) -> bool:
    """Whether an error means another connection holds the lock (try again later)."""
    return isinstance(exc, sqlite3.OperationalError) and integrity.error_code(exc) in (
        sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


def _switch_to_wal(raw: sqlite3.Connection, path: str) -> None:
    """Put the file in WAL mode, trying for a while: that needs the file to itself, and SQLite
    does not always wait for it through the busy handler."""
    deadline = time.monotonic() + _WAL_SWITCH_SECONDS
    while True:
        try:
            mode: object = raw.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if str(mode).lower() == "wal":
                return
        except sqlite3.OperationalError as exc:
            if not is_busy(exc):
                raise
            mode = str(exc)
        if time.monotonic() > deadline:
            raise MigrationError(f"database {path!r} could not be switched to WAL (got {mode!r})")
        time.sleep(0.02)


def prepare(raw: sqlite3.Connection, path: str, target: int | None = None) -> int:
    """Check the file, switch it to WAL and migrate it; its version. A file from a newer
    release, or a damaged one, is refused before anything writes to it."""
    raw.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    found, known = _version(raw), latest_version()
    if found > known:
        raise SchemaTooNew(path, found, known)
    integrity.quick_check(raw, path)
    _switch_to_wal(raw, path)
    configure(raw)
    return migrate(raw, path, target)


async def prepare_file(path: str, target: int | None = None) -> int:
    """Open ``path`` (creating it) and :func:`prepare` it; its version."""
    from .connection import Connection  # (which needs this module first)

    try:
        conn = await Connection.open(path)
    except sqlite3.Error as exc:
        raise MigrationError(f"cannot open database {path!r}: {exc}") from exc
    try:
        return await conn.run(lambda raw: prepare(raw, path, target))
    except sqlite3.DatabaseError as exc:
        if integrity.is_damage(exc):
            raise integrity.DamagedDatabase(path, str(exc)) from exc
        raise MigrationError(f"cannot open database {path!r}: {exc}") from exc
    finally:
        await conn.close()
