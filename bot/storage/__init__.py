"""Persistent state: games, guesses, hints, statistics, server settings.

The only package with SQL. The service depends on :class:`Store` (``port.py``) alone; a
backend implements it. Make one store in ``main()`` (SQLite: ``await SqliteStore.open(path)``)
and pass it to whatever needs it; ``await store.close()`` at the end (or
``async with await SqliteStore.open(path) as store:``).
"""

from typing import TYPE_CHECKING

from .errors import (
    AttemptConflict,
    DailyPlayed,
    GameExists,
    GameNotActive,
    GameNotFound,
    MigrationError,
    PlayerNotAllowed,
    PrefsChanged,
    SchemaTooNew,
    StorageError,
    StorageFull,
    StorageUnavailable,
)
from .models import UNSET, ForgetReport, GuildSettings, HintRecord
from .port import Store

# The SQLite store is imported on first use, so that code needing only the port (the service,
# a PostgreSQL deployment) does not load SQLite.
if TYPE_CHECKING:
    from .sqlite import SqliteStore, latest_version
else:

    def __getattr__(name: str) -> object:
        if name in ("SqliteStore", "latest_version"):
            from . import sqlite

            return sqlite.latest_version if name == "latest_version" else sqlite.SqliteStore
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

__all__ = [
    "UNSET", "AttemptConflict", "DailyPlayed", "ForgetReport", "GameExists",
    "GameNotActive", "GameNotFound", "GuildSettings",
    "HintRecord", "MigrationError", "PlayerNotAllowed",
    "PrefsChanged", "SchemaTooNew", "SqliteStore", "StorageError", "StorageFull",
    "StorageUnavailable", "Store", "latest_version",
]
