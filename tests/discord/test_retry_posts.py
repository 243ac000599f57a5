"""The public messages the bot keeps up to date are tried again when Discord fails for a
moment (a 503, which discord.py does not retry itself): a race's last edit, which shows who won
and the word, and the daily results post after the day's last finisher. Nothing else would
bring them up to date, since they change only when a player moves. A failure another try would
not change (a missing permission) is not tried again."""

from __future__ import annotations

import pytest

from bot.app import WordleBot
from tests.discord.conftest import Table
from tests.discord.test_bot_e2e import wait_for_results_post
from tests.discord.test_race_mode import EVERY, guess_on, join, racing, settled
from tests.fakediscord.models import FakeMessage


@pytest.fixture(autouse=True)
def quick_retries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("bot.cogs.retry.RETRY_DELAYS", (0.5, 1.0))


def patches_of(table: Table, message_id: int) -> list[int]:
    """The status of every PATCH of the message, in order."""
    return [r.status for r in table.fake.requests
            if r.method == "PATCH" and r.path.endswith(f"/messages/{message_id}")]


async def bob_racing_alone(table: Table) -> tuple[FakeMessage, FakeMessage]:
    """A race alice started and only bob joined, its message settled: (it, bob's board)."""
    table.picker.queue.append("crane")
    race = await table.reply(table.alice, "wordle race", {"minutes": 60})
    board = await join(table, race, table.bob)
    await settled(table, race, lambda t: f"<@{table.bob.id}>" in t)
    await table.fake.settle(quiet=EVERY * 2)
    return race, board


async def test_a_race_whose_last_edit_fails_still_shows_its_end(table: Table) -> None:
    bots: list[WordleBot] = []
    async with racing(table, bots=bots) as races:
        race, board = await bob_racing_alone(table)
        table.fake.inject_error("PATCH", rf"/channels/\d+/messages/{race.id}$", 503, times=2)
        await guess_on(table, board, table.bob, "crane")  # the only racer: the race is over
        await settled(table, race, lambda t: "Everyone finished" in t)
        assert f"👑 <@{table.bob.id}> wins!" in race.text()
        assert "The word was **CRANE**." in race.text() and not race.buttons()
        assert patches_of(table, race.id)[-3:] == [503, 503, 200]
        await table.fake.settle(quiet=EVERY * 3)
        assert bots[0].live_races.live == {}  # nothing more to keep up to date
        assert await races.db.races_to_show_ended() == []  # nor at the next start


async def test_a_restart_shows_the_end_a_failing_discord_kept_from_a_race(table: Table) -> None:
    async with racing(table) as races:
        race, board = await bob_racing_alone(table)
        table.fake.inject_error("PATCH", rf"/channels/\d+/messages/{race.id}$", 503, times=3)
        await guess_on(table, board, table.bob, "crane")
        await table.fake.settle(quiet=2.0)  # the first try and both retries failed
        assert patches_of(table, race.id)[-3:] == [503, 503, 503]
        assert "Everyone finished" not in race.text()
        assert [r.id for r in await races.db.races_to_show_ended()] == [1]
    async with racing(table) as races:  # the next start brings the message up to its end
        await settled(table, race, lambda t: "Everyone finished" in t)
        assert "The word was **CRANE**." in race.text() and not race.buttons()
        await table.fake.settle(quiet=EVERY * 2)
        assert await races.db.races_to_show_ended() == []
    edits = len(patches_of(table, race.id))
    async with racing(table):  # and once shown, it is left alone
        await table.fake.settle(quiet=EVERY * 3)
    assert len(patches_of(table, race.id)) == edits


async def test_a_race_message_the_bot_may_not_edit_is_not_tried_again(table: Table) -> None:
    bots: list[WordleBot] = []
    async with racing(table, bots=bots) as races:
        race, board = await bob_racing_alone(table)
        before = len(patches_of(table, race.id))
        table.fake.inject_error("PATCH", rf"/channels/\d+/messages/{race.id}$", 403,
                                code=50013, times=5)
        await guess_on(table, board, table.bob, "crane")
        await table.fake.settle(quiet=2.0)  # longer than both retries
        assert patches_of(table, race.id)[before:] == [403]
        assert bots[0].live_races.live == {}
        # nor at the next start: it never can show the end
        assert await races.db.races_to_show_ended() == []


async def test_the_days_last_finisher_reaches_the_results_post(table: Table) -> None:
    fake = table.fake
    async with table.running():
        await table.reply(table.alice, "wordle settings", {"results_channel": table.results})
        for member in (table.bob, table.carol):
            await table.win_daily(member)
        post = await wait_for_results_post(table, table.daily_number())
        await fake.wait_for(lambda: f"<@{table.carol.id}>" in post.content, what="carol")
        fake.inject_error("PATCH", rf"/channels/\d+/messages/{post.id}$", 503, times=2)
        await table.win_daily(table.dave)
        await fake.wait_for(lambda: f"<@{table.dave.id}>" in post.content, timeout=10,
                            what=lambda: post.content)
        assert patches_of(table, post.id)[-3:] == [503, 503, 200]


async def test_a_share_grid_that_cannot_be_posted_still_reaches_the_results_post(
        table: Table) -> None:
    fake = table.fake
    answer = table.daily_answer()
    async with table.running():
        await table.reply(table.alice, "wordle settings", {"results_channel": table.results})
        await table.win_daily(table.bob)
        post = await wait_for_results_post(table, table.daily_number())
        # carol's share grid (the follow-up after her board) is refused: 403 Missing Permissions
        await table.reply(table.carol, "wordle start", {"kind": "daily"})
        fake.inject_error("POST", r"/webhooks/\d+/[^/]+$", 403, code=50013)
        won = await table.invoke(table.carol, "guess", {"word": answer})
        await fake.wait_for(lambda: f"<@{table.carol.id}>" in post.content, timeout=10,
                            what=lambda: post.content)
        assert won.responses[0].type_name == "message"  # her board was answered
        assert [r.status for r in fake.requests_to("POST", r"/webhooks/\d+/[^/]+$")][-1] == 403
