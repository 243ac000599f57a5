"""Who makes a server's daily results post when several processes serve the bot.

A store that can claim posts (the PostgreSQL store: ``claim_daily_post``) is asked first:
the claimant that wins posts and then stores the message (which clears the claim); another
process finishing a daily meanwhile waits for that post and edits it, so the post is made once
and shows everyone. A claim left by a crashed process expires after :data:`CLAIM_TTL`, and the
next claimant posts. A store without claims (SQLite: one process) just says where the post is.
"""

from __future__ import annotations

import asyncio
import os
import secrets
import socket
from datetime import datetime, timedelta
from typing import Final, Protocol, runtime_checkable

from bot.service.errors import PlayerError, Problem
from bot.storage.port import Store

#: How long a claim holds when its holder never stores the message (it crashed, or posting
#: failed): then the next claimant posts.
CLAIM_TTL: Final = timedelta(seconds=30)
_POLL_SECONDS: Final = 0.1


class _Claim(Protocol):
    claimed: bool
    post: tuple[int, int] | None
    busy_until: datetime | None


@runtime_checkable
class ClaimsPosts(Protocol):
    async def claim_daily_post(self, guild_id: int, puzzle_number: int, *, claimant: str,
                               ttl: timedelta = ..., now: datetime | None = None) -> _Claim: ...


def new_claimant() -> str:
    """A process's name in claims: host, pid and a random part (a pid may be reused)."""
    return f"{socket.gethostname()[:100]}:{os.getpid()}:{secrets.token_hex(4)}"


#: This process, in claims.
CLAIMANT: Final = new_claimant()


async def claim_or_find(store: Store, guild_id: int, number: int,
                        claimant: str = CLAIMANT) -> tuple[int, int] | None:
    """``(channel_id, message_id)`` of the day's post, or ``None``: no post yet, and the caller
    now holds the claim to make it (and must store it with ``set_daily_post``). While another
    process holds the claim, waits for its post (at most the claim's lifetime); raises
    ``PlayerError(BUSY)`` if it is still not there."""
    if not isinstance(store, ClaimsPosts):
        return await store.daily_post(guild_id, number)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + CLAIM_TTL.total_seconds() + 1.0
    while True:
        claim = await store.claim_daily_post(guild_id, number, claimant=claimant, ttl=CLAIM_TTL)
        if claim.claimed:
            return None
        if claim.post is not None:
            return claim.post
        if loop.time() >= deadline:
            raise PlayerError(Problem.BUSY)
        await asyncio.sleep(_POLL_SECONDS)
