"""A daily's share grid in the languages of its readers, through the fake Discord: the grid
posted to the channel in the server's language, and the grid quoted when a finished daily is
asked for again in the player's, the hints used worded in each."""

from __future__ import annotations

from tests.discord.conftest import Table


async def test_a_hinted_daily_is_shared_in_each_readers_language(table: Table) -> None:
    table.guild.locale = "de"  # the server's language
    async with table.running():
        await table.service.update_settings(table.guild.id, hints_in_dailies=True)
        await table.reply(table.carol, "wordle start", {"kind": "daily"}, locale="fr")
        await table.reply(table.carol, "hint", {"kind": "position"}, locale="fr")
        won = await table.invoke(table.carol, "guess", {"word": table.daily_answer()},
                                 locale="fr")
        await won.wait_for_messages(2)
        share = table.fake.channel_messages(table.general)[-1]
        assert share.content.startswith(f"<@{table.carol.id}> ist fertig:")
        assert "💡 1 Tipp genutzt" in share.content and "hint" not in share.content

        again = await table.reply(table.carol, "wordle start", {"kind": "daily"},
                                  locale="ru")
        assert again.ephemeral
        assert again.content.startswith("Ты уже сыграл Wordle"), again.content
        assert again.content.endswith("🟩🟩🟩🟩🟩\n💡 использована 1 подсказка"), again.content
