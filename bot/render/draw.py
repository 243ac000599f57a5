"""Layout and drawing of the board pictures: where each tile and key goes, the font, and the
code that draws one tile, one key or the header band (see :mod:`bot.render.image`).

The board has a row of tiles per attempt and a tile per letter, as in the game; the keyboard
sits below it, each row centred. A keyboard whose longest row has more keys than QWERTY's ten
(German QWERTZ with Ü, Russian ЙЦУКЕН's twelve) gets narrower keys, so that it takes no more
room than QWERTY and every 5-letter pack's picture has one size; only past
:data:`MIN_KEY_WIDTH` does the picture widen. With a title or in hard mode a band on top holds
the title and a "HARD MODE" badge (in the reader's language), centred together. Letters are
DejaVu Sans Bold, shipped in ``fonts/`` with its licence: it draws every letter of every
pack (Latin with accents, Cyrillic, Turkish İ); Pillow's built-in font stands in if the file
is missing, so drawing never fails.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from PIL import ImageDraw, ImageFont

from bot.core.variant import CLASSIC, Variant
from bot.render.catalogues import N_
from bot.render.common import QWERTY_ROWS, KeyboardLayout, upper_letters
from bot.render.themes import Color, Theme

FONT_PATH = Path(__file__).with_name("fonts") / "DejaVuSans-Bold.ttf"

TILE = 62
TILE_GAP = 5
TILE_BORDER = 2
KEY_WIDTH = 40
#: The narrowest a key gets on a long row (room for Щ, the widest capital of a pack, at
#: :data:`KEY_FONT_SIZE`); a row that would need narrower keys widens the picture instead.
MIN_KEY_WIDTH = 30
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
#: The smallest a title too long at TITLE_FONT_SIZE is drawn before it is cut with "…".
MIN_TITLE_FONT_SIZE = 15
BADGE_FONT_SIZE = 12
#: The smallest a badge too wide at BADGE_FONT_SIZE is drawn.
MIN_BADGE_FONT_SIZE = 9
#: The badge's label in English; the picture's reader gets it in their language
#: (``texts._(BADGE_LABEL)``).
BADGE_LABEL = N_("HARD MODE")
#: Room around the badge's label, left and right; and between the title and the badge.
BADGE_PADDING = 8
BADGE_GAP = 12


# --------------------------------------------------------------------------------------------
# Geometry


Box = tuple[int, int, int, int]  # left, top, right, bottom (right/bottom exclusive)


def _row_width(keys: int, key_width: int) -> int:
    return keys * key_width + (keys - 1) * KEY_GAP


#: The room a keyboard has at least: QWERTY's longest row, ten keys of :data:`KEY_WIDTH`.
KEYBOARD_ROOM = _row_width(10, KEY_WIDTH)


def _board_width(word_length: int) -> int:
    return word_length * TILE + (word_length - 1) * TILE_GAP


def _keyboard_width(layout: KeyboardLayout, variant: Variant) -> int:
    """The keyboard's width: its longest row at :data:`KEY_WIDTH` if that fits the room (QWERTY's
    width, or the board's if wider), else the room, down to keys :data:`MIN_KEY_WIDTH` wide."""
    longest = max(len(row) for row in layout)
    room = max(KEYBOARD_ROOM, _board_width(variant.length))
    return min(_row_width(longest, KEY_WIDTH), max(room, _row_width(longest, MIN_KEY_WIDTH)))


def key_width(variant: Variant = CLASSIC, layout: KeyboardLayout = QWERTY_ROWS) -> int:
    """How wide each key of ``layout`` is on a board of ``variant``: :data:`KEY_WIDTH`, less
    on a keyboard with rows too long for the room (the same for every key of a keyboard)."""
    longest = max(len(row) for row in layout)
    fitted = (_keyboard_width(layout, variant) - (longest - 1) * KEY_GAP) // longest
    return max(MIN_KEY_WIDTH, min(KEY_WIDTH, fitted))


def _board_height(row_count: int) -> int:
    return row_count * TILE + (row_count - 1) * TILE_GAP


def _keyboard_height(layout: KeyboardLayout) -> int:
    rows = len(layout)
    return rows * KEY_HEIGHT + (rows - 1) * KEY_ROW_GAP


def image_size(
    row_count: int | None = None,
    *,
    header: bool = False,
    variant: Variant = CLASSIC,
    layout: KeyboardLayout = QWERTY_ROWS,
) -> tuple[int, int]:
    """``(width, height)`` of the picture of a board of ``variant``: its word length wide,
    ``row_count`` rows of tiles high (the variant's attempts unless given), with ``layout``
    below. ``header`` is true when a title or the hard-mode badge is drawn."""
    rows = variant.attempts if row_count is None else row_count
    width = max(_keyboard_width(layout, variant), _board_width(variant.length)) + 2 * PADDING
    height = (
        PADDING
        + (HEADER_HEIGHT if header else 0)
        + _board_height(rows)
        + SECTION_GAP
        + _keyboard_height(layout)
        + PADDING
    )
    return width, height


