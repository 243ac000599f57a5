"""The PostgreSQL store (asyncpg): ``await PostgresStore.open("postgresql://...")``.

Same calls, results and errors as the SQLite store; migrations in
``bot/storage/migrations/postgres`` (see :mod:`.schema`), connections in :mod:`.pool`.
"""

from .schema import latest_version
from .store import PostClaim, PostgresStore

__all__ = ["PostClaim", "PostgresStore", "latest_version"]
