"""Boards in every language's letters: words and keyboards checked by the variant's alphabet,
letters shown in the language's upper case (Turkish i is İ), in the emoji text too."""

from __future__ import annotations

import re

import pytest

from bot.core.letter_rules import LETTER_RULES, letter_rules
from bot.core.variant import CLASSIC, Variant
from bot.render import emoji_board
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


# -- the emoji text -------------------------------------------------------------------------

#: One played row per language, with a letter of the language's own, and its answer.
PLAYED = {
    "en": ("crane", "BYBBB"), "es": ("señor", "BBGGB"), "fr": ("wagon", "BBBYB"),
    "de": ("bären", "BBBBY"), "pt": ("canto", "YBBBB"), "it": ("gioco", "BBYBB"),
    "nl": ("kwijt", "BBYBY"), "ru": ("объем", "BBBYB"), "uk": ("їжаки", "BBYGB"),
    "tr": ("kılıç", "YBBBG"),
}
KEY = re.compile(r"(🟩|🟨|~~)?(\w)(?:~~)?")


@pytest.mark.parametrize("code", list(LETTER_RULES))
def test_the_emoji_keyboard_is_the_languages_in_its_capitals(code):
    rules = letter_rules(code)
    variant = Variant(alphabet=rules.alphabet)
    word, feedback = PLAYED[code]
    text = emoji_board.game_text([(word, feedback)], None, variant, layout=rules.keyboard)
    board, keyboard = text.split("\n\n")
    shown = upper_letters(word, rules.alphabet)
    assert board.split("\n")[0] == f"{emoji_board.squares(feedback)} `{' '.join(shown)}`"
    *rows, ruled_out = keyboard.split("\n")
    assert len(rows) == len(rules.keyboard)
    states = keyboard_from_rows([(word, feedback)], rules.alphabet)  # the core's rule
    for line, keys in zip(rows, rules.keyboard, strict=True):
        found = KEY.findall(line)
        assert [letter for _, letter in found] == list(upper_letters(keys, rules.alphabet))
        for (square, _), letter in zip(found, keys, strict=True):
            expected = {"G": "🟩", "Y": "🟨", "B": "~~", None: ""}[states.get(letter)]
            assert square == expected, (code, letter)
    out = [upper_letters(c, rules.alphabet) for c in rules.alphabet if states.get(c) == "B"]
    assert ruled_out == "Not in the word: " + ", ".join(out)
    assert len(text) < 2000


def test_turkish_letters_are_shown_the_turkish_way_in_text():
    variant, layout = TURKISH, letter_rules("tr").keyboard
    assert emoji_board.feedback_line("çiçek", "GGGGG", variant) == "🟩🟩🟩🟩🟩 `Ç İ Ç E K`"
    assert emoji_board.feedback_line("kılıç", "BBBBB", variant) == "⬛⬛⬛⬛⬛ `K I L I Ç`"
    keyboard = emoji_board.keyboard_text({"i": "G", "ı": "B"}, layout)
    assert "~~I~~" in keyboard.split("\n")[0] and keyboard.split("\n")[1].endswith("🟩İ")


def test_the_letters_ruled_out_are_in_the_alphabets_order():
    keyboard = {"z": "B", "ñ": "B", "o": "B", "n": "B", "a": "G"}
    assert emoji_board.ruled_out_text(keyboard, SPANISH) == "Not in the word: N, Ñ, O, Z"
    keyboard = {"ü": "B", "ç": "B", "d": "B", "ı": "B", "i": "B"}
    assert emoji_board.ruled_out_text(keyboard, TURKISH) == "Not in the word: Ç, D, I, İ, Ü"


def test_a_word_not_of_the_alphabet_is_refused_in_text_too():
    with pytest.raises(ValueError, match="single letters A-Z, not 'ñ'"):
        emoji_board.keyboard_text({"ñ": "G"})  # QWERTY's letters are named A-Z
    with pytest.raises(ValueError, match="letters of"):
        emoji_board.board_text([("crane", "GGGGG")], RUSSIAN)
    with pytest.raises(ValueError, match="letters A-Z"):
        emoji_board.feedback_line("señor", "GGGGG")
