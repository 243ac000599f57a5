"""Persistent state: games, guesses, hints, statistics, server settings.

The only package with SQL. The service depends on :class:`Store` (``port.py``) alone; a
backend implements it. Make one store in ``main()`` (SQLite: ``await Database.open(path)``)
and pass it to whatever needs it; ``await store.close()`` at the end (or
``async with await Database.open(path) as store:``).
"""

from .database import UNSET, Database, validate_timezone
from .errors import (
    AttemptConflict,
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
from .schema import latest_version

__all__ = [
    "UNSET",
    "AttemptConflict",
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
    "Stats",
    "StorageError",
    "StorageFull",
    "Store",
    "latest_version",
    "validate_timezone",
]
