"""Persistent state: games, guesses, hints, statistics, server settings.

The only package with SQL. The service depends on :class:`Store` (``port.py``) alone; a
backend implements it. Make one store in ``main()`` (SQLite: ``await Database.open(path)``)
and pass it to whatever needs it; ``await store.close()`` at the end (or
``async with await Database.open(path) as store:``).
"""

from .errors import (
    AttemptConflict,
    DailyPlayed,
    GameExists,
    GameNotActive,
    GameNotFound,
    MigrationError,
    PlayerNotAllowed,
    SchemaTooNew,
    StorageError,
    StorageFull,
)
from .models import (
    UNSET,
    DailyResult,
    ForgetReport,
    GameRecord,
    GuessRecord,
    GuildSettings,
    HintRecord,
    Leaderboard,
    LeaderboardRow,
    Stats,
)
from .port import Store
from .sqlite import SqliteStore, latest_version
from .validation import validate_timezone

#: The SQLite store under its first name.
Database = SqliteStore

__all__ = [
    "UNSET",
    "AttemptConflict",
    "DailyPlayed",
    "DailyResult",
    "Database",
    "ForgetReport",
    "GameExists",
    "GameNotActive",
    "GameNotFound",
    "GameRecord",
    "GuessRecord",
    "GuildSettings",
    "HintRecord",
    "Leaderboard",
    "LeaderboardRow",
    "MigrationError",
    "PlayerNotAllowed",
    "SchemaTooNew",
    "SqliteStore",
    "Stats",
    "StorageError",
    "StorageFull",
    "Store",
    "latest_version",
    "validate_timezone",
]
