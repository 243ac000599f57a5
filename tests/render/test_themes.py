"""The four looks of the pictures (light, dark, and each in high contrast) checked pixel by pixel
against the real game's colours, the fast pictures against the slow drawing, the statistics
picture in each look, and emoji text recoloured for high contrast."""

from __future__ import annotations

import asyncio
import io

import numpy as np
import pytest
from PIL import Image

from bot.core.stats import Stats
from bot.core.variant import CLASSIC
from bot.render import image
from bot.render.common import QWERTY_ROWS
from bot.render.emoji_board import game_text
from bot.render.message_parts import recolour
from bot.render.png import cached_only
from bot.render.stats_image import bar_box, stats_image
from bot.render.themes import THEMES, theme_name

ORANGE = (0xF5, 0x79, 0x3A)
BLUE = (0x85, 0xC0, 0xF9)
#: theme -> (background, right place, wrong place, not in the word, empty tile border, key)
EXPECTED = {
    "light": ((255, 255, 255), (0x6A, 0xAA, 0x64), (0xC9, 0xB4, 0x58), (0x78, 0x7C, 0x7E),
              (0xD3, 0xD6, 0xDA), (0xD3, 0xD6, 0xDA)),
    "dark": ((0x12, 0x12, 0x13), (0x53, 0x8D, 0x4E), (0xB5, 0x9F, 0x3B), (0x3A, 0x3A, 0x3C),
             (0x3A, 0x3A, 0x3C), (0x81, 0x83, 0x84)),
    "light-contrast": ((255, 255, 255), ORANGE, BLUE, (0x78, 0x7C, 0x7E), (0xD3, 0xD6, 0xDA),
                       (0xD3, 0xD6, 0xDA)),
    "dark-contrast": ((0x12, 0x12, 0x13), ORANGE, BLUE, (0x3A, 0x3A, 0x3C), (0x3A, 0x3A, 0x3C),
                      (0x81, 0x83, 0x84)),
}
ROWS = [("slate", "BYBBY"), ("crane", "BBGYG")]


def rgb(data: bytes) -> Image.Image:
    picture = Image.open(io.BytesIO(data))
    picture.load()
    return picture.convert("RGB")


def test_theme_names_from_preferences():
    assert theme_name() == "light"
    assert theme_name(dark=True) == "dark"
    assert theme_name(high_contrast=True) == "light-contrast"
    assert theme_name(dark=True, high_contrast=True) == "dark-contrast"
    assert set(THEMES) == set(EXPECTED)


