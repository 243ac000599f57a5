"""Whether the SQLite file is sound: at start, ``PRAGMA quick_check`` reads every page and
checks the b-trees' structure (not that each index matches its table: that is
``integrity_check``, slower), before anything is written to the file. A damaged file is refused
with :class:`DamagedDatabase`, which says how to restore the last backup. Damage inside a row's
bytes has no checksum to show it.
"""

from __future__ import annotations

import sqlite3

from ..errors import StorageError

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


def _one_line(text: str) -> str:
    return " ".join(text.split())[:200]


def is_damage(exc: BaseException) -> bool:
    """Whether SQLite found the file's structure broken (``SQLITE_CORRUPT``)."""
    code = getattr(exc, "sqlite_errorcode", None)
    return code is not None and code & 0xFF == sqlite3.SQLITE_CORRUPT


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
