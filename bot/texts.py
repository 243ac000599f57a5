"""The bot's words in a language: gettext catalogues read with Babel, and numbers written the
way the language writes them.

Every text a player sees is an English message id in the source, looked up in the
catalogue of the reader's language (``bot/locale/<lang>/LC_MESSAGES/wordle.po``; English is
the source and has none). A :class:`Texts` is passed to whatever words a message, never kept
in a global: a private reply is in the player's language, a public post in the server's.
:func:`texts_for` turns a locale as Discord or a terminal names it (``fr``, ``pt-BR``,
``de_DE.UTF-8``) into one; a language without a catalogue gets English.

The ``.po`` files are compiled in memory the first time a language is asked for, so a fresh
checkout and the installed package need no build step. ``scripts/extract_messages.py``
gathers the message ids into ``bot/locale/wordle.pot`` and brings each catalogue up to date.

Messages use named placeholders (``"Try {word}"``), filled by :meth:`Texts._`; a count is
given to :meth:`Texts.ngettext`, which picks the language's plural form and fills ``{n}``
with the count written the language's way.
"""

from __future__ import annotations

import gettext
import io
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal, get_group_symbol
from babel.support import Translations

#: Where the catalogues are: ``<lang>/LC_MESSAGES/wordle.po``, and the template
#: ``wordle.pot``.
LOCALE_DIR = Path(__file__).with_name("locale")
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


@dataclass(frozen=True, eq=False)
class Texts:
    """The words and numbers of one language."""

    language: str
    translations: gettext.NullTranslations
    locale: Locale

    def _(self, message: str, /, **values: object) -> str:
        """``message`` in this language, its ``{name}`` placeholders filled from ``values``."""
        text = self.translations.gettext(message)
        return text.format(**values) if values else text

    def ngettext(self, singular: str, plural: str, count: int, /, **values: object) -> str:
        """The form of ``singular``/``plural`` this language uses for ``count``, with ``{n}``
        the count as the language writes it and the other placeholders from ``values``."""
        text = self.translations.ngettext(singular, plural, count)
        return text.format(n=self.number(count), **values)

    def pgettext(self, context: str, message: str, /, **values: object) -> str:
        """``message`` in this language where the same English words may be said otherwise
        elsewhere: a command's name (``context`` ``"command name"``) or a word on a button."""
        text = self.translations.pgettext(context, message)
        return text.format(**values) if values else text

    def command(self, name: str) -> str:
        """A slash command as players of this language find it in Discord: ``"wordle prefs"``
        as ``/wordle prefs``, each word the command's name in this language (the names the
        command tree is published with, :mod:`bot.cogs.command_translator`)."""
        words = (self.translations.pgettext(COMMAND_NAME, word) for word in name.split())
        return "/" + " ".join(words)

    def number(self, value: float) -> str:
        """A whole number with the language's thousands separator: ``1,234``, ``1 234``,
        ``1.234``."""
        if isinstance(value, int) and abs(value) >= 10**27:  # past Babel's 28 digits
            return f"{value:,}".replace(",", get_group_symbol(self.locale))
        return format_decimal(value, locale=self.locale)

    def decimal(self, value: float, places: int = 2) -> str:
        """``value`` with ``places`` decimals and the language's decimal mark: ``3.50``,
        ``3,50``."""
        pattern = "#,##0." + "0" * places if places else "#,##0"
        return format_decimal(value, format=pattern, locale=self.locale)

    def either(self, words: list[str]) -> str:
        """Words as a choice: "a", "a or b", "a, b or c" in this language."""
        if len(words) == 1:
            return words[0]
        return self._("{first} or {last}", first=", ".join(words[:-1]), last=words[-1])


def N_(message: str) -> str:
    """Marks ``message`` for the catalogues where it is written (a table of words), to be
    translated where it is shown (``texts._(message)``)."""
    return message


def language_of(locale: object) -> str | None:
    """The language of ``locale`` (``"pt-BR"``, ``"de_DE.UTF-8"``, a ``discord.Locale``)
    when the bot speaks it, else None."""
    if locale is None:
        return None
    name = str(getattr(locale, "value", locale)).strip().lower()
    code = name.replace("_", "-").split(".", 1)[0].split("@", 1)[0].split("-", 1)[0]
    return code if code in LANGUAGES else None


def texts_for(locale: object = None) -> Texts:
    """The texts of ``locale``'s language, or English for a language without a catalogue
    (or no locale)."""
    return _texts(language_of(locale) or SOURCE_LANGUAGE)


def catalogue_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


@lru_cache(maxsize=len(LANGUAGES))
def _texts(language: str) -> Texts:
    locale = Locale.parse(_NUMBER_LOCALES.get(language, language))
    if language == SOURCE_LANGUAGE:
        return Texts(language, gettext.NullTranslations(), locale)
    with catalogue_path(language).open("rb") as po:
        catalogue = read_po(po, locale=language, domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalogue)  # the fuzzy entries left out: they are not yet translated
    compiled.seek(0)
    return Texts(language, Translations(compiled, domain=DOMAIN), locale)


#: English, the language of the message ids: for callers that have no reader (a log, a test).
ENGLISH = texts_for(SOURCE_LANGUAGE)
