"""The build spells its words by the bot's letter rules (bot.core.letter_rules, docs/letters.md).

The rules themselves are tested in tests/core/test_letter*.py; here, that the build takes them
from there and that a pack therefore holds what a player can type.
"""

from __future__ import annotations

import pytest
from wordpacks.hunspell_words import collect, pack_spelling
from wordpacks.languages import ENGLISH_LETTERS, FRENCH, GERMAN, HUNSPELL_LANGUAGES, RUSSIAN

from bot.core.letter_rules import letter_rules
from bot.core.letters import pack_word, read_word


@pytest.mark.parametrize("language", HUNSPELL_LANGUAGES, ids=lambda lang: lang.code)
def test_every_language_spells_by_the_bots_rules(language: object) -> None:
    code = language.code  # type: ignore[attr-defined]
    assert language.letters is letter_rules(code)  # type: ignore[attr-defined]
    assert ENGLISH_LETTERS is letter_rules("en")


@pytest.mark.parametrize("word", [
    "casa", "Niño", "árbol", "desenvolvimento", "Straße", "Maße", "ĳzer", "ĳsje", "cœur",
    "nin\u0303o", "mo\u0301re", "мо\u0301ре", "ёлка", "l'eau", "zo-even", "K", "İstanbul",
    "Schöne", "smørrebrød", "inconstitucionalmente", "", "a\u0301\u0301\u0301\u0301\u0301"])
@pytest.mark.parametrize("code", ["es", "fr", "de", "nl", "ru", "en"])
def test_pack_spelling_is_pack_word_at_the_wanted_lengths(code: str, word: str) -> None:
    rules = letter_rules(code)
    for wanted in ({5}, {4, 5, 6, 7}, {3}):
        play = pack_word(word, rules)
        expected = play if play is not None and len(play) in wanted else None
        assert pack_spelling(word, rules, frozenset(wanted)) == expected


def test_a_spelling_may_grow_into_the_wanted_length() -> None:
    # four characters written, five pack letters: not passed over as too short or long
    assert pack_spelling("Maße", GERMAN.letters, frozenset({5})) == "masse"
    assert pack_spelling("ĳzer", letter_rules("nl"), frozenset({5})) == "ijzer"
    assert pack_spelling("Straße", GERMAN.letters, frozenset({5})) is None  # STRASSE: 7


def test_the_allowed_words_are_what_a_player_can_type() -> None:
    french = collect(FRENCH, [("SET UTF-8\n", "4\nshōjo\nélève\ncœur\nnaïf\n")], [], [5])
    # the macron folds like every accent (docs/letters.md), as the ligature is two letters
    assert french.allowed[5] == {"shojo", "eleve", "coeur"}
    russian = collect(RUSSIAN, [("SET UTF-8\n", "3\nёлка\nмо\u0301ре\nйогурт\n")], [], [4])
    assert russian.allowed[4] == {"елка", "море"}  # Ё is Е; a stress mark folds
    for language, length, words in ((FRENCH, 5, french), (RUSSIAN, 4, russian)):
        for play in words.allowed[length]:
            assert read_word(play.upper(), language.letters, length) == play
