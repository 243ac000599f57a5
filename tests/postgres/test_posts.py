"""The daily results post is claimed in the database (issue 12, item 4): of processes finishing
dailies at once only the claimant posts; a crashed claimant's claim expires; once the post
exists everyone edits it."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest

from bot.storage.postgres import PostClaim, PostgresStore
from tests.storage.helpers import GUILD

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
TTL = timedelta(seconds=30)


@pytest.fixture
async def other_store(pg_dsn: str):
    async with await PostgresStore.open(pg_dsn, pool_size=2) as store:
        yield store


async def test_one_claimant_posts_and_then_everyone_edits(pg_store, other_store):
    first = await pg_store.claim_daily_post(GUILD, 9, claimant="bot-0", ttl=TTL, now=T0)
    second = await other_store.claim_daily_post(GUILD, 9, claimant="bot-1", ttl=TTL, now=T0)
    assert first == PostClaim(claimed=True)
    assert second == PostClaim(claimed=False, busy_until=T0 + TTL)
    assert await other_store.daily_post(GUILD, 9) is None  # a claim is not a post
    # The holder asking again keeps it (renewed).
    again = await pg_store.claim_daily_post(GUILD, 9, claimant="bot-0", ttl=TTL, now=T0)
    assert again.claimed
    await pg_store.set_daily_post(GUILD, 9, 555, 777)
    assert await other_store.daily_post(GUILD, 9) == (555, 777)
    for store, name in ((pg_store, "bot-0"), (other_store, "bot-1")):
        later = await store.claim_daily_post(GUILD, 9, claimant=name, now=T0 + timedelta(days=1))
        assert later == PostClaim(claimed=False, post=(555, 777))
    # Other days and servers are separate.
    assert (await other_store.claim_daily_post(GUILD, 10, claimant="bot-1", now=T0)).claimed
    assert (await other_store.claim_daily_post(GUILD + 1, 9, claimant="bot-1", now=T0)).claimed


async def test_a_crashed_claimants_claim_expires(pg_store, other_store):
    assert (await pg_store.claim_daily_post(GUILD, 9, claimant="bot-0", ttl=TTL, now=T0)).claimed
    # bot-0 dies before posting. Until the claim expires nobody else posts...
    early = T0 + TTL - timedelta(seconds=1)
    assert not (await other_store.claim_daily_post(GUILD, 9, claimant="bot-1", now=early)).claimed
    # ...then the next claimant takes over and posts.
    late = await other_store.claim_daily_post(GUILD, 9, claimant="bot-1", ttl=TTL, now=T0 + TTL)
    assert late.claimed
    assert not (await pg_store.claim_daily_post(GUILD, 9, claimant="bot-0", now=T0 + TTL)).claimed
    await other_store.set_daily_post(GUILD, 9, 1, 2)
    assert await pg_store.daily_post(GUILD, 9) == (1, 2)


async def test_a_released_claim_lets_the_next_one_post_at_once(pg_store, other_store):
    assert (await pg_store.claim_daily_post(GUILD, 9, claimant="bot-0", now=T0)).claimed
    assert not await other_store.release_daily_post(GUILD, 9, claimant="bot-1")  # not its own
    assert await pg_store.release_daily_post(GUILD, 9, claimant="bot-0")
    assert (await other_store.claim_daily_post(GUILD, 9, claimant="bot-1", now=T0)).claimed


async def test_many_claimants_at_once_make_one_post(pg_store, other_store):
    claims = await asyncio.gather(
        *(
            store.claim_daily_post(GUILD, 9, claimant=f"bot-{n}-{i}", now=T0)
            for i in range(20)
            for n, store in enumerate((pg_store, other_store))
        )
    )
    assert sum(c.claimed for c in claims) == 1


@pytest.mark.parametrize(
    "bad",
    [dict(claimant=""), dict(claimant=5), dict(ttl=timedelta(0))],
)
async def test_bad_claims_are_refused(pg_store, bad):
    args = dict(claimant="bot-0", ttl=TTL, now=T0) | bad
    with pytest.raises(ValueError):
        await pg_store.claim_daily_post(GUILD, 9, **args)
    assert (await pg_store.claim_daily_post(GUILD, 9, claimant="bot-0", now=T0)).claimed
