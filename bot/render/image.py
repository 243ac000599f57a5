"""PNG pictures of a board and its keyboard, drawn with Pillow.

Layout (all sizes in pixels, see the constants below):

* tiles are ``TILE`` (62) square with ``TILE_GAP`` (5) between them, like the game; an empty
  tile is the background colour with a ``TILE_BORDER`` (2) border;
* the keyboard sits ``SECTION_GAP`` (24) below the board: three QWERTY rows of ``KEY_WIDTH`` x
  ``KEY_HEIGHT`` (40 x 52) keys, ``KEY_GAP`` (6) apart, each row centred;
* ``PADDING`` (20) around everything; with a title or in hard mode a ``HEADER_HEIGHT`` (40)
  band on top holds the title (centred) and a "HARD MODE" badge (right).

For 5-letter words and 6 attempts that is **494 x 633** without a header and **494 x 673**
with one (:func:`image_size` works it out for other shapes). A typical board is 10-20 KB.

Letters are DejaVu Sans Bold, shipped in ``fonts/`` with its licence (free to use and
redistribute, see ``fonts/LICENSE-DejaVu.txt``); no system font is used. If that file were
missing the font built into Pillow is used instead, so rendering never fails for lack of a font.
"""

from __future__ import annotations

import asyncio
import io
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from bot.render.common import (
    GREEN,
    GREY,
    MAX_ATTEMPTS,
    QWERTY_ROWS,
    WORD_LENGTH,
    YELLOW,
    check_max_attempts,
    keyboard_from_rows,
    normalise_keyboard,
    normalise_rows,
)

FONT_PATH = Path(__file__).with_name("fonts") / "DejaVuSans-Bold.ttf"

TILE = 62
TILE_GAP = 5
TILE_BORDER = 2
KEY_WIDTH = 40
KEY_HEIGHT = 52
KEY_GAP = 6
KEY_ROW_GAP = 8
KEY_RADIUS = 4
SECTION_GAP = 24
PADDING = 20
HEADER_HEIGHT = 40

TILE_FONT_SIZE = 32
KEY_FONT_SIZE = 18
TITLE_FONT_SIZE = 20
BADGE_FONT_SIZE = 12

Color = tuple[int, int, int]


def _hex(value: str) -> Color:
    value = value.lstrip("#")
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


@dataclass(frozen=True)
class Theme:
    """The colours of one look (light or dark)."""

    background: Color
    green: Color
    yellow: Color
    grey: Color
    empty_border: Color
    key: Color
    key_text: Color
    tile_text: Color
    title_text: Color

    def state(self, state: str) -> Color:
        return {GREEN: self.green, YELLOW: self.yellow, GREY: self.grey}[state]


LIGHT = Theme(
    background=_hex("#ffffff"),
    green=_hex("#6aaa64"),
    yellow=_hex("#c9b458"),
    grey=_hex("#787c7e"),
    empty_border=_hex("#d3d6da"),
    key=_hex("#d3d6da"),
    key_text=_hex("#1a1a1b"),
    tile_text=_hex("#ffffff"),
    title_text=_hex("#1a1a1b"),
)
DARK = Theme(
    background=_hex("#121213"),
    green=_hex("#538d4e"),
    yellow=_hex("#b59f3b"),
    grey=_hex("#3a3a3c"),
    empty_border=_hex("#3a3a3c"),
    key=_hex("#818384"),
    key_text=_hex("#ffffff"),
    tile_text=_hex("#ffffff"),
    title_text=_hex("#ffffff"),
)
THEMES = {"light": LIGHT, "dark": DARK}


# --------------------------------------------------------------------------------------------
# Geometry


Box = tuple[int, int, int, int]  # left, top, right, bottom (right/bottom exclusive)


def _keyboard_width() -> int:
    longest = max(len(row) for row in QWERTY_ROWS)
    return longest * KEY_WIDTH + (longest - 1) * KEY_GAP


def _board_width(word_length: int) -> int:
    return word_length * TILE + (word_length - 1) * TILE_GAP


def _board_height(row_count: int) -> int:
    return row_count * TILE + (row_count - 1) * TILE_GAP


def _keyboard_height() -> int:
    rows = len(QWERTY_ROWS)
    return rows * KEY_HEIGHT + (rows - 1) * KEY_ROW_GAP


def image_size(
    max_attempts: int = MAX_ATTEMPTS, *, header: bool = False, word_length: int = WORD_LENGTH
) -> tuple[int, int]:
    """``(width, height)`` of the PNG for a board of ``max_attempts`` rows.

    ``header`` is true when a title or the hard-mode badge is drawn.
    """
    width = max(_keyboard_width(), _board_width(word_length)) + 2 * PADDING
    height = (
        PADDING
        + (HEADER_HEIGHT if header else 0)
        + _board_height(max_attempts)
        + SECTION_GAP
        + _keyboard_height()
        + PADDING
    )
    return width, height


