"""``/wordle help`` through the fake Discord: private, the rules with a correct example row,
and every command the bot synced."""

from __future__ import annotations

from tests.discord.conftest import Table

EPHEMERAL = 64


async def test_help_is_private_and_names_every_command(table: Table) -> None:
    async with table.running():
        inter, response = await table.ask(table.bob, "wordle help")
        assert response.type_name == "message" and response.ephemeral
        assert response.flags & EPHEMERAL
        (message,) = await inter.wait_for_messages(1)
        text = message.embed["description"]
        assert len(text) <= 4096
        assert "SPEED against ERASE is 🟨⬛🟨🟨⬛." in text
        assert "6 attempts" in text and "5-letter word" in text
        for heading in ("## How to play", "## Commands", "## Hints", "## Hard mode",
                        "## The daily"):
            assert heading in text
        listed = [line.split("`")[1] for line in text.splitlines() if line.startswith("`/")]
        assert sorted(listed) == sorted(f"/{path}" for path in
                                        table.fake.command_paths(table.guild))
        assert table.fake.channel_messages(table.general) == []  # nothing public
