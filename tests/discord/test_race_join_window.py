"""A race's join window with the real bot through the fake Discord: a player who joins alone
and solves it does not end the race for the channel; the race message says it waits for more
players until the window's end (the race's first minute) and keeps its Join button; the race
ends by itself then if nobody else joined, even across a restart, or with the last finish of
those who did. The final ranking is shown at once, not after the spacing between edits.

The races run on the test's clock (``table.clock``), moved by the test, with a minute of one
second so that the timers, which sleep in real time, look again soon."""

from __future__ import annotations

from datetime import timedelta

from bot.core.race import RaceEnd
from bot.service.races import RaceTiming
from tests.discord.conftest import Table
from tests.discord.test_race_mode import (
    TIMING,
    assert_spoiler_free,
    guess_on,
    join,
    racing,
    settled,
    start,
)
from tests.fakediscord.models import FakeMessage

WAITING = "unless someone joins"


def window_end(table: Table) -> str:
    """The race message's mark of the end of the join window of a race started now."""
    return f"<t:{int((table.clock.now + TIMING.minute).timestamp())}:R>"


async def solved_alone(table: Table) -> FakeMessage:
    """Alice starts a race, Bob joins alone and solves it: the race message says it waits."""
    race = await start(table, table.alice, minutes=10)
    ends = window_end(table)
    bob = await join(table, race, table.bob)
    await guess_on(table, bob, table.bob, "crane")
    await settled(table, race, lambda t: f"the race ends {ends} {WAITING}" in t)
    assert "Everyone finished" not in race.text() and "wait for the others" in bob.text()
    assert [b["label"] for b in race.buttons()] == ["Join", "End race"]
    assert_spoiler_free(race.text())
    return race


async def test_a_lone_solver_leaves_the_race_open_for_the_channel(table: Table) -> None:
    table.picker.queue.append("crane")
    async with racing(table, clock=table.clock) as races:
        race = await solved_alone(table)
        carol = await join(table, race, table.carol)  # the channel can still join
        await settled(table, race, lambda t: f"<@{table.carol.id}>" in t and WAITING not in t)
        table.clock.advance(seconds=2)  # the window is over: Carol plays on
        await guess_on(table, carol, table.carol, "slate")
        await guess_on(table, carol, table.carol, "crane")  # the last to finish ends it
        await settled(table, race, lambda t: "Everyone finished" in t)
        text = race.text()
        assert f"🥇 <@{table.bob.id}> · 1/6 ·" in text and f"🥈 <@{table.carol.id}> · 2/6 ·" in text
        assert "The word was **CRANE**." in text and race.buttons() == []
        stored = await races.db.get_race(1)
        assert stored is not None and stored.end is RaceEnd.ALL_FINISHED


async def test_nobody_else_joined_so_it_ends_at_the_window_end(table: Table) -> None:
    table.picker.queue.append("crane")
    async with racing(table, clock=table.clock):
        race = await solved_alone(table)
        table.clock.advance(seconds=1)
        await settled(table, race, lambda t: "Everyone finished" in t)
        assert f"👑 <@{table.bob.id}> wins!" in race.text() and race.buttons() == []


async def test_a_restart_ends_a_race_whose_window_ended_meanwhile(table: Table) -> None:
    table.picker.queue.append("crane")
    async with racing(table, clock=table.clock):
        race = await solved_alone(table)
    table.clock.advance(seconds=5)  # the bot is down when the window ends
    async with racing(table, clock=table.clock) as races:
        await settled(table, race, lambda t: "Everyone finished" in t)
        assert f"👑 <@{table.bob.id}> wins!" in race.text() and race.buttons() == []
        stored = await races.db.get_race(1)
        assert stored is not None and stored.end is RaceEnd.ALL_FINISHED
        assert stored.finished_at == table.clock.now


async def test_the_final_ranking_does_not_wait_out_the_spacing_between_edits(
        table: Table) -> None:
    """Edits a minute apart: the joins' edit waits, the end's goes out at once."""
    table.picker.queue.append("crane")
    spaced = RaceTiming(minute=timedelta(seconds=1), edit_every=60.0)
    async with racing(table, spaced, clock=table.clock):
        race = await start(table, table.alice, minutes=10)
        bob = await join(table, race, table.bob)
        carol = await join(table, race, table.carol)
        table.clock.advance(seconds=2)
        await guess_on(table, bob, table.bob, "crane")
        assert race.edit_count == 0  # within the spacing: not shown yet
        click = await table.fake.click(carol, table.carol, label="Give up")
        await click.first_response()
        await settled(table, race, lambda t: "Everyone finished" in t, timeout=20)
        assert f"👑 <@{table.bob.id}> wins!" in race.text()
        assert f"❌ <@{table.carol.id}> · X/6 · gave up" in race.text()
        assert race.edit_count == 1 and table.fake.rate_limited == []
