"""Several boards in words: the picture's description and the emoji text, within limits."""

from __future__ import annotations

import pytest

from bot.core.variant import Variant
from bot.render.boards_text import (
    ALT_LIMIT,
    TEXT_LIMIT,
    boards_alt_text,
    boards_emoji_text,
    discord_length,
)
from bot.render.catalogues import LANGUAGES
from bot.render.common import QWERTY_ROWS, texts_for
from tests.render.several_boards import (
    DORDLE,
    OCTORDLE,
    OCTORDLE_ANSWERS,
    OCTORDLE_GUESSES,
    QUORDLE,
    QUORDLE_ANSWERS,
    QUORDLE_GUESSES,
    longest_octordle,
    play,
)

RUSSIAN = "абвгдежзийклмнопрстуфхцчшщъыьэюя"
RUSSIAN_KEYS = ("йцукенгшщзхъ", "фывапролджэ", "ячсмитьбю")
ALPHABETS = [("abcdefghijklmnopqrstuvwxyz", QWERTY_ROWS), (RUSSIAN, RUSSIAN_KEYS)]


def quordle_alt(**kwargs: object) -> str:
    feedback = play(QUORDLE_ANSWERS, QUORDLE_GUESSES)
    return boards_alt_text(QUORDLE_GUESSES, feedback, QUORDLE, **kwargs)


def test_a_quordle_is_described_board_by_board():
    text = quordle_alt(label="Practice")
    assert text.startswith("Practice, Quordle, 7 of 9 guesses, 3 of 4 boards solved. ")
    assert ("Board 1, solved in 2: SLATE grey grey green grey green; CRANE all green."
            in text)
    assert "Board 4: SLATE all grey; CRANE grey yellow grey grey grey;" in text
    assert text.endswith("GHOST grey grey green grey grey. Not in any open board: A, B, C, E, "
                         "G, H, I, L, M, N, P, S, T, U, Y.")
    assert len(text) <= ALT_LIMIT


def test_the_description_names_the_colours_of_the_theme():
    text = quordle_alt(hard_mode=True, high_contrast=True)
    assert "Quordle, hard mode," in text
    assert "CRANE all orange" in text and "PIOUS grey blue blue grey blue" in text
    assert "green" not in text and "yellow" not in text


def test_no_guesses_yet():
    assert boards_alt_text([], [[]] * 2, DORDLE) == "Dordle, 0 of 7 guesses. No guesses yet."


def test_an_octordle_too_long_for_every_row_says_which_boards_are_solved():
    feedback = play(OCTORDLE_ANSWERS, OCTORDLE_GUESSES)
    text = boards_alt_text(OCTORDLE_GUESSES, feedback, OCTORDLE)
    assert text.startswith("Octordle, 13 of 13 guesses, 6 of 8 boards solved. Solved: board 1 "
                           "in 2, board 2 in 5, board 3 in 6, board 5 in 7, board 6 in 8, "
                           "board 7 in 9. ")
    assert "Board 4, not solved: SLATE all grey;" in text  # every row of the open boards
    assert "Board 8, not solved: " in text
    assert len(text) <= ALT_LIMIT


@pytest.mark.parametrize(("alphabet", "layout"), ALPHABETS, ids=["latin", "cyrillic"])
@pytest.mark.parametrize("high_contrast", [False, True])
def test_the_longest_octordle_is_summarised_within_the_limit(alphabet, layout, high_contrast):
    guesses, feedback = longest_octordle(alphabet)
    variant = Variant(length=7, attempts=13, boards=8, alphabet=alphabet)
    text = boards_alt_text(guesses, feedback, variant, label="Wordle 1,234 daily",
                           hard_mode=True, high_contrast=high_contrast)
    assert discord_length(text) <= ALT_LIMIT
    assert not text.endswith("…")  # summarised, not cut
    shown = [g.upper() for g in guesses]
    assert "Guesses: " + ", ".join(shown) + "." in text
    for board in range(1, 9):
        assert f"board {board} {shown[-1]} " in text  # each open board's last row
    assert "Not in any open board: " in text


def test_emoji_text_puts_two_boards_side_by_side_with_the_letters_once():
    feedback = play(QUORDLE_ANSWERS, QUORDLE_GUESSES)
    text = boards_emoji_text(QUORDLE_GUESSES, feedback, QUORDLE, layout=QWERTY_ROWS)
    groups = text.split("\n\n")
    assert groups[0].split("\n") == [
        "**Board 1** (solved in 2) · **Board 2** (solved in 5)",
        "⬛⬛🟩⬛🟩 🟨⬛⬛🟨⬛ `S L A T E`",
        "🟩🟩🟩🟩🟩 ⬛⬛⬛⬛⬛ `C R A N E`",
        "⬜⬜⬜⬜⬜ ⬛🟨🟨⬛🟨 `P I O U S`",
        "⬜⬜⬜⬜⬜ ⬛⬛🟨⬛⬛ `D U M P Y`",
        "⬜⬜⬜⬜⬜ 🟩🟩🟩🟩🟩 `M O I S T`",  # both solved: the group ends here
    ]
    assert groups[1].split("\n")[0] == "**Board 3** (solved in 6) · **Board 4**"
    assert groups[1].split("\n")[-1] == "⬜⬜⬜⬜⬜ ⬛⬛🟩⬛⬛ `G H O S T`"
    keys = groups[2].split("\n")
    assert keys[0].startswith("Q  W  ~~E~~  **R**  ~~T~~")  # R yellow, E grey on board 4
    assert keys[-1] == ("Not in any open board: A, B, C, E, G, H, I, L, M, N, P, S, T, U, Y")


