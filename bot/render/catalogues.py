"""The bot's message catalogues: which languages it speaks, where their gettext catalogues are,
and each one read with Babel.

Every text a player sees is an English message id in the source, looked up in the
catalogue of the reader's language (``bot/locale/<lang>/LC_MESSAGES/wordle.po``; English is
the source and has none) through a :class:`~bot.render.common.Texts`, made from
:func:`translations` and :func:`number_locale`.

The ``.po`` files are compiled in memory the first time a language is asked for, so a fresh
checkout and the installed package need no build step. ``scripts/extract_messages.py``
gathers the message ids into ``bot/locale/wordle.pot`` and brings each catalogue up to date.
"""

from __future__ import annotations

import gettext
import io
from pathlib import Path

from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations

#: Where the catalogues are: ``<lang>/LC_MESSAGES/wordle.po``, and the template
#: ``wordle.pot``.
LOCALE_DIR = Path(__file__).parent.parent / "locale"
DOMAIN = "wordle"
#: The language of the message ids.
SOURCE_LANGUAGE = "en"
#: Every language the bot speaks, the source first.
LANGUAGES = ("en", "es", "fr", "de", "pt", "it", "nl", "ru")
#: The language's name in itself, for help texts and the terminal's ``--lang``.
LANGUAGE_NAMES = {"en": "English", "es": "Español", "fr": "Français", "de": "Deutsch",
                  "pt": "Português", "it": "Italiano", "nl": "Nederlands", "ru": "Русский"}
#: The context of a command's, a group's or an option's name in the catalogues (a name is
#: one lower-case word, unlike the same English word in a sentence).
COMMAND_NAME = "command name"
#: The context of an option's name, and of a choice's.
OPTION_NAME = "option name"
CHOICE_NAME = "choice"
#: The locale numbers are written by, where it is not the language itself (Discord's only
#: Portuguese is Brazil's).
_NUMBER_LOCALES = {"pt": "pt_BR"}


def N_(message: str) -> str:
    """Marks ``message`` for the catalogues where it is written (a table of words), to be
    translated where it is shown (``texts._(message)``)."""
    return message


def catalogue_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def translations(language: str) -> gettext.NullTranslations:
    """The catalogue of ``language`` compiled, or none for the source language."""
    if language == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    with catalogue_path(language).open("rb") as po:
        catalogue = read_po(po, locale=language, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalogue)  # the fuzzy entries left out: they are not yet translated
    compiled.seek(0)
    return Translations(compiled, domain=DOMAIN)


def number_locale(language: str) -> Locale:
    """The locale numbers are written by in ``language``."""
    return Locale.parse(_NUMBER_LOCALES.get(language, language))
