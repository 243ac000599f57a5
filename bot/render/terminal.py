"""Boards and keyboards for a terminal (the ``wordle-bot play`` front end).

With colour each tile is its letter, bold, on a coloured background: white on green, yellow or
grey for played tiles, black on light grey for unplayed keys, a dim ``·`` for an empty tile.
24-bit colour is used when the terminal says it supports it (``COLORTERM=truecolor`` or
``24bit``), otherwise the nearest 256-colour palette entries.

Without colour (``color=False``) the state is shown by the brackets around each letter::

    [C]  right letter, right place (G)      (R)  in the word, elsewhere (Y)
    -A-  not in the word / no more of it (B)  _   an empty tile;  Q  an unplayed key

:func:`use_color` decides whether to use colour for a stream: ``NO_COLOR`` (set and not empty)
turns it off, otherwise ``FORCE_COLOR`` (set, and not ``0``/``false``/``no``) turns it on,
otherwise colour is used when the stream is a terminal and ``TERM`` is not ``dumb``.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Mapping, Sequence
from typing import IO

from bot.core.domain import GREEN, GREY, MAX_ATTEMPTS, YELLOW
from bot.core.variant import CLASSIC, Variant
from bot.render.catalogues import N_
from bot.render.common import (
    keyboard_from_rows,
    keyboard_rows,
    normalise_keyboard,
    normalise_rows,
    upper_letters,
)

RESET = "\x1b[0m"
BOLD = "\x1b[1m"
DIM = "\x1b[2m"

# (24-bit RGB, nearest xterm-256 index)
_Colour = tuple[tuple[int, int, int], int]
_GREEN = ((106, 170, 100), 71)
_YELLOW = ((201, 180, 88), 179)
_GREY = ((120, 124, 126), 243)
KEY_COLOUR = ((211, 214, 218), 252)
_WHITE = ((255, 255, 255), 231)
BLACK = ((26, 26, 27), 234)
STATE_COLOUR = {GREEN: _GREEN, YELLOW: _YELLOW, GREY: _GREY}

#: Plain (no colour) tile for each state; ``{}`` is the upper-case letter.
PLAIN = {GREEN: "[{}]", YELLOW: "({})", GREY: "-{}-"}
PLAIN_EMPTY = " _ "
PLAIN_UNPLAYED = " {} "
LEGEND_PLAIN = N_("[X] right place   (X) in the word, elsewhere   -X- not in the word")

_FALSE_WORDS = frozenset({"0", "false", "no", "off"})


def use_color(stream: IO[str] | None = None, env: Mapping[str, str] | None = None) -> bool:
    """Whether to write colour to ``stream`` (default ``sys.stdout``); see the module notes."""
    env = os.environ if env is None else env
    if env.get("NO_COLOR", ""):
        return False
    force = env.get("FORCE_COLOR")
    if force is not None and force != "":
        return force.strip().lower() not in _FALSE_WORDS
    if env.get("TERM") == "dumb":
        return False
    stream = sys.stdout if stream is None else stream
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):  # no isatty, or a closed stream
        return False


def truecolor_supported(env: Mapping[str, str] | None = None) -> bool:
    """Whether ``COLORTERM`` says the terminal does 24-bit colour."""
    env = os.environ if env is None else env
    return env.get("COLORTERM", "").lower() in ("truecolor", "24bit")


def sgr(colour: tuple[tuple[int, int, int], int], *, background: bool, truecolor: bool) -> str:
    rgb, index = colour
    layer = 48 if background else 38
    if truecolor:
        return f"\x1b[{layer};2;{rgb[0]};{rgb[1]};{rgb[2]}m"
    return f"\x1b[{layer};5;{index}m"


def _coloured(letter: str, back: _Colour, fore: _Colour, truecolor: bool) -> str:
    return (
        sgr(back, background=True, truecolor=truecolor)
        + sgr(fore, background=False, truecolor=truecolor)
        + BOLD
        + f" {letter} "
        + RESET
    )


def tile(letter: str, state: str | None, *, color: bool, truecolor: bool = True) -> str:
    """One 3-character board tile; ``state`` ``None`` is an empty tile (``letter`` ignored)."""
    if state is None:
        return f"{DIM} · {RESET}" if color else PLAIN_EMPTY
    if not color:
        return PLAIN[state].format(letter.upper())
    return _coloured(letter.upper(), STATE_COLOUR[state], _WHITE, truecolor)


def key(letter: str, state: str | None, *, color: bool, truecolor: bool = True) -> str:
    """One 3-character key; ``state`` ``None`` is an unplayed letter."""
    if state is None:
        if not color:
            return PLAIN_UNPLAYED.format(letter.upper())
        return _coloured(letter.upper(), KEY_COLOUR, BLACK, truecolor)
    return tile(letter, state, color=color, truecolor=truecolor)


def resolve_color(color: bool | None, truecolor: bool | None) -> tuple[bool, bool]:
    color = use_color() if color is None else bool(color)
    truecolor = truecolor_supported() if truecolor is None else bool(truecolor)
    return color, truecolor


def check_max_attempts(max_attempts: object) -> int:
    """Return ``max_attempts`` if it is a whole number from 1 to 100, else raise ``ValueError``."""
    if isinstance(max_attempts, bool) or not isinstance(max_attempts, int):
        raise ValueError(f"max_attempts must be a whole number, not {max_attempts!r:.40}")
    if not 1 <= max_attempts <= 100:
        raise ValueError(f"max_attempts must be from 1 to 100, not {max_attempts}")
    return max_attempts


def board(
    rows: Iterable[Sequence[str]],
    max_attempts: int = MAX_ATTEMPTS,
    color: bool | None = None,
    *,
    truecolor: bool | None = None,
    variant: Variant = CLASSIC,
) -> str:
    """The board, one line per attempt (played rows, then empty ones up to ``max_attempts``).

    Rows are words of the ``variant``'s letters, shown in its language's capitals.
    ``color=None`` asks :func:`use_color` about ``sys.stdout``; ``truecolor=None`` asks
    :func:`truecolor_supported`. Lines are joined with ``\\n`` (no trailing newline).
    """
    checked = normalise_rows(rows, variant.alphabet)
    max_attempts = check_max_attempts(max_attempts)
    color, truecolor = resolve_color(color, truecolor)
    length = len(checked[0][0]) if checked else variant.length
    lines = [
        " ".join(
            tile(upper_letters(letter, variant.alphabet), state, color=color,
                 truecolor=truecolor)
            for letter, state in zip(word, feedback, strict=True)
        )
        for word, feedback in checked
    ]
    empty = " ".join(tile("", None, color=color, truecolor=truecolor) for _ in range(length))
    lines += [empty] * max(0, max_attempts - len(checked))
    return "\n".join(line.rstrip() for line in lines)


def keyboard(
    keyboard: Mapping[str, str] | None,
    color: bool | None = None,
    *,
    truecolor: bool | None = None,
    variant: Variant = CLASSIC,
) -> str:
    """The keyboard of the ``variant``'s language (QWERTY for English, AZERTY for French,
    ЙЦУКЕН for Russian...), its rows centred under each other, each key showing its letter's
    state."""
    states = normalise_keyboard(keyboard, variant.alphabet)
    color, truecolor = resolve_color(color, truecolor)
    layout = keyboard_rows(variant)
    widest = max(len(row) for row in layout) * 4 - 1
    lines = []
    for row in layout:
        indent = " " * ((widest - (len(row) * 4 - 1)) // 2)
        keys = " ".join(
            key(upper_letters(letter, variant.alphabet), states.get(letter), color=color,
                truecolor=truecolor)
            for letter in row
        )
        lines.append((indent + keys).rstrip())
    return "\n".join(lines)


def game(
    rows: Iterable[Sequence[str]],
    keyboard_states: Mapping[str, str] | None = None,
    max_attempts: int = MAX_ATTEMPTS,
    color: bool | None = None,
    *,
    truecolor: bool | None = None,
    variant: Variant = CLASSIC,
) -> str:
    """Board, a blank line, then the keyboard (worked out from ``rows`` when not given), both
    of the ``variant``'s letters and its language's keyboard.

    The board is indented to sit centred over the keyboard.
    """
    checked = normalise_rows(rows, variant.alphabet)
    if keyboard_states is None:
        keyboard_states = keyboard_from_rows(checked, variant.alphabet)
    color, truecolor = resolve_color(color, truecolor)
    length = len(checked[0][0]) if checked else variant.length
    widest = max(len(row) for row in keyboard_rows(variant)) * 4 - 1
    indent = " " * max(0, (widest - (length * 4 - 1)) // 2)
    board_lines = board(checked, max_attempts, color, truecolor=truecolor,
                        variant=variant).split("\n")
    top = "\n".join(indent + line for line in board_lines)
    keys = keyboard(keyboard_states, color, truecolor=truecolor, variant=variant)
    return f"{top}\n\n{keys}"
