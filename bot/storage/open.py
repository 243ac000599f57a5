"""Open the store the settings choose: PostgreSQL for a ``postgresql://`` URL, else SQLite.

``DATABASE_URL`` is read (and checked) by :mod:`bot.config`; this module only opens what it
chose. With PostgreSQL nothing is kept in files: the daily salt, when ``DAILY_SALT`` is not
set, is derived from the database's own secret key (made once by the first migration), so
every process on that database picks the same daily words.
"""

from __future__ import annotations

import hashlib
import hmac
from pathlib import Path

from .errors import StorageError
from .port import Store

#: What the daily salt is derived from, with the database's key (never change it: the daily
#: words would change).
_SALT_LABEL = b"wordle-bot daily salt v1"


async def open_store(*, postgres_url: str | None, sqlite_path: Path,
                     pool_size: int = 10) -> Store:
    """The PostgreSQL store when ``postgres_url`` is given, else the SQLite file at
    ``sqlite_path``. Raises :class:`StorageError` (no password in its message)."""
    if postgres_url is not None:
        from .postgres import PostgresStore

        return await PostgresStore.open(postgres_url, pool_size=pool_size)
    from .sqlite import SqliteStore

    return await SqliteStore.open(sqlite_path)


async def postgres_daily_salt(postgres_url: str) -> str:
    """A daily salt derived from the database's secret key (see the module doc)."""
    import asyncpg

    from .dsn import redact
    from .postgres.pool import connect

    conn = await connect(postgres_url, timeout=30)
    try:
        key = await conn.fetchval("SELECT key FROM store_key")
    except asyncpg.PostgresError as exc:
        raise StorageError(f"cannot read the database's key: {exc}") from None
    finally:
        await conn.close()
    if not key:
        raise StorageError(f"database {redact(postgres_url)} has no store key")
    return hmac.new(bytes(key), _SALT_LABEL, hashlib.sha256).hexdigest()[:32]
