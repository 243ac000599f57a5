"""The statistics picture, checked pixel by pixel against the numbers: each bar's length is its
count over the largest count times the full width (never below the minimum), the bar of the
game just won is the theme's green and the others its grey, and nothing is drawn past a bar's
end. The geometry is recomputed here from the stated layout, not read back from the module."""

from __future__ import annotations

import asyncio
import io
from collections import Counter

import numpy as np
import pytest
from PIL import Image

from bot.core.stats import Stats
from bot.core.variant import CLASSIC, Variant
from bot.render import stats_image as pic
from bot.render.themes import DARK, LIGHT, PALETTE_TOLERANCE, THEMES

FULL = 420 - 20 - (20 + 16 + 6)  # width minus right padding minus the attempt-digit column
SMALLEST = 24


def expected_width(count: int, maximum: int) -> int:
    """In proportion, but at least 24 px and at least 10 px per character of the count as
    written (1,000) + 12."""
    proportional = round(count * FULL / maximum) if maximum else 0
    return max(SMALLEST, 10 * len(f"{count:,}") + 12, proportional)


def stats(distribution: tuple[int, int, int, int, int, int], **kw: int) -> Stats:
    wins = sum(distribution)
    played = kw.pop("played", wins)
    return Stats(played=played, wins=wins, win_percent=round(100 * wins / played) if played
                 else 0, current_streak=kw.pop("current", 0), max_streak=kw.pop("best", 0),
                 distribution=distribution)


def run_length(image: Image.Image, y: int, colour: tuple[int, int, int]) -> tuple[int, int]:
    """First x with ``colour`` on row ``y`` from the bar column, and how many pixels in a row
    have it (letters inside the bar interrupt it, so: up to the last pixel of the colour)."""
    rgb = image.convert("RGB")
    xs = [x for x in range(image.width) if rgb.getpixel((x, y)) == colour]
    assert xs, f"no {colour} on row {y}"
    return xs[0], xs[-1] - xs[0] + 1


@pytest.mark.parametrize("theme,colours", [("light", LIGHT), ("dark", DARK)])
def test_bars_follow_the_numbers_and_the_win_is_lit(theme: str, colours) -> None:
    distribution = (1, 3, 10, 4, 0, 2)
    image = pic.stats_image(stats(distribution, played=22), highlight=3, theme=theme)
    assert image.size == (420, 172 + 6 * 22 + 5 * 6 + 20)
    for attempt, count in enumerate(distribution, start=1):
        top = 172 + (attempt - 1) * (22 + 6)
        y = top + 3  # above the count's letters
        colour = colours.green if attempt == 3 else colours.grey
        left, length = run_length(image, y, colour)
        expected = expected_width(count, 10)
        assert (left, length) == (42, expected), (attempt, count)
        # the bar is a solid block: top and bottom rows too, background right after it
        rgb = image.convert("RGB")
        assert rgb.getpixel((left + 1, top)) == colour
        assert rgb.getpixel((left + 1, top + 21)) == colour
        assert rgb.getpixel((left + 1, top + 22)) == colours.background
        assert rgb.getpixel((left + expected, y)) == colours.background
        # only the lit bar is green
        if attempt != 3:
            assert colours.green not in {rgb.getpixel((x, y)) for x in range(420)}
    # the full-width bar (10 wins) is the longest possible: it ends at the right padding
    assert 42 + FULL == 420 - 20


def test_big_counts_keep_room_for_their_digits() -> None:
    distribution = (100, 1000, 1, 0, 0, 0)
    image = pic.stats_image(stats(distribution), highlight=2)
    for attempt, count in enumerate(distribution, start=1):
        y = 172 + (attempt - 1) * 28 + 3
        colour = LIGHT.green if attempt == 2 else LIGHT.grey
        assert run_length(image, y, colour) == (42, expected_width(count, 1000))
    assert expected_width(100, 1000) == 42 and expected_width(1000, 1000) == FULL


def test_no_highlight_and_no_games() -> None:
    image = pic.stats_image(stats((0, 0, 0, 0, 0, 0)), theme="light").convert("RGB")
    for attempt in range(1, 7):
        y = 172 + (attempt - 1) * 28 + 3
        left, length = run_length(image, y, LIGHT.grey)
        assert (left, length) == (42, SMALLEST)
    colours = {image.getpixel((x, y)) for x in range(image.width) for y in range(image.height)}
    assert LIGHT.green not in colours


