"""The board and keyboard as emoji text for Discord."""

from __future__ import annotations

import re
from typing import NamedTuple

import pytest

from bot.core.feedback import score
from bot.core.variant import Variant
from bot.render import emoji_board
from bot.render.common import keyboard_from_rows


class Row(NamedTuple):  # the same shape as bot.core.game.Row
    word: str
    feedback: str


EMPTY = "⬜⬜⬜⬜⬜"
KEY = re.compile(r"(🟩|🟨|~~)?([A-Z])(?:~~)?")
STATE_OF = {"🟩": "G", "🟨": "Y", "~~": "B"}


def parse_keyboard(rendered: str) -> dict[str, str | None]:
    """Read a keyboard's three rows back the way a program would: letter -> state (None if
    unplayed; a letter struck out is ruled out)."""
    found: dict[str, str | None] = {}
    rows = rendered.split("\n")
    assert len(rows) == 3, rendered
    for square, letter in KEY.findall(rendered):
        assert letter not in found, f"{letter} shown twice"
        found[letter] = STATE_OF[square] if square else None
    return found


# -- squares / lines -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("feedback", "expected"),
    [
        ("GYBBB", "🟩🟨⬛⬛⬛"),
        ("GGGGG", "🟩🟩🟩🟩🟩"),
        ("BBBBB", "⬛⬛⬛⬛⬛"),
        ("YBYYB", "🟨⬛🟨🟨⬛"),
        ("gybyb", "🟩🟨⬛🟨⬛"),
    ],
)
def test_squares_per_feedback(feedback, expected):
    assert emoji_board.squares(feedback) == expected


@pytest.mark.parametrize("bad", ["", "GXBBB", "🟩🟩🟩🟩🟩", "GGGG G", None, 42, ["G"]])
def test_squares_rejects_bad_feedback(bad):
    with pytest.raises(ValueError, match="feedback"):
        emoji_board.squares(bad)


def test_feedback_line_has_squares_then_letters_in_code():
    assert emoji_board.feedback_line("crane", "GYBBB") == "🟩🟨⬛⬛⬛ `C R A N E`"
    assert emoji_board.feedback_line("CRANE", "gybbb") == "🟩🟨⬛⬛⬛ `C R A N E`"


@pytest.mark.parametrize(
    ("word", "feedback", "message"),
    [
        ("cr@ne", "GYBBB", "letters A-Z"),
        ("cräne", "GYBBB", "letters A-Z"),
        ("crane", "GYBB", "lengths differ"),
        ("a" * 1000, "GYBBB", "lengths differ"),
        ("`rm`", "BBBB", "letters A-Z"),
        ("🟩🟩🟩🟩🟩", "GGGGG", "letters A-Z"),
        ("", "", "word"),
    ],
)
def test_feedback_line_rejects_bad_rows(word, feedback, message):
    with pytest.raises(ValueError, match=message):
        emoji_board.feedback_line(word, feedback)


# -- board ---------------------------------------------------------------------------------


def test_board_has_played_rows_then_empty_rows_up_to_six():
    rows = [Row("crane", score("crane", "spoke")), Row("spoke", score("spoke", "spoke"))]
    lines = emoji_board.board_text(rows).split("\n")
    assert lines == [
        "⬛⬛⬛⬛🟩 `C R A N E`",
        "🟩🟩🟩🟩🟩 `S P O K E`",
        EMPTY,
        EMPTY,
        EMPTY,
        EMPTY,
    ]


def test_board_accepts_plain_tuples_and_lists():
    two = Variant(attempts=2)
    as_tuple = emoji_board.board_text([("crane", "GYBBB")], two)
    assert as_tuple == emoji_board.board_text([["crane", "GYBBB"]], two)
    assert as_tuple == "🟩🟨⬛⬛⬛ `C R A N E`\n" + EMPTY


