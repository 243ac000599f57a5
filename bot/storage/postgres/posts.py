"""The message showing a day's daily results, claimed in the database before it is posted.

Several processes (one per shard range) may finish a server's dailies at once; the in-process
lock of a single bot no longer keeps them from posting twice. So: :meth:`claim_daily_post`
inserts a claim with an expiry (or takes over an expired one); only the holder posts, then
:meth:`set_daily_post` stores the message id and clears the claim. If the holder crashes, its
claim expires and the next claimant posts. Once a post exists, everyone edits that message.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, TypeVar

from ..daily_posts import DAY_RESULTS, POST_REDONE, POSTS_BEHIND, POSTS_TO_REDO
from ..models import DailyPostBehind
from ..validation import check_count, check_day, check_id, now_utc
from .races import dollars

_T = TypeVar("_T")
_POSTS_BEHIND = dollars(POSTS_BEHIND)
_POST_REDONE = dollars(POST_REDONE)
_MAX_CLAIMANT = 200


@dataclass(frozen=True, slots=True)
class PostClaim:
    """The answer to :meth:`DailyPosts.claim_daily_post`.

    ``claimed``: this claimant holds the claim, no post exists yet: post, then
    ``set_daily_post`` (or ``release_daily_post`` if posting failed).
    ``post``: ``(channel_id, message_id)`` of the existing post: edit it.
    Neither: someone else holds a live claim until ``busy_until``: do nothing now.
    """

    claimed: bool
    post: tuple[int, int] | None = None
    busy_until: datetime | None = None


class DailyPosts:
    """Daily results posts (a part of the PostgreSQL store)."""

    async def _fetch(self, sql: str, *params: Any) -> list[Any]:
        raise NotImplementedError

    async def _transaction(self, work: Callable[[Any], Awaitable[_T]]) -> _T:
        raise NotImplementedError

    async def daily_post(self, guild_id: int, puzzle_number: int) -> tuple[int, int] | None:
        """``(channel_id, message_id)`` of the post showing that day's results, if any."""
        _check(guild_id, puzzle_number)
        found = await self._fetch(
            "SELECT channel_id, message_id FROM daily_posts "
            "WHERE guild_id = $1 AND puzzle_number = $2 AND message_id IS NOT NULL",
            guild_id,
            puzzle_number,
        )
        return (found[0][0], found[0][1]) if found else None

    async def set_daily_post(
        self, guild_id: int, puzzle_number: int, channel_id: int, message_id: int
    ) -> None:
        """Store the post's message (replacing any earlier one) and clear the claim."""
        _check(guild_id, puzzle_number)
        check_id("channel_id", channel_id)
        check_id("message_id", message_id)

        async def work(conn: Any) -> None:
            await conn.execute(
                "INSERT INTO daily_posts (guild_id, puzzle_number, channel_id, message_id) "
                "VALUES ($1, $2, $3, $4) ON CONFLICT (guild_id, puzzle_number) DO UPDATE SET "
                "channel_id = excluded.channel_id, message_id = excluded.message_id, "
                "claimed_by = NULL, claim_expires_at = NULL",
                guild_id,
                puzzle_number,
                channel_id,
                message_id,
            )

        await self._transaction(work)

    async def set_daily_post_shown(self, guild_id: int, puzzle_number: int,
                                   shown: int) -> None:
        """The day's post now shows ``shown`` results (never lowered, never above the day's
        results now; nothing without a post). More than the day has now: a forget-me came
        after they were read, and the post is marked to be edited (``redo``)."""
        _check(guild_id, puzzle_number)
        check_count("shown", shown)

        async def work(conn: Any) -> None:
            await conn.execute(
                f"UPDATE daily_posts SET shown = LEAST(GREATEST(shown, $3), {DAY_RESULTS}), "
                f"redo = redo + ($3 > {DAY_RESULTS})::int "
                "WHERE guild_id = $1 AND puzzle_number = $2 AND message_id IS NOT NULL",
                guild_id,
                puzzle_number,
                shown,
            )

        await self._transaction(work)

    async def daily_posts_behind(self, since: int) -> list[DailyPostBehind]:
        """The servers' days from puzzle ``since`` on whose post shows fewer results than the
        day has finished dailies, or that have none, with the channel of the last finish."""
        check_day("since", since)
        rows = await self._fetch(_POSTS_BEHIND, since)
        return [DailyPostBehind(row[0], row[1], row[2], row[3]) for row in rows]

    async def daily_posts_to_redo(self) -> list[tuple[int, int, int]]:
        return [(row[0], row[1], row[2]) for row in await self._fetch(POSTS_TO_REDO)]

    async def daily_post_redone(self, guild_id: int, puzzle_number: int, redo: int) -> None:
        check_id("guild_id", guild_id)
        check_day("puzzle_number", puzzle_number)
        check_count("redo", redo)
        await self._transaction(
            lambda conn: conn.execute(_POST_REDONE, guild_id, puzzle_number, redo))

    async def claim_daily_post(
        self,
        guild_id: int,
        puzzle_number: int,
        *,
        claimant: str,
        ttl: timedelta = timedelta(seconds=60),
        now: datetime | None = None,
    ) -> PostClaim:
        """Claim the right to post that day's results (see the module doc). A claimant
        asking again while it holds the claim gets it again (its expiry renewed)."""
        _check(guild_id, puzzle_number)
        if not isinstance(claimant, str) or not 0 < len(claimant) <= _MAX_CLAIMANT:
            raise ValueError(f"claimant must be 1 to {_MAX_CLAIMANT} characters")
        if not isinstance(ttl, timedelta) or ttl <= timedelta(0):
            raise ValueError("ttl must be a positive timedelta")
        moment = now_utc(now)

        async def work(conn: Any) -> PostClaim:
            won = await conn.fetchval(
                "INSERT INTO daily_posts (guild_id, puzzle_number, claimed_by, claim_expires_at) "
                "VALUES ($1, $2, $3, $4) ON CONFLICT (guild_id, puzzle_number) DO UPDATE SET "
                "claimed_by = excluded.claimed_by, claim_expires_at = excluded.claim_expires_at "
                "WHERE daily_posts.message_id IS NULL AND (daily_posts.claim_expires_at <= $5 "
                "OR daily_posts.claimed_by = excluded.claimed_by) RETURNING true",
                guild_id,
                puzzle_number,
                claimant,
                moment + ttl,
                moment,
            )
            if won:
                return PostClaim(claimed=True)
            row = await conn.fetchrow(
                "SELECT channel_id, message_id, claim_expires_at FROM daily_posts "
                "WHERE guild_id = $1 AND puzzle_number = $2",
                guild_id,
                puzzle_number,
            )
            if row["message_id"] is not None:
                return PostClaim(claimed=False, post=(row["channel_id"], row["message_id"]))
            return PostClaim(claimed=False, busy_until=row["claim_expires_at"])

        return await self._transaction(work)

    async def release_daily_post(self, guild_id: int, puzzle_number: int, *, claimant: str) -> bool:
        """Give up a claim (posting failed) so another claimant may post at once. Returns
        whether this claimant held it."""
        _check(guild_id, puzzle_number)

        async def work(conn: Any) -> bool:
            done = await conn.execute(
                "DELETE FROM daily_posts WHERE guild_id = $1 AND puzzle_number = $2 "
                "AND message_id IS NULL AND claimed_by = $3",
                guild_id,
                puzzle_number,
                claimant,
            )
            return bool(done != "DELETE 0")

        return await self._transaction(work)


def _check(guild_id: int, puzzle_number: int) -> None:
    check_id("guild_id", guild_id)
    check_day("puzzle_number", puzzle_number)
