"""Who may press a race's End race button, with the real bot through the fake Discord: its
starter, and anyone who can manage the server (as Discord computes it from their roles, at
the moment they press it), also once the starter asked to be forgotten; everyone else is told
who may, privately, and the race goes on."""

from __future__ import annotations

from tests.discord.conftest import Table
from tests.discord.test_race_mode import guess_on, join, racing, settled, start
from tests.fakediscord import FakeMember
from tests.fakediscord.models import FakeMessage

REFUSAL = ("Only the player who started the race, or someone who can manage this server, "
           "can end it.")


async def forget(table: Table, member: FakeMember) -> None:
    ask = await table.reply(member, "wordle forgetme")
    yes = await table.fake.click(ask, member, label="Yes, forget me")
    assert "removed from this bot" in (await yes.first_response()).text()


async def refused(table: Table, race: FakeMessage, member: FakeMember) -> None:
    click = await table.fake.click(race, member, label="End race")
    response = await click.first_response()
    assert response.ephemeral and response.content == REFUSAL, response.text()
    assert [b["label"] for b in race.buttons()] == ["Join", "End race"]


async def ended_by(table: Table, race: FakeMessage, member: FakeMember) -> None:
    click = await table.fake.click(race, member, label="End race")
    response = await click.first_response()
    assert response.ephemeral and response.content == "You ended the race.", response.text()
    await settled(table, race, lambda t: "ended early" in t)
    assert race.buttons() == []


async def test_a_moderator_ends_a_race_whose_starter_was_forgotten(table: Table) -> None:
    table.picker.queue.append("crane")
    bob, carol = table.bob, table.carol
    async with racing(table):
        race = await start(table, bob, minutes=60)
        boards = {m.id: await join(table, race, m) for m in (bob, carol)}
        await guess_on(table, boards[carol.id], carol, "crane")
        await forget(table, bob)
        await refused(table, race, carol)
        await refused(table, race, bob)  # forgotten, so no longer its starter
        await refused(table, race, table.dave)
        await ended_by(table, race, table.alice)  # Manage Server, not in the race
    assert f"🥇 <@{carol.id}> · 1/6 ·" in race.text() and "**CRANE**" in race.text()
    assert f"<@{bob.id}>" not in race.text()


async def test_manage_server_ends_anyones_race_and_the_starter_still_may(table: Table) -> None:
    table.picker.queue.extend(["crane", "lemon"])
    carol, dave = table.carol, table.dave
    async with racing(table):
        race = await start(table, dave, minutes=60)
        await refused(table, race, carol)
        # carol is made a moderator meanwhile: the next press asks Discord again
        moderators = table.fake.add_role(table.guild, "moderators", {"manage_guild": True})
        table.fake.set_member_roles(carol, [moderators])
        await ended_by(table, race, carol)
        again = await start(table, dave, minutes=60)
        await ended_by(table, again, dave)


async def test_a_forgotten_winner_leaves_the_race_message_and_its_places(table: Table) -> None:
    """The winner of an ended race asks to be forgotten: its message named them first and
    the second player second; now the second player has won it."""
    table.picker.queue.append("crane")
    bob, carol = table.bob, table.carol
    async with racing(table):
        race = await start(table, table.alice, minutes=60)
        boards = {m.id: await join(table, race, m) for m in (bob, carol)}
        await guess_on(table, boards[bob.id], bob, "crane")
        await guess_on(table, boards[carol.id], carol, "slate")
        await guess_on(table, boards[carol.id], carol, "crane")
        await ended_by(table, race, table.alice)
        assert f"🥈 <@{carol.id}> · 2/6 ·" in race.text() and f"<@{bob.id}> wins" in race.text()
        await forget(table, bob)
        await settled(table, race, lambda t: f"<@{bob.id}>" not in t)
    assert f"🥇 <@{carol.id}> · 2/6 ·" in race.text(), race.text()
    assert f"👑 <@{carol.id}> wins!" in race.text(), race.text()
