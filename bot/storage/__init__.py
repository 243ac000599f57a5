"""Persistent state: games, guesses, hints, statistics, server settings (SQLite).

The only package with SQL. Make one :class:`Database` in ``main()`` with
``await Database.open(path)`` and pass it to whatever needs it; ``await db.close()`` at the
end (or ``async with await Database.open(path) as db:``).
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
    "latest_version",
    "validate_timezone",
]
