"""Boards in every language's letters: words and keyboards checked by the variant's alphabet,
letters shown in the language's upper case (Turkish i is İ)."""

from __future__ import annotations

import pytest

from bot.core.letter_rules import LETTER_RULES, letter_rules
from bot.core.variant import CLASSIC, Variant
from bot.render.common import (
    board_rows,
    check_layout,
    keyboard_from_rows,
    normalise_keyboard,
    normalise_row,
    upper_letters,
)

SPANISH = Variant(alphabet=letter_rules("es").alphabet)
GERMAN = Variant(alphabet=letter_rules("de").alphabet)
RUSSIAN = Variant(alphabet=letter_rules("ru").alphabet)
TURKISH = Variant(alphabet=letter_rules("tr").alphabet)


def test_words_are_checked_by_the_variants_letters():
    assert board_rows([("cañon", "gybbg")], SPANISH) == [("cañon", "GYBBG")]
    assert board_rows([("KÖNIG", "GGGGG")], GERMAN) == [("könig", "GGGGG")]
    assert board_rows([("ЩЕТКА", "BBBBB")], RUSSIAN) == [("щетка", "BBBBB")]
    with pytest.raises(ValueError, match="letters A-Z"):
        board_rows([("cañon", "GGGGG")], CLASSIC)  # Ñ is not an English letter
    with pytest.raises(ValueError, match="letters of"):
        board_rows([("crane", "GGGGG")], RUSSIAN)  # Latin letters on a Russian board
    with pytest.raises(ValueError, match="letters of"):
        board_rows([("quick", "GGGGG")], TURKISH)  # Turkish has no Q
    with pytest.raises(ValueError, match="letters of"):
        board_rows([("щётка", "BBBBB")], RUSSIAN)  # Ё is played as Е: not a pack letter


def test_turkish_capitals_are_read_the_turkish_way():
    # İ is i and I is ı: ÇİÇEK and KILIÇ are two different letters' words
    assert board_rows([("ÇİÇEK", "GGGGG"), ("KILIÇ", "BBBBB")], TURKISH) == [
        ("çiçek", "GGGGG"), ("kılıç", "BBBBB")]
    assert normalise_keyboard({"İ": "g", "I": "b"}, TURKISH.alphabet) == {"i": "G", "ı": "B"}
    assert upper_letters("çiçek kılıç", TURKISH.alphabet) == "ÇİÇEK KILIÇ"
    # elsewhere İ is read as i, and i is shown as I
    assert upper_letters("kilit", CLASSIC.alphabet) == "KILIT"


def test_a_row_checked_for_one_alphabet_is_checked_again_for_another():
    assert normalise_row(("señor", "GGGGG"), SPANISH.alphabet) == ("señor", "GGGGG")
    with pytest.raises(ValueError, match="letters A-Z"):
        normalise_row(("señor", "GGGGG"))


def test_keyboards_are_checked_by_the_alphabet():
    assert normalise_keyboard({"Ñ": "y", "a": "B"}, SPANISH.alphabet) == {"ñ": "Y", "a": "B"}
    with pytest.raises(ValueError, match="single letters"):
        normalise_keyboard({"ñ": "G"})
    with pytest.raises(ValueError, match="single letters"):
        normalise_keyboard({"q": "G"}, TURKISH.alphabet)
    assert keyboard_from_rows([("cañon", "GYBBB")], SPANISH.alphabet)["ñ"] == "B"


@pytest.mark.parametrize("code", list(LETTER_RULES))
def test_every_languages_keyboard_is_a_layout_of_its_letters(code):
    rules = letter_rules(code)
    assert check_layout(rules.keyboard, rules.alphabet) == rules.keyboard
    shown = upper_letters("".join(rules.keyboard), rules.alphabet)
    assert len(set(shown)) == len(rules.alphabet)  # no two keys show the same capital
