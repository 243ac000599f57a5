"""The slash commands in the players' languages: discord.py's translator over the catalogues.

Discord shows each player a command's name, description, options and choices in their own
language when the published command carries it (``name_localizations``,
``description_localizations``). discord.py asks :class:`CatalogueTranslator` for every string
of the command tree in every Discord locale as it publishes them; the catalogue of the
locale's language answers, and English (the strings as written) is the default.

A name (a command's, a group's, an option's) and a choice's name are looked up with their own
context (:data:`bot.render.catalogues.COMMAND_NAME`, :data:`~bot.render.catalogues.OPTION_NAME`,
:data:`~bot.render.catalogues.CHOICE_NAME`): ``"start"`` as a command's name is one lower-case word,
unlike the same English word in a sentence. Messages that name a command write it the same
way (:meth:`bot.render.common.Texts.command`).
"""

from __future__ import annotations

from discord import Locale, app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.render.catalogues import CHOICE_NAME, COMMAND_NAME, OPTION_NAME, SOURCE_LANGUAGE
from bot.render.common import language_of, texts_for

#: The catalogue context of each kind of name; descriptions have none.
CONTEXTS = {Where.command_name: COMMAND_NAME, Where.group_name: COMMAND_NAME,
            Where.parameter_name: OPTION_NAME, Where.choice_name: CHOICE_NAME}


class CatalogueTranslator(app_commands.Translator):
    """Each command string in the language of a Discord locale, from its catalogue; None
    (Discord shows the English) where the catalogue has no translation."""

    async def translate(self, string: app_commands.locale_str, locale: Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        return command_string(string.message, locale, context.location)


def command_string(message: str, locale: object, where: Where) -> str | None:
    """``message``, a string of the command tree at ``where``, in the language of
    ``locale``; None where it stays English."""
    language = language_of(locale)
    if language is None or language == SOURCE_LANGUAGE:
        return None
    translations = texts_for(language).translations
    found = CONTEXTS.get(where)
    text = translations.pgettext(found, message) if found else translations.gettext(message)
    return text if text != message else None