def tile_box(
    row: int,
    column: int,
    *,
    header: bool = False,
    word_length: int = WORD_LENGTH,
) -> Box:
    """Where tile (``row``, ``column``) is drawn, both 0-based."""
    width, _ = image_size(1, header=header, word_length=word_length)
    left = (width - _board_width(word_length)) // 2 + column * (TILE + TILE_GAP)
    top = PADDING + (HEADER_HEIGHT if header else 0) + row * (TILE + TILE_GAP)
    return left, top, left + TILE, top + TILE


def key_box(
    letter: str,
    max_attempts: int = MAX_ATTEMPTS,
    *,
    header: bool = False,
    word_length: int = WORD_LENGTH,
) -> Box:
    """Where the key for ``letter`` is drawn on a board of ``max_attempts`` rows."""
    letter = letter.lower()
    width, _ = image_size(max_attempts, header=header, word_length=word_length)
    top = PADDING + (HEADER_HEIGHT if header else 0) + _board_height(max_attempts) + SECTION_GAP
    for index, keys in enumerate(QWERTY_ROWS):
        if letter in keys:
            row_width = len(keys) * KEY_WIDTH + (len(keys) - 1) * KEY_GAP
            left = (width - row_width) // 2 + keys.index(letter) * (KEY_WIDTH + KEY_GAP)
            y = top + index * (KEY_HEIGHT + KEY_ROW_GAP)
            return left, y, left + KEY_WIDTH, y + KEY_HEIGHT
    raise ValueError(f"no key for {letter!r}")


# --------------------------------------------------------------------------------------------
# Fonts and text


@lru_cache(maxsize=8)
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """The shipped bold font at ``size`` px (Pillow's built-in font if the file is missing)."""
    try:
        return ImageFont.truetype(str(FONT_PATH), size)
    except OSError:  # pragma: no cover - only when the font file was not installed
        return ImageFont.load_default(size=size)


@lru_cache(maxsize=4096)
def _has_glyph(char: str, size: int) -> bool:
    """Whether the font draws ``char`` as itself rather than as the missing-glyph box."""
    face = font(size)
    missing = face.getmask("\U0010fffd")
    mask = face.getmask(char)
    return not (mask.size == missing.size and bytes(mask) == bytes(missing))


def clean_title(title: str, size: int = TITLE_FONT_SIZE) -> str:
    """``title`` on one line with characters the font cannot draw (most emoji) left out."""
    kept: list[str] = []
    for char in title:
        if char.isspace():
            kept.append(" ")
        elif unicodedata.category(char) in ("Cc", "Cf", "Cs", "Co", "Cn", "Mn", "Me"):
            continue
        elif _has_glyph(char, size):
            kept.append(char)
    return " ".join("".join(kept).split())


def _fit(text: str, face: ImageFont.FreeTypeFont | ImageFont.ImageFont, width: int) -> str:
    """``text`` cut short with an ellipsis so it is at most ``width`` px wide."""
    if face.getlength(text) <= width:
        return text
    low, high = 0, len(text)
    while low < high:  # longest prefix that fits together with the ellipsis
        middle = (low + high + 1) // 2
        if face.getlength(text[:middle].rstrip() + "…") <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + "…"


def _draw_centred(
    draw: ImageDraw.ImageDraw,
    box: Box,
    text: str,
    face: ImageFont.FreeTypeFont | ImageFont.ImageFont,
    fill: Color,
) -> None:
    """Draw ``text`` with its ink centred in ``box``."""
    left, top, right, bottom = face.getbbox(text, anchor="ls")
    x = (box[0] + box[2]) / 2 - (left + right) / 2
    y = (box[1] + box[3]) / 2 - (top + bottom) / 2
    draw.text((round(x), round(y)), text, font=face, fill=fill, anchor="ls")


# --------------------------------------------------------------------------------------------
# Drawing


