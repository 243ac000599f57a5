"""Terminal boards: ANSI colours, the plain fallback and when colour is used."""

from __future__ import annotations

import io
import os
import re

import pytest

from bot.core.feedback import score
from bot.render import terminal

ESC = "\x1b["
GREEN_BG = "\x1b[48;2;106;170;100m"
YELLOW_BG = "\x1b[48;2;201;180;88m"
GREY_BG = "\x1b[48;2;120;124;126m"
KEY_BG = "\x1b[48;2;211;214;218m"
WHITE_FG = "\x1b[38;2;255;255;255m"
BLACK_FG = "\x1b[38;2;26;26;27m"
BOLD = "\x1b[1m"
RESET = "\x1b[0m"
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def strip(text: str) -> str:
    return ANSI.sub("", text)


# -- colour --------------------------------------------------------------------------------


def test_colour_tiles_are_white_bold_letters_on_state_backgrounds():
    rendered = terminal.board([("crane", "GYBBB")], color=True, truecolor=True)
    first = rendered.split("\n")[0]
    assert first.startswith(GREEN_BG + WHITE_FG + BOLD + " C " + RESET)
    assert YELLOW_BG + WHITE_FG + BOLD + " R " + RESET in first
    assert GREY_BG + WHITE_FG + BOLD + " A " + RESET in first
    assert first.count(GREY_BG) == 3
    assert strip(first) == " C   R   A   N   E "


def test_colour_board_has_empty_rows_up_to_max_attempts():
    lines = terminal.board([("crane", "GYBBB")], 6, True, truecolor=True).split("\n")
    assert len(lines) == 6
    for line in lines[1:]:
        assert strip(line) == " ·   ·   ·   ·   · "
        assert GREEN_BG not in line and GREY_BG not in line


def test_256_colour_codes_when_truecolor_is_off():
    rendered = terminal.board([("crane", "GYBBB")], color=True, truecolor=False)
    assert "\x1b[48;5;71m" in rendered  # green
    assert "\x1b[48;5;179m" in rendered  # yellow
    assert "\x1b[48;5;243m" in rendered  # grey
    assert "\x1b[38;5;231m" in rendered  # white letters
    assert ";2;" not in rendered


def test_truecolor_follows_colorterm(monkeypatch):
    monkeypatch.setenv("COLORTERM", "truecolor")
    assert GREEN_BG in terminal.board([("crane", "GBBBB")], color=True)
    monkeypatch.delenv("COLORTERM")
    assert "\x1b[48;5;71m" in terminal.board([("crane", "GBBBB")], color=True)
    assert terminal.truecolor_supported({"COLORTERM": "24bit"})
    assert not terminal.truecolor_supported({})


def test_colour_keyboard():
    rendered = terminal.keyboard({"c": "G", "r": "Y", "a": "B"}, color=True, truecolor=True)
    lines = rendered.split("\n")
    assert len(lines) == 3
    assert GREEN_BG + WHITE_FG + BOLD + " C " + RESET in lines[2]
    assert YELLOW_BG + WHITE_FG + BOLD + " R " + RESET in lines[0]
    assert GREY_BG + WHITE_FG + BOLD + " A " + RESET in lines[1]
    assert KEY_BG + BLACK_FG + BOLD + " Q " + RESET in lines[0]  # unplayed: black on light grey
    assert rendered.count(KEY_BG) == 26 - 3
    assert [strip(line).split() for line in lines] == [
        list("QWERTYUIOP"),
        list("ASDFGHJKL"),
        list("ZXCVBNM"),
    ]


# -- plain ---------------------------------------------------------------------------------


def test_plain_board_markers():
    rows = [("crane", "GYBBB"), ("geese", score("geese", "these"))]
    rendered = terminal.board(rows, color=False)
    assert ESC not in rendered
    assert rendered.split("\n") == [
        "[C] (R) -A- -N- -E-",
        "-G- -E- [E] [S] [E]",
        " _   _   _   _   _",
        " _   _   _   _   _",
        " _   _   _   _   _",
        " _   _   _   _   _",
    ]


