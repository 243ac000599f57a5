"""Every board of a several-board game and the shared keyboard as one palette PNG.

Laid out by :mod:`bot.render.boards_geometry`. A solved board is dimmed (its colours faded
towards the background) except for the guess that solved it, and its caption says in how
many guesses; each key is split into a part per board, laid out as the boards are, coloured
by the letter's best state on that board, blank where it was not played or the board is
solved (as Quordle does). A key's letter is the unplayed key's text colour while any part is
blank, else the tiles' text colour.

The picture is made as the one-board picture is (:mod:`bot.render.png`): palette indices
pasted together band by band, each band compressed once and reused (a new guess changes one
row of tiles and the keyboard). Letters are drawn once as alpha masks; the palette holds, for
each letter colour over each fill, evenly spaced blends, so a mask becomes palette indices
by table look-up, with no colour search.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
from PIL import Image, ImageDraw

from bot.core.variant import Variant
from bot.render.boards import NOT_SOLVED, SOLVED_IN, Boards, board_name, check_boards
from bot.render.boards_geometry import Geometry, Sizes, geometry, part_box
from bot.render.common import ENGLISH, QWERTY_ROWS, KeyboardLayout, Texts, check_layout
from bot.render.draw import (
    BADGE_LABEL,
    HEADER_HEIGHT,
    KEY_RADIUS,
    KEY_ROW_GAP,
    PADDING,
    SECTION_GAP,
    _draw_header,
    clean_title,
    font,
)
from bot.render.image import PNG_LEVEL
from bot.render.png import Band, cached_or_in_thread, deflate_band, may_draw, palette_png
from bot.render.themes import THEMES, Color, Theme

#: How much of its colour a solved board keeps over the background.
DIM_SHARE = 0.5


def dim(colour: Color, background: Color) -> Color:
    """``colour`` faded towards ``background``, as a solved board is drawn."""
    return tuple(round(b + (c - b) * DIM_SHARE)  # type: ignore[return-value]
                 for c, b in zip(colour, background, strict=True))


# --------------------------------------------------------------------------------------------
# The palette: solid colours, then blends of each letter colour over each fill


@dataclass(frozen=True)
class Palette:
    """A theme's 256 colours: ``ramp(text, fill)[alpha]`` is the index of ``text`` drawn at
    ``alpha`` (0-255) over ``fill``; ``index(colour)`` that of a solid colour."""

    table: np.ndarray
    solids: dict[Color, int]
    ramps: dict[tuple[Color, Color], np.ndarray]

    def index(self, colour: Color) -> int:
        return self.solids[colour]

    def ramp(self, text: Color, fill: Color) -> np.ndarray:
        return self.ramps[(text, fill)]


def _states(theme: Theme) -> list[Color]:
    return [theme.green, theme.yellow, theme.grey]


@lru_cache(maxsize=16)
def boards_palette(theme: Theme) -> Palette:
    """The palette of ``theme``'s several-board pictures; entry 0 is the background."""
    background = theme.background
    faded = [dim(c, background) for c in [*_states(theme), theme.empty_border, theme.tile_text]]
    colours = list(dict.fromkeys([background, *_states(theme), theme.empty_border, theme.key,
                                  theme.key_text, theme.tile_text, theme.title_text, *faded]))
    dim_text = dim(theme.tile_text, background)
    pairs = list(dict.fromkeys(
        [(theme.tile_text, s) for s in _states(theme)]
        + [(dim_text, dim(s, background)) for s in _states(theme)]
        + [(theme.key_text, f) for f in [theme.key, *_states(theme)]]
        + [(theme.title_text, background)]))
    pairs = [(text, fill) for text, fill in pairs if text != fill]
    steps = (256 - len(colours)) // len(pairs)
    solids = {colour: i for i, colour in enumerate(colours)}
    levels = np.rint(np.arange(256) * (steps + 1) / 255).astype(np.int64)
    ramps: dict[tuple[Color, Color], np.ndarray] = {}
    for text, fill in pairs:
        first = len(colours)
        for k in range(1, steps + 1):
            share = k / (steps + 1)
            colours.append(tuple(round(f + (t - f) * share)  # type: ignore[arg-type]
                                 for t, f in zip(text, fill, strict=True)))
        ramp = np.where(levels == 0, solids[fill],
                        np.where(levels == steps + 1, solids[text], first + levels - 1))
        ramps[(text, fill)] = ramp.astype(np.uint8)
    colours += [background] * (256 - len(colours))
    return Palette(np.array(colours, dtype=np.uint8), solids, ramps)


