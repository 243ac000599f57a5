"""Each language's letters as data: what a letter is, what folds into one, how case changes.

One :class:`LetterRules` per language, in :data:`LETTER_RULES`. The decisions and their
reasons are written down in docs/letters.md; :mod:`bot.core.letters` reads typed words by
these rules, and the word-pack build spells its words by the same ones.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType
from typing import Final


class Script(Enum):
    """The writing system of a language's letters (the first word of their Unicode names)."""

    LATIN = "LATIN"
    CYRILLIC = "CYRILLIC"


class CaseRule(Enum):
    """How upper and lower case pair up."""

    #: Unicode's: I and i, İ is i.
    DEFAULT = "default"
    #: Turkish and Azerbaijani: İ and i, I and ı are the pairs.
    TURKIC = "turkic"


def _marks(*names: str) -> frozenset[str]:
    return frozenset(unicodedata.lookup(f"COMBINING {name}") for name in names)


#: The accents Latin-script word games leave off (a letter carrying one that the language
#: keeps as a letter of its own, such as Spanish Ñ, is kept first).
LATIN_ACCENTS: Final = _marks(
    "GRAVE ACCENT", "ACUTE ACCENT", "CIRCUMFLEX ACCENT", "TILDE", "MACRON", "BREVE",
    "DOT ABOVE", "DIAERESIS", "RING ABOVE", "DOUBLE ACUTE ACCENT", "CARON", "CEDILLA",
    "OGONEK")
#: Stress marks, which dictionaries and learners' texts put over Cyrillic vowels.
STRESS_MARKS: Final = _marks("ACUTE ACCENT", "GRAVE ACCENT")

#: Ligatures written as two letters (English encyclopædia, French cœur).
_LIGATURES: Final = {"æ": "ae", "œ": "oe"}


@dataclass(frozen=True, slots=True)
class LetterRules:
    """What counts as a letter in one language, and how typed text maps onto its letters.

    Typed text is read letter by letter: a letter of ``alphabet`` is kept; one in ``folds``
    becomes the letters it maps to; a letter carrying accents from ``ignored_marks`` becomes
    the letter without them (Spanish á is a); anything else is refused.
    """

    #: ISO 639-1 code, as a pack names its language.
    language: str
    #: The language's English name.
    name: str
    script: Script
    #: The pack's letters, lower case, in the language's order; each is one code point in NFC.
    alphabet: str
    #: Letters that are written but are not letters of the pack, and the pack letters that
    #: stand for them (German ß is ss).
    folds: Mapping[str, str]
    #: Combining accents that are left off a letter that is not in ``alphabet`` with them.
    ignored_marks: frozenset[str]
    case: CaseRule
    #: The keys of the game's keyboard, row by row: the language's usual layout, with only
    #: the pack's letters, each once.
    keyboard: tuple[str, ...]
    #: The letters in words, for messages: "the letters A to Z and Ñ".
    letters_named: str

    def __post_init__(self) -> None:
        letters = set(self.alphabet)
        if len(letters) != len(self.alphabet) or not letters:
            raise ValueError(f"{self.language}: an alphabet is distinct letters")
        for letter in self.alphabet:
            if unicodedata.normalize("NFC", letter) != letter or not letter.isalpha():
                raise ValueError(f"{self.language}: {letter!r} is not one NFC letter")
        for written, letters_of in self.folds.items():
            if written in letters or not letters_of or not set(letters_of) <= letters:
                raise ValueError(f"{self.language}: {written!r} must fold into pack letters")
        keys = "".join(self.keyboard)
        if sorted(keys) != sorted(self.alphabet):
            raise ValueError(f"{self.language}: the keyboard must have each letter once")


def _rules(language: str, name: str, alphabet: str, keyboard: str, letters_named: str, *,
           folds: Mapping[str, str] | None = None, script: Script = Script.LATIN,
           case: CaseRule = CaseRule.DEFAULT) -> LetterRules:
    marks = LATIN_ACCENTS if script is Script.LATIN else STRESS_MARKS
    return LetterRules(language, name, script, alphabet, MappingProxyType(dict(folds or {})),
                       marks, case, tuple(keyboard.split()), letters_named)


_A_TO_Z: Final = "abcdefghijklmnopqrstuvwxyz"
_QWERTY: Final = "qwertyuiop asdfghjkl zxcvbnm"

#: Every language's rules, by language code. docs/letters.md gives the reasons.
LETTER_RULES: Final[Mapping[str, LetterRules]] = MappingProxyType({r.language: r for r in (
    _rules("en", "English", _A_TO_Z, _QWERTY, "the letters A to Z", folds=_LIGATURES),
    _rules("es", "Spanish", "abcdefghijklmnñopqrstuvwxyz", "qwertyuiop asdfghjklñ zxcvbnm",
           "the letters A to Z and Ñ"),
    _rules("fr", "French", _A_TO_Z, "azertyuiop qsdfghjklm wxcvbn", "the letters A to Z",
           folds=_LIGATURES),
    _rules("de", "German", _A_TO_Z + "äöü", "qwertzuiopü asdfghjklöä yxcvbnm",
           "the letters A to Z, Ä, Ö and Ü", folds={"ß": "ss"}),
    _rules("pt", "Portuguese", _A_TO_Z, _QWERTY, "the letters A to Z"),
    _rules("it", "Italian", _A_TO_Z, _QWERTY, "the letters A to Z"),
    _rules("nl", "Dutch", _A_TO_Z, _QWERTY, "the letters A to Z", folds={"ĳ": "ij"}),
    _rules("ru", "Russian", "абвгдежзийклмнопрстуфхцчшщъыьэюя",
           "йцукенгшщзхъ фывапролджэ ячсмитьбю", "the Russian letters А to Я",
           folds={"ё": "е"}, script=Script.CYRILLIC),
    _rules("uk", "Ukrainian", "абвгґдеєжзиіїйклмнопрстуфхцчшщьюя",
           "йцукенгшщзхї фівапролджє ґячсмитьбю", "the Ukrainian letters А to Я",
           script=Script.CYRILLIC),
    _rules("tr", "Turkish", "abcçdefgğhıijklmnoöprsştuüvyz", "ertyuıopğü asdfghjklşi zcvbnmöç",
           "the Turkish letters A to Z with Ç Ğ I İ Ö Ş Ü, without Q W X",
           case=CaseRule.TURKIC),
)})


def letter_rules(language: str) -> LetterRules:
    """The rules of ``language`` (a code such as ``"es"``); ``KeyError`` names the known ones."""
    try:
        return LETTER_RULES[language]
    except KeyError:
        known = ", ".join(LETTER_RULES)
        raise KeyError(f"no letter rules for {language!r}; known: {known}") from None