def test_plain_keyboard_markers_and_layout():
    rendered = terminal.keyboard({"c": "G", "r": "Y", "a": "B"}, color=False)
    assert ESC not in rendered
    assert rendered.split("\n") == [
        " Q   W   E  (R)  T   Y   U   I   O   P",
        "  -A-  S   D   F   G   H   J   K   L",
        "       Z   X  [C]  V   B   N   M",
    ]


def test_legend_matches_the_markers():
    assert terminal.PLAIN["G"].format("X") in terminal.LEGEND_PLAIN
    assert terminal.PLAIN["Y"].format("X") in terminal.LEGEND_PLAIN
    assert terminal.PLAIN["B"].format("X") in terminal.LEGEND_PLAIN


def test_game_is_board_then_keyboard_centred():
    rows = [("geese", "BBGGG")]
    rendered = terminal.game(rows, color=False)
    board, keyboard = rendered.split("\n\n")
    assert board.split("\n")[0] == " " * 10 + "-G- -E- [E] [S] [E]"  # 19 wide under 39
    assert "[E]" in keyboard and "-G-" in keyboard  # keyboard worked out from the rows
    coloured = terminal.game(rows, {"e": "Y"}, color=True, truecolor=True)
    assert YELLOW_BG + WHITE_FG + BOLD + " E " in coloured.split("\n\n")[1]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: terminal.board([("crane", "GYBB")], color=False), "lengths differ"),
        (lambda: terminal.board([("crane", "GYBBX")], color=True), "feedback"),
        (lambda: terminal.board([], 0, color=False), "max_attempts"),
        (lambda: terminal.keyboard({"c": "?"}, color=False), "G, Y or B"),
        (lambda: terminal.keyboard({"\x1b": "G"}, color=False), "single letters"),
    ],
)
def test_bad_input_is_a_clear_error(call, message):
    with pytest.raises(ValueError, match=message):
        call()


# -- use_color -----------------------------------------------------------------------------


@pytest.fixture
def tty():
    """A real terminal (pseudo-terminal) to write to."""
    main_fd, child_fd = os.openpty()
    stream = open(child_fd, "w", encoding="utf-8")  # noqa: SIM115 - closed below
    yield stream
    stream.close()
    os.close(main_fd)


def test_use_color_on_a_terminal_and_not_on_a_pipe(tty):
    assert tty.isatty()
    assert terminal.use_color(tty, {})
    assert not terminal.use_color(io.StringIO(), {})


def test_no_color_turns_colour_off_even_on_a_terminal(tty):
    assert not terminal.use_color(tty, {"NO_COLOR": "1"})
    assert not terminal.use_color(tty, {"NO_COLOR": "1", "FORCE_COLOR": "1"})
    assert terminal.use_color(tty, {"NO_COLOR": ""})  # empty means unset


def test_force_color_turns_colour_on_for_a_pipe():
    assert terminal.use_color(io.StringIO(), {"FORCE_COLOR": "1"})
    assert terminal.use_color(io.StringIO(), {"FORCE_COLOR": "3"})
    assert not terminal.use_color(io.StringIO(), {"FORCE_COLOR": "0"})
    assert not terminal.use_color(io.StringIO(), {"FORCE_COLOR": "false"})
    assert not terminal.use_color(io.StringIO(), {"FORCE_COLOR": ""})


def test_dumb_terminal_and_odd_streams(tty):
    assert not terminal.use_color(tty, {"TERM": "dumb"})
    closed = io.StringIO()
    closed.close()
    assert not terminal.use_color(closed, {})
    assert not terminal.use_color(object(), {})  # type: ignore[arg-type]


def test_default_color_reads_the_environment(monkeypatch):
    rows = [("crane", "GYBBB")]
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    monkeypatch.setenv("NO_COLOR", "1")
    assert ESC not in terminal.board(rows)
    assert ESC not in terminal.keyboard({"c": "G"})
    assert ESC not in terminal.game(rows)
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert "\x1b[48;" in terminal.board(rows)
    assert "\x1b[48;" in terminal.keyboard({"c": "G"})
