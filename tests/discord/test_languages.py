"""The bot in its players' languages, through the fake Discord: a private reply in the player's
Discord language, a public post in the server's, English for a language the bot does not
speak, and slash commands published with their names and descriptions in every language."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.cogs.command_translator import CatalogueTranslator
from bot.render.catalogues import LANGUAGES, SOURCE_LANGUAGE
from tests.discord.command_limits import locales_in, problems, sync_payloads
from tests.discord.conftest import Table


def option(payloads: list[dict[str, Any]], *path: str) -> dict[str, Any]:
    """The command, subcommand or option at ``path`` (default names)."""
    found: dict[str, Any] = {"options": payloads}
    for name in path:
        [found] = [o for o in found.get("options") or [] if o["name"] == name]
    return found


async def test_a_private_reply_is_in_the_players_language(table: Table) -> None:
    async with table.running():
        inter, _ = await table.ask(table.bob, "wordle help", locale="fr")
        (message,) = await inter.wait_for_messages(1)
        text = message.embed["description"]
        assert message.ephemeral
        assert "## Comment jouer" in text and "## How to play" not in text
        assert "Trouve le mot caché de 5 lettres en 6 essais." in text
        # commands named as French players find them in Discord
        assert "`/wordle commencer`" in text and "`/proposer`" in text

        refusal = await table.reply(table.bob, "guess", {"word": "crane"}, locale="fr")
        assert refusal.ephemeral
        assert refusal.content == ("Tu n'as pas de partie ici. Commence-en une avec "
                                   "/wordle commencer.")


async def test_a_public_post_is_in_the_servers_language(table: Table) -> None:
    table.guild.locale = "de"  # the server's language, as Discord's setting says it
    async with table.running():
        board = await table.reply(table.bob, "wordle start", {"who": "channel"}, locale="fr")
        assert not board.ephemeral
        text = board.text()
        assert f"<@{table.bob.id}> hat ein Kanalspiel gestartet!" in text
        assert "Kanalspiel" in text and "noch 6 Versuche" in text
        assert board.button_labels()[:2] == ["Raten", "Aufgeben"]

        # what only bob sees stays in his own language: his daily's board
        daily = await table.reply(table.bob, "wordle start", {"kind": "daily"}, locale="fr")
        assert daily.ephemeral
        assert "toi seul vois cette grille" in daily.text()
        assert daily.button_labels()[:2] == ["Proposer", "Abandonner"]

        # a daily's grid and the results post are for everyone: German
        won = await table.win_daily(table.carol)
        number = table.daily_number()
        share = table.fake.channel_messages(table.general)[-1]
        assert share.content.startswith(f"<@{table.carol.id}> ist fertig:")

        def posts() -> list[Any]:
            return [m for m in table.fake.channel_messages(table.general)
                    if m.via == "channel" and m.content.startswith("**Ergebnisse")]

        await table.fake.wait_for(lambda: posts(), what="the results post")
        assert posts()[0].content.splitlines()[0] == f"**Ergebnisse von Wordle {number:,}**"
        assert won is not None


async def test_a_language_without_a_catalogue_gets_english(table: Table) -> None:
    async with table.running():
        inter, _ = await table.ask(table.bob, "wordle help", locale="tr")
        (message,) = await inter.wait_for_messages(1)
        assert message.embed["description"].startswith("## How to play\nGuess the hidden")
        refusal = await table.reply(table.carol, "guess", {"word": "crane"}, locale="pt-BR")
        assert refusal.content.startswith("Não há nenhum jogo seu aqui.")


async def test_the_commands_are_published_in_every_language(table: Table) -> None:
    async with table.running() as run:
        assert isinstance(run.bot.tree.translator, CatalogueTranslator)
        payloads = await sync_payloads(run.bot.tree)
        synced = table.fake.commands(table.guild)
    assert problems(payloads) == []  # names 1-32 lower case, descriptions 1-100, unique
    spoken = {str(locale) for locale in discord.Locale
              if str(locale).split("-")[0] in set(LANGUAGES) - {SOURCE_LANGUAGE}}
    assert set(locales_in(payloads)) == {None, *spoken}
    start = option(payloads, "wordle", "start")
    assert start["name_localizations"]["fr"] == "commencer"
    assert start["name_localizations"]["es-ES"] == start["name_localizations"]["es-419"] \
        == "empezar"
    assert start["description_localizations"]["de"] == ("Starte ein Spiel: dein eigenes oder "
                                                         "eins für den Kanal")
    kind = option(payloads, "wordle", "start", "kind")
    assert kind["name_localizations"]["ru"] == "тип"
    daily = next(c for c in kind["choices"] if c["value"] == "daily")
    assert daily["name_localizations"]["it"] == "giornaliera"
    # the fake Discord took them as the bot synced them
    wordle = next(c for c in synced if c["name"] == "wordle")
    assert wordle["description_localizations"]["nl"] == "Samen Wordle spelen"


@pytest.mark.parametrize("language", sorted(set(LANGUAGES) - {SOURCE_LANGUAGE}))
async def test_messages_name_commands_as_they_are_published(table: Table,
                                                            language: str) -> None:
    """A message that names a command names it as the player's Discord shows it."""
    from bot.render.common import texts_for

    async with table.running() as run:
        payloads = await sync_payloads(run.bot.tree)
    locale = next(str(lc) for lc in discord.Locale if str(lc).split("-")[0] == language)
    texts = texts_for(locale)
    for group in payloads:
        own = group.get("name_localizations", {}).get(locale, group["name"])
        subcommands = [o for o in group.get("options") or [] if o["type"] == 1]
        if not subcommands:
            assert texts.command(group["name"]) == f"/{own}"
        for sub in subcommands:
            name = sub.get("name_localizations", {}).get(locale, sub["name"])
            assert texts.command(f"{group['name']} {sub['name']}") == f"/{own} {name}"
