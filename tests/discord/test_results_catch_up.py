"""A daily finished while the bot could not post it (it was killed between saving the finish and
updating the results post: a crash, a power cut) is shown by the next start: the post is brought
up to the day's results, or made if the day had none. A post that is up to date is left alone.

The finishes the bot never posted are saved here by the service alone, with no bot running:
what a process killed right after its write leaves in the database.
"""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from bot.core.daily import server_daily_word
from bot.service import GameService, Place
from bot.storage import SqliteStore, StorageUnavailable
from bot.storage.models import DailyPostBehind
from tests.discord.conftest import SALT, Table
from tests.discord.test_bot_e2e import mention, wait_for_results_post
from tests.discord.test_retry_posts import patches_of
from tests.fakediscord import FakeChannel, FakeGuild, FakeMember


async def finish_unposted(table: Table, member: FakeMember,
                          channel: FakeChannel | None = None, *,
                          guild: FakeGuild | None = None) -> None:
    """``member`` wins today's daily in ``channel`` (of ``guild``), saved with no bot to post
    it."""
    guild = guild or table.guild
    db = await SqliteStore.open(table.db_path)
    try:
        service = table.make_service(db)
        place = Place(guild.id, (channel or table.general).id)
        await service.start(place, member.id, kind="daily")
        number = table.daily_number()
        answer = server_daily_word(number, table.words.answers, SALT, guild.id, number)
        result = await service.guess(place, member.id, answer)
        assert result.finish is not None
    finally:
        await db.close()


async def caught_up(table: Table) -> None:
    """Until the running bot's catch-up at start has done its work."""
    assert table.current is not None
    posts = table.current.bot.results_post
    assert posts._catch_up is not None
    await asyncio.wait_for(asyncio.shield(posts._catch_up), 10)


async def test_a_restart_shows_the_finishes_its_results_post_missed(table: Table) -> None:
    async with table.running():
        await table.reply(table.alice, "wordle settings", {"results_channel": table.results})
        await table.win_daily(table.bob)
        post = await wait_for_results_post(table, table.daily_number())
        await table.fake.settle(quiet=0.2)
    await finish_unposted(table, table.carol)
    assert mention(table.carol) not in post.content

    async with table.running():
        await table.fake.wait_for(lambda: mention(table.carol) in post.content,
                                  what=lambda: post.content)
        assert mention(table.bob) in post.content
        await table.fake.settle(quiet=0.2)
        assert await table.current.db.daily_posts_behind(0) == []
    edits = len(patches_of(table, post.id))
    async with table.running():  # up to date: left alone
        await caught_up(table)
        await table.fake.settle(quiet=0.2)
    assert len(patches_of(table, post.id)) == edits
    assert len([m for m in table.fake.channel_messages(table.results)
                if m.via == "channel"]) == 1


async def test_a_day_whose_only_finish_was_never_posted_gets_its_post(table: Table) -> None:
    """No results channel set: the post goes where the day's last finish was."""
    other = table.fake.add_text_channel(table.guild, "other")
    await finish_unposted(table, table.bob)
    await finish_unposted(table, table.dave, other)
    async with table.running():
        post = await wait_for_results_post(table, table.daily_number(), other)
        assert mention(table.bob) in post.content and mention(table.dave) in post.content
        await table.fake.settle(quiet=0.2)
        assert [m for m in table.fake.channel_messages(table.general)
                if m.via == "channel"] == []
        # the next finisher edits that post
        await table.win_daily(table.carol)
        await table.fake.wait_for(lambda: mention(table.carol) in post.content,
                                  what=lambda: post.content)


async def test_another_processs_server_is_left_to_it(table: Table) -> None:
    """With several shard processes, only the one serving the server catches its post up."""
    await finish_unposted(table, table.bob)
    ours = (table.guild.id >> 22) % 2
    async with table.running(shard_count=2, shard_ids=(1 - ours,)):
        await caught_up(table)
        await table.fake.settle(quiet=0.2)
        assert [m for m in table.fake.channel_messages(table.general)
                if m.via == "channel"] == []
    async with table.running(shard_count=2, shard_ids=(ours,)):
        post = await wait_for_results_post(table, table.daily_number(), table.general)
        assert mention(table.bob) in post.content


