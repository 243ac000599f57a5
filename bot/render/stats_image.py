"""A player's statistics as a picture, like the game's statistics screen.

Layout (:func:`bar_box` and :func:`number_box` give every position)::

    ┌──────────────────────────── WIDTH ──────────────────────────┐
    │               STATISTICS · ENGLISH, 5 LETTERS               │  title
    │     12          83           3            5                 │  four numbers
    │   Played      Win %      Current        Max                 │  and their labels
    │                          Streak        Streak               │
    │                    GUESS DISTRIBUTION                       │  heading
    │ 1 ██ 0                                                      │  a bar per attempt
    │ 3 ████████████████████████████████████████████ 5  (green)   │  latest win lit
    └─────────────────────────────────────────────────────────────┘

The words (:func:`picture_words`) are in the reader's language, the title naming the game the
figures are of, shrunk when it does not fit. The four numbers share one size, shrunk together
when the widest does not fit its column
(:func:`number_size`), and are written with thousands separated, as in the text. A bar is
as long as its share of the largest count, never shorter than its count needs
(:func:`bar_width`). Like the board, the PNG is joined from bands drawn and compressed the
first time they are needed (:mod:`bot.render.png`); make it with :func:`stats_png_async` from
the event loop, so that any drawing runs in a worker thread.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

import numpy as np
from PIL import Image, ImageDraw

from bot.core.variant import CLASSIC, Variant
from bot.render.common import ENGLISH, Texts, check_variant
from bot.render.draw import Box, font
from bot.render.image import PNG_LEVEL
from bot.render.png import Band, cached_or_in_thread, deflate_band, may_draw, palette_png
from bot.render.stats_text import StatsView, stats_numbers, variant_name
from bot.render.themes import THEMES, Theme, nearest_indices, palette

__all__ = ["BAR_GAP", "BAR_HEIGHT", "BAR_LEFT", "BAR_MAX", "BAR_MIN", "WIDTH", "PictureWords",
           "bar_box", "bar_width", "draw_common_parts", "image_height", "number_box",
           "number_size", "number_text", "picture_words", "stats_image", "stats_png",
           "stats_png_async"]

WIDTH = 420
PADDING = 20
TITLE_TOP = 16
TITLE_SIZE = 16
#: The smallest a long title shrinks to.
MIN_TITLE_SIZE = 9
NUMBERS_TOP = 48
NUMBER_HEIGHT = 40
NUMBER_SIZE = 32
#: The smallest the numbers shrink to (999,999,999 still fits its column at it).
MIN_NUMBER_SIZE = 12
#: Kept clear at each side of a number's column, so neighbours never touch.
NUMBER_MARGIN = 2
LABEL_SIZE = 12
LABEL_LINE = 15
HEADING_TOP = 140
BARS_TOP = 172
BAR_HEIGHT = 22
BAR_GAP = 6
DIGIT_WIDTH = 16
BAR_LEFT = PADDING + DIGIT_WIDTH + 6
BAR_MAX = WIDTH - PADDING - BAR_LEFT
BAR_MIN = 24
#: Room for the count inside a bar: per character (a digit of the count font is 9 px wide,
#: a comma less), and around the number.
DIGIT_ROOM = 10
COUNT_MARGIN = 12
COUNT_SIZE = 13


class PictureWords(NamedTuple):
    """The words drawn into a picture, in one language: its title, the four numbers' labels
    (each in lines) and the distribution's heading."""

    title: str
    labels: tuple[tuple[str, ...], ...]
    heading: str


def picture_words(texts: Texts = ENGLISH, variant: Variant = CLASSIC) -> PictureWords:
    """The picture's words in the language of ``texts``, its title naming ``variant``'s game."""
    labels = (texts._("Played"), texts._("Win %"), texts._("Current\nstreak"),
              texts._("Max\nstreak"))
    return PictureWords(
        f"{texts._('Statistics')} · {variant_name(variant, texts)}".upper(),
        tuple(tuple(label.split("\n")) for label in labels),
        texts._("Guess distribution").upper())


#: The English words of the classic game's picture.
ENGLISH_WORDS = picture_words()


def image_height(rows: int) -> int:
    """The height of a picture with ``rows`` bars."""
    return BARS_TOP + rows * BAR_HEIGHT + (rows - 1) * BAR_GAP + PADDING


