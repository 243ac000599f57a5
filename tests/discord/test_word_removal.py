"""``/wordle settings remove_word: restore_word:`` through the fake Discord with the real
client (issue 29 item 2): the reply is the same whether the word is today's daily, tomorrow's or
neither, tomorrow's daily skips a removed word, and only Manage Server may do it."""

from __future__ import annotations

from bot.core.daily import server_daily_word
from tests.discord.conftest import SALT, Table


def tomorrows(table: Table) -> str:
    number = table.daily_number()
    return server_daily_word(number + 1, table.words.answers, SALT, table.guild.id, number)


async def test_the_reply_is_the_same_for_todays_tomorrows_and_another_word(
        table: Table) -> None:
    today, tomorrow = table.daily_answer(), tomorrows(table)
    yesterday = server_daily_word(table.daily_number() - 1, table.words.answers, SALT,
                                  table.guild.id, table.daily_number())
    other = next(w for w in table.words.answers if w not in {today, tomorrow, yesterday})
    async with table.running():
        await table.win_daily(table.carol)  # the server's order of words is settled today
        replies = []
        for word in (today, tomorrow, other):
            removed = await table.reply(table.alice, "wordle settings", {"remove_word": word})
            restored = await table.reply(table.alice, "wordle settings",
                                         {"restore_word": word.upper()})
            assert removed.ephemeral and restored.ephemeral
            replies.append((removed.text().replace(word.upper(), "WORD"),
                            restored.text().replace(word.upper(), "WORD")))
        assert replies[0] == replies[1] == replies[2], replies
        assert "**WORD** is out of this server's answers" in replies[0][0]
        assert "Words out of this server's answers: WORD" in replies[0][0]
        assert "Words out of this server's answers: none" in replies[0][1]


async def test_tomorrows_daily_skips_a_word_removed_today(table: Table) -> None:
    today, tomorrow = table.daily_answer(), tomorrows(table)
    number = table.daily_number()
    after = server_daily_word(number + 2, table.words.answers, SALT, table.guild.id, number)
    async with table.running() as running:
        await table.win_daily(table.carol)
        await table.reply(table.alice, "wordle settings", {"remove_word": tomorrow})
        await table.reply(table.alice, "wordle settings", {"remove_word": today})
        await table.win_daily(table.bob)  # today's daily is still today's word
        table.clock.advance(days=1)
        await table.reply(table.bob, "wordle start", {"kind": "daily"})
        game = await running.db.daily_game(table.guild.id, table.bob.id, number + 1)
        assert game is not None and game.hidden_word == after
        listed = await table.reply(table.alice, "wordle settings")
        assert (f"Words out of this server's answers: {min(today, tomorrow).upper()}, "
                f"{max(today, tomorrow).upper()}") in listed.text()


async def test_only_manage_server_takes_a_word_out(table: Table) -> None:
    async with table.running() as running:
        refused = await table.reply(table.bob, "wordle settings",
                                    {"remove_word": table.daily_answer()})
        assert "Only members with the Manage Server permission" in refused.text()
        assert await running.db.removals(table.guild.id, "en", 5) == []
        bad = await table.reply(table.alice, "wordle settings", {"remove_word": "qajaq"})
        assert "QAJAQ isn't one of the word pack's answers" in bad.text()
        assert await running.db.removals(table.guild.id, "en", 5) == []


async def test_a_removed_word_is_shown_with_its_accents(table: Table) -> None:
    async with table.running() as running:
        await table.reply(table.alice, "wordle settings", {"language": "es"})
        removed = await table.reply(table.alice, "wordle settings", {"remove_word": "acido"})
        assert "**ÁCIDO** is out of this server's answers" in removed.text()
        assert "Words out of this server's answers: ÁCIDO" in removed.text()
        again = await table.reply(table.alice, "wordle settings", {"remove_word": "Ácido"})
        assert "ÁCIDO is out of this server's answers already." in again.text()
        restored = await table.reply(table.alice, "wordle settings", {"restore_word": "ACIDO"})
        assert "**ÁCIDO** is back among this server's answers" in restored.text()
        assert await running.db.removals(table.guild.id, "es", 5) == []


async def test_a_refused_word_saves_no_other_setting_of_the_command(table: Table) -> None:
    async with table.running() as running:
        before = await running.db.guild_settings(table.guild.id)
        bad = await table.reply(table.alice, "wordle settings", {
            "timezone": "Asia/Tokyo", "hints_in_dailies": True, "language": "de",
            "remove_word": "qajaq"})
        assert "QAJAQ" in bad.text() and bad.ephemeral
        restore = await table.reply(table.alice, "wordle settings", {
            "timezone": "Asia/Tokyo", "remove_word": table.daily_answer(),
            "restore_word": "crane" if table.daily_answer() != "crane" else "slate"})
        assert "isn't out of this server's answers" in restore.text()
    async with table.running() as running:  # read again from the file
        assert await running.db.guild_settings(table.guild.id) == before
        assert await running.db.removals(table.guild.id, "en", 5) == []
        assert await running.db.removals(table.guild.id, "de", 5) == []