def test_emoji_text_four_boards_to_a_line_and_high_contrast():
    feedback = play(OCTORDLE_ANSWERS, OCTORDLE_GUESSES)
    text = boards_emoji_text(OCTORDLE_GUESSES, feedback, OCTORDLE, per_line=4,
                             high_contrast=True)
    first = text.split("\n")
    assert first[0].count("**Board") == 4
    assert first[1] == "⬛⬛🟧⬛🟧 🟦⬛⬛🟦⬛ ⬛🟧⬛⬛⬛ ⬛⬛⬛⬛⬛ `S L A T E`"
    assert "🟩" not in text and "🟨" not in text


def test_emoji_text_before_the_first_guess():
    text = boards_emoji_text([], [[]] * 2, DORDLE, layout=None)
    assert text == "**Board 1** · **Board 2**\n⬜⬜⬜⬜⬜ ⬜⬜⬜⬜⬜"
    with_keys = boards_emoji_text([], [[]] * 2, DORDLE)
    assert with_keys.endswith("\n\nQ  W  E  R  T  Y  U  I  O  P\nA  S  D  F  G  H  J  K  L\n"
                              "Z  X  C  V  B  N  M")


@pytest.mark.parametrize(("alphabet", "layout"), ALPHABETS, ids=["latin", "cyrillic"])
@pytest.mark.parametrize("per_line", [2, 4])
def test_the_longest_octordle_as_emoji_fits_a_message(alphabet, layout, per_line):
    guesses, feedback = longest_octordle(alphabet)
    variant = Variant(length=7, attempts=13, boards=8, alphabet=alphabet)
    text = boards_emoji_text(guesses, feedback, variant, layout=layout, per_line=per_line)
    assert discord_length(text) <= TEXT_LIMIT
    assert text.count("`") == 2 * 13 * 8 // per_line  # every row of every board
    assert "~~" in text  # with the keyboard


def test_emoji_text_bad_input():
    with pytest.raises(ValueError, match="per_line must be 2 or 4"):
        boards_emoji_text([], [[]] * 4, QUORDLE, per_line=3)
    with pytest.raises(ValueError, match="one key for each letter"):
        boards_emoji_text([], [[]] * 4, QUORDLE, layout=("abc",))


def test_discord_length_counts_utf16_units():
    assert discord_length("🟩⬛a") == 4


def test_text_too_long_is_cut_at_a_line_end():
    # What the rest of the message leaves may be far less than Discord's whole limit.
    feedback = play(QUORDLE_ANSWERS, QUORDLE_GUESSES)
    text = boards_emoji_text(QUORDLE_GUESSES, feedback, QUORDLE, limit=200)
    assert discord_length(text) <= 200 and text.endswith("`\n…")


def test_the_description_and_headings_are_in_the_readers_words():
    german = texts_for("de")
    text = quordle_alt(label="Quordle Übung", hard_mode=True, texts=german)
    assert text.startswith("Quordle Übung, Quordle, schwerer Modus, 7 von 9 Versuchen, "
                           "3 von 4 Feldern gelöst. ")
    assert "Feld 1, in 2 gelöst: SLATE grau grau grün grau grün; CRANE ganz grün." in text
    assert text.endswith("In keinem offenen Feld: A, B, C, E, G, H, I, L, M, N, P, S, T, U, Y.")
    assert boards_alt_text([], [[]] * 2, DORDLE, texts=german) == (
        "Dordle, 0 von 7 Versuchen. Noch kein Versuch.")
    feedback = play(QUORDLE_ANSWERS, QUORDLE_GUESSES)
    emoji = boards_emoji_text(QUORDLE_GUESSES, feedback, QUORDLE, texts=texts_for("fr"))
    assert emoji.split("\n")[0] == "**Grille 1** (résolue en 2) · **Grille 2** (résolue en 5)"
    assert emoji.endswith("Dans aucune grille ouverte\u00a0: A, B, C, E, G, H, I, L, M, N, P, S, "
                          "T, U, Y")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("alphabet", "layout"), ALPHABETS, ids=["latin", "cyrillic"])
def test_the_longest_octordle_in_every_language_fits(language, alphabet, layout):
    texts = texts_for(language)
    guesses, feedback = longest_octordle(alphabet)
    variant = Variant(length=7, attempts=13, boards=8, alphabet=alphabet)
    alt = boards_alt_text(guesses, feedback, variant, label="Octordle 1,234", hard_mode=True,
                          high_contrast=True, texts=texts)
    assert discord_length(alt) <= ALT_LIMIT and not alt.endswith("…")  # summarised, not cut
    assert all(g.upper() in alt for g in guesses)
    for per_line in (2, 4):
        text = boards_emoji_text(guesses, feedback, variant, layout=layout, per_line=per_line,
                                 texts=texts)
        assert discord_length(text) <= TEXT_LIMIT
        assert text.count("`") == 2 * 13 * 8 // per_line  # every row of every board
