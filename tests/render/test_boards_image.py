"""The picture of several boards: sizes, solved boards dimmed, each key part's colour."""

from __future__ import annotations

import io
from collections import Counter

import numpy as np
import pytest
from PIL import Image

from bot.core.variant import Variant
from bot.render import boards_image
from bot.render.boards import check_boards
from bot.render.boards_geometry import DORDLE_SIZES, OCTORDLE_SIZES, QUORDLE_SIZES, geometry
from bot.render.boards_image import boards_png, boards_png_async, caption_text, dim, picture_size
from bot.render.common import ENGLISH, QWERTY_ROWS, texts_for
from bot.render.draw import HEADER_HEIGHT, KEY_ROW_GAP, PADDING, SECTION_GAP
from bot.render.themes import CONTRAST_RIGHT, DARK, LIGHT, THEMES
from tests.render.several_boards import (
    DORDLE,
    OCTORDLE,
    OCTORDLE_ANSWERS,
    OCTORDLE_GUESSES,
    QUORDLE,
    QUORDLE_ANSWERS,
    QUORDLE_GUESSES,
    longest_octordle,
    play,
)

RUSSIAN = "абвгдежзийклмнопрстуфхцчшщъыьэюя"
RUSSIAN_KEYS = ("йцукенгшщзхъ", "фывапролджэ", "ячсмитьбю")


def open_png(data: bytes) -> Image.Image:
    picture = Image.open(io.BytesIO(data))
    picture.load()
    assert picture.format == "PNG"
    assert picture.mode == "P"  # a palette picture: small
    return picture.convert("RGB")


def most_common(picture: Image.Image, box: tuple[int, int, int, int]) -> tuple[int, ...]:
    pixels = np.asarray(picture.crop(box)).reshape(-1, 3)
    return Counter(map(tuple, pixels.tolist())).most_common(1)[0][0]


def centre_left(box: tuple[int, int, int, int]) -> tuple[int, int]:
    """A point inside a tile clear of its letter."""
    return box[0] + 5, (box[1] + box[3]) // 2


def test_documented_sizes():
    # Dordle: 2 boards of 5 tiles of 48 px with 5 px gaps (260 px), 24 px apart: 544 px,
    # wider than the keyboard's 10 keys of 48 px with 6 px gaps (534 px).
    assert picture_size(DORDLE) == (544 + 2 * PADDING, 640)
    height = (PADDING + DORDLE_SIZES.caption + 7 * 53 - 5 + SECTION_GAP
              + 3 * DORDLE_SIZES.key_height + 2 * KEY_ROW_GAP + PADDING)
    assert height == 640
    # Quordle: 2x2 boards of 9 rows of 40 px; the keyboard (10 x 46 + 9 x 5) is the widest.
    assert picture_size(QUORDLE) == (505 + 2 * PADDING, 1108)
    height = (PADDING + 2 * (QUORDLE_SIZES.caption + 9 * 44 - 4) + QUORDLE_SIZES.grid_gap
              + SECTION_GAP + 3 * QUORDLE_SIZES.key_height + 2 * KEY_ROW_GAP + PADDING)
    assert height == 1108
    # Octordle: 4x2 boards of 13 rows of 34 px; 4 x 182 + 3 x 20 = 788 px.
    assert picture_size(OCTORDLE) == (788 + 2 * PADDING, 1286)
    assert OCTORDLE_SIZES.tile == 34
    for variant in (DORDLE, QUORDLE, OCTORDLE):
        width, height = picture_size(variant)
        assert picture_size(variant, header=True) == (width, height + HEADER_HEIGHT)
        feedback = [[] for _ in range(variant.boards)]
        assert open_png(boards_png([], feedback, variant)).size == (width, height)
        assert open_png(boards_png([], feedback, variant, title="Daily")).size == (
            width, height + HEADER_HEIGHT)


def test_an_octordle_stays_about_a_phone_screen_wide():
    # Discord shows a picture at most the screen's width: the more boards, the smaller the
    # tiles, so that an Octordle of 5 letters is no wider than Dordle's tiles would make it.
    assert picture_size(OCTORDLE)[0] < 900
    assert picture_size(Variant(length=7, attempts=13, boards=8))[0] < 1200


