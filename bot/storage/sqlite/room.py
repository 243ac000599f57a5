"""Room kept beside the SQLite file, the *reserve* (``<database>-reserve``, random bytes so
no file system keeps it smaller): on a full disk, deleting it lets a checkpoint finish and the
emptied WAL give its room back; it is made again before anything more is written."""

from __future__ import annotations

import asyncio
import errno
import os
import shutil
import sqlite3
from collections.abc import Awaitable, Callable

from .integrity import is_full

#: Bytes kept in the reserve.
RESERVE_BYTES = 1024 * 1024
_CHUNK = 64 * 1024
#: The errors that mean the file system has no room (for this user).
_NO_ROOM = frozenset({errno.ENOSPC, errno.EDQUOT})


def reserve_path(database: str) -> str:
    return f"{database}-reserve"


def keep(database: str) -> bool:
    """Make the reserve whole; whether it is. ``False`` when the disk has no room for it (what
    could be written stays, and is completed later). Other file errors are raised."""
    path = reserve_path(database)
    try:
        have = os.stat(path).st_size
    except FileNotFoundError:
        have = 0
    if have >= RESERVE_BYTES:
        return True
    if shutil.disk_usage(os.path.dirname(os.path.abspath(path))).free < RESERVE_BYTES - have:
        return False
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
    try:
        while have < RESERVE_BYTES:
            have += os.write(fd, os.urandom(min(_CHUNK, RESERVE_BYTES - have)))
    except OSError as exc:
        if exc.errno not in _NO_ROOM:
            raise
        return False
    finally:
        os.close(fd)
    return True


def release(database: str) -> bool:
    """Delete the reserve, giving its room back; whether there was one."""
    try:
        os.remove(reserve_path(database))
    except FileNotFoundError:
        return False
    return True


async def make_room(database: str, truncate: Callable[[], Awaitable[BaseException | None]]
                    ) -> bool:
    """Empty the WAL by ``truncate`` (its error, if any), giving the reserve back if the disk
    is too full for that, then make the reserve whole again; whether it is (else nothing may
    be written)."""
    failure = await truncate()
    if failure is not None and is_full(failure) and await asyncio.to_thread(release, database):
        await truncate()
    return await asyncio.to_thread(keep, database)


def is_short_of_room(exc: BaseException) -> bool:
    """Whether SQLite failed for want of room: a full disk, or shared memory for the WAL's
    index it could not allocate (opening a file on a full disk)."""
    code = getattr(exc, "sqlite_errorcode", None)
    return code is not None and (code & 0xFF == sqlite3.SQLITE_FULL
                                 or code == sqlite3.SQLITE_IOERR_SHMSIZE)