def number_box(column: int) -> Box:
    """Where number ``column`` (0 played, 1 win %, 2 current streak, 3 max streak) goes."""
    width = (WIDTH - 2 * PADDING) // 4
    left = PADDING + column * width
    return (left, NUMBERS_TOP, left + width, NUMBERS_TOP + NUMBER_HEIGHT)


def number_text(number: int) -> str:
    """A number or count as the picture writes it: ``12,345``."""
    return f"{number:,}"


@lru_cache(maxsize=1024)
def _fitting_size(text: str) -> int:
    """The largest size up to :data:`NUMBER_SIZE` at which ``text`` fits a number's column."""
    left, _, right, _ = number_box(0)
    room = right - left - 2 * NUMBER_MARGIN
    size = NUMBER_SIZE
    while size > MIN_NUMBER_SIZE and font(size).getlength(text) > room:
        size -= 1
    return size


def number_size(numbers: tuple[int, ...]) -> int:
    """The one size the four numbers are drawn at: the full size, or the largest at which the
    widest of them fits its column."""
    return min(_fitting_size(number_text(number)) for number in numbers)


def bar_width(count: int, maximum: int) -> int:
    """The width in pixels of a bar for ``count`` when the largest count is ``maximum``: in
    proportion, but never narrower than :data:`BAR_MIN` or than its count needs
    (:data:`DIGIT_ROOM` per character as written and :data:`COUNT_MARGIN`)."""
    room = max(BAR_MIN, DIGIT_ROOM * len(number_text(count)) + COUNT_MARGIN)
    if maximum <= 0:
        return room
    return max(room, round(count * BAR_MAX / maximum))


def _bar_top(attempt: int) -> int:
    """The top of the bar row of ``attempt`` (1-based)."""
    return BARS_TOP + (attempt - 1) * (BAR_HEIGHT + BAR_GAP)


def bar_box(attempt: int, count: int, maximum: int) -> Box:
    """The bar of ``attempt`` (1-based): left, top, right, bottom (right/bottom exclusive)."""
    top = _bar_top(attempt)
    return (BAR_LEFT, top, BAR_LEFT + bar_width(count, maximum), top + BAR_HEIGHT)


@lru_cache(maxsize=64)
def _title_size(title: str) -> int:
    """The largest size up to :data:`TITLE_SIZE` at which ``title`` fits the picture."""
    size = TITLE_SIZE
    while size > MIN_TITLE_SIZE and font(size).getlength(title) > WIDTH - 2 * PADDING:
        size -= 1
    return size


@lru_cache(maxsize=32)
def _skeleton(theme_name: str, rows: int, words: PictureWords = ENGLISH_WORDS) -> Image.Image:
    """Title, labels, heading and attempt digits: the same on every picture of a theme,
    language and game."""
    theme = THEMES[theme_name]
    image = Image.new("RGB", (WIDTH, image_height(rows)), theme.background)
    draw = ImageDraw.Draw(image)
    draw.text((WIDTH / 2, TITLE_TOP + TITLE_SIZE / 2), words.title,
              font=font(_title_size(words.title)), fill=theme.title_text, anchor="mm")
    for column, lines in enumerate(words.labels):
        left, _, right, bottom = number_box(column)
        for i, line in enumerate(lines):
            draw.text(((left + right) / 2, bottom + 4 + i * LABEL_LINE), line,
                      font=font(LABEL_SIZE), fill=theme.title_text, anchor="mt")
    draw.text((WIDTH / 2, HEADING_TOP), words.heading, font=font(_title_size(words.heading)),
              fill=theme.title_text, anchor="mt")
    for attempt in range(1, rows + 1):
        top = _bar_top(attempt)
        draw.text((PADDING + DIGIT_WIDTH / 2, top + BAR_HEIGHT / 2), str(attempt),
                  font=font(COUNT_SIZE + 1), fill=theme.title_text, anchor="mm")
    return image


def _numbers(stats: StatsView, variant: Variant
             ) -> tuple[tuple[int, int, int, int], tuple[int, ...]]:
    """The four numbers (played, win %, current and max streak) and one count per attempt of
    ``variant`` (0 where the distribution has none; every count it has), checked: malformed
    numbers raise ``ValueError``."""
    checked = stats_numbers(stats)
    counts = checked.counts + (0,) * (check_variant(variant).attempts - len(checked.counts))
    return checked[:4], counts