def test_empty_board_and_other_attempt_counts():
    assert emoji_board.board_text([]) == "\n".join([EMPTY] * 6)
    assert emoji_board.board_text([], variant=Variant(attempts=3)) == "\n".join([EMPTY] * 3)


def test_the_variant_sets_the_board_size():
    six = Variant(length=6, attempts=7)
    lines = emoji_board.board_text([("grapes", "GYBGYB")], six).split("\n")
    assert lines == ["🟩🟨⬛🟩🟨⬛ `G R A P E S`"] + ["⬜" * 6] * 6
    four = emoji_board.game_text([("tree", "BGYG")], variant=Variant(length=4))
    board, keyboard = four.split("\n\n")
    assert board.split("\n") == ["⬛🟩🟨🟩 `T R E E`"] + ["⬜" * 4] * 5
    assert parse_keyboard("\n".join(keyboard.split("\n")[:3]))["R"] == "G"
    with pytest.raises(ValueError, match="5-letter words"):
        emoji_board.board_text([("grapes", "GYBGYB")])


def test_more_rows_than_attempts_shows_every_row_and_no_empty_row():
    rows = [("crane", "BBBBB")] * 7
    lines = emoji_board.board_text(rows).split("\n")
    assert len(lines) == 7
    assert EMPTY not in lines


@pytest.mark.parametrize("bad", [6, "6", None, (5, 6)])
def test_board_rejects_what_is_not_a_variant(bad):
    with pytest.raises(ValueError, match="variant"):
        emoji_board.board_text([], bad)


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ("crane", "not a string"),
        (None, "sequence"),
        ([("crane",)], "pair"),
        ([("crane", "GYBBB", "extra")], "pair"),
        (["crane"], "pair"),
        ([("crane", "GYBBB"), ("at", "GY")], "same length"),
        ([("DROP TABLE", "BBBBBBBBBB")], "letters A-Z"),
    ],
)
def test_board_rejects_malformed_rows(rows, message):
    with pytest.raises(ValueError, match=message):
        emoji_board.board_text(rows)


def test_board_fits_in_a_discord_message():
    rows = [("crane", "BBBBB")] * 6
    rendered = emoji_board.game_text(rows)
    assert len(rendered) < 2000


# -- keyboard ------------------------------------------------------------------------------


def test_keyboard_is_three_qwerty_rows_with_every_letter_once():
    lines = emoji_board.keyboard_text({}).split("\n")
    assert [re.sub(r"\s+", "", line) for line in lines] == ["QWERTYUIOP", "ASDFGHJKL", "ZXCVBNM"]
    every = {c: None for c in "QWERTYUIOPASDFGHJKLZXCVBNM"}
    assert parse_keyboard(emoji_board.keyboard_text({})) == every


def test_keyboard_shows_each_played_letters_state_and_unplayed_plainly():
    rendered = emoji_board.keyboard_text({"c": "G", "r": "Y", "a": "B", "N": "b"})
    states = parse_keyboard(rendered)
    assert states["C"] == "G"
    assert states["R"] == "Y"
    assert states["A"] == "B"
    assert states["N"] == "B"
    assert all(states[c] is None for c in "QWETYUIOPSDFGHJKLZXVBM")
    assert "🟩C" in rendered and "🟨R" in rendered and "~~A~~" in rendered
    assert "⬛" not in rendered  # nearly the background in Discord's dark theme
    assert rendered.split("\n")[0].startswith("Q  W  E  🟨R  T")


def test_repeated_letter_green_and_grey_in_one_row_is_green_on_keyboard():
    # GEESE against THESE: the E in position 2 is grey (no E left), positions 3 and 5 green.
    feedback = score("geese", "these")
    assert feedback == "BBGGG"
    board = emoji_board.board_text([("geese", feedback)])
    assert board.split("\n")[0] == "⬛⬛🟩🟩🟩 `G E E S E`"
    keyboard = keyboard_from_rows([("geese", feedback)])
    assert keyboard == {"g": "B", "e": "G", "s": "G"}
    states = parse_keyboard(emoji_board.keyboard_text(keyboard))
    assert states["E"] == "G"
    assert states["G"] == "B"


