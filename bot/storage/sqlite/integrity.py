"""What SQLite's errors mean for a caller; whether the SQLite file is sound (``PRAGMA
quick_check`` at start), and still the file the store opened (device and inode): a file moved
over the path or removed would take writes that land nowhere, so every call then fails with
:class:`FileReplaced` until a restart, and the old file's WAL is set aside at close so SQLite
does not apply it to the new file. (A file overwritten in place is not noticed: ``sqlite3
.restore`` takes the file's locks, ``cp`` not.)
"""

from __future__ import annotations

import logging
import os
import sqlite3
from dataclasses import dataclass

from ..errors import StorageError, StorageFull, StorageUnavailable

log = logging.getLogger("bot.storage")

#: Where the restore steps are.
RESTORE_DOC = 'docs/operations.md, "Restoring"'


class DamagedDatabase(StorageError):
    """The SQLite file failed its check at start: the bot does not use it."""

    def __init__(self, path: str, problem: str) -> None:
        self.path, self.problem = path, problem
        super().__init__(
            f"the database {path} is damaged ({_one_line(problem)}) and was left as it is: "
            f"move it (with its -wal and -shm files) aside and put the last backup in its "
            f"place, see {RESTORE_DOC}")


class FileReplaced(StorageUnavailable):
    """The database's path no longer names the file the store opened."""

    def __init__(self, path: str) -> None:
        self.path = path
        super().__init__(
            f"the database file {path} was replaced or removed while the bot ran; nothing "
            f"more is read from or written to the old one: restart the bot to use the file "
            f"now there")


def _one_line(text: str) -> str:
    return " ".join(text.split())[:200]


def error_code(exc: BaseException) -> int | None:
    """SQLite's primary result code of an error (``None``: not one of SQLite's)."""
    code = getattr(exc, "sqlite_errorcode", None)
    return None if code is None else code & 0xFF


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


def is_damage(exc: BaseException) -> bool:
    """Whether SQLite found the file's structure broken (``SQLITE_CORRUPT``)."""
    return error_code(exc) == sqlite3.SQLITE_CORRUPT


def quick_check(raw: sqlite3.Connection, path: str) -> None:
    """Raise :class:`DamagedDatabase` unless ``PRAGMA quick_check`` finds the file sound."""
    try:
        found = [str(row[0]) for row in raw.execute("PRAGMA quick_check(1)")]
    except sqlite3.DatabaseError as exc:
        if not is_damage(exc):
            raise
        found = [str(exc)]
    if found != ["ok"]:
        raise DamagedDatabase(path, "; ".join(found) or "no answer")


@dataclass(frozen=True)
class FileIdentity:
    """The file at a path when the store opened it (device and inode)."""

    path: str
    device: int
    inode: int

    @classmethod
    def of(cls, path: str) -> FileIdentity:
        found = os.stat(path)
        return cls(path, found.st_dev, found.st_ino)

    def still_there(self) -> bool:
        """Whether the path names this file still."""
        try:
            found = os.stat(self.path)
        except FileNotFoundError:
            return False
        return (found.st_dev, found.st_ino) == (self.device, self.inode)


#: What an old file's WAL is renamed to: SQLite never reads it there.
SET_ASIDE_SUFFIX = ".replaced"


def opened_files(raw: sqlite3.Connection, path: str) -> tuple[FileIdentity, FileIdentity | None]:
    """The database file and its WAL as a new connection sees them (a read opens the WAL)."""
    raw.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchall()
    try:
        wal = FileIdentity.of(f"{path}-wal")
    except FileNotFoundError:
        wal = None
    return FileIdentity.of(path), wal


def set_aside(database: FileIdentity, wal: FileIdentity | None) -> None:
    """Once the store's connections are closed: if the file was replaced, rename its WAL
    beside the new one (SQLite would take it for the new file's)."""
    if not database.still_there() and wal is not None and wal.still_there():
        os.replace(wal.path, wal.path + SET_ASIDE_SUFFIX)
        log.warning("the replaced database's write-ahead log was moved to %s%s", wal.path,
                    SET_ASIDE_SUFFIX)
