"""Open the store the settings choose: PostgreSQL for a ``postgresql://`` URL, else SQLite.

``DATABASE_URL`` is read (and checked) by :mod:`bot.config`; this module only opens what it
chose. With PostgreSQL nothing is kept in files: the daily salt, when ``DAILY_SALT`` is not
set, is derived from the database's own secret key (made once by the first migration), so
every process on that database picks the same daily words.
"""

from __future__ import annotations

from pathlib import Path

from .port import Store


async def open_store(*, postgres_url: str | None, sqlite_path: Path,
                     pool_size: int = 10) -> Store:
    """The PostgreSQL store when ``postgres_url`` is given, else the SQLite file at
    ``sqlite_path``. Raises :class:`StorageError` (no password in its message)."""
    if postgres_url is not None:
        from .postgres import PostgresStore

        return await PostgresStore.open(postgres_url, pool_size=pool_size)
    from .sqlite import SqliteStore

    return await SqliteStore.open(sqlite_path)


def postgres_daily_salt(store: Store) -> str:
    """The daily salt of a PostgreSQL store, derived from its database's key (module doc)."""
    from .postgres import PostgresStore

    if not isinstance(store, PostgresStore):
        raise TypeError("only a PostgreSQL store derives the daily salt")
    return store.daily_salt
