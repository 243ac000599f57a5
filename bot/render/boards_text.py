"""A several-board game in words: the picture's description for screen readers
(:func:`boards_alt_text`) and emoji text for players without pictures
(:func:`boards_emoji_text`), each within Discord's limit.

The emoji text puts boards side by side, two to a line of text by default (a phone shows
about sixteen squares across), the guess's letters once at the end of the line, as they are
the same on every board::

    **Board 1** (solved in 2) · **Board 2**
    ⬛⬛🟨⬛🟨 🟨⬛⬛🟨⬛ `S L A T E`
    🟩🟩🟩🟩🟩 ⬛⬛⬛⬛⬛ `C R A N E`

A board solved has empty squares under the guess that solved it, and a line of boards all
solved ends at the last of those guesses. Both are worded in the reader's language (a
:class:`~bot.render.common.Texts`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.core.domain import GREEN, GREY, YELLOW
from bot.core.variant import Variant
from bot.render.boards import Boards, board_name, check_boards, mode_name
from bot.render.catalogues import N_
from bot.render.common import ENGLISH, QWERTY_ROWS, KeyboardLayout, Texts, check_layout
from bot.render.emoji_board import EMPTY_SQUARE, squares
from bot.render.message_parts import recolour

#: Discord's limit on a media item's description, and on a message's text displays.
ALT_LIMIT = 1024
TEXT_LIMIT = 4000
#: The tiles' colours in words as the picture shows them, normal and high contrast.
COLOUR_NAMES = {False: {GREEN: N_("green"), YELLOW: N_("yellow"), GREY: N_("grey")},
                True: {GREEN: N_("orange"), YELLOW: N_("blue"), GREY: N_("grey")}}


def discord_length(text: str) -> int:
    """``text``'s length as Discord may count it: in UTF-16 code units (an emoji square
    outside the Basic Multilingual Plane is two), the stricter count."""
    return len(text.encode("utf-16-le")) // 2


# --------------------------------------------------------------------------------------------
# For screen readers


@dataclass(frozen=True)
class _Words:
    """What the description is worded with: the reader's texts and the colours' names."""

    texts: Texts
    names: dict[str, str]


def _colours(feedback: str, words: _Words) -> str:
    if len(set(feedback)) == 1:
        return words.texts._("all {colour}", colour=words.names[feedback[0]])
    return " ".join(words.names[state] for state in feedback)


def _row(boards: Boards, guess: int, feedback: str, words: _Words) -> str:
    return f"{boards.shown(boards.guesses[guess])} {_colours(feedback, words)}"


def _head(boards: Boards, label: str | None, hard_mode: bool, t: Texts) -> str:
    parts = [*([label] if label else []), mode_name(boards.count),
             *([t._("hard mode")] if hard_mode else []),
             t._("{used} of {attempts} guesses", used=t.number(len(boards.guesses)),
                 attempts=t.number(boards.variant.attempts))]
    if boards.guesses:
        solved = boards.count - len(boards.open_boards)
        parts.append(t._("{solved} of {boards} boards solved", solved=t.number(solved),
                         boards=t.number(boards.count)))
    return ", ".join(parts)


def _ruled_out(boards: Boards, t: Texts) -> list[str]:
    out = boards.ruled_out()
    if not out:
        return []
    return [t._("Not in any open board: {letters}",
                letters=", ".join(boards.shown(letter) for letter in out))]


def _board(boards: Boards, board: int, words: _Words) -> str:
    """One board with every row it has."""
    rows = (_row(boards, g, f, words) for g, f in enumerate(boards.feedback[board]))
    status = boards.status(board, words.texts)
    name = board_name(board, words.texts) + (f", {status}" if status else "")
    return f"{name}: " + "; ".join(rows)


def _solved(boards: Boards, t: Texts) -> list[str]:
    solved = [t._("board {board} in {guess}", board=t.number(b + 1),
                  guess=t.number(boards.solved_at(b) or 0))
              for b in range(boards.count) if boards.solved_at(b) is not None]
    return [t._("Solved: {boards}", boards=", ".join(solved))] if solved else []


def _every_row(boards: Boards, words: _Words) -> list[str]:
    return [_board(boards, b, words) for b in range(boards.count)]


def _open_rows(boards: Boards, words: _Words) -> list[str]:
    """The solved boards in a line, then each open board with its rows."""
    return [*_solved(boards, words.texts), *(_board(boards, b, words) for b in boards.open_boards)]


def _last_rows(boards: Boards, words: _Words) -> list[str]:
    """The solved boards in a line, the guesses in one, then each open board's last row."""
    t = words.texts
    guess = len(boards.guesses) - 1  # an open board has a row for every guess
    last = "; ".join(t._("board {board} {row}", board=t.number(b + 1),
                         row=_row(boards, guess, boards.feedback[b][-1], words))
                     for b in boards.open_boards)
    played = ", ".join(boards.shown(g) for g in boards.guesses)
    return [*_solved(boards, t), t._("Guesses: {words}", words=played),
            *([t._("Last row of each open board: {rows}", rows=last)] if last else [])]


