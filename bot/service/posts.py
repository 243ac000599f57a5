"""The daily results post: what it shows (:class:`ResultsPosts`, a part of the service), which
days a restart brings up to date, and who makes it when several processes serve the bot.

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

from bot.core.daily import today_puzzle_number
from bot.service.errors import PlayerError, Problem, disk_full_is_a_problem, ids_checked_calls
from bot.service.results import DailySummary
from bot.storage.models import DailyPostBehind
from bot.storage.port import Store

#: How long a claim holds when its holder never stores the message (it crashed, or posting
#: failed): then the next claimant posts.
CLAIM_TTL: Final = timedelta(seconds=30)
_POLL_SECONDS: Final = 0.1
#: How many days back a restart looks for posts behind their results: today and yesterday in
#: every time zone (a server's day is at most a day from UTC's).
CATCH_UP_DAYS: Final = 2


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


@ids_checked_calls
@disk_full_is_a_problem
class ResultsPosts:
    """The service's calls for the daily results post (mixed into
    :class:`~bot.service.game_service.GameService`)."""

    db: Store

    def now(self) -> datetime:
        raise NotImplementedError

    async def today(self, guild_id: int, player_id: int | None = None) -> int:
        raise NotImplementedError

    async def daily_summary(self, guild_id: int, number: int | None = None) -> DailySummary:
        today = await self.today(guild_id)
        number = today if number is None else number
        results = await self.db.daily_results(guild_id, number)
        streak = await self.db.server_streak(guild_id, min(number, today))  # (as on its day)
        return DailySummary(guild_id, number, tuple(results), streak)

    async def results_post(self, guild_id: int, number: int) -> tuple[int, int] | None:
        """(channel id, message id) of the day's post; None: claimed by us (see above)."""
        return await claim_or_find(self.db, guild_id, number)

    async def results_post_made(self, guild_id: int, number: int) -> tuple[int, int] | None:
        """(channel id, message id) of the day's post if one was made (never claims one)."""
        return await self.db.daily_post(guild_id, number)

    async def results_to_redo(self) -> list[tuple[int, int, int]]:
        """The posts (server, puzzle number, mark) that still show a player who asked to be
        forgotten, wherever the forget-me was taken."""
        return await self.db.daily_posts_to_redo()

    async def results_redone(self, guild_id: int, number: int, mark: int) -> None:
        """The post was edited after ``mark`` was read (:meth:`results_to_redo`)."""
        await self.db.daily_post_redone(guild_id, number, mark)

    async def remember_results_post(self, guild_id: int, number: int, channel_id: int,
                                    message_id: int) -> None:
        await self.db.set_daily_post(guild_id, number, channel_id, message_id)

    async def results_shown(self, guild_id: int, number: int, shown: int) -> None:
        """The day's post now shows ``shown`` results (``len`` of the summary it shows)."""
        await self.db.set_daily_post_shown(guild_id, number, shown)

    async def results_behind(self) -> list[DailyPostBehind]:
        """The recent days (:data:`CATCH_UP_DAYS`) whose post shows fewer results than the day
        has, or that have none: the bot stopped between a finish and its post."""
        since = today_puzzle_number(self.now(), "UTC") - CATCH_UP_DAYS
        return await self.db.daily_posts_behind(since)
