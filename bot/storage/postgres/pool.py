"""The store's asyncpg pool.

asyncpg resets a connection each time it goes back to its pool (``RESET ALL``, ``UNLISTEN *``,
``pg_advisory_unlock_all()``, ``CLOSE ALL``): one more round trip to the server for every read
and every transaction, about a tenth of the store's round trips. The store needs none of it:
it sets no session settings after connecting, listens to nothing, opens no cursors and takes
only transaction-scoped locks (the identify gate's session locks live on a connection of their
own, :mod:`.identify`). asyncpg still rolls back a transaction left open before a connection is
reused.

Every connection is opened with the pool (``min_size`` is the size): a guess that arrives just
after the bot started does not wait for a connection to be made.
"""

from __future__ import annotations

from typing import Any

import asyncpg


async def _keep_session(conn: Any) -> None:
    """Nothing to reset (see the module doc)."""


async def make_pool(dsn: str, size: int, settings: dict[str, str]) -> Any:
    return await asyncpg.create_pool(
        dsn, min_size=size, max_size=size, server_settings=settings, reset=_keep_session
    )