def _nearest(palette: Palette, rgb: np.ndarray) -> np.ndarray:
    """Each pixel of an ``(h, w, 3)`` array as the index of the nearest palette colour
    (each distinct colour is looked up once: a drawing has few)."""
    table = palette.table.astype(np.int64)
    flat = rgb.reshape(-1, 3).astype(np.int64)
    packed = (flat[:, 0] << 16) | (flat[:, 1] << 8) | flat[:, 2]
    unique, inverse = np.unique(packed, return_inverse=True)
    colours = np.stack([unique >> 16, (unique >> 8) & 0xFF, unique & 0xFF], axis=1)
    distance = ((colours[:, None, :] - table[None, :, :]) ** 2).sum(axis=2)
    return distance.argmin(axis=1).astype(np.uint8)[inverse.reshape(-1)].reshape(rgb.shape[:2])


# --------------------------------------------------------------------------------------------
# Parts: letters as alpha masks, tiles and keys as palette indices


@lru_cache(maxsize=2048)
def _mask(text: str, size: int, width: int, height: int) -> np.ndarray:
    """``text`` at ``size`` px as an alpha mask ``width`` x ``height``, its ink centred."""
    may_draw()
    face = font(size)
    canvas = Image.new("L", (width, height), 0)
    left, top, right, bottom = face.getbbox(text, anchor="ls")
    x = round(width / 2 - (left + right) / 2)
    y = round(height / 2 - (top + bottom) / 2)
    ImageDraw.Draw(canvas).text((x, y), text, font=face, fill=255, anchor="ls")
    mask = np.asarray(canvas)
    mask.flags.writeable = False
    return mask


@lru_cache(maxsize=4096)
def _tile(theme: Theme, sizes: Sizes, letter: str | None, state: str | None, faded: bool
          ) -> np.ndarray:
    """One tile: ``letter`` on its state's colour, or empty (outlined) when ``state`` is
    None; ``faded`` on a solved board."""
    palette = boards_palette(theme)
    size = sizes.tile

    def shade(colour: Color) -> Color:
        return dim(colour, theme.background) if faded else colour

    if state is None or letter is None:
        pixels = np.full((size, size), palette.index(shade(theme.empty_border)), np.uint8)
        inner = sizes.tile_border
        pixels[inner:size - inner, inner:size - inner] = palette.index(theme.background)
    else:
        mask = _mask(letter, sizes.tile_font, size, size)
        pixels = palette.ramp(shade(theme.tile_text), shade(theme.state(state)))[mask]
    pixels.flags.writeable = False
    return pixels


@lru_cache(maxsize=16)
def _corners(width: int, height: int) -> np.ndarray:
    """Where a key's rounded corners leave the background: True outside the key."""
    may_draw()
    canvas = Image.new("1", (width, height), 0)
    ImageDraw.Draw(canvas).rounded_rectangle((0, 0, width - 1, height - 1), radius=KEY_RADIUS,
                                             fill=1)
    outside = ~np.asarray(canvas, dtype=bool)
    outside.flags.writeable = False
    return outside


def key_pixels(theme: Theme, sizes: Sizes, letter: str, states: tuple[str | None, ...],
               columns: int, rows: int) -> np.ndarray:
    """One key: a part per board (``states``, None for blank), ``columns`` x ``rows`` as
    the boards are laid out, with ``letter`` over them."""
    palette = boards_palette(theme)
    width, height = sizes.key_width, sizes.key_height
    mask = _mask(letter, sizes.key_font, width, height)
    text = theme.key_text if None in states else theme.tile_text
    pixels = np.empty((height, width), np.uint8)
    for board, state in enumerate(states):
        left, top, right, bottom = part_box((0, 0, width, height), board, columns, rows)
        fill = theme.key if state is None else theme.state(state)
        pixels[top:bottom, left:right] = palette.ramp(text, fill)[mask[top:bottom, left:right]]
    pixels[_corners(width, height)] = palette.index(theme.background)
    return pixels