async def test_a_results_channel_deleted_meanwhile_leaves_the_post_where_the_finish_was(
        table: Table) -> None:
    async with table.running():
        await table.reply(table.alice, "wordle settings", {"results_channel": table.results})
    await finish_unposted(table, table.bob)
    del table.guild.channels[table.results.id], table.fake.channels[table.results.id]
    async with table.running():
        post = await wait_for_results_post(table, table.daily_number(), table.general)
        assert mention(table.bob) in post.content
        await caught_up(table)
        assert await table.current.db.daily_posts_behind(0) == []
        # the next finisher's result goes to that post too, not to a new one
        await table.win_daily(table.carol)
        await table.fake.wait_for(lambda: mention(table.carol) in post.content,
                                  what=lambda: post.content)
        assert len([m for m in table.fake.channel_messages(table.general)
                    if m.via == "channel" and "results" in m.content]) == 1


async def test_a_server_whose_post_keeps_failing_holds_up_no_other(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("bot.cogs.retry.RETRY_DELAYS", (3.0, 3.0))
    fake = table.fake
    other = fake.add_guild("Other club")
    lobby = fake.add_text_channel(other, "lobby")
    erin = fake.add_member(other, "erin")
    await finish_unposted(table, table.bob)  # the first server behind (the lower id)
    await finish_unposted(table, erin, lobby, guild=other)
    fake.inject_error("POST", rf"/channels/{table.general.id}/messages$", 503, times=1)
    async with table.running():
        theirs = await wait_for_results_post(table, table.daily_number(), lobby)
        assert mention(erin) in theirs.content
        assert not [m for m in fake.channel_messages(table.general) if m.via == "channel"]
        ours = await wait_for_results_post(table, table.daily_number(), table.general)
        assert mention(table.bob) in ours.content  # tried again 3 s later


async def test_a_database_away_at_start_is_waited_for(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("bot.cogs.retry.RETRY_DELAYS", (0.3,))
    await finish_unposted(table, table.bob)

    def flaky(db: SqliteStore) -> GameService:
        service = table.make_service(db)
        real = service.results_behind
        calls = []

        async def first_fails() -> list[DailyPostBehind]:
            calls.append(1)
            if len(calls) == 1:
                raise StorageUnavailable("database unavailable: the database is starting up")
            return await real()

        service.results_behind = first_fails  # type: ignore[method-assign]
        return service

    async with table.running(flaky):
        post = await wait_for_results_post(table, table.daily_number(), table.general)
        assert mention(table.bob) in post.content


async def test_a_post_sent_but_never_stored_is_edited_not_made_twice(table: Table) -> None:
    """Killed after sending the day's first results post, before storing its id: the next
    update finds the bot's own post in the channel and edits it."""
    async with table.running():
        await table.win_daily(table.bob)
        post = await wait_for_results_post(table, table.daily_number(), table.general)
        await table.fake.settle(quiet=0.2)
    with sqlite3.connect(table.db_path) as db:
        db.execute("DELETE FROM daily_posts")  # the id never reached the store
    db.close()
    await finish_unposted(table, table.carol)
    async with table.running() as run:
        await table.fake.wait_for(lambda: mention(table.carol) in post.content,
                                  what=lambda: post.content)
        await caught_up(table)
        assert [m.id for m in table.fake.channel_messages(table.general)
                if m.via == "channel" and "results" in m.content] == [post.id]
        assert await run.db.daily_post(table.guild.id, table.daily_number()) == (
            table.general.id, post.id)


async def test_a_results_channel_the_bot_may_no_longer_post_in_is_not_asked(
        table: Table) -> None:
    """Send Messages taken away from the bot there (while it was down): the post goes where the
    finish was, with no refused request (Discord counts refusals against the bot)."""
    fake = table.fake
    async with table.running():
        await table.reply(table.alice, "wordle settings", {"results_channel": table.results})
        await table.win_daily(table.bob)
        await wait_for_results_post(table, table.daily_number(), table.results)
    table.results.overwrites.append(
        fake._overwrite(fake.bot_member(table.guild), None, {"send_messages": True}))
    await finish_unposted(table, table.carol)
    before = len(fake.requests)
    async with table.running():
        post = await wait_for_results_post(table, table.daily_number(), table.general)
        await table.fake.wait_for(lambda: mention(table.carol) in post.content,
                                  what=lambda: post.content)
        await caught_up(table)
    assert [r for r in fake.requests[before:] if r.status == 403] == []
