"""PostgreSQL migrations: ``bot/storage/migrations/postgres/NNNN_name.sql``, applied in order.

The version is kept in the one-row table ``wordle_schema``. Each migration runs in one
transaction together with the version bump, under ``pg_advisory_xact_lock``: several processes
starting at once queue on the lock, and each one re-reads the version once it holds it, so
every migration is applied exactly once. A database at a newer version than this code knows is
refused (:class:`SchemaTooNew`) before anything is written.
"""

from __future__ import annotations

from typing import Any

import asyncpg

from bot.dsn import redact

from ..errors import MigrationError, SchemaTooNew
from ..migration_files import MigrationFile, migration_files

#: Key of the advisory lock migrations hold ("wordle" in ASCII).
MIGRATION_LOCK = 0x776F72646C65

_VERSION_TABLE = (
    "CREATE TABLE IF NOT EXISTS wordle_schema ("
    "one BOOLEAN PRIMARY KEY DEFAULT true CHECK (one), version INTEGER NOT NULL)"
)


def load_migrations() -> tuple[MigrationFile, ...]:
    """The PostgreSQL migrations shipped with the package, numbered 1, 2, 3, ... ."""
    return migration_files("postgres")


def latest_version() -> int:
    return load_migrations()[-1].version


async def schema_version(conn: Any) -> int:
    """The version recorded in the database (0 when no migration ran yet); no writes."""
    if await conn.fetchval("SELECT to_regclass('wordle_schema')") is None:
        return 0
    return int(await conn.fetchval("SELECT coalesce(max(version), 0) FROM wordle_schema"))


async def migrate(conn: Any, dsn: str, target: int | None = None) -> int:
    """Bring the database up to ``target`` (default: the newest), one transaction each (see
    the module doc); the version reached. A failed migration leaves the one before."""
    migrations = load_migrations()
    known = migrations[-1].version
    target = known if target is None else target
    if not 0 <= target <= known:
        raise ValueError(f"target version must be between 0 and {known}, got {target}")
    found = await schema_version(conn)
    if found > known:
        raise SchemaTooNew(redact(dsn), found, known)
    while True:
        version = 0
        try:
            async with conn.transaction():
                await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
                await conn.execute(_VERSION_TABLE)
                version = await schema_version(conn)
                if version > known:
                    raise SchemaTooNew(redact(dsn), version, known)
                if version >= target:
                    return version
                migration = migrations[version]  # the one numbered version + 1
                await conn.execute(migration.sql)
                await conn.execute(
                    "INSERT INTO wordle_schema (one, version) VALUES (true, $1) "
                    "ON CONFLICT (one) DO UPDATE SET version = excluded.version",
                    migration.version,
                )
        except (SchemaTooNew, ValueError):
            raise
        except (asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            name = migrations[version].name if version < known else "?"
            raise MigrationError(
                f"could not bring database {redact(dsn)} to version {version + 1} ({name}): {exc}"
            ) from exc