def caption_text(board: int, solved_at: int | None, lost: bool, width: int, size: int,
                 texts: Texts = ENGLISH) -> str:
    """What is written above board ``board`` (0-based), in the words of ``texts``: its number,
    and the guess that solved it or that it was not; the longest wording that fits ``width``
    px."""
    t = texts
    name, number = board_name(board, t), t.number(board + 1)
    if solved_at is not None:
        guess = t.number(solved_at)
        status = t._(SOLVED_IN, guess=guess)
        choices = [f"{name} · {status}", f"{number} · {status}",
                   f"{number} · " + t._("in {guess}", guess=guess)]
    elif lost:
        status = t._(NOT_SOLVED)
        choices = [f"{name} · {status}", f"{number} · {status}", f"{number} · ✗"]
    else:
        choices = [name, number]
    face = font(size)
    return next((c for c in choices if face.getlength(c) <= width), choices[-1])


# --------------------------------------------------------------------------------------------
# Bands


#: A board's tile in a band: (letter as shown, state) or None for an empty tile, and whether
#: the board is faded.
_Row = tuple[tuple[tuple[str, str] | None, ...], bool]


@lru_cache(maxsize=64)
def _blank_band(width: int, height: int) -> Band:
    return deflate_band(np.zeros((height, width), dtype=np.uint8), PNG_LEVEL)


@lru_cache(maxsize=4096)
def _tile_band(theme: Theme, place: Geometry, first_board: int, row: int,
               boards: tuple[_Row, ...]) -> Band:
    """Row ``row`` of tiles of the boards from ``first_board`` on (one row of the grid)."""
    pixels = np.zeros((place.sizes.tile, place.width), dtype=np.uint8)
    for offset, (tiles, faded) in enumerate(boards):
        for column, cell in enumerate(tiles):
            left = place.tile_box(first_board + offset, row, column)[0]
            letter, state = cell if cell is not None else (None, None)
            pixels[:, left:left + place.sizes.tile] = _tile(theme, place.sizes, letter, state,
                                                            faded)
    return deflate_band(pixels, PNG_LEVEL)


@lru_cache(maxsize=1024)
def _caption_band(theme: Theme, place: Geometry, first_board: int,
                  captions: tuple[str, ...]) -> Band:
    palette = boards_palette(theme)
    sizes = place.sizes
    pixels = np.zeros((sizes.caption, place.width), dtype=np.uint8)
    ramp = palette.ramp(theme.title_text, theme.background)
    for offset, text in enumerate(captions):
        left, _, right, _ = place.caption_box(first_board + offset)
        pixels[:, left:right] = ramp[_mask(text, sizes.caption_font, right - left,
                                           sizes.caption)]
    return deflate_band(pixels, PNG_LEVEL)


@lru_cache(maxsize=4096)
def _key_band(theme: Theme, place: Geometry, key_row: int,
              states: tuple[tuple[str, tuple[str | None, ...]], ...]) -> Band:
    """One row of keys: each (letter as shown, its state per board)."""
    pixels = np.zeros((place.sizes.key_height, place.width), dtype=np.uint8)
    for (_, box), (letter, parts) in zip(place.keys[key_row], states, strict=True):
        pixels[:, box[0]:box[2]] = key_pixels(theme, place.sizes, letter, parts,
                                              place.columns, place.grid_rows)
    return deflate_band(pixels, PNG_LEVEL)


@lru_cache(maxsize=256)
def _header_band(theme: Theme, width: int, title: str, hard_mode: bool, badge: str) -> Band:
    """The title and hard-mode badge (labelled ``badge``), as on the one-board picture."""
    may_draw()
    band = Image.new("RGB", (width, PADDING + HEADER_HEIGHT), theme.background)
    _draw_header(ImageDraw.Draw(band), width, title, hard_mode, theme, badge)
    return deflate_band(_nearest(boards_palette(theme), np.asarray(band)), PNG_LEVEL)


