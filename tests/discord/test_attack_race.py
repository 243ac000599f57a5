"""Race mode attacked on purpose, through the fake Discord (helper HA, session 3): each test
is an attack that broke something, kept so it stays fixed."""

from __future__ import annotations

import asyncio

from tests.discord.conftest import Table
from tests.discord.test_race_mode import racing


async def test_no_race_starts_where_the_bot_cannot_see_the_channel(table: Table) -> None:
    """The live message is edited through the channel: where the bot cannot see the channel
    the race ran with a message that never showed a join, its end or its word. Now refused,
    privately, saying why, and no race is stored."""
    fake = table.fake
    hidden = fake.add_text_channel(table.guild, "hidden", overwrites={
        fake.bot_member(table.guild): (None, {"view_channel": True})})
    async with racing(table) as races:
        _, response = await table.ask(table.alice, "wordle race", {"minutes": 1},
                                      channel=hidden)
        assert response.ephemeral and response.content.startswith("I can't see this channel")
        await asyncio.sleep(0.1)
        assert await races.db.active_race(table.guild.id, hidden.id) is None
        # a channel it can see still races
        _, response = await table.ask(table.alice, "wordle race", {"minutes": 1})
        assert not response.ephemeral and "Join" in response.message.button_labels()
