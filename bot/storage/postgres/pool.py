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

A server that stops answering (a frozen host, a network that drops packets without a reset)
must not leave a player's guess waiting forever: every statement on the pool gives up after
:data:`COMMAND_TIMEOUT` (asyncpg's ``command_timeout``; the store tells it as a
``StorageError``), and closing the pool gives its connections :data:`CLOSE_GRACE` to finish,
then drops them.
"""

from __future__ import annotations

import asyncio
from typing import Any, Final

import asyncpg

#: Seconds a statement may take before the store gives up on it (a bot's reads and writes
#: take milliseconds; a leaderboard of a very large server well under a second).
COMMAND_TIMEOUT: Final = 15.0
#: Seconds the pool's connections get to close cleanly before they are dropped.
CLOSE_GRACE: Final = 10.0


async def _keep_session(conn: Any) -> None:
    """Nothing to reset (see the module doc)."""


async def make_pool(dsn: str, size: int, settings: dict[str, str],
                    command_timeout: float = COMMAND_TIMEOUT) -> Any:
    return await asyncpg.create_pool(
        dsn, min_size=size, max_size=size, server_settings=settings, reset=_keep_session,
        command_timeout=command_timeout,
    )


async def close_pool(pool: Any) -> None:
    """Close ``pool``; its connections are dropped if the server does not answer within
    :data:`CLOSE_GRACE`."""
    try:
        await asyncio.wait_for(pool.close(), CLOSE_GRACE)
    except TimeoutError:
        pool.terminate()
