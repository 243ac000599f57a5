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


#: The help's words for the pack options and settings: the options as published in each
#: language, and the /guess line without a length (a game may have 4 to 7 letters).
PACK_WORDS = {
    "en": ("`language:`", "`length:`", "language and length", "a word of your game's length"),
    "de": ("`sprache:`", "`länge:`", "Sprache und Länge", "ein Wort in der Länge deines Spiels"),
    "ru": ("`язык:`", "`длина:`", "язык и длина", "слово той длины, что в твоей игре"),
}


async def test_help_names_the_language_and_length_of_games_and_settings(table: Table) -> None:
    from bot.render.common import texts_for

    async with table.running():
        for language, (option, length, setting, guess) in PACK_WORDS.items():
            inter, _ = await table.ask(table.bob, "wordle help", locale=language)
            (message,) = await inter.wait_for_messages(1)
            text = message.embed["description"]
            assert len(text) <= 4096
            lines = {line.split("`")[1]: line for line in text.splitlines()
                     if line.startswith("`/")}
            t = texts_for(language)
            for command in ("wordle start", "wordle race"):
                assert option in lines[t.command(command)], (language, command)
                assert length in lines[t.command(command)], (language, command)
            assert setting in lines[t.command("wordle settings")], language
            assert guess in lines[t.command("guess")], language
            assert "5" not in lines[t.command("guess")]


async def test_the_guess_command_is_described_for_any_length(table: Table) -> None:
    from tests.discord.command_limits import sync_payloads

    async with table.running() as run:
        payloads = await sync_payloads(run.bot.tree)
    [guess] = [p for p in payloads if p["name"] == "guess"]
    assert guess["description"] == "Guess the hidden word in your game here"
    assert guess["description_localizations"]["de"] == "Rate das gesuchte Wort in deinem Spiel hier"
    assert guess["description_localizations"]["ru"] == "Угадай загаданное слово в своей игре здесь"
