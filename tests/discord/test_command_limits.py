"""Every slash command the bot syncs stays within Discord's limits, in every language its
translator gives (the checks: tests/discord/command_limits.py)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from tests.discord.command_limits import (
    DESCRIPTION_MAX,
    Payload,
    locales_in,
    name_problem,
    problems,
    sync_payloads,
)
from tests.discord.conftest import Table


def option(payloads: list[Payload], *path: str) -> Payload:
    """The command, subcommand or option at ``path`` ("wordle", "leaderboard", "period")."""
    found: Payload = {"options": payloads}
    for name in path:
        [found] = [o for o in found.get("options") or [] if o["name"] == name]
    return found


class OneLanguage(app_commands.Translator):
    """A translation into ``locale`` that keeps every string as it is but one."""

    def __init__(self, locale: discord.Locale, original: str, translated: str) -> None:
        self.locale, self.original, self.translated = locale, original, translated

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext) -> str | None:
        if locale is not self.locale:
            return None
        return self.translated if string.message == self.original else string.message


async def test_every_command_is_within_discords_limits(table: Table) -> None:
    async with table.running() as run:
        payloads = await sync_payloads(run.bot.tree)
    assert {"wordle", "guess", "hint"} <= {p["name"] for p in payloads}
    assert "leaderboard" in [o["name"] for o in option(payloads, "wordle")["options"]]
    assert problems(payloads) == []


async def test_every_language_the_translator_gives_is_held_to_the_limits(table: Table) -> None:
    async with table.running() as run:
        tree = run.bot.tree
        period = option(await sync_payloads(tree), "wordle", "leaderboard", "period")
        english = period["description"]
        assert len(english) <= DESCRIPTION_MAX

        at_most = english + "." * (DESCRIPTION_MAX - len(english))
        await tree.set_translator(OneLanguage(discord.Locale.french, english, at_most))
        fitting = await sync_payloads(tree)
        assert locales_in(fitting) == [None, "fr"]
        assert option(fitting, "wordle", "leaderboard", "period")["description_localizations"][
            "fr"] == at_most
        assert problems(fitting) == []

        await tree.set_translator(OneLanguage(discord.Locale.german, english, at_most + "."))
        too_long = problems(await sync_payloads(tree))
        await tree.set_translator(None)
    assert len(too_long) == 1, too_long
    assert too_long[0].startswith("/wordle leaderboard period: description has 101 characters")
    assert too_long[0].endswith("[de]")


async def test_a_description_one_character_too_long_is_found() -> None:
    """A command's own description is sent as given; an option's, given through
    ``describe``, discord.py cuts to 100 characters ending with "…": both are found."""
    tree: app_commands.CommandTree[Any] = app_commands.CommandTree(
        discord.Client(intents=discord.Intents.none()))

    async def answer(interaction: discord.Interaction, period: str | None = None) -> None:
        """Not called."""

    for name, size in (("fits", DESCRIPTION_MAX), ("overlong", DESCRIPTION_MAX + 1)):
        command: app_commands.Command[Any, ..., None] = app_commands.Command(
            name=name, description="d" * size, callback=answer)
        words = ("p " * size)[:size - 1] + "q"  # a sentence of ``size`` characters
        app_commands.describe(period=words)(command)
        tree.add_command(command)
    found = problems(await sync_payloads(tree))
    assert len(found) == 2, found
    assert found[0] == f"/overlong: description has 101 characters (1 to 100): {'d' * 101!r} " \
                       "[default]"
    assert found[1].startswith("/overlong period: description cut short by discord.py")
    assert found[1].endswith("p…' [default]")


def test_names_follow_discords_pattern() -> None:
    for good in ("leaderboard", "high_contrast", "win-streak", "naïve", "नाम", "ชื่อ", "l'été"):
        assert name_problem(good) is None, good
    for bad in ("Leaderboard", "win streak", "win%", "", "x" * 33, "emoji🟩"):
        assert name_problem(bad) is not None, bad
    assert name_problem("High Five", chat_input=False) is None
