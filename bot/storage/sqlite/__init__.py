"""The SQLite store (see :mod:`.store`)."""

from .schema import latest_version
from .store import SqliteStore

__all__ = ["SqliteStore", "latest_version"]