def boards_alt_text(guesses: Sequence[str], feedback: Sequence[Sequence[str]],
                    variant: Variant, *, label: str | None = None, hard_mode: bool = False,
                    high_contrast: bool = False, texts: Texts = ENGLISH) -> str:
    """The picture of the boards in words of ``texts``, within :data:`ALT_LIMIT`: how many
    guesses and boards solved, then every board's rows (each guess and its colours, as the
    picture shows them in the theme), and the letters grey on every open board. When that is
    too long: the boards solved in one line and the open boards' rows, or only their last
    rows with the guesses listed once."""
    boards = check_boards(guesses, feedback, variant)
    words = _Words(texts, {state: texts._(name)
                           for state, name in COLOUR_NAMES[bool(high_contrast)].items()})
    head = _head(boards, label, hard_mode, texts)
    if not boards.guesses:
        return f"{head}. " + texts._("No guesses yet.")
    tail = _ruled_out(boards, texts)
    text = ""
    for body in (_every_row(boards, words), _open_rows(boards, words),
                 _last_rows(boards, words)):
        text = ". ".join([head, *body, *tail]) + "."
        if discord_length(text) <= ALT_LIMIT:
            return text
    return _cut(text, ALT_LIMIT)


def _cut(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` with "…", at a line's end if it has several (so no
    markdown is left open)."""
    lines = text.split("\n")
    while len(lines) > 1 and discord_length("\n".join(lines)) > limit - 2:
        lines.pop()
    while len(lines) > 1 and not lines[-1]:
        lines.pop()
    text = "\n".join(lines)
    if len(lines) > 1:
        return text + "\n…"
    text = text[:limit - 1]
    while discord_length(text) > limit - 1:
        text = text[:-1]
    return text + "…"


# --------------------------------------------------------------------------------------------
# Emoji text


def _heading(boards: Boards, members: Sequence[int], texts: Texts) -> str:
    def one(board: int) -> str:
        status = boards.status(board, texts)
        return f"**{board_name(board, texts)}**" + (f" ({status})" if status else "")
    return " · ".join(one(b) for b in members)


def _group_lines(boards: Boards, members: Sequence[int], texts: Texts) -> list[str]:
    """Boards ``members`` side by side: a line per guess played on any of them."""
    rows = max(len(boards.feedback[b]) for b in members)
    empty = EMPTY_SQUARE * boards.variant.length
    lines = [_heading(boards, members, texts)]
    for guess in range(rows):
        squares_row = " ".join(
            squares(boards.feedback[b][guess]) if guess < len(boards.feedback[b]) else empty
            for b in members)
        lines.append(f"{squares_row} `{' '.join(boards.shown(boards.guesses[guess]))}`")
    if rows == 0:
        lines.append(" ".join(empty for _ in members))
    return lines


def _keyboard(boards: Boards, layout: KeyboardLayout) -> list[str]:
    """The keys: bold where the letter is found on an open board, struck out where it is
    grey on every one, plain where unplayed."""
    out = set(boards.ruled_out())
    rows = check_layout(layout, boards.variant.alphabet)

    def key(letter: str) -> str:
        text = boards.shown(letter)
        if letter in out:
            return f"~~{text}~~"
        found = any(boards.keyboards[b].get(letter) in (GREEN, YELLOW) for b in boards.open_boards)
        return f"**{text}**" if found else text
    return ["  ".join(key(letter) for letter in row) for row in rows]


def boards_emoji_text(guesses: Sequence[str], feedback: Sequence[Sequence[str]],
                      variant: Variant, *, layout: KeyboardLayout | None = QWERTY_ROWS,
                      per_line: int = 2, high_contrast: bool = False,
                      limit: int = TEXT_LIMIT, texts: Texts = ENGLISH) -> str:
    """Every board as emoji squares, ``per_line`` boards (2 or 4) side by side with the guess
    once at the end of each line (see the module notes), then the keyboard ``layout`` (None:
    none) and the letters grey on every open board, worded in ``texts``; within ``limit``
    (what the message has left of Discord's :data:`TEXT_LIMIT` for all its text), the
    keyboard left out first if need be."""
    boards = check_boards(guesses, feedback, variant)
    if per_line not in (2, 4):
        raise ValueError(f"per_line must be 2 or 4, not {per_line!r}")
    groups = [range(first, min(first + per_line, boards.count))
              for first in range(0, boards.count, per_line)]
    body = "\n\n".join("\n".join(_group_lines(boards, list(g), texts)) for g in groups)
    tail = _ruled_out(boards, texts)
    keys = _keyboard(boards, layout) if layout is not None else []
    text = body
    for extra in ([*keys, *tail], tail):
        text = "\n\n".join([body, "\n".join(extra)]) if extra else body
        text = recolour(text, bool(high_contrast))
        if discord_length(text) <= limit:
            return text
    return _cut(text, limit)