def test_the_largest_picture_is_small():
    guesses, _ = longest_octordle(RUSSIAN)
    feedback = [[("GYB" * 9)[r + b:r + b + 7] for r in range(13)] for b in range(8)]
    variant = Variant(length=7, attempts=13, boards=8, alphabet=RUSSIAN)
    data = boards_png(guesses, feedback, variant, layout=RUSSIAN_KEYS, theme="dark",
                      title="Octordle", hard_mode=True)
    assert open_png(data).size == picture_size(variant, RUSSIAN_KEYS, header=True)
    assert len(data) < 150_000  # Discord takes 10 MB; a board is sent after every guess


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_a_solved_board_is_dimmed_but_the_guess_that_solved_it_is_not(theme):
    colours = THEMES[theme]
    feedback = play(QUORDLE_ANSWERS, QUORDLE_GUESSES)
    picture = open_png(boards_png(QUORDLE_GUESSES, feedback, QUORDLE, theme=theme))
    place = geometry(QUORDLE, QWERTY_ROWS, False)
    # Board 1 was solved by guess 2: its first row (SLATE, BBGBG) is faded, the second not.
    assert picture.getpixel(centre_left(place.tile_box(0, 0, 0))) == dim(
        colours.grey, colours.background)
    assert picture.getpixel(centre_left(place.tile_box(0, 0, 2))) == dim(
        colours.green, colours.background)
    assert picture.getpixel(centre_left(place.tile_box(0, 1, 0))) == colours.green
    # Board 4 is open: its first row is at full colour.
    assert picture.getpixel(centre_left(place.tile_box(3, 0, 0))) == colours.grey
    assert dim(colours.grey, colours.background) != colours.grey


def test_a_solved_boards_empty_rows_are_faded_too():
    feedback = play(QUORDLE_ANSWERS, QUORDLE_GUESSES)
    picture = open_png(boards_png(QUORDLE_GUESSES, feedback, QUORDLE))
    place = geometry(QUORDLE, QWERTY_ROWS, False)
    solved = place.tile_box(0, 5, 0)  # board 1, after its solve
    open_ = place.tile_box(3, 8, 0)  # board 4, not yet played
    assert picture.getpixel((solved[0], solved[1] + 10)) == dim(LIGHT.empty_border,
                                                                LIGHT.background)
    assert picture.getpixel((open_[0], open_[1] + 10)) == LIGHT.empty_border


def open_game(variant: Variant) -> tuple[list[str], list[list[str]]]:
    answers = ["crane", "moist", "plumb", "fjord", "wacky", "given", "sheep", "tribe"]
    guesses = ["adieu", "story", "clamp"]
    return guesses, play(answers[:variant.boards], guesses)


@pytest.mark.parametrize("variant", [DORDLE, QUORDLE, OCTORDLE], ids=["2", "4", "8"])
@pytest.mark.parametrize("theme", ["light", "dark-contrast"])
def test_each_key_part_has_its_boards_colour(variant, theme):
    colours = THEMES[theme]
    guesses, feedback = open_game(variant)
    boards = check_boards(guesses, feedback, variant)
    picture = open_png(boards_png(guesses, feedback, variant, theme=theme))
    place = geometry(variant, QWERTY_ROWS, False)
    seen = set()
    for letter in "abcdeilmoprstuyz":
        for board in range(variant.boards):
            state = boards.keyboards[board].get(letter)
            want = colours.key if state is None else colours.state(state)
            assert most_common(picture, place.key_part_box(letter, board)) == want, (
                letter, board)
            seen.add(state)
    assert seen == {None, "G", "Y", "B"}


def test_key_parts_follow_the_board_layout():
    place = geometry(OCTORDLE, QWERTY_ROWS, False)
    key = place.key_box("q")
    parts = [place.key_part_box("q", b) for b in range(8)]
    assert parts[0][:2] == key[:2] and parts[7][2:] == key[2:]
    assert parts[3][0] > parts[2][0] and parts[3][1] == key[1]  # board 4: top right
    assert parts[4][0] == key[0] and parts[4][1] > key[1]  # board 5: bottom left
    place = geometry(DORDLE, QWERTY_ROWS, False)
    left, right = (place.key_part_box("q", b) for b in range(2))
    assert left[3] == right[3] == place.key_box("q")[3] and left[2] == right[0]


def test_a_solved_boards_part_of_a_key_is_blank():
    feedback = play(QUORDLE_ANSWERS, QUORDLE_GUESSES)
    picture = open_png(boards_png(QUORDLE_GUESSES, feedback, QUORDLE))
    place = geometry(QUORDLE, QWERTY_ROWS, False)
    # C is green on board 1 (solved by CRANE) and grey on board 4 (open)
    assert most_common(picture, place.key_part_box("c", 0)) == LIGHT.key
    assert most_common(picture, place.key_part_box("c", 3)) == LIGHT.grey


