"""The ``language`` and ``length`` options of ``/wordle start`` and ``/wordle settings``:
every language and every length of the shipped packs (:func:`bot.core.packs.pack_keys`); a
pair no pack has is refused by the service, naming the packs there are."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, TypeVar

from discord import app_commands

from bot.core.letter_rules import LETTER_RULES
from bot.core.packs import pack_keys

T = TypeVar("T")

_KEYS: Final = [key.rpartition("-") for key in pack_keys()]
PACK_LANGUAGES: Final[list[app_commands.Choice[str]]] = [
    app_commands.Choice(name=LETTER_RULES[language].name, value=language)
    for language in dict.fromkeys(k[0] for k in _KEYS)]
PACK_LENGTHS: Final[list[app_commands.Choice[int]]] = [
    app_commands.Choice(name=str(n), value=n) for n in sorted({int(k[2]) for k in _KEYS})]


def pack_options(*, server: bool) -> Callable[[T], T]:
    """The two options' descriptions and choices: a game's pack (``server`` False), or the
    server's own, for its games and its daily."""

    def decorate(command: T) -> T:
        if server:
            command = app_commands.describe(
                language="the language of the server's games and its daily",
                length="the length of the server's words and its daily")(command)
        else:
            command = app_commands.describe(
                language="the words' language (default: the server's)",
                length="the words' length in letters (default: the server's)")(command)
        command = app_commands.choices(language=PACK_LANGUAGES)(command)
        return app_commands.choices(length=PACK_LENGTHS)(command)

    return decorate