def _board_row(boards: Boards, board: int, row: int) -> _Row:
    solved_at = boards.solved_at(board)
    played = boards.feedback[board]
    faded = solved_at is not None and row != solved_at - 1
    if row >= len(played):
        return (None,) * boards.variant.length, faded
    word = boards.shown(boards.guesses[row])
    return tuple(zip(word, played[row], strict=True)), faded


def _bands(boards: Boards, place: Geometry, theme: Theme, title: str, hard_mode: bool,
           texts: Texts) -> list[Band]:
    """The picture's bands, top to bottom."""
    width, sizes, variant = place.width, place.sizes, boards.variant
    header = bool(title) or hard_mode
    badge = (clean_title(texts._(BADGE_LABEL)) or BADGE_LABEL) if hard_mode else ""
    bands = [_header_band(theme, width, title, hard_mode, badge) if header
             else _blank_band(width, PADDING)]
    for grid_row in range(place.grid_rows):
        first = grid_row * place.columns
        members = range(first, min(first + place.columns, boards.count))
        captions = tuple(caption_text(b, boards.solved_at(b), boards.is_over,
                                      place.board_width, sizes.caption_font, texts)
                         for b in members)
        bands.append(_caption_band(theme, place, first, captions))
        for row in range(variant.attempts):
            cells = tuple(_board_row(boards, b, row) for b in members)
            bands.append(_tile_band(theme, place, first, row, cells))
            last = row == variant.attempts - 1
            gap = (sizes.tile_gap if not last else sizes.grid_gap
                   if grid_row < place.grid_rows - 1 else SECTION_GAP)
            bands.append(_blank_band(width, gap))
    for index, keys in enumerate(place.keys):
        states = tuple((boards.shown(letter), boards.key_states(letter)) for letter, _ in keys)
        bands.append(_key_band(theme, place, index, states))
        bands.append(_blank_band(width, KEY_ROW_GAP if index < len(place.keys) - 1
                                 else PADDING))
    return bands


def picture_size(variant: Variant, layout: KeyboardLayout = QWERTY_ROWS, *,
                 header: bool = False) -> tuple[int, int]:
    """``(width, height)`` of the picture of ``variant``'s boards (``header``: with a title
    or the hard-mode badge)."""
    place = geometry(variant, check_layout(layout, variant.alphabet), header)
    return place.width, place.height


def boards_png(guesses: Sequence[str], feedback: Sequence[Sequence[str]], variant: Variant,
               *, layout: KeyboardLayout = QWERTY_ROWS, theme: str = "light",
               title: str | None = None, hard_mode: bool = False,
               texts: Texts = ENGLISH) -> bytes:
    """A PNG of every board of ``variant`` (the guesses, each board's feedback: see
    :mod:`bot.render.boards`) and the keyboard ``layout``, in ``theme`` (a name in
    :data:`~bot.render.themes.THEMES`), its captions and badge in the words of ``texts``. A
    ``title`` or ``hard_mode`` adds the header band of the one-board picture. Bad input
    raises ``ValueError``."""
    boards = check_boards(guesses, feedback, variant)
    layout = check_layout(layout, boards.variant.alphabet)
    if theme not in THEMES:
        raise ValueError(f"theme must be one of {sorted(THEMES)}, not {theme!r}")
    if title is not None and not isinstance(title, str):
        raise ValueError(f"title must be a string or None, not {type(title).__name__}")
    colours = THEMES[theme]
    place = geometry(boards.variant, layout, bool(title) or bool(hard_mode))
    bands = _bands(boards, place, colours, clean_title(title) if title else "", bool(hard_mode),
                   texts)
    return palette_png(place.width, boards_palette(colours).table.tobytes(), bands)


async def boards_png_async(guesses: Sequence[str], feedback: Sequence[Sequence[str]],
                           variant: Variant, *, layout: KeyboardLayout = QWERTY_ROWS,
                           theme: str = "light", title: str | None = None,
                           hard_mode: bool = False, texts: Texts = ENGLISH) -> bytes:
    """:func:`boards_png` without blocking the event loop: at once when every letter it needs
    was drawn before, else in a worker thread."""
    return await cached_or_in_thread(boards_png, guesses, feedback, variant, layout=layout,
                                     theme=theme, title=title, hard_mode=hard_mode,
                                     texts=texts)