def _shifted(box: Box, left: int, up: int) -> Box:
    return box[0] - left, box[1] - up, box[2] - left, box[3] - up


def _draw_number(draw: ImageDraw.ImageDraw, column: int, number: int, size: int,
                 theme: Theme, left: int = 0, up: int = 0) -> None:
    """Number ``column`` at ``size`` in its box, ``left`` pixels further left and ``up``
    pixels higher (drawn into a part)."""
    left, top, right, bottom = _shifted(number_box(column), left, up)
    draw.text(((left + right) / 2, (top + bottom) / 2), number_text(number), font=font(size),
              fill=theme.title_text, anchor="mm")


def _draw_bar(draw: ImageDraw.ImageDraw, attempt: int, count: int, maximum: int, lit: bool,
              theme: Theme, left: int = 0, up: int = 0) -> None:
    """The bar of ``attempt`` with its count, ``left`` pixels further left and ``up`` pixels
    higher (drawn into a part)."""
    left, top, right, bottom = _shifted(bar_box(attempt, count, maximum), left, up)
    draw.rectangle((left, top, right - 1, bottom - 1), fill=theme.green if lit else theme.grey)
    draw.text((right - 6, (top + bottom) / 2), number_text(count), font=font(COUNT_SIZE),
              fill=theme.tile_text, anchor="rm")


def stats_image(stats: StatsView, *, highlight: int | None = None, theme: str = "light",
                variant: Variant = CLASSIC, texts: Texts = ENGLISH) -> Image.Image:
    """The statistics picture as an RGB image, drawn the slow way in one piece (see the module
    docstring); :func:`stats_png` must give the same picture (the pixel test in tests/render).

    ``highlight`` is the attempt count of the game just won (its bar is green), or ``None``;
    there is a bar for each attempt of ``variant``, and the title names its game, in the
    language of ``texts``. Malformed numbers raise ``ValueError``; an unknown theme raises
    ``KeyError``.
    """
    colours: Theme = THEMES[theme]
    numbers, counts = _numbers(stats, variant)
    image = _skeleton(theme, len(counts), picture_words(texts, variant)).copy()
    draw = ImageDraw.Draw(image)
    size = number_size(numbers)
    for column, number in enumerate(numbers):
        _draw_number(draw, column, number, size, colours)
    maximum = max(counts, default=0)
    for attempt, count in enumerate(counts, start=1):
        _draw_bar(draw, attempt, count, maximum, attempt == highlight, colours)
    return image


# --------------------------------------------------------------------------------------------
# The fast picture: bands drawn once, joined (as the board's, see bot.render.png)
#
# Top to bottom: the title; the numbers; the labels and heading; then each bar's row and the
# gap below it. The parts pasted into them (a number, a bar's end with its count) are drawn
# once each, shifted by whole pixels only, so their text lands on the pixels it has in the
# whole picture.


def _indices(theme: str, picture: Image.Image) -> np.ndarray:
    return nearest_indices(THEMES[theme], np.asarray(picture))


@lru_cache(maxsize=512)
def _still_part(theme: str, rows: int, top: int, bottom: int,
                words: PictureWords = ENGLISH_WORDS) -> np.ndarray:
    """Rows ``top`` to ``bottom`` of the skeleton: what every picture of the theme, language
    and game has there."""
    may_draw()
    return _indices(theme, _skeleton(theme, rows, words).crop((0, top, WIDTH, bottom)))


@lru_cache(maxsize=1024)
def _number_part(theme: str, number: int, size: int) -> np.ndarray:
    """A number at ``size`` in a box of a number's size (every column is as wide, so the
    number lands on the same pixels in any of them)."""
    may_draw()
    left, top, right, bottom = number_box(0)
    box = Image.new("RGB", (right - left, bottom - top), THEMES[theme].background)
    _draw_number(ImageDraw.Draw(box), 0, number, size, THEMES[theme], left=left, up=top)
    return _indices(theme, box)


@lru_cache(maxsize=1024)
def _count_part(theme: str, count: int, lit: bool) -> np.ndarray:
    """The right end of a bar with its count, as wide as the narrowest bar for that count."""
    may_draw()
    width = bar_width(count, 0)
    end = Image.new("RGB", (width, BAR_HEIGHT), (0, 0, 0))
    _draw_bar(ImageDraw.Draw(end), 1, count, 0, lit, THEMES[theme], left=BAR_LEFT,
              up=BARS_TOP)
    return _indices(theme, end)