def test_a_bar_for_each_attempt_of_the_variant() -> None:
    """Seven attempts, seven bars: the picture grows by one bar's row, and an attempt the
    distribution has no count for gets the narrowest bar, as a count of 0 does."""
    image = pic.stats_image(stats((1, 3, 10, 4, 0, 2), played=22), highlight=3,
                            variant=SEVEN).convert("RGB")
    assert image.size == (420, 172 + 7 * 22 + 6 * 6 + 20) == (420, pic.image_height(7))
    for attempt, count in enumerate((1, 3, 10, 4, 0, 2, 0), start=1):
        y = 172 + (attempt - 1) * 28 + 3
        colour = LIGHT.green if attempt == 3 else LIGHT.grey
        assert run_length(image, y, colour) == (42, expected_width(count, 10)), attempt
    assert pic.stats_image(Stats(played=0, wins=0, distribution=())).size == (420, 354)
    with pytest.raises(ValueError, match="variant"):
        pic.stats_image(Stats(played=0, wins=0), variant=7)  # type: ignore[arg-type]


def test_numbers_are_drawn_in_their_columns() -> None:
    """Each number's box has ink, and a different number changes only its own box."""
    one = pic.stats_image(stats((0, 1, 0, 0, 0, 0), current=1, best=1)).convert("RGB")
    other = pic.stats_image(stats((0, 1, 0, 0, 0, 0), current=7, best=1)).convert("RGB")
    for column in range(4):
        box = pic.number_box(column)
        assert box == (20 + column * 95, 48, 20 + (column + 1) * 95, 88)
        ink = [one.getpixel((x, y)) for x in range(box[0], box[2])
               for y in range(box[1], box[3])]
        assert LIGHT.title_text in ink
        changed = any(one.getpixel((x, y)) != other.getpixel((x, y))
                      for x in range(box[0], box[2]) for y in range(box[1], box[3]))
        assert changed == (column == 2)


def ink(picture: Image.Image, box: tuple[int, int, int, int]) -> np.ndarray:
    """Where ``box`` of ``picture`` has ink: any colour but the one of its top left corner
    (the background, or a bar's fill)."""
    pixels = np.asarray(picture.convert("RGB").crop(box)).astype(int)
    return np.abs(pixels - pixels[0, 0]).max(axis=2) > 0


def digit_rows(mask: np.ndarray) -> tuple[int, int]:
    """The top row of the ink and the digits' baseline: the bottom row most columns with ink
    end on (a comma's few columns end lower)."""
    columns = np.flatnonzero(mask.any(axis=0))
    bottoms = [int(np.flatnonzero(mask[:, x])[-1]) for x in columns]
    top = int(np.flatnonzero(mask.any(axis=1))[0])
    return top, Counter(bottoms).most_common(1)[0][0]


@pytest.mark.parametrize("played", [12_345, 1_234_567])
@pytest.mark.parametrize("theme", sorted(THEMES))
def test_the_numbers_share_one_size_and_separate_thousands(played: int, theme: str) -> None:
    """All four numbers are drawn at the same size (shrunk together when one is too wide for
    its column), and a count from 1,000 on has its thousands separated by commas."""
    numbers = Stats(played=played, wins=played, win_percent=100, current_streak=1,
                    max_streak=17, distribution=(0, 0, played, 0, 0, 0))
    picture = pic.stats_image(numbers, theme=theme)
    rows = []
    for column in range(4):
        box = pic.number_box(column)
        mask = ink(picture, box)
        xs = np.flatnonzero(mask.any(axis=0))
        assert xs[0] >= 2 and xs[-1] <= box[2] - box[0] - 3  # clear of the next column
        rows.append((mask, *digit_rows(mask)))
    # the digits' tops and baselines are level: the same size in every column
    levels = [(top, baseline) for _, top, baseline in rows]
    assert len(set(levels)) == 1, levels
    # a comma reaches below the digits' baseline: in the count of games, nowhere else
    for column, (mask, _, baseline) in enumerate(rows):
        assert mask[baseline + 2:].any() == (column == 0), column
    # and in the count inside the bar
    left, top, right, bottom = pic.bar_box(3, played, played)
    mask = ink(picture, (left + 1, top, right - 1, bottom))
    assert mask[digit_rows(mask)[1] + 2:].any()


def test_one_wide_number_shrinks_all_four() -> None:
    """The win % is drawn at the full size next to a count of games that fits its column,
    and smaller, with it, next to one that does not."""
    def win_percent_height(played: int) -> int:
        numbers = Stats(played=played, wins=1, win_percent=100, current_streak=1, max_streak=1,
                        distribution=(1, 0, 0, 0, 0, 0))
        picture = pic.stats_image(numbers)
        top, baseline = digit_rows(ink(picture, pic.number_box(1)))
        return baseline - top

    assert win_percent_height(1) == win_percent_height(999) > win_percent_height(12_345)