def tile_box(
    row: int,
    column: int,
    *,
    header: bool = False,
    variant: Variant = CLASSIC,
    layout: KeyboardLayout = QWERTY_ROWS,
) -> Box:
    """Where tile (``row``, ``column``) is drawn, both 0-based."""
    width, _ = image_size(1, header=header, variant=variant, layout=layout)
    left = (width - _board_width(variant.length)) // 2 + column * (TILE + TILE_GAP)
    top = PADDING + (HEADER_HEIGHT if header else 0) + row * (TILE + TILE_GAP)
    return left, top, left + TILE, top + TILE


def key_box(
    letter: str,
    row_count: int | None = None,
    *,
    header: bool = False,
    variant: Variant = CLASSIC,
    layout: KeyboardLayout = QWERTY_ROWS,
) -> Box:
    """Where the key for ``letter`` is drawn (see :func:`image_size` for the arguments)."""
    letter = letter.lower()
    rows = variant.attempts if row_count is None else row_count
    width, _ = image_size(rows, header=header, variant=variant, layout=layout)
    top = PADDING + (HEADER_HEIGHT if header else 0) + _board_height(rows) + SECTION_GAP
    size = key_width(variant, layout)
    for index, keys in enumerate(layout):
        if letter in keys:
            left = (width - _row_width(len(keys), size)) // 2 + keys.index(letter) * (
                size + KEY_GAP)
            y = top + index * (KEY_HEIGHT + KEY_ROW_GAP)
            return left, y, left + size, y + KEY_HEIGHT
    raise ValueError(f"no key for {letter!r}")


@dataclass(frozen=True)
class Places:
    """Where things go on a board of one shape: the tiles' left edges, each row's top, and
    each keyboard row's (letter, label, key box) triples."""

    width: int
    height: int
    tile_lefts: tuple[int, ...]
    tile_tops: tuple[int, ...]
    keys: tuple[tuple[tuple[str, str, Box], ...], ...]


@lru_cache(maxsize=64)
def places_of(row_count: int, header: bool, variant: Variant, layout: KeyboardLayout) -> Places:
    width, height = image_size(row_count, header=header, variant=variant, layout=layout)
    return Places(
        width=width,
        height=height,
        tile_lefts=tuple(tile_box(0, c, variant=variant, layout=layout)[0]
                         for c in range(variant.length)),
        tile_tops=tuple(tile_box(r, 0, header=header, variant=variant, layout=layout)[1]
                        for r in range(row_count)),
        keys=tuple(tuple((letter, upper_letters(letter, variant.alphabet),
                          key_box(letter, row_count, header=header, variant=variant,
                                  layout=layout)) for letter in row)
                   for row in layout),
    )


# --------------------------------------------------------------------------------------------
# Fonts and text


@lru_cache(maxsize=64)  # the board's sizes, and every size statistics numbers shrink to
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


@lru_cache(maxsize=1024)  # a board's title is checked again at every guess
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
    """Draw ``text`` centred in ``box``: its ink from left to right, and the height of a
    capital from top to bottom, so that letters share one baseline and an accent (Ä, Й) or a
    cedilla (Ç) stands out of the line as in print, rather than pushing the letter down."""
    left, _, right, _ = face.getbbox(text, anchor="ls")
    _, top, _, bottom = face.getbbox("H", anchor="ls")
    x = (box[0] + box[2]) / 2 - (left + right) / 2
    y = (box[1] + box[3]) / 2 - (top + bottom) / 2
    draw.text((round(x), round(y)), text, font=face, fill=fill, anchor="ls")


# --------------------------------------------------------------------------------------------
# Drawing one part (the same code draws the reference picture and the cached parts)


def _draw_tile(
    draw: ImageDraw.ImageDraw, box: Box, label: str | None, state: str | None, colours: Theme
) -> None:
    """A played tile (``label``, its letter as shown in upper case, on its state's colour), or
    an empty one when ``label`` is None."""
    corners = (box[0], box[1], box[2] - 1, box[3] - 1)
    if label is None or state is None:
        draw.rectangle(corners, fill=colours.background, outline=colours.empty_border,
                       width=TILE_BORDER)
        return
    draw.rectangle(corners, fill=colours.state(state))
    _draw_centred(draw, box, label, font(TILE_FONT_SIZE), colours.tile_text)


