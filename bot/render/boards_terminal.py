"""Several boards side by side for a terminal of 80 columns (``wordle-bot play --boards 4``).

Tiles are those of :mod:`bot.render.terminal`: coloured, or without colour ``[A]`` right
place, ``(A)`` elsewhere, ``-A-`` not in the word. Four boards of 5 letters with a space
between tiles take 4 x 19 columns and the gaps between boards, over 80, so where the spaced
tiles do not fit they are drawn touching (``[S](L)-A--T-[E]``, 15 columns a board); where
even those do not fit (longer words), two boards to a line. Quordle is one line of 4 boards,
Octordle two, Dordle one of 2. Each board has a caption above it: its number, and the guess
that solved it; under a solved board's last guess its rows are blank.

Each key is its letter followed by a mark per board, laid out as the boards are (four marks
on a line for a line of four boards, a second line of marks for the second line of boards):
in colour a coloured cell, without colour ``#`` right place, ``+`` elsewhere, ``-`` not in the
word, ``.`` not played or the board solved (said by the terminal's legend,
:data:`bot.render.terminal_text.BOARDS_KEY_LEGEND`). Captions are worded in the reader's
language.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.core.domain import GREEN, GREY, YELLOW
from bot.core.variant import Variant
from bot.render.boards import NOT_SOLVED, SOLVED_IN, Boards, board_name, check_boards
from bot.render.common import ENGLISH, QWERTY_ROWS, KeyboardLayout, Texts, check_layout
from bot.render.terminal import (
    BLACK,
    BOLD,
    KEY_COLOUR,
    RESET,
    STATE_COLOUR,
    resolve_color,
    sgr,
    tile,
)

#: The widest line drawn.
WIDTH = 80
#: Columns between boards side by side.
BOARD_GAP = 3
#: A key's mark for a board, without colour, by the letter's state there (None: not played,
#: or the board is solved).
PLAIN_MARKS = {GREEN: "#", YELLOW: "+", GREY: "-", None: "."}


@dataclass(frozen=True)
class Form:
    """How the boards are drawn: ``per_line`` boards side by side, tiles ``spaced`` apart
    (one column between them) or touching."""

    per_line: int
    spaced: bool

    def board_width(self, length: int) -> int:
        return 4 * length - 1 if self.spaced else 3 * length

    def line_width(self, length: int) -> int:
        return self.per_line * self.board_width(length) + (self.per_line - 1) * BOARD_GAP


def choose_form(boards: int, length: int, width: int = WIDTH) -> Form:
    """The roomiest :class:`Form` whose lines fit ``width`` columns: up to 4 boards side by
    side, spaced tiles if they fit, else touching ones, else fewer boards to a line."""
    most = min(boards, 4)
    counts = [most] + [n for n in (2, 1) if n < most]
    forms = [Form(n, spaced) for n in counts for spaced in (True, False)]
    return next((f for f in forms if f.line_width(length) <= width), forms[-1])


def _caption(boards: Boards, board: int, width: int, texts: Texts) -> str:
    t, solved_at = texts, boards.solved_at(board)
    name, number = board_name(board, t), f"#{t.number(board + 1)}"
    if solved_at is not None:
        guess = t.number(solved_at)
        status = t._(SOLVED_IN, guess=guess)
        choices = [f"{name} {status}", f"{number} {status}",
                   f"{number} " + t._("in {guess}", guess=guess)]
    elif boards.is_over:
        status = t._(NOT_SOLVED)
        choices = [f"{name} {status}", f"{number} {status}", f"{number} ✗"]
    else:
        choices = [name, number]
    text = next((c for c in choices if len(c) <= width), choices[-1][:width])
    return text.ljust(width)


def _board_line(boards: Boards, board: int, row: int, form: Form, color: bool,
                truecolor: bool) -> str:
    played = boards.feedback[board]
    joiner = " " if form.spaced else ""
    if row >= len(played):
        if boards.solved_at(board) is not None:
            return " " * form.board_width(boards.variant.length)
        cells = [tile("", None, color=color, truecolor=truecolor)] * boards.variant.length
    else:
        word = boards.shown(boards.guesses[row])
        cells = [tile(letter, state, color=color, truecolor=truecolor)
                 for letter, state in zip(word, played[row], strict=True)]
    return joiner.join(cells)


def _boards_lines(boards: Boards, form: Form, color: bool, truecolor: bool, texts: Texts
                  ) -> list[str]:
    width = form.board_width(boards.variant.length)
    gap = " " * BOARD_GAP
    lines: list[str] = []
    for first in range(0, boards.count, form.per_line):
        members = range(first, min(first + form.per_line, boards.count))
        if lines:
            lines.append("")
        lines.append(gap.join(_caption(boards, b, width, texts) for b in members).rstrip())
        for row in range(boards.variant.attempts):
            line = gap.join(_board_line(boards, b, row, form, color, truecolor)
                            for b in members)
            lines.append(line.rstrip())
    return lines


def _mark(state: str | None, color: bool, truecolor: bool) -> str:
    if not color:
        return PLAIN_MARKS[state]
    back = KEY_COLOUR if state is None else STATE_COLOUR[state]
    return sgr(back, background=True, truecolor=truecolor) + " " + RESET


def _key_lines(boards: Boards, letter: str, form: Form, color: bool, truecolor: bool
               ) -> list[str]:
    """The key of ``letter``: its line of letter and marks, then a line of marks for each
    further line of boards (indented under the letter)."""
    states = boards.key_states(letter)
    shown = boards.shown(letter)
    if color:
        shown = (sgr(KEY_COLOUR, background=True, truecolor=truecolor)
                 + sgr(BLACK, background=False, truecolor=truecolor) + BOLD
                 + f" {shown}" + RESET)
    else:
        shown = f" {shown}"
    under = ((sgr(KEY_COLOUR, background=True, truecolor=truecolor) + "  " + RESET) if color
             else "  ")
    lines = []
    for first in range(0, len(states), form.per_line):
        part = states[first:first + form.per_line]
        marks = "".join(_mark(s, color, truecolor) for s in part)
        lines.append((shown if first == 0 else under) + marks + " " * (form.per_line - len(part)))
    return lines


def _keyboard_lines(boards: Boards, layout: KeyboardLayout, form: Form, color: bool,
                    truecolor: bool, width: int) -> list[str]:
    key_width = 2 + form.per_line
    most = max(len(row) for row in layout)
    # Keys stand a space apart unless the longest row (12 keys in ЙЦУКЕН) then passes ``width``.
    gap = 1 if most * (key_width + 1) - 1 <= width else 0
    widest = most * (key_width + gap) - gap
    lines = []
    for row in layout:
        indent = " " * ((widest - (len(row) * (key_width + gap) - gap)) // 2)
        keys = [_key_lines(boards, letter, form, color, truecolor) for letter in row]
        for part in zip(*keys, strict=True):
            lines.append((indent + (" " * gap).join(part)).rstrip())
    return lines


def boards_game(guesses: Sequence[str], feedback: Sequence[Sequence[str]], variant: Variant,
                color: bool | None = None, *, truecolor: bool | None = None,
                layout: KeyboardLayout = QWERTY_ROWS, width: int = WIDTH,
                texts: Texts = ENGLISH) -> str:
    """Every board of ``variant`` (guesses and each board's feedback, see
    :mod:`bot.render.boards`), a blank line, then the keyboard: lines of at most ``width``
    columns as shown (see the module notes), captions in the words of ``texts``. ``color``
    and ``truecolor`` as for :func:`bot.render.terminal.board`."""
    boards = check_boards(guesses, feedback, variant)
    layout = check_layout(layout, boards.variant.alphabet)
    color, truecolor = resolve_color(color, truecolor)
    form = choose_form(boards.count, boards.variant.length, width)
    lines = _boards_lines(boards, form, color, truecolor, texts)
    return "\n".join([*lines, "", *_keyboard_lines(boards, layout, form, color, truecolor,
                                                       width)])