def test_a_keys_letter_is_dark_on_a_blank_part_and_white_on_colours_only():
    guesses, feedback = open_game(QUORDLE)
    picture = open_png(boards_png(guesses, feedback, QUORDLE))
    place = geometry(QUORDLE, QWERTY_ROWS, False)
    all_played = {picture.getpixel((x, y)) for x, y in box_pixels(place.key_box("a"))}
    some_blank = {picture.getpixel((x, y)) for x, y in box_pixels(place.key_box("q"))}
    assert LIGHT.tile_text in all_played and LIGHT.key_text not in all_played
    assert LIGHT.key_text in some_blank and LIGHT.tile_text not in some_blank


def box_pixels(box: tuple[int, int, int, int]) -> list[tuple[int, int]]:
    """The pixels of a key inside its rounded corners."""
    return [(x, y) for x in range(box[0] + 3, box[2] - 3) for y in range(box[1] + 3, box[3] - 3)]


def test_themes_colour_the_tiles():
    feedback = play(QUORDLE_ANSWERS, QUORDLE_GUESSES)
    place = geometry(QUORDLE, QWERTY_ROWS, False)
    for theme, green, background in [("dark", DARK.green, DARK.background),
                                     ("light-contrast", CONTRAST_RIGHT, LIGHT.background),
                                     ("dark-contrast", CONTRAST_RIGHT, DARK.background)]:
        picture = open_png(boards_png(QUORDLE_GUESSES, feedback, QUORDLE, theme=theme))
        assert picture.getpixel((1, 1)) == background
        assert picture.getpixel(centre_left(place.tile_box(0, 1, 0))) == green


def test_captions_say_which_board_and_the_guess_that_solved_it():
    wide = 1000
    assert caption_text(0, None, False, wide, 14) == "Board 1"
    assert caption_text(2, 6, False, wide, 14) == "Board 3 · solved in 6"
    assert caption_text(3, None, True, wide, 14) == "Board 4 · not solved"
    assert caption_text(7, 13, True, 60, 14) == "8 · in 13"


def test_an_octordle_played_to_its_end_draws():
    feedback = play(OCTORDLE_ANSWERS, OCTORDLE_GUESSES)
    data = boards_png(OCTORDLE_GUESSES, feedback, OCTORDLE, theme="dark", hard_mode=True)
    assert open_png(data).size == picture_size(OCTORDLE, header=True)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"theme": "sepia"}, "theme must be one of"),
    ({"title": 5}, "title must be a string"),
    ({"layout": ("qwertyuiop", "asdfghjkl")}, "does not have one key for each letter"),
])
def test_bad_input_is_a_clear_error(kwargs, message):
    with pytest.raises(ValueError, match=message):
        boards_png(["crane"], [["GGGGG"]] * 4, QUORDLE, **kwargs)


async def test_async_picture_is_the_same_and_skips_the_thread_once_drawn(threads):
    feedback = play(QUORDLE_ANSWERS, QUORDLE_GUESSES)
    for cached in (boards_image._mask, boards_image._corners, boards_image._tile,
                   boards_image._tile_band, boards_image._caption_band, boards_image._key_band,
                   boards_image._header_band):
        cached.cache_clear()  # as if never drawn
    first = await boards_png_async(QUORDLE_GUESSES, feedback, QUORDLE, theme="dark")
    assert threads == [boards_png]
    again = await boards_png_async(QUORDLE_GUESSES, feedback, QUORDLE, theme="dark")
    assert threads == [boards_png]  # every letter was drawn: made at once
    assert first == again == boards_png(QUORDLE_GUESSES, feedback, QUORDLE, theme="dark")


def test_captions_and_the_badge_are_in_the_readers_words():
    german = texts_for("de")
    assert caption_text(2, 6, False, 1000, 14, german) == "Feld 3 · in 6 gelöst"
    assert caption_text(3, None, True, 1000, 14, german) == "Feld 4 · nicht gelöst"
    assert caption_text(7, 13, True, 60, 14, german) == "8 · in 13"
    feedback = play(QUORDLE_ANSWERS, QUORDLE_GUESSES)
    english, deutsch = (open_png(boards_png(QUORDLE_GUESSES, feedback, QUORDLE, hard_mode=True,
                                            texts=texts)) for texts in (ENGLISH, german))
    width = english.size[0]
    header = (0, 0, width, PADDING + HEADER_HEIGHT)  # the badge alone: no title
    assert english.crop(header).tobytes() != deutsch.crop(header).tobytes()
    captions = (0, PADDING + HEADER_HEIGHT, width, PADDING + HEADER_HEIGHT
                + QUORDLE_SIZES.caption)
    assert english.crop(captions).tobytes() != deutsch.crop(captions).tobytes()
