"""The daily results post with many players, through the fake Discord (which refuses a message
over Discord's limits, as Discord does): every edit is accepted and the post stays within
2,000 characters, listing the best results and how many more."""

from __future__ import annotations

import asyncio

from bot.render.daily_results import RESULTS_LIMIT
from tests.discord.conftest import Table
from tests.discord.test_bot_e2e import mention, wait_for_results_post
from tests.support import ANSWERS

PLAYERS = 85


async def test_results_post_with_85_players_stays_within_limits_at_every_edit(
        table: Table) -> None:
    answer = table.daily_answer()
    number = table.daily_number()
    wrong = next(w for w in ANSWERS if w != answer)
    members = [table.fake.add_member(table.guild, f"player{i:02}") for i in range(PLAYERS)]
    async with table.running():
        await table.reply(table.alice, "wordle settings", {"results_channel": table.results})

        async def play(i: int) -> None:
            member = members[i]
            await table.reply(member, "wordle start", {"kind": "daily"})
            if i % 3 == 2:  # a third solve it in two
                await table.reply(member, "guess", {"word": wrong})
            inter = await table.invoke(member, "guess", {"word": answer})
            await inter.wait_for_messages(2)  # the board, then the share grid

        # ten at a time, as a busy server finishes its daily
        for first in range(0, PLAYERS, 10):
            await asyncio.gather(*(play(i) for i in range(first, min(first + 10, PLAYERS))))
        await table.fake.settle(quiet=0.2)

        post = await wait_for_results_post(table, number)
        sent = table.fake.requests_to("POST", rf"/channels/{table.results.id}/messages$")
        edits = table.fake.requests_to(
            "PATCH", rf"/channels/{table.results.id}/messages/{post.id}$")
        assert len(sent) == 1 and edits  # one post, edited as players finished
        for request in [*sent, *edits]:
            assert request.status == 200 and request.error is None, str(request)
        for content in [*(h.get("content") for h in post.history), post.content]:
            assert content is not None and len(content) <= RESULTS_LIMIT
        assert [m.id for m in table.fake.channel_messages(table.results)] == [post.id]

        # the last edit counts every player: the ones in 1 first, then the rest
        lines = post.content.splitlines()
        assert lines[0] == f"**Wordle {number:,} results**"
        ones = [m for i, m in enumerate(members) if i % 3 != 2]
        twos = [m for i, m in enumerate(members) if i % 3 == 2]
        assert lines[1] == "🔥 Server streak: 1 day"
        assert lines[2].startswith("👑 1/6: ") and lines[3].startswith("2/6: ")
        assert all(mention(m) in lines[2] for m in ones)  # every 1/6 fits, before any 2/6
        shown = post.content.count("<@")
        assert 60 < shown < PLAYERS
        assert lines[3].count("<@") == shown - len(ones)
        assert sum(mention(m) in lines[3] for m in twos) == shown - len(ones)
        assert lines[-1] == f"…and {PLAYERS - shown} more" and len(lines) == 5