def board_image(
    rows: Iterable[Sequence[str]],
    keyboard: Mapping[str, str] | None = None,
    max_attempts: int = MAX_ATTEMPTS,
    *,
    hard_mode: bool = False,
    title: str | None = None,
    theme: str = "light",
) -> Image.Image:
    """The board and keyboard as an RGB :class:`PIL.Image.Image` (see :func:`board_png`)."""
    checked = normalise_rows(rows)
    max_attempts = check_max_attempts(max_attempts)
    states = normalise_keyboard(keyboard_from_rows(checked) if keyboard is None else keyboard)
    if theme not in THEMES:
        raise ValueError(f"theme must be one of {sorted(THEMES)}, not {theme!r}")
    if title is not None and not isinstance(title, str):
        raise ValueError(f"title must be a string or None, not {type(title).__name__}")
    colours = THEMES[theme]
    title_text = clean_title(title) if title else ""
    header = bool(title) or hard_mode  # from the arguments alone, so the size is predictable
    word_length = len(checked[0][0]) if checked else WORD_LENGTH
    row_count = max(max_attempts, len(checked))

    size = image_size(row_count, header=header, word_length=word_length)
    image = Image.new("RGB", size, colours.background)
    draw = ImageDraw.Draw(image)

    if header:
        _draw_header(draw, size[0], title_text, hard_mode, colours)

    tile_font = font(TILE_FONT_SIZE)
    for r in range(row_count):
        played = checked[r] if r < len(checked) else None
        for c in range(word_length):
            box = tile_box(r, c, header=header, word_length=word_length)
            if played is None:
                draw.rectangle(
                    (box[0], box[1], box[2] - 1, box[3] - 1),
                    fill=colours.background,
                    outline=colours.empty_border,
                    width=TILE_BORDER,
                )
                continue
            word, feedback = played
            draw.rectangle(
                (box[0], box[1], box[2] - 1, box[3] - 1), fill=colours.state(feedback[c])
            )
            _draw_centred(draw, box, word[c].upper(), tile_font, colours.tile_text)

    key_font = font(KEY_FONT_SIZE)
    for keys in QWERTY_ROWS:
        for letter in keys:
            box = key_box(letter, row_count, header=header, word_length=word_length)
            state = states.get(letter)
            fill = colours.key if state is None else colours.state(state)
            text_colour = colours.key_text if state is None else colours.tile_text
            draw.rounded_rectangle(
                (box[0], box[1], box[2] - 1, box[3] - 1), radius=KEY_RADIUS, fill=fill
            )
            _draw_centred(draw, box, letter.upper(), key_font, text_colour)
    return image


def _draw_header(
    draw: ImageDraw.ImageDraw, width: int, title: str, hard_mode: bool, colours: Theme
) -> None:
    """The title centred at the top, the hard-mode badge at the right."""
    top = PADDING
    bottom = PADDING + HEADER_HEIGHT - 12  # the band's content area, 12 px above the board
    margin = PADDING  # kept clear on both sides so the title stays centred
    if hard_mode:
        badge_font = font(BADGE_FONT_SIZE)
        label = "HARD MODE"
        badge_width = round(badge_font.getlength(label)) + 16
        right = width - PADDING
        badge = (right - badge_width, top + 2, right, bottom - 2)
        draw.rounded_rectangle(
            (badge[0], badge[1], badge[2] - 1, badge[3] - 1), radius=4, fill=colours.yellow
        )
        _draw_centred(draw, badge, label, badge_font, colours.tile_text)
        margin = PADDING + badge_width + 8
    if title:
        title_font = font(TITLE_FONT_SIZE)
        text = _fit(title, title_font, width - 2 * margin)
        centre = (width / 2, (top + bottom) / 2)
        draw.text(centre, text, font=title_font, fill=colours.title_text, anchor="mm")


def board_png(
    rows: Iterable[Sequence[str]],
    keyboard: Mapping[str, str] | None = None,
    max_attempts: int = MAX_ATTEMPTS,
    *,
    hard_mode: bool = False,
    title: str | None = None,
    theme: str = "light",
) -> bytes:
    """A PNG of the board (played rows, then empty tiles up to ``max_attempts``) and keyboard.

    ``keyboard`` maps letters to ``"G"``/``"Y"``/``"B"``; ``None`` works it out from ``rows``.
    A non-empty ``title`` (e.g. ``"Daily #123 · 4/6"``) or ``hard_mode`` adds the header band;
    characters the font lacks (emoji, CJK) are dropped from the title and a title too long for
    the width is cut short with "…". ``theme`` is ``"light"`` (the game's colours) or ``"dark"``.
    Raises ``ValueError`` for malformed rows or keyboard.
    """
    image = board_image(rows, keyboard, max_attempts, hard_mode=hard_mode, title=title, theme=theme)
    buffer = io.BytesIO()
    # Default compression: optimize=True took ~37 of ~50 ms per board for 8% smaller files.
    image.save(buffer, format="PNG")
    return buffer.getvalue()


async def board_png_async(
    rows: Iterable[Sequence[str]],
    keyboard: Mapping[str, str] | None = None,
    max_attempts: int = MAX_ATTEMPTS,
    *,
    hard_mode: bool = False,
    title: str | None = None,
    theme: str = "light",
) -> bytes:
    """:func:`board_png` in a worker thread, so drawing does not block the event loop."""
    rows = list(rows)  # read an iterator here, not in another thread
    return await asyncio.to_thread(
        board_png, rows, keyboard, max_attempts, hard_mode=hard_mode, title=title, theme=theme
    )
