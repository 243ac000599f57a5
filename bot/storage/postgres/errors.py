"""asyncpg's errors as the storage port's (:class:`StorageError`, :class:`StorageFull`,
:class:`StorageUnavailable`)."""

from __future__ import annotations

from typing import Final

import asyncpg

from ..errors import StorageError, StorageFull, StorageUnavailable

#: What a read or a write on the pool may raise besides the port's own errors.
DB_ERRORS: Final = (
    asyncpg.PostgresError,
    asyncpg.InterfaceError,
    asyncpg.InternalClientError,
    OSError,
)
#: The server is away or going (stopping, restarting, refusing connections, out of
#: connections) or a connection to it was lost: it may work again in a moment. (asyncpg's
#: InternalClientError is what a pooled connection the server ended says on its next use.)
_AWAY: Final = (
    asyncpg.PostgresConnectionError,
    asyncpg.exceptions.OperatorInterventionError,
    asyncpg.TooManyConnectionsError,
    asyncpg.InternalClientError,
    OSError,
)


def public_error(exc: Exception) -> Exception:
    """A database error as a :class:`StorageError` (its message only: asyncpg keeps the
    failing row, which may hold a hidden word, in ``detail``, left out here)."""
    if isinstance(exc, StorageError | ValueError):
        return exc
    if isinstance(exc, asyncpg.DiskFullError):  # the server's disk: nothing was saved
        wrapped: StorageError = StorageFull(f"the database server's disk is full: {exc}")
    elif isinstance(exc, TimeoutError):  # asyncpg's command_timeout (see .pool)
        wrapped = StorageUnavailable("the database did not answer in time")
    elif isinstance(exc, _AWAY):
        wrapped = StorageUnavailable(f"database unavailable: {type(exc).__name__}: {exc}")
    else:
        wrapped = StorageError(f"database error: {type(exc).__name__}: {exc}")
    wrapped.__cause__ = exc
    return wrapped