@pytest.mark.parametrize("theme", list(EXPECTED))
def test_tiles_keys_and_background_take_the_theme_colours(theme: str):
    background, right, elsewhere, absent, border, key = EXPECTED[theme]
    picture = rgb(image.board_png(ROWS, theme=theme))
    colour = {"G": right, "Y": elsewhere, "B": absent}
    for r, (_, feedback) in enumerate(ROWS):
        for c, state in enumerate(feedback):
            left, top, _, _ = image.tile_box(r, c)
            # a corner of the tile, away from its letter, and the whole top line of the tile
            assert picture.getpixel((left + 3, top + 3)) == colour[state], (theme, r, c)
            assert {picture.getpixel((x, top)) for x in range(left, left + image.TILE)} == {
                colour[state]}
    # an empty tile: its border, and the background inside it and around the board
    left, top, _, _ = image.tile_box(2, 0)
    assert picture.getpixel((left, top + 20)) == border
    assert picture.getpixel((left + 20, top + 20)) == background
    assert picture.getpixel((2, 2)) == background
    # keys: played letters in their best state, unplayed ones the key colour
    for letter, expected in (("c", absent), ("a", right), ("n", elsewhere), ("l", elsewhere),
                             ("e", right), ("q", key)):
        box = image.key_box(letter)
        assert picture.getpixel((box[0] + 3, (box[1] + box[3]) // 2)) == expected, letter
    # the letters are white on every played tile (the middle of the T's bar, row 1 column 4)
    left, top, right_edge, bottom = image.tile_box(0, 3)
    letter_pixels = {picture.getpixel((x, y)) for x in range(left + 20, right_edge - 20)
                     for y in range(top + 15, bottom - 15)}
    assert (255, 255, 255) in letter_pixels


def test_high_contrast_has_no_green_or_yellow_and_the_plain_looks_no_orange_or_blue():
    rows = [("abcde", "GYBGY"), ("fghij", "YBGYB")]
    for theme, banned in (("light-contrast", EXPECTED["light"][1:3]),
                          ("dark-contrast", EXPECTED["dark"][1:3]),
                          ("light", (ORANGE, BLUE)), ("dark", (ORANGE, BLUE))):
        colours = {c for _, c in rgb(image.board_png(rows, hard_mode=True, title="Wordle 9",
                                                     theme=theme)).getcolors(1 << 16)}
        assert not colours & set(banned), theme
        wanted = (ORANGE, BLUE) if "contrast" in theme else EXPECTED[theme][1:3]
        assert set(wanted) <= colours, theme


@pytest.mark.parametrize("theme", ["light-contrast", "dark-contrast"])
def test_fast_picture_matches_the_slow_drawing(theme: str):
    rows = [("abcde", "GYBGY"), ("fghij", "YBGYB"), ("klmno", "BGYBG"), ("pqrst", "GGYYB")]
    board = image._check(rows, None, CLASSIC, QWERTY_ROWS, True, "Wordle 1,234 · 4/6", theme)
    slow = np.asarray(image._reference_image(board)).astype(int)
    fast = np.asarray(rgb(image.board_png(rows, hard_mode=True, title="Wordle 1,234 · 4/6",
                                          theme=theme))).astype(int)
    assert fast.shape == slow.shape
    assert np.abs(fast - slow).max() <= image.PALETTE_TOLERANCE


def test_parts_are_cached_per_theme_and_the_fast_path_serves_each_theme():
    rows = [("zesty", "GBYBG")]
    pictures = {theme: image.board_png(rows, theme=theme) for theme in EXPECTED}
    assert len(set(pictures.values())) == 4  # four looks, four different pictures
    cached = {key[1] for key in image._PARTS if key[2] == "Z" and key[3] == "G"}
    assert set(EXPECTED) <= cached
    for theme, data in pictures.items():
        # drawn before: the async path pastes cached parts on the event loop (no thread)
        with cached_only():
            assert image.board_png(rows, theme=theme) == data
        assert asyncio.run(image.board_png_async(rows, theme=theme)) == data


@pytest.mark.parametrize("theme", list(EXPECTED))
def test_statistics_picture_follows_the_theme(theme: str):
    background, right, _, absent, _, _ = EXPECTED[theme]
    stats = Stats(played=9, wins=8, win_percent=89, current_streak=3, max_streak=5,
                  distribution=(0, 1, 4, 2, 1, 0))
    picture = stats_image(stats, highlight=3, theme=theme).convert("RGB")
    assert picture.getpixel((2, 2)) == background
    for attempt, count in enumerate(stats.distribution, start=1):
        left, top, _, _ = bar_box(attempt, count, 4)
        expected = right if attempt == 3 else absent
        assert picture.getpixel((left + 2, top + 2)) == expected, (theme, attempt)


def test_recolour_emoji_text():
    board = game_text([("crane", "GYBBB")], {"c": "G", "r": "Y", "a": "B"})
    assert "🟩" in board and "🟨" in board
    contrast = recolour(board, True)
    assert "🟩" not in contrast and "🟨" not in contrast
    assert contrast.count("🟧") == board.count("🟩")
    assert contrast.count("🟦") == board.count("🟨")
    assert contrast.count("⬛") == board.count("⬛")
    assert contrast.replace("🟧", "🟩").replace("🟦", "🟨") == board
    assert recolour(board, False) == board
    assert recolour("Wordle 1 3/6\n\n⬛🟨⬛⬛⬛\n🟩🟩🟩🟩🟩", True) == (
        "Wordle 1 3/6\n\n⬛🟦⬛⬛⬛\n🟧🟧🟧🟧🟧")
