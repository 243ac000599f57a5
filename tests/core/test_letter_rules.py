"""The letter rules table: every language's data is whole and agrees with itself."""

import unicodedata
from types import MappingProxyType

import pytest

from bot.core.letter_rules import (
    LATIN_ACCENTS,
    LETTER_RULES,
    CaseRule,
    LetterRules,
    Script,
    letter_rules,
)
from bot.core.variant import Variant


def test_the_languages_of_the_packs_and_turkish_have_rules() -> None:
    assert set(LETTER_RULES) >= {"en", "es", "fr", "de", "pt", "it", "nl", "ru", "uk", "tr"}
    assert letter_rules("es").name == "Spanish"
    with pytest.raises(KeyError, match="no letter rules for 'xx'; known: en, es"):
        letter_rules("xx")


@pytest.mark.parametrize(("language", "count"), [
    ("en", 26), ("es", 27), ("fr", 26), ("de", 29), ("pt", 26), ("it", 26), ("nl", 26),
    ("ru", 32), ("uk", 33), ("tr", 29)])
def test_alphabets_have_the_decided_letters(language: str, count: int) -> None:
    rules = letter_rules(language)
    assert len(rules.alphabet) == count
    # A pack's alphabet is a game variant's alphabet: distinct single lower-case letters.
    assert Variant(alphabet=rules.alphabet).alphabet == rules.alphabet
    for letter in rules.alphabet:
        assert letter.islower() and unicodedata.normalize("NFC", letter) == letter
        assert unicodedata.name(letter).startswith(rules.script.value + " ")


def test_each_keyboard_has_every_letter_of_its_pack_once() -> None:
    for rules in LETTER_RULES.values():
        keys = "".join(rules.keyboard)
        assert sorted(keys) == sorted(rules.alphabet), rules.language
    assert letter_rules("fr").keyboard[0].startswith("azerty")
    assert letter_rules("de").keyboard[0].startswith("qwertz")
    assert letter_rules("ru").keyboard[0].startswith("йцукен")
    assert "ñ" in letter_rules("es").keyboard[1]


def test_the_decisions_in_the_table() -> None:
    assert "ñ" in letter_rules("es").alphabet
    assert set("äöü") <= set(letter_rules("de").alphabet)
    assert dict(letter_rules("de").folds) == {"ß": "ss"}
    assert dict(letter_rules("ru").folds) == {"ё": "е"} and "й" in letter_rules("ru").alphabet
    assert dict(letter_rules("nl").folds) == {"ĳ": "ij"}
    assert dict(letter_rules("fr").folds) == {"æ": "ae", "œ": "oe"}
    assert "ç" not in letter_rules("pt").alphabet and "ç" not in letter_rules("fr").alphabet
    assert set("ґєії") <= set(letter_rules("uk").alphabet)
    assert not set("ёъыэ") & set(letter_rules("uk").alphabet)
    turkish = letter_rules("tr")
    assert turkish.case is CaseRule.TURKIC and set("ıiçğöşü") <= set(turkish.alphabet)
    assert not set("qwx") & set(turkish.alphabet)
    assert all(r.case is CaseRule.DEFAULT for r in LETTER_RULES.values() if r is not turkish)
    assert letter_rules("ru").script is Script.CYRILLIC


def _rules(**changes: object) -> LetterRules:
    fields = {"language": "xx", "name": "Test", "script": Script.LATIN, "alphabet": "abc",
              "folds": MappingProxyType({}), "ignored_marks": LATIN_ACCENTS,
              "case": CaseRule.DEFAULT, "keyboard": ("abc",), "letters_named": "A, B, C"}
    return LetterRules(**{**fields, **changes})  # type: ignore[arg-type]


@pytest.mark.parametrize("changes", [
    {"alphabet": "", "keyboard": ()},
    {"alphabet": "aab", "keyboard": ("aab",)},
    {"alphabet": "ab1", "keyboard": ("ab1",)},
    {"alphabet": "abe\u0301", "keyboard": ("abe\u0301",)},  # a letter in two code points
    {"folds": {"d": "x"}},  # folds into a letter the pack does not have
    {"folds": {"a": "b"}},  # folds away a letter of the pack
    {"keyboard": ("ab",)},
    {"keyboard": ("abc", "a")},
])
def test_inconsistent_rules_are_refused(changes: dict[str, object]) -> None:
    assert _rules().alphabet == "abc"
    with pytest.raises(ValueError, match="xx: "):
        _rules(**changes)