def test_repeated_letter_yellow_and_grey_is_yellow_on_keyboard():
    feedback = score("speed", "abide")  # first E yellow, second E grey
    assert feedback == "BBYBY"
    states = parse_keyboard(emoji_board.keyboard_text(keyboard_from_rows([("speed", feedback)])))
    assert states["E"] == "Y"
    assert states["D"] == "Y"


def test_keyboard_best_state_over_rows():
    rows = [("crane", "YBBBB"), ("cloth", "GBBBB"), ("juicy", "BBBYB")]
    assert keyboard_from_rows(rows)["c"] == "G"


@pytest.mark.parametrize(
    ("keyboard", "message"),
    [
        ({"c": "X"}, "G, Y or B"),
        ({"c": None}, "G, Y or B"),
        ({"cr": "G"}, "single letters"),
        ({"é": "G"}, "single letters"),
        ({"1": "G"}, "single letters"),
        ({3: "G"}, "single letters"),
        ("crane", "mapping"),
    ],
)
def test_keyboard_rejects_bad_input(keyboard, message):
    with pytest.raises(ValueError, match=message):
        emoji_board.keyboard_text(keyboard)


def test_the_keyboard_layout_is_a_value():
    abc = ("abcdefghi", "jklmnopqr", "stuvwxyz")
    lines = emoji_board.keyboard_text({"a": "G", "r": "B"}, abc).split("\n")
    assert lines[0].startswith("🟩A  B  C") and lines[1].endswith("Q  ~~R~~")
    assert emoji_board.game_text([], layout=abc).split("\n\n")[1] == \
        emoji_board.keyboard_text({}, abc)


@pytest.mark.parametrize(
    ("layout", "message"),
    [
        ("qwerty", "rows of letters"),
        ((), "rows of letters"),
        (("qwertyuiop", ""), "rows of letters"),
        (("qwertyuiop", 3), "rows of letters"),
        (("qwertyuiop", "asdfghjkl", "zxcvbnmq"), "each letter once"),
        (("qwertyuiop", "asdfghjkl", "zxcvbn1"), "each letter once"),
    ],
)
def test_keyboard_rejects_bad_layouts(layout, message):
    with pytest.raises(ValueError, match=message):
        emoji_board.keyboard_text({}, layout)


def test_the_game_keyboard_has_a_key_for_each_letter_of_the_alphabet():
    with pytest.raises(ValueError, match="one key for each letter"):
        emoji_board.game_text([], layout=("qwertyuiop", "asdfghjkl"))


def test_game_text_is_board_blank_line_keyboard():
    rows = [("geese", "BBGGG")]
    rendered = emoji_board.game_text(rows)
    board, keyboard = rendered.split("\n\n")
    assert board == emoji_board.board_text(rows)
    *keys, ruled_out = keyboard.split("\n")
    assert parse_keyboard("\n".join(keys))["E"] == "G"
    assert ruled_out == "Not in the word: G"
    # an explicit keyboard wins over the one worked out from the rows
    assert parse_keyboard(emoji_board.game_text(rows, {"e": "Y"}).split("\n\n")[1])["E"] == "Y"


def test_the_letters_ruled_out_are_listed_in_words_once_there_are_any():
    assert emoji_board.ruled_out_text({}) == ""
    assert emoji_board.ruled_out_text({"c": "G", "r": "Y"}) == ""
    assert emoji_board.ruled_out_text({"t": "B", "c": "G", "S": "b", "a": "B"}) == \
        "Not in the word: A, S, T"
    assert emoji_board.game_text([("crane", "GGGGG")]).endswith("Z  X  🟩C  V  B  🟩N  M")