def test_png_async_and_bad_numbers() -> None:
    data = asyncio.run(pic.stats_png_async(stats((0, 0, 1, 0, 0, 0)), highlight=3))
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG" and image.size == (420, 354)
    with pytest.raises(ValueError, match="distribution"):
        pic.stats_image(Stats(played=1, wins=1, distribution=(0, -1, 0, 0, 0, 0)))


# -- the fast picture (bands joined from cached parts) ---------------------------------------

SEVEN = Variant(attempts=7)
SHAPES = [
    (stats((0, 0, 0, 0, 0, 0)), CLASSIC),  # no games yet
    (stats((0, 1, 0, 0, 0, 0), played=2), CLASSIC),
    (stats((1, 3, 12, 15, 6, 2), played=41, current=7, best=12), CLASSIC),
    (stats((0, 0, 4567, 130, 17, 99999), played=123456, current=98765, best=1234567), CLASSIC),
    (Stats(played=0, wins=0, distribution=()), CLASSIC),  # no counts: a bar of 0 each
    (Stats(played=9, wins=9, distribution=(1, 2, 3, 0, 0, 2, 1)), SEVEN),
    (stats((1, 3, 12, 15, 6, 2), played=41), SEVEN),  # the seventh count is 0
]


def decoded(data: bytes) -> np.ndarray:
    picture = Image.open(io.BytesIO(data))
    assert picture.format == "PNG" and picture.mode == "P"
    return np.asarray(picture.convert("RGB")).astype(int)


@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("shape", range(len(SHAPES)))
@pytest.mark.parametrize("highlight", [None, 3])
def test_the_fast_picture_is_the_slow_one(theme: str, shape: int, highlight: int | None):
    """Pixel by pixel against the picture drawn in one piece: letters' edges may take the
    nearest palette colour (at most PALETTE_TOLERANCE levels off), nothing else differs."""
    numbers, variant = SHAPES[shape]
    slow = np.asarray(pic.stats_image(numbers, highlight=highlight, theme=theme,
                                      variant=variant)).astype(int)
    fast = decoded(pic.stats_png(numbers, highlight=highlight, theme=theme, variant=variant))
    assert fast.shape == slow.shape
    assert np.abs(fast - slow).max() <= PALETTE_TOLERANCE
    # and exactly the same wherever the slow picture has one of the theme's flat colours
    # (backgrounds, bars, the middle of letters): only letters' edges may differ at all
    flat = np.zeros(slow.shape[:2], dtype=bool)
    for colour in THEMES[theme].solids():
        flat |= (slow == colour).all(axis=2)
    assert flat.mean() > 0.9
    assert (fast[flat] == slow[flat]).all()


@pytest.mark.parametrize("shape", range(len(SHAPES)))
def test_the_fast_picture_is_no_larger_than_an_rgb_png(shape: int):
    numbers, variant = SHAPES[shape]
    rgb = io.BytesIO()
    pic.stats_image(numbers, highlight=2, variant=variant).save(rgb, format="PNG",
                                                                compress_level=3)
    assert len(pic.stats_png(numbers, highlight=2, variant=variant)) <= len(rgb.getvalue())


async def test_the_picture_skips_the_thread_once_its_parts_are_drawn(threads):
    for cache in (pic._number_part, pic._count_part, pic._still_part, pic._still_band,
                  pic._numbers_band, pic._bar_band):
        cache.cache_clear()
    numbers = stats((0, 2, 5, 3, 1, 0), played=12, current=3, best=5)
    first = await pic.stats_png_async(numbers, highlight=3, theme="dark")
    assert len(threads) == 1  # new parts: drawn in a worker thread
    assert await pic.stats_png_async(numbers, highlight=3, theme="dark") == first
    assert len(threads) == 1  # every part known: joined at once
    pic.draw_common_parts("dark")
    other = stats((1, 0, 7, 2, 0, 4), played=19, current=0, best=9)  # all numbers <= 100
    assert await pic.stats_png_async(other, theme="dark") == pic.stats_png(other, theme="dark")
    assert len(threads) == 1  # its numbers and counts were drawn ahead
    big = stats((0, 0, 0, 0, 0, 0), played=4321)
    await pic.stats_png_async(big, theme="dark")
    assert len(threads) == 2  # a number never drawn: a thread again
