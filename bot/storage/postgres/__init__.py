"""The PostgreSQL store (asyncpg): ``await PostgresStore.open("postgresql://...")``.

Same calls, results and errors as the SQLite store; migrations in
``bot/storage/migrations/postgres`` (see :mod:`.schema`), concurrency in :mod:`.writes`.
"""

from .groupcommit import MAX_BATCH
from .posts import PostClaim
from .schema import latest_version
from .store import PostgresStore

__all__ = ["MAX_BATCH", "PostClaim", "PostgresStore", "latest_version"]
