"""The board and keyboard as a PNG, drawn with Pillow to the layout of :mod:`bot.render.draw`.

Every tile and key is drawn once, the first time it is needed, and kept (:func:`_part`); a
board is those parts pasted together and written band by band, each band compressed once and
reused by later boards (:mod:`bot.render.png`). The result is the picture
:func:`_reference_image` draws the slow way, except that letters' edge pixels take the nearest
colour of the theme's palette (at most ``PALETTE_TOLERANCE`` levels off).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from PIL import Image, ImageDraw

from bot.core.variant import CLASSIC, Variant
from bot.render.catalogues import LANGUAGES
from bot.render.common import (
    QWERTY_ROWS,
    KeyboardLayout,
    board_rows,
    check_layout,
    check_variant,
    keyboard_from_rows,
    normalise_keyboard,
    texts_for,
    upper_letters,
)
from bot.render.draw import (  # re-exported: the layout is part of this module's API
    BADGE_FONT_SIZE,
    BADGE_LABEL,
    FONT_PATH,
    HEADER_HEIGHT,
    KEY_FONT_SIZE,
    KEY_GAP,
    KEY_HEIGHT,
    KEY_RADIUS,
    KEY_ROW_GAP,
    KEY_WIDTH,
    MIN_KEY_WIDTH,
    PADDING,
    SECTION_GAP,
    TILE,
    TILE_BORDER,
    TILE_FONT_SIZE,
    TILE_GAP,
    TITLE_FONT_SIZE,
    Box,
    Places,
    _draw_header,
    _draw_key,
    _draw_tile,
    _fit,
    clean_title,
    font,
    image_size,
    key_box,
    key_width,
    places_of,
    tile_box,
)
from bot.render.png import Band, cached_or_in_thread, deflate_band, may_draw, palette_png
from bot.render.themes import (
    DARK,
    LIGHT,
    PALETTE_TOLERANCE,
    THEMES,
    Color,
    Theme,
    nearest_indices,
    palette,
)

__all__ = [
    "BADGE_FONT_SIZE", "BADGE_LABEL", "DARK", "FONT_PATH", "HEADER_HEIGHT", "KEY_FONT_SIZE",
    "KEY_GAP",
    "KEY_HEIGHT", "KEY_RADIUS", "KEY_ROW_GAP", "KEY_WIDTH", "LIGHT", "MIN_KEY_WIDTH", "PADDING",
    "PALETTE_TOLERANCE", "SECTION_GAP", "THEMES", "TILE", "TILE_BORDER", "TILE_FONT_SIZE",
    "TILE_GAP", "TITLE_FONT_SIZE", "Color", "Theme", "_fit", "board_image", "board_png",
    "board_png_async", "clean_title", "font", "image_size", "key_box", "key_width", "tile_box",
]

#: A played row as drawn: each letter as shown (upper case, the language's way), and the
#: feedback.
ShownRow = tuple[tuple[str, ...], str]

#: zlib level of each band: with the RLE strategy every level finds the same runs, so the
#: fastest.
PNG_LEVEL = 1


@dataclass(frozen=True)
class _Board:
    """Checked arguments of a board picture."""

    rows: list[ShownRow]
    states: dict[str, str]
    theme: str
    title: str
    hard_mode: bool
    #: The hard-mode badge's label, in the reader's language.
    badge: str
    header: bool
    variant: Variant
    layout: KeyboardLayout
    row_count: int

    @property
    def colours(self) -> Theme:
        return THEMES[self.theme]


def _check(
    rows: Iterable[Sequence[str]],
    keyboard: Mapping[str, str] | None,
    variant: Variant,
    layout: KeyboardLayout,
    hard_mode: bool,
    title: str | None,
    theme: str,
    badge: str = BADGE_LABEL,
) -> _Board:
    variant = check_variant(variant)
    layout = check_layout(layout, variant.alphabet)
    checked = board_rows(rows, variant)
    alphabet = variant.alphabet
    states = normalise_keyboard(
        keyboard_from_rows(checked, alphabet) if keyboard is None else keyboard, alphabet)
    if theme not in THEMES:
        raise ValueError(f"theme must be one of {sorted(THEMES)}, not {theme!r}")
    if title is not None and not isinstance(title, str):
        raise ValueError(f"title must be a string or None, not {type(title).__name__}")
    return _Board(
        rows=[(_shown(word, alphabet), feedback) for word, feedback in checked],
        states=states,
        theme=theme,
        title=clean_title(title) if title else "",
        hard_mode=bool(hard_mode),
        badge=(clean_title(badge) or BADGE_LABEL) if hard_mode else "",
        header=bool(title) or bool(hard_mode),  # from the arguments, so the size is predictable
        variant=variant,
        layout=layout,
        row_count=max(variant.attempts, len(checked)),
    )


def _shown(word: str, alphabet: str) -> tuple[str, ...]:
    """Each letter of ``word`` as a tile or key shows it."""
    return tuple(upper_letters(letter, alphabet) for letter in word)


def _reference_image(board: _Board) -> Image.Image:
    """The board drawn the slow way, every tile and letter on one RGB picture. The fast
    picture (:func:`_compose`) must match it (the pixel test in tests/render)."""
    colours = board.colours
    header, variant, layout = board.header, board.variant, board.layout
    size = image_size(board.row_count, header=header, variant=variant, layout=layout)
    image = Image.new("RGB", size, colours.background)
    draw = ImageDraw.Draw(image)
    if board.header:
        _draw_header(draw, size[0], board.title, board.hard_mode, colours, board.badge)
    for r in range(board.row_count):
        played = board.rows[r] if r < len(board.rows) else None
        for c in range(board.variant.length):
            box = tile_box(r, c, header=header, variant=variant, layout=layout)
            if played is None:
                _draw_tile(draw, box, None, None, colours)
            else:
                _draw_tile(draw, box, played[0][c], played[1][c], colours)
    for keys in board.layout:
        for letter in keys:
            box = key_box(letter, board.row_count, header=header, variant=variant,
                          layout=layout)
            label = upper_letters(letter, variant.alphabet)
            _draw_key(draw, box, label, board.states.get(letter), colours)
    return image


# --------------------------------------------------------------------------------------------
# The fast picture: parts drawn once, pasted


# (kind, theme, label, state, width, height, x parity, y parity) -> palette picture of one
# tile or key. The label is the letter as shown, so a Turkish i (İ) and an English i (I) are
# two parts. The parity of the part's position is in the key because a letter is centred with
# round(), which rounds halves to even: drawn at an offset of the same parity, the part is
# exactly what the reference draws in place.
_PARTS: dict[tuple[str, str, str | None, str | None, int, int, int, int], np.ndarray] = {}


def _part(kind: str, theme: str, label: str | None, state: str | None, box: Box
          ) -> np.ndarray:
    """Palette indices of one tile or key showing ``label``, drawn at ``box`` (read-only,
    shared)."""
    x, y = box[0] % 2, box[1] % 2
    width, height = box[2] - box[0], box[3] - box[1]
    key = (kind, theme, label, state, width, height, x, y)
    found = _PARTS.get(key)
    if found is not None:
        return found
    may_draw()
    colours = THEMES[theme]
    canvas = Image.new("RGB", (width + 2, height + 2), colours.background)
    draw = ImageDraw.Draw(canvas)
    local = (x, y, x + width, y + height)
    if kind == "tile":
        _draw_tile(draw, local, label, state, colours)
    else:
        _draw_key(draw, local, label or "", state, colours)
    part = nearest_indices(colours, np.asarray(canvas.crop(local)))
    _PARTS[key] = part  # two threads may both draw it: either copy is the same
    return part


@lru_cache(maxsize=512)
def _header_part(width: int, title: str, hard_mode: bool, theme: str,
                 badge: str = BADGE_LABEL) -> np.ndarray:
    """The header band (rows above the board) for a title, badge and theme."""
    may_draw()
    colours = THEMES[theme]
    band = Image.new("RGB", (width, PADDING + HEADER_HEIGHT), colours.background)
    _draw_header(ImageDraw.Draw(band), width, title, hard_mode, colours, badge)
    return nearest_indices(colours, np.asarray(band))


def _boardplaces_of(board: _Board) -> Places:
    return places_of(board.row_count, board.header, board.variant, board.layout)


def _tile_pixels(theme: str, places: Places, top: int, row: ShownRow | None,
                 out: np.ndarray) -> None:
    """Paste one row of tiles into ``out`` (the band's rows, full width)."""
    for c, left in enumerate(places.tile_lefts):
        label, state = (row[0][c], row[1][c]) if row is not None else (None, None)
        out[:, left:left + TILE] = _part("tile", theme, label, state,
                                         (left, top, left + TILE, top + TILE))


def _key_pixels(theme: str, keys: tuple[tuple[str, str, Box], ...],
                states: tuple[str | None, ...], out: np.ndarray) -> None:
    for (_, label, box), state in zip(keys, states, strict=True):
        out[:, box[0]:box[2]] = _part("key", theme, label, state, box)


def _compose(board: _Board) -> Image.Image:
    """The board as a palette picture pasted together from cached parts."""
    places = _boardplaces_of(board)
    pixels = np.zeros((places.height, places.width), dtype=np.uint8)  # 0 is the background
    if board.header:
        pixels[: PADDING + HEADER_HEIGHT] = _header_part(
            places.width, board.title, board.hard_mode, board.theme, board.badge)
    for r, top in enumerate(places.tile_tops):
        row = board.rows[r] if r < len(board.rows) else None
        _tile_pixels(board.theme, places, top, row, pixels[top:top + TILE])
    for keys in places.keys:
        states = tuple(board.states.get(letter) for letter, _, _ in keys)
        top = keys[0][2][1]
        _key_pixels(board.theme, keys, states, pixels[top:top + KEY_HEIGHT])
    image = Image.fromarray(pixels, mode="P")
    image.putpalette(palette(board.colours).tobytes())
    return image


@lru_cache(maxsize=64)
def _blank_band(width: int, height: int) -> Band:
    return deflate_band(np.zeros((height, width), dtype=np.uint8), PNG_LEVEL)


@lru_cache(maxsize=4096)
def _tile_band(theme: str, places: Places, top: int, row: ShownRow | None) -> Band:
    """One row of tiles (``row`` is the guess and its feedback, None for empty tiles)."""
    pixels = np.zeros((TILE, places.width), dtype=np.uint8)
    _tile_pixels(theme, places, top, row, pixels)
    return deflate_band(pixels, PNG_LEVEL)


@lru_cache(maxsize=4096)
def _key_band(theme: str, width: int, keys: tuple[tuple[str, str, Box], ...],
              states: tuple[str | None, ...]) -> Band:
    """One row of keys in the given states."""
    pixels = np.zeros((KEY_HEIGHT, width), dtype=np.uint8)
    _key_pixels(theme, keys, states, pixels)
    return deflate_band(pixels, PNG_LEVEL)


@lru_cache(maxsize=512)
def _header_band(width: int, title: str, hard_mode: bool, theme: str, badge: str) -> Band:
    return deflate_band(_header_part(width, title, hard_mode, theme, badge), PNG_LEVEL)


def _bands(board: _Board, places: Places) -> list[Band]:
    """The board's bands, top to bottom (their heights add up to the picture's)."""
    width = places.width
    bands = [_header_band(width, board.title, board.hard_mode, board.theme, board.badge)
             if board.header else _blank_band(width, PADDING)]
    last = board.row_count - 1
    for r, top in enumerate(places.tile_tops):
        row = board.rows[r] if r < len(board.rows) else None
        bands.append(_tile_band(board.theme, places, top, row))
        bands.append(_blank_band(width, TILE_GAP if r < last else SECTION_GAP))
    for i, keys in enumerate(places.keys):
        states = tuple(board.states.get(letter) for letter, _, _ in keys)
        bands.append(_key_band(board.theme, width, keys, states))
        bands.append(_blank_band(width, KEY_ROW_GAP if i < len(places.keys) - 1 else PADDING))
    return bands


def board_image(
    rows: Iterable[Sequence[str]],
    keyboard: Mapping[str, str] | None = None,
    variant: Variant = CLASSIC,
    *,
    layout: KeyboardLayout = QWERTY_ROWS,
    hard_mode: bool = False,
    title: str | None = None,
    theme: str = "light",
    badge: str = BADGE_LABEL,
) -> Image.Image:
    """The board and keyboard as an RGB :class:`PIL.Image.Image` (see :func:`board_png`)."""
    board = _check(rows, keyboard, variant, layout, hard_mode, title, theme, badge)
    return _compose(board).convert("RGB")


def board_png(
    rows: Iterable[Sequence[str]],
    keyboard: Mapping[str, str] | None = None,
    variant: Variant = CLASSIC,
    *,
    layout: KeyboardLayout = QWERTY_ROWS,
    hard_mode: bool = False,
    title: str | None = None,
    theme: str = "light",
    badge: str = BADGE_LABEL,
) -> bytes:
    """A PNG of the board of ``variant`` (played rows, then empty tiles up to its attempts)
    and the keyboard (``layout``, one key for each letter of the variant's alphabet).

    ``keyboard`` maps letters to ``"G"``/``"Y"``/``"B"``; ``None`` works it out from ``rows``.
    A ``title`` or ``hard_mode`` adds the header band (the hard-mode ``badge`` labelled in
    the reader's language); characters the font lacks (emoji, CJK)
    are left out of the title, and a long one is drawn smaller, then cut with "…". ``theme`` is
    a name in :data:`THEMES`. Malformed rows, keyboard or layout, and words not of the
    variant's length, raise ``ValueError``.
    """
    board = _check(rows, keyboard, variant, layout, hard_mode, title, theme, badge)
    places = _boardplaces_of(board)
    return palette_png(places.width, palette(board.colours).tobytes(), _bands(board, places))


async def board_png_async(
    rows: Iterable[Sequence[str]],
    keyboard: Mapping[str, str] | None = None,
    variant: Variant = CLASSIC,
    *,
    layout: KeyboardLayout = QWERTY_ROWS,
    hard_mode: bool = False,
    title: str | None = None,
    theme: str = "light",
    badge: str = BADGE_LABEL,
) -> bytes:
    """:func:`board_png` without blocking the event loop: at once when every part of the board
    was drawn before, else in a worker thread (:func:`bot.render.png.cached_or_in_thread`)."""
    rows = list(rows)  # read an iterator here, not in another thread
    return await cached_or_in_thread(board_png, rows, keyboard, variant, layout=layout,
                                     hard_mode=hard_mode, title=title, theme=theme,
                                     badge=badge)


def draw_every_part(theme: str, variant: Variant = CLASSIC,
                    layout: KeyboardLayout = QWERTY_ROWS) -> int:
    """Draw now every tile and key of ``theme`` a board of ``variant`` can need (with and
    without the header band; a title's band is drawn when first needed), so that no player's
    guess waits for a first drawing later; returns how many parts were new. Thread-safe like
    the drawing itself."""
    before = len(_PARTS)
    layout = check_layout(layout, variant.alphabet)
    for header in (False, True):
        places = places_of(variant.attempts, header, variant, layout)
        if header:  # the hard-mode badge alone, in every language (a title's band is drawn
            for language in LANGUAGES:  # when first needed)
                _header_part(places.width, "", True, theme, texts_for(language)._(BADGE_LABEL))
        for top in places.tile_tops:
            for left in places.tile_lefts:
                box = (left, top, left + TILE, top + TILE)
                _part("tile", theme, None, None, box)
                for letter in variant.alphabet:
                    for state in "GYB":
                        _part("tile", theme, upper_letters(letter, variant.alphabet), state,
                              box)
        for keys in places.keys:
            for _, label, box in keys:
                for key_state in (None, "G", "Y", "B"):
                    _part("key", theme, label, key_state, box)
    return len(_PARTS) - before
