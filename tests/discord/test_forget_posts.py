"""A player who asks to be forgotten leaves the daily results posts that showed them: the posts
are edited at once, old days' too, and within a minute when the forget-me was taken by another
process; with the real bot through the fake Discord. (Before, the posts named them, with their
score, until their day's next finish: for good on a past day.)"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

import bot.cogs.results_post as results_post
from tests.discord.conftest import Table
from tests.discord.test_bot_e2e import mention
from tests.fakediscord import FakeChannel, FakeMember
from tests.fakediscord.models import FakeMessage


async def forget(table: Table, member: FakeMember) -> None:
    ask = await table.reply(member, "wordle forgetme")
    yes = await table.fake.click(ask, member, label="Yes, forget me")
    assert "were removed" in (await yes.first_response()).text()


async def day_won_by(table: Table, *members: FakeMember, order_from: int | None = None
                     ) -> FakeMessage:
    """Each of ``members`` wins today's daily in #general (the server's order of words began
    on ``order_from``, by default today): the day's results post there."""
    answer = table.daily_answer(order_from=order_from)
    for member in members:
        await table.reply(member, "wordle start", {"kind": "daily"})
        won = await table.invoke(member, "guess", {"word": answer})
        await won.wait_for_messages(2)
    head = f"**Wordle {table.daily_number():,} results**"

    def post() -> FakeMessage | None:
        return next((m for m in results_posts(table) if m.content.startswith(head)), None)

    await table.fake.wait_for(
        lambda: (found := post()) is not None and all(mention(m) in found.content
                                                      for m in members),
        what="every finish in the day's results post")
    found = post()
    assert found is not None
    return found


async def marks_cleared(run: Any) -> None:
    """Wait until no post is marked to be edited (a mark is cleared after its edit)."""
    for _ in range(100):
        if await run.db.daily_posts_to_redo() == []:
            return
        await asyncio.sleep(0.02)
    raise AssertionError("a post's mark was never cleared")


def results_posts(table: Table, channel: FakeChannel | None = None) -> list[FakeMessage]:
    return [m for m in table.fake.channel_messages(channel or table.general)
            if m.via == "channel" and "results" in m.content]


async def test_the_results_posts_that_showed_a_forgotten_player_are_edited_without_them(
        table: Table) -> None:
    async with table.running():
        first = table.daily_number()
        yesterday = await day_won_by(table, table.bob, table.carol)
        table.clock.advance(days=1)
        today = await day_won_by(table, table.bob, order_from=first)
        await forget(table, table.bob)
        await table.fake.wait_for(
            lambda: mention(table.bob) not in yesterday.content + today.content,
            what="the posts without the forgotten player")
        assert mention(table.carol) in yesterday.content
        assert "Nobody has finished it yet." in today.content
        assert results_posts(table) == [yesterday, today]  # edited, none made anew


async def test_a_deleted_results_post_is_not_made_again_by_a_forget_me(table: Table) -> None:
    """Not even when the server has a results channel, where a finish would post it anew."""
    async with table.running():
        post = await day_won_by(table, table.bob, table.carol)
        await table.reply(table.alice, "wordle settings", {"results_channel": table.results})
        post.deleted = True  # a moderator deleted it
        await forget(table, table.bob)
        await table.fake.settle(quiet=0.2)
        assert results_posts(table) == []
        assert results_posts(table, table.results) == []


async def test_a_forget_me_taken_by_another_process_reaches_this_ones_posts(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """With several shard processes a forget-me reaches one of them; the posts of the others'
    servers are marked in the store, and each process looks for its own every minute."""
    monkeypatch.setattr(results_post, "REDO_EVERY", 0.05)
    async with table.running() as run:
        post = await day_won_by(table, table.bob, table.carol)
        await run.service.forget_me(table.bob.id)  # as another process would: no cog here
        await table.fake.wait_for(lambda: mention(table.bob) not in post.content,
                                  what="the post without the forgotten player")
        assert mention(table.carol) in post.content
        await marks_cleared(run)


async def test_a_post_that_moved_to_a_new_results_channel_leaves_no_copy_behind(
        table: Table) -> None:
    """A server that sets a results channel mid-day: the day's post moves there, and the one
    in the channel of the first finish goes (else it stayed frozen, showing the results as
    they were, and a player forgotten since)."""
    async with table.running():
        first = await day_won_by(table, table.bob)
        await table.reply(table.alice, "wordle settings", {"results_channel": table.results})
        await table.reply(table.carol, "wordle start", {"kind": "daily"})
        await table.invoke(table.carol, "guess", {"word": table.daily_answer()})
        await table.fake.wait_for(lambda: first.deleted, what="the old post deleted")
        [moved] = results_posts(table, table.results)
        await table.fake.wait_for(lambda: mention(table.carol) in moved.content,
                                  what="the day's post in the results channel")
        assert mention(table.bob) in moved.content
        await forget(table, table.bob)
        await table.fake.wait_for(lambda: mention(table.bob) not in moved.content,
                                  what="the moved post without the forgotten player")
        assert results_posts(table) == []


async def test_a_post_that_can_no_longer_be_edited_is_deleted(table: Table) -> None:
    """The edit without the forgotten player is refused (403: the bot lost its rights there):
    the post is deleted rather than left showing them."""
    async with table.running():
        post = await day_won_by(table, table.bob, table.carol)
        table.fake.inject_error("PATCH", rf"/channels/\d+/messages/{post.id}$", 403,
                                code=50013, times=5)
        await forget(table, table.bob)
        await table.fake.wait_for(lambda: post.deleted, what="the post deleted")
        assert results_posts(table) == []


async def test_one_post_that_fails_holds_up_no_other(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """A post whose edit fails with a bug (logged) is dropped from the round; the next
    day's is still edited, in the same round."""
    first = table.daily_number()
    async with table.running() as run:
        yesterday = await day_won_by(table, table.bob)
        table.clock.advance(days=1)
        today = await day_won_by(table, table.bob, table.carol, order_from=first)
        summary = run.service.daily_summary

        async def broken(guild_id: int, number: int | None = None) -> Any:
            if number == first:
                raise RuntimeError("a bug")
            return await summary(guild_id, number)

        monkeypatch.setattr(run.service, "daily_summary", broken)
        await forget(table, table.bob)
        await table.fake.wait_for(lambda: mention(table.bob) not in today.content,
                                  what="the next day's post edited")
        assert mention(table.bob) in yesterday.content  # (the bug's)
        await marks_cleared(run)  # not tried round after round