def _band(pixels: np.ndarray) -> Band:
    return deflate_band(pixels, PNG_LEVEL)


@lru_cache(maxsize=512)
def _still_band(theme: str, rows: int, top: int, bottom: int,
                words: PictureWords = ENGLISH_WORDS) -> Band:
    return _band(_still_part(theme, rows, top, bottom, words))


@lru_cache(maxsize=2048)
def _numbers_band(theme: str, numbers: tuple[int, int, int, int]) -> Band:
    pixels = np.zeros((NUMBER_HEIGHT, WIDTH), dtype=np.uint8)  # 0 is the background
    size = number_size(numbers)
    for column, number in enumerate(numbers):
        left, _, right, _ = number_box(column)
        pixels[:, left:right] = _number_part(theme, number, size)
    return _band(pixels)


@lru_cache(maxsize=4096)
def _bar_band(theme: str, rows: int, attempt: int, count: int, maximum: int, lit: bool
              ) -> Band:
    top = _bar_top(attempt)
    pixels = _still_part(theme, rows, top, top + BAR_HEIGHT).copy()  # the attempt's digit
    left, _, right, _ = bar_box(attempt, count, maximum)
    end = _count_part(theme, count, lit)
    pixels[:, left:right - end.shape[1]] = end[0, 0]  # the bar's colour
    pixels[:, right - end.shape[1]:right] = end
    return _band(pixels)


def _bands(theme: str, numbers: tuple[int, int, int, int], counts: tuple[int, ...],
           highlight: int | None, words: PictureWords = ENGLISH_WORDS) -> list[Band]:
    rows = len(counts)
    labels_top = NUMBERS_TOP + NUMBER_HEIGHT
    bands = [_still_band(theme, rows, 0, NUMBERS_TOP, words), _numbers_band(theme, numbers),
             _still_band(theme, rows, labels_top, BARS_TOP, words)]
    maximum = max(counts)
    for attempt, count in enumerate(counts, start=1):
        top = _bar_top(attempt)
        bands.append(_bar_band(theme, rows, attempt, count, maximum, attempt == highlight))
        below = BAR_GAP if attempt < rows else PADDING
        bands.append(_still_band(theme, rows, top + BAR_HEIGHT, top + BAR_HEIGHT + below))
    return bands


def stats_png(stats: StatsView, *, highlight: int | None = None, theme: str = "light",
              variant: Variant = CLASSIC, texts: Texts = ENGLISH) -> bytes:
    """The statistics picture as a palette PNG joined from cached bands: the picture
    :func:`stats_image` draws, except that the edges of letters take the nearest colour of
    the theme's palette (at most ``PALETTE_TOLERANCE`` levels off)."""
    colours = THEMES[theme]  # an unknown theme raises KeyError, as stats_image does
    numbers, counts = _numbers(stats, variant)
    words = picture_words(texts, variant)
    return palette_png(WIDTH, palette(colours).tobytes(),
                       _bands(theme, numbers, counts, highlight, words))


def draw_common_parts(theme: str, up_to: int = 100, variant: Variant = CLASSIC) -> None:
    """Draw now the parts most pictures need: the still bands of a bar for each attempt of
    ``variant``, and every number and bar count from 0 to ``up_to``, so that the statistics of
    most players are joined from cached parts on the event loop rather than drawn in a
    thread."""
    _bands(theme, (0, 0, 0, 0), (0,) * variant.attempts, None)
    for number in range(up_to + 1):
        _number_part(theme, number, _fitting_size(number_text(number)))
        for lit in (False, True):
            _count_part(theme, number, lit)


async def stats_png_async(stats: StatsView, *, highlight: int | None = None,
                          theme: str = "light", variant: Variant = CLASSIC,
                          texts: Texts = ENGLISH) -> bytes:
    """:func:`stats_png` without blocking the event loop: at once when every band was drawn
    before, else in a worker thread (:func:`bot.render.png.cached_or_in_thread`)."""
    return await cached_or_in_thread(stats_png, stats, highlight=highlight, theme=theme,
                                     variant=variant, texts=texts)
