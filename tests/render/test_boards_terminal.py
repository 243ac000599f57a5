"""Several boards in a terminal: side by side within 80 columns, in colour and without."""

from __future__ import annotations

import re

import pytest

from bot.core.letter_rules import LETTER_RULES, letter_rules
from bot.core.variant import Variant
from bot.render.boards_terminal import WIDTH, Form, boards_game, choose_form
from bot.render.catalogues import LANGUAGES
from bot.render.common import QWERTY_ROWS, texts_for
from bot.render.terminal import LEGEND_PLAIN
from tests.render.several_boards import (
    OCTORDLE,
    OCTORDLE_ANSWERS,
    OCTORDLE_GUESSES,
    QUORDLE,
    QUORDLE_ANSWERS,
    QUORDLE_GUESSES,
    longest_octordle,
    play,
)

ANSI = re.compile(r"\x1b\[[0-9;]*m")
GREEN_BG = "\x1b[48;2;106;170;100m"
GREY_BG = "\x1b[48;2;120;124;126m"
KEY_BG = "\x1b[48;2;211;214;218m"
BLACK_FG = "\x1b[38;2;26;26;27m"
WHITE_FG = "\x1b[38;2;255;255;255m"
BOLD = "\x1b[1m"
RESET = "\x1b[0m"


def widths(text: str) -> list[int]:
    return [len(ANSI.sub("", line)) for line in text.split("\n")]


def test_four_boards_of_five_letters_need_the_touching_tiles():
    # spaced tiles: 4 boards x 19 columns + 3 gaps of 3 = 85 > 80
    assert Form(4, spaced=True).line_width(5) == 85
    assert choose_form(4, 5) == Form(4, spaced=False)  # 4 x 15 + 9 = 69
    assert choose_form(2, 5) == Form(2, spaced=True)
    assert choose_form(8, 5) == Form(4, spaced=False)
    assert choose_form(4, 7) == Form(2, spaced=True)  # 4 x 21 + 9 = 93: two to a line
    assert choose_form(4, 4) == Form(4, spaced=True)  # 4 x 15 + 9 = 69


@pytest.mark.parametrize("boards", [2, 4, 8])
@pytest.mark.parametrize("length", [4, 5, 6, 7])
@pytest.mark.parametrize("color", [False, True])
def test_every_line_fits_80_columns(boards, length, color):
    alphabet = "abcdefghijklmnopqrstuvwxyz"
    guesses, feedback = longest_octordle(alphabet, length)
    attempts = {2: 7, 4: 9, 8: 13}[boards]
    variant = Variant(length=length, attempts=attempts, boards=boards)
    text = boards_game(guesses[:attempts], [f[:attempts] for f in feedback[:boards]], variant,
                       color, truecolor=True)
    assert max(widths(text)) <= WIDTH
    assert max(widths(text)) > WIDTH // 2  # side by side, not one under another


def test_a_quordle_without_colour():
    feedback = play(QUORDLE_ANSWERS, QUORDLE_GUESSES[:5])
    lines = boards_game(QUORDLE_GUESSES[:5], feedback, QUORDLE, False).split("\n")
    assert lines[0] == "#1 solved in 2    #2 solved in 5    Board 3           Board 4"
    assert lines[1] == "-S--L-[A]-T-[E]   (S)-L--A-(T)-E-   -S-[L]-A--T--E-   -S--L--A--T--E-"
    assert lines[2] == "[C][R][A][N][E]   -C--R--A--N--E-   -C--R--A--N--E-   -C-(R)-A--N--E-"
    assert lines[3].startswith(" " * 18 + "-P-(I)(O)")  # board 1 blank under its solve
    assert lines[6] == " " * 37 + "_  _  _  _  _     _  _  _  _  _"
    assert len(lines) == 1 + 9 + 1 + 3
    # each key: its letter, then a mark per board (solved boards: ".")
    assert lines[11].split() == ["Q....", "W....", "E..--", "R..-+", "T..--", "Y..--",
                                 "U..+-", "I..--", "O..-#", "P..#-"]


def test_an_octordle_is_two_lines_of_four_and_its_keys_two_lines_of_marks():
    feedback = play(OCTORDLE_ANSWERS, OCTORDLE_GUESSES)
    lines = boards_game(OCTORDLE_GUESSES, feedback, OCTORDLE, False).split("\n")
    assert lines[0] == "#1 solved in 2    #2 solved in 5    #3 solved in 6    #4 not solved"
    assert lines[15].startswith("#5 solved in 7")
    keyboard = lines[30:]
    assert keyboard[0].split()[:3] == ["Q....", "W...-", "E...-"]  # boards 1-4
    assert keyboard[1].split()[:3] == ["....", "...-", "...#"]  # boards 5-8 under them
    assert len(keyboard) == 6


def test_colour_keys_are_a_cell_per_board():
    feedback = play(QUORDLE_ANSWERS, QUORDLE_GUESSES[:5])
    text = boards_game(QUORDLE_GUESSES[:5], feedback, QUORDLE, True, truecolor=True)
    lines = text.split("\n")
    # O: boards 1 and 2 solved (key colour), board 3 grey, board 4 green
    cells = "".join(f"{colour} {RESET}" for colour in (KEY_BG, KEY_BG, GREY_BG, GREEN_BG))
    assert f"{KEY_BG}{BLACK_FG}{BOLD} O{RESET}{cells}" in lines[11]
    assert f"{GREEN_BG}{WHITE_FG}{BOLD} C {RESET}" in lines[2]


def test_the_legends_fit():
    assert len(LEGEND_PLAIN) <= WIDTH


def test_bad_input_is_a_clear_error():
    with pytest.raises(ValueError, match="one key for each letter"):
        boards_game([], [[]] * 4, QUORDLE, False, layout=QWERTY_ROWS[:2])


@pytest.mark.parametrize("language", sorted(LETTER_RULES))
@pytest.mark.parametrize("color", [False, True])
def test_every_keyboard_fits_80_columns(language, color):
    rules = letter_rules(language)
    variant = Variant(length=5, attempts=13, alphabet=rules.alphabet, boards=8)
    text = boards_game([], [[]] * 8, variant, color, truecolor=True, layout=rules.keyboard)
    assert max(widths(text)) <= WIDTH


@pytest.mark.parametrize("language", LANGUAGES)
def test_captions_in_every_language_fit(language):
    texts = texts_for(language)
    feedback = play(OCTORDLE_ANSWERS, OCTORDLE_GUESSES)
    text = boards_game(OCTORDLE_GUESSES, feedback, OCTORDLE, False, texts=texts)
    assert max(widths(text)) <= WIDTH


def test_captions_in_the_readers_words():
    feedback = play(QUORDLE_ANSWERS, QUORDLE_GUESSES[:5])
    lines = boards_game(QUORDLE_GUESSES[:5], feedback, QUORDLE, False,
                        texts=texts_for("de")).split("\n")
    assert lines[0] == "#1 in 2 gelöst    #2 in 5 gelöst    Feld 3            Feld 4"