def _draw_key(
    draw: ImageDraw.ImageDraw, box: Box, label: str, state: str | None, colours: Theme
) -> None:
    """A keyboard key showing ``label`` (its letter in upper case): grey-blue when unused,
    else its state's colour."""
    fill = colours.key if state is None else colours.state(state)
    text_colour = colours.key_text if state is None else colours.tile_text
    draw.rounded_rectangle((box[0], box[1], box[2] - 1, box[3] - 1), radius=KEY_RADIUS,
                           fill=fill)
    _draw_centred(draw, box, label, font(KEY_FONT_SIZE), text_colour)


@lru_cache(maxsize=256)
def _ink_columns(text: str, size: int) -> tuple[int, int]:
    """Where the ink of ``text`` drawn at ``size`` from x = 0 starts and ends (exclusive):
    the drawn pixels, not the advance widths (a last "1" ends well before its advance)."""
    face = font(size)
    if not text:
        return 0, 0
    if not isinstance(face, ImageFont.FreeTypeFont):  # pragma: no cover - no font file
        left, _, right, _ = face.getbbox(text)
        return int(left), int(right)
    mask, (x, _) = face.getmask2(text, anchor="ls")
    box = mask.getbbox()
    return (x + box[0], x + box[2]) if box else (x, x)


@dataclass(frozen=True)
class Header:
    """Where the header band's title and badge go (see :func:`header_layout`)."""

    #: The title as drawn: whole, or cut with "…" when even the smallest size is too wide.
    text: str
    size: int
    #: The x of the title's ink (its leftmost drawn pixel column), and its baseline's y.
    left: int
    baseline: int
    #: The hard-mode badge, or None; its label and the label's font size.
    badge: Box | None
    badge_label: str = BADGE_LABEL
    badge_size: int = BADGE_FONT_SIZE


def badge_fit(width: int, label: str) -> tuple[str, int, int]:
    """The badge's label, font size and width on a picture ``width`` wide: the label at
    :data:`BADGE_FONT_SIZE`, smaller down to :data:`MIN_BADGE_FONT_SIZE` while it takes more
    than half the room between the paddings, and cut short with "…" only past that."""
    room = (width - 2 * PADDING) // 2 - 2 * BADGE_PADDING
    size = BADGE_FONT_SIZE
    while size > MIN_BADGE_FONT_SIZE and font(size).getlength(label) > room:
        size -= 1
    label = _fit(label, font(size), room)
    return label, size, round(font(size).getlength(label)) + 2 * BADGE_PADDING


def header_layout(width: int, title: str, hard_mode: bool,
                  badge_label: str = BADGE_LABEL) -> Header:
    """The title and the hard-mode badge (``badge_label`` on it, :func:`badge_fit`) laid out
    on one line and centred as a group on a picture ``width`` wide (the board and keyboard
    below are centred too, so the header's middle lines up with theirs). The title is drawn
    at :data:`TITLE_FONT_SIZE`, smaller down to :data:`MIN_TITLE_FONT_SIZE` if that is too
    wide for the room beside the badge, and cut short with "…" only when even that is too
    wide."""
    top, bottom = PADDING, PADDING + HEADER_HEIGHT - 12  # 12 px kept above the board
    badge_label, badge_size, badge_width = badge_fit(width, badge_label)
    room = width - 2 * PADDING - (badge_width + BADGE_GAP if hard_mode else 0)
    size = TITLE_FONT_SIZE
    while size > MIN_TITLE_FONT_SIZE and font(size).getlength(title) > room:
        size -= 1
    text = _fit(title, font(size), room)
    ink_left, ink_right = _ink_columns(text, size)
    group = ink_right - ink_left  # the title's ink, then the gap and badge if any
    if hard_mode:
        group += badge_width + (BADGE_GAP if text else 0)
    left = (width - group) // 2
    # capitals and digits centred on the band's middle, level with the badge's label
    cap_top = font(size).getbbox("H", anchor="ls")[1]
    baseline = round((top + bottom - cap_top) / 2)
    badge = None
    if hard_mode:
        badge_left = left + group - badge_width
        badge = (badge_left, top + 2, badge_left + badge_width, bottom - 2)
    return Header(text, size, left, baseline, badge, badge_label, badge_size)


def _draw_header(
    draw: ImageDraw.ImageDraw, width: int, title: str, hard_mode: bool, colours: Theme,
    badge_label: str = BADGE_LABEL,
) -> None:
    """The title and the hard-mode badge, centred together (:func:`header_layout`)."""
    layout = header_layout(width, title, hard_mode, badge_label)
    if layout.badge is not None:
        box = layout.badge
        draw.rounded_rectangle((box[0], box[1], box[2] - 1, box[3] - 1), radius=4,
                               fill=colours.yellow)
        _draw_centred(draw, box, layout.badge_label, font(layout.badge_size),
                      colours.tile_text)
    if layout.text:
        x = layout.left - _ink_columns(layout.text, layout.size)[0]
        draw.text((x, layout.baseline), layout.text, font=font(layout.size),
                  fill=colours.title_text, anchor="ls")
