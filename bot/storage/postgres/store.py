"""The PostgreSQL store: the SQLite store's calls, plus the claim of a results post
(:class:`Claims`) that several processes on one database need."""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Final

from ..database import Database, Tx, utc
from ..errors import StorageError
from ..store import TOGETHER, SqlStore, store_key
from . import schema
from .pool import COMMAND_TIMEOUT, CONNECT_FAILURES, PostgresDatabase, connect, make_pool

#: ``plan_cache_mode``: the statements find rows by key and match partial indexes by constants
#: in their text, so the generic plan is the plan: made once, not per parameters.
_SETTINGS: Final = {
    "timezone": "UTC",
    "application_name": "wordle-bot",
    "plan_cache_mode": "force_generic_plan",
}
#: What the daily salt is derived from, with the database's key (never change it: the daily
#: words would change).
_SALT_LABEL: Final = b"wordle-bot daily salt v1"


class PostgresStore(SqlStore):
    """All persistent state of the bot in PostgreSQL. Make one with :meth:`open`."""

    def __init__(self, db: PostgresDatabase, key: bytes, version: int, dsn: str) -> None:
        super().__init__(db, key, version)
        self.dsn = schema.redact(dsn)
        # Every process on the database picks the same daily words (see bot.storage.open).
        self.daily_salt = hmac.new(key, _SALT_LABEL, hashlib.sha256).hexdigest()[:32]
        claims = Claims(db)
        self.claim_daily_post = claims.claim_daily_post
        self.release_daily_post = claims.release_daily_post

    @classmethod
    async def open(cls, dsn: str, *, pool_size: int = 10, writers: int | None = None,
                   command_timeout: float = COMMAND_TIMEOUT) -> PostgresStore:
        """Connect, migrate, and make a pool of ``pool_size`` connections, up to ``writers`` of
        them committing at once (default: half the pool, at most 4)."""
        if not isinstance(pool_size, int) or pool_size < 1:
            raise ValueError("pool_size must be at least 1")
        conn = await connect(dsn, server_settings=dict(_SETTINGS))
        try:
            version = await schema.migrate(conn, dsn)
        finally:
            await conn.close()
        try:  # the pool's connections can be refused too (too many for the role, say)
            pool = await make_pool(dsn, pool_size, dict(_SETTINGS))
        except CONNECT_FAILURES as exc:
            raise StorageError(f"cannot open {pool_size} connections to "
                               f"{schema.redact(dsn)}: {exc}") from exc
        db = PostgresDatabase(pool, writers or max(1, min(4, pool_size // 2)), command_timeout,
                              together=TOGETHER)
        return cls(db, await store_key(db, schema.redact(dsn)), version, dsn)


_MAX_CLAIMANT: Final = 200


@dataclass(frozen=True, slots=True)
class PostClaim:
    """``claimed``: post, then ``set_daily_post`` (``release_daily_post`` if posting failed);
    ``post``: ``(channel_id, message_id)`` of the post to edit; neither: someone else holds
    the claim until ``busy_until``."""

    claimed: bool
    post: tuple[int, int] | None = None
    busy_until: datetime | None = None


class Claims:
    """The claim to post a day's results: of several processes finishing a server's dailies,
    only its holder posts; it expires, so a crashed holder's claim passes to the next."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def claim_daily_post(self, guild_id: int, puzzle_number: int, *, claimant: str,
                               ttl: timedelta = timedelta(seconds=60),
                               now: datetime | None = None) -> PostClaim:
        """Claim the post of that day's results (asking again renews one's claim)."""
        if not isinstance(claimant, str) or not 0 < len(claimant) <= _MAX_CLAIMANT:
            raise ValueError(f"claimant must be 1 to {_MAX_CLAIMANT} characters")
        if not isinstance(ttl, timedelta) or ttl <= timedelta(0):
            raise ValueError("ttl must be a positive timedelta")
        at = utc(now) or datetime.now(UTC)

        async def work(tx: Tx) -> PostClaim:
            won = await tx.fetchrow(
                "INSERT INTO daily_posts (guild_id, puzzle_number, claimed_by, claim_expires_at) "
                "VALUES ($1, $2, $3, $4) ON CONFLICT (guild_id, puzzle_number) DO UPDATE SET "
                "claimed_by = excluded.claimed_by, claim_expires_at = excluded.claim_expires_at "
                "WHERE daily_posts.message_id IS NULL AND (daily_posts.claim_expires_at <= $5 "
                "OR daily_posts.claimed_by = excluded.claimed_by) RETURNING true",
                guild_id, puzzle_number, claimant, at + ttl, at)
            if won is not None:
                return PostClaim(claimed=True)
            row = await tx.fetchrow("SELECT channel_id, message_id, claim_expires_at FROM "
                                    "daily_posts WHERE guild_id = $1 AND puzzle_number = $2",
                                    guild_id, puzzle_number)
            assert row is not None
            if row[1] is not None:
                return PostClaim(claimed=False, post=(row[0], row[1]))
            return PostClaim(claimed=False, busy_until=row[2])

        return await self._db.transaction(work)

    async def release_daily_post(self, guild_id: int, puzzle_number: int, *,
                                 claimant: str) -> bool:
        """Give up a claim (posting failed); whether this claimant held it."""
        return await self._db.transaction(lambda tx: tx.execute(
            "DELETE FROM daily_posts WHERE guild_id = $1 AND puzzle_number = $2 "
            "AND message_id IS NULL AND claimed_by = $3", guild_id, puzzle_number,
            claimant)) > 0
