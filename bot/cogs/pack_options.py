"""The ``language`` and ``length`` options of ``/wordle start`` and ``/wordle settings``:
every language and every length of the shipped packs (:func:`bot.core.packs.pack_keys`); a
pair no pack has is refused by the service, naming the packs there are. ``/wordle stats`` and
``/wordle leaderboard`` take them too, with ``boards`` (:func:`figures_options`), as does a
game's start (a Dordle, Quordle or Octordle in the pack)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, TypeVar

import discord
from discord import app_commands

from bot.core.letter_rules import LETTER_RULES
from bot.core.packs import pack_keys
from bot.render.common import texts_for

T = TypeVar("T")

_KEYS: Final = [key.rpartition("-") for key in pack_keys()]
PACK_LANGUAGES: Final[list[app_commands.Choice[str]]] = [
    app_commands.Choice(name=LETTER_RULES[language].name, value=language)
    for language in dict.fromkeys(k[0] for k in _KEYS)]
PACK_LENGTHS: Final[list[app_commands.Choice[int]]] = [
    app_commands.Choice(name=str(n), value=n) for n in sorted({int(k[2]) for k in _KEYS})]


#: The ``boards`` option's choices: one board, Dordle, Quordle, Octordle.
BOARD_CHOICES: Final[list[app_commands.Choice[int]]] = [
    app_commands.Choice(name=str(n), value=n) for n in (1, 2, 4, 8)]


async def language_choices(interaction: discord.Interaction,
                           typed: str) -> list[app_commands.Choice[str]]:
    """The pack languages whose code or name (the English one, or the player's language's)
    begins with what was typed, named in the player's language."""
    texts = texts_for(interaction.locale)
    typed = typed.strip().casefold()
    found = []
    for choice in PACK_LANGUAGES:
        name = texts.pgettext("choice", choice.name)
        if any(word.casefold().startswith(typed) for word in (choice.value, choice.name, name)):
            found.append(app_commands.Choice(name=name, value=choice.value))
    return found


def figures_options(command: T) -> T:
    """The game whose statistics or leaderboard are asked for: its pack and boards. The
    languages are offered as the player types (autocomplete) rather than as choices, which
    would count against the characters Discord allows the whole ``/wordle`` command."""
    command = app_commands.describe(
        language="default: the server's", length="default: the server's",
        boards="Dordle 2, Quordle 4, Octordle 8")(command)
    command = app_commands.autocomplete(language=language_choices)(command)
    return app_commands.choices(length=PACK_LENGTHS, boards=BOARD_CHOICES)(command)


def pack_options(*, server: bool, boards: bool = False) -> Callable[[T], T]:
    """The two options' descriptions and choices: a game's pack (``server`` False), or the
    server's own, for its games and its daily; with ``boards``, a game's boards too."""

    def decorate(command: T) -> T:
        if server:
            command = app_commands.describe(
                language="the language of the server's games and its daily",
                length="the length of the server's words and its daily")(command)
        else:
            command = app_commands.describe(
                language="the words' language (default: the server's)",
                length="the words' length in letters (default: the server's)")(command)
        if boards:
            command = app_commands.describe(boards="2, 4 or 8 boards")(command)
            command = app_commands.choices(boards=BOARD_CHOICES)(command)
        command = app_commands.choices(language=PACK_LANGUAGES)(command)
        return app_commands.choices(length=PACK_LENGTHS)(command)

    return decorate
