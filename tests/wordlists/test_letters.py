"""Letters per language: own letters, folded accents, keyboards (wordlists/README.md)."""

from __future__ import annotations

import pytest
from wordpacks.languages import (
    DUTCH,
    ENGLISH_LETTERS,
    FRENCH,
    GERMAN,
    HUNSPELL_LANGUAGES,
    ITALIAN,
    PORTUGUESE,
    RUSSIAN,
    SPANISH,
)
from wordpacks.letters import QWERTY, Letters, latin


@pytest.mark.parametrize(
    ("letters", "word", "play"),
    [
        (SPANISH.letters, "Niño", "niño"),  # Ñ is a letter of its own
        (SPANISH.letters, "árbol", "arbol"),  # accents fold
        (SPANISH.letters, "pingüino", "pinguino"),
        (FRENCH.letters, "Pêche", "peche"),
        (FRENCH.letters, "garçon", "garcon"),
        (FRENCH.letters, "cœur", "coeur"),  # the ligature is two letters
        (GERMAN.letters, "Äpfel", "äpfel"),  # umlauts are letters of their own
        (GERMAN.letters, "Straße", "strasse"),  # ß is spelt SS, as in capitals
        (GERMAN.letters, "Café", "cafe"),
        (PORTUGUESE.letters, "coração", "coracao"),
        (ITALIAN.letters, "città", "citta"),
        (DUTCH.letters, "ĳs", "ijs"),  # the IJ ligature is I + J
        (DUTCH.letters, "ideeën", "ideeen"),
        (RUSSIAN.letters, "Ёлка", "елка"),  # Ё folds to Е
        (RUSSIAN.letters, "йогурт", "йогурт"),  # Й is a letter of its own
        (ENGLISH_LETTERS, "Café", "cafe"),
    ],
)
def test_play_spelling(letters: Letters, word: str, play: str) -> None:
    assert letters.play_spelling(word) == play


def test_decomposed_input_is_composed_first() -> None:
    assert SPANISH.letters.play_spelling("nin\u0303o") == "niño"
    assert RUSSIAN.letters.play_spelling("и\u0306од") == "йод"


@pytest.mark.parametrize(
    ("letters", "word"),
    [(SPANISH.letters, "l'eau"), (FRENCH.letters, "smørrebrød"), (GERMAN.letters, "Øre"),
     (RUSSIAN.letters, "crane"), (ENGLISH_LETTERS, "ёлка"), (DUTCH.letters, "zo-even")],
)  # fmt: skip
def test_words_outside_the_pack_letters_cannot_be_played(letters: Letters, word: str) -> None:
    assert letters.play_spelling(word) is None


@pytest.mark.parametrize("language", HUNSPELL_LANGUAGES, ids=lambda lang: lang.code)
def test_keyboard_holds_every_letter_once_and_folds_land_on_letters(language: object) -> None:
    letters = language.letters  # type: ignore[attr-defined]
    keys = "".join(letters.keyboard)
    assert sorted(keys) == sorted(letters.alphabet) and len(set(keys)) == len(keys)
    for source, target in letters.fold.items():
        assert source not in letters.alphabet
        assert all(ch in letters.alphabet for ch in target)


def test_keyboards_by_language() -> None:
    assert FRENCH.letters.keyboard[0].startswith("azerty")
    assert GERMAN.letters.keyboard[0].startswith("qwertz") and "ü" in GERMAN.letters.keyboard[0]
    assert SPANISH.letters.keyboard[1].endswith("ñ")
    assert RUSSIAN.letters.keyboard[0].startswith("йцукен") and len(RUSSIAN.letters.alphabet) == 32
    assert ENGLISH_LETTERS.keyboard == QWERTY


def test_a_keyboard_must_match_its_alphabet() -> None:
    with pytest.raises(ValueError, match="keyboard"):
        Letters("abc", ("ab",))
    with pytest.raises(ValueError, match="folding"):
        Letters("abc", ("abc",), {"a": "b"})
    assert latin("abcdefghijklmnopqrstuvwxyz").fold["é"] == "e"
