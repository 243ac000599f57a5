"""A race whose message id never reached the store (the bot stopped after posting the message
but before storing its id, or before posting it at all), with the real bot through the fake
Discord: the next start gives it a new message, which is then kept up to date and shows the
end; one whose time ran out meanwhile gets a message showing its end. The old message, if
any, cannot be found and stays as it was."""

from __future__ import annotations

import asyncio
import sqlite3

from bot.core.race import RaceEnd
from tests.discord.conftest import Table
from tests.discord.test_race_mode import guess_on, join, racing, settled, start
from tests.fakediscord.models import FakeMessage


def forget_message_ids(table: Table) -> None:
    """As if the bot had stopped before storing the races' message ids."""
    with sqlite3.connect(table.db_path) as db:
        db.execute("UPDATE races SET message_id = NULL")
    db.close()


def race_messages(table: Table) -> list[FakeMessage]:
    return [m for m in table.fake.channel_messages(table.general) if m.components_v2]


async def new_race_message(table: Table, old: list[FakeMessage]) -> FakeMessage:
    await table.fake.wait_for(lambda: len(race_messages(table)) > len(old), timeout=10,
                              what="a new race message")
    (message,) = [m for m in race_messages(table) if m not in old]
    return message


async def test_a_race_whose_message_id_was_not_stored_gets_a_new_message(
        table: Table) -> None:
    table.picker.queue.append("lemon")
    async with racing(table):
        old = await start(table, table.alice, minutes=60)
    forget_message_ids(table)
    async with racing(table) as races:
        fresh = await new_race_message(table, [old])
        assert [b["label"] for b in fresh.buttons()] == ["Join", "End race"]
        assert "Nobody has joined yet" in fresh.text()
        bob = await join(table, fresh, table.bob)
        await settled(table, fresh, lambda t: f"<@{table.bob.id}>" in t)
        stored = await races.db.active_race(table.guild.id, table.general.id)
        assert stored is not None and stored.message_id == fresh.id  # a restart edits it
        await guess_on(table, bob, table.bob, "lemon")
        await settled(table, fresh, lambda t: "Everyone finished" in t)
        assert "**LEMON**" in fresh.text() and fresh.buttons() == []
        # the channel is free again
        again = await start(table, table.carol, minutes=60)
        assert again is not fresh
    # the old message could not be found: it still shows the race as it was
    assert "Nobody has joined yet" in old.text() and old.edit_count == 0


async def test_a_race_never_posted_gets_a_message_that_shows_its_time_running_out(
        table: Table) -> None:
    table.picker.queue.append("spine")
    async with racing(table) as races:  # the bot stops before answering /wordle race
        await races.start(table.place(), table.alice.id, minutes=3)
    assert race_messages(table) == []
    async with racing(table):
        fresh = await new_race_message(table, [])
        assert [b["label"] for b in fresh.buttons()] == ["Join", "End race"]
        await join(table, fresh, table.bob)
        await settled(table, fresh, lambda t: "Time's up!" in t, timeout=10)
        assert "**SPINE**" in fresh.text() and "did not solve it" in fresh.text()
        assert fresh.buttons() == []
        await start(table, table.carol, minutes=60)  # the channel is free again


async def test_a_race_whose_time_ran_out_unseen_gets_a_message_showing_its_end(
        table: Table) -> None:
    table.picker.queue.append("those")
    async with racing(table) as races:
        await races.start(table.place(), table.alice.id, minutes=1)
    await asyncio.sleep(1.2)  # its time runs out while the bot is down
    async with racing(table) as races:
        fresh = await new_race_message(table, [])
        await settled(table, fresh, lambda t: "Time's up!" in t)
        assert "**THOSE**" in fresh.text() and fresh.buttons() == []
        await table.fake.settle(quiet=0.8)
        race = await races.db.get_race(1)
        assert race is not None and race.is_over and race.message_id == fresh.id
        assert await races.db.races_to_show_ended() == []
    edits = fresh.edit_count
    async with racing(table):  # shown once: the next start leaves it alone
        await table.fake.settle(quiet=0.8)
    assert race_messages(table) == [fresh] and fresh.edit_count == edits


async def test_a_race_that_ended_before_its_message_was_stored_gets_one_showing_its_end(
        table: Table) -> None:
    """Ended by its starter (or by time) while its message id was not stored yet; the bot
    stopped before showing it."""
    table.picker.queue.append("crane")
    async with racing(table) as races:
        race = await races.start(table.place(), table.alice.id, minutes=30)
        await races.db.end_race(race.id, end=RaceEnd.ENDED, by=table.alice.id)
    assert race_messages(table) == []
    async with racing(table) as races:
        fresh = await new_race_message(table, [])
        await settled(table, fresh, lambda t: "**CRANE**" in t)
        assert fresh.buttons() == []
        await table.fake.settle(quiet=0.8)
        assert await races.db.races_to_show_ended() == []
