"""PNG boards drawn with Pillow: size, colours of tiles and keys, font, async rendering."""

from __future__ import annotations

import io

import pytest
from PIL import ImageFont

from bot.core.feedback import score
from bot.core.variant import Variant
from bot.render import image
from tests.render.pixels import assert_fast_matches_slow, centre_left, open_png, reference

GREEN = (0x6A, 0xAA, 0x64)
YELLOW = (0xC9, 0xB4, 0x58)
GREY = (0x78, 0x7C, 0x7E)
BORDER = (0xD3, 0xD6, 0xDA)
KEY = (0xD3, 0xD6, 0xDA)
WHITE = (0xFF, 0xFF, 0xFF)
COLOUR = {"G": GREEN, "Y": YELLOW, "B": GREY}


def test_documented_sizes():
    assert image.image_size() == (494, 633)
    assert image.image_size(header=True) == (494, 673)
    assert open_png(image.board_png([], {})).size == (494, 633)
    assert open_png(image.board_png([], {}, title="Daily #1")).size == (494, 673)
    assert open_png(image.board_png([], {}, hard_mode=True)).size == (494, 673)
    assert open_png(image.board_png([], {}, Variant(attempts=4))).size == image.image_size(4)
    assert image.image_size(4)[1] == 633 - 2 * (62 + 5)


def test_first_tile_is_where_the_layout_says():
    # 5 tiles of 62 px with 5 px gaps = 330 px, centred in 494 px: left edge at 82; top at 20.
    assert image.tile_box(0, 0) == (82, 20, 144, 82)
    assert image.tile_box(1, 4) == (82 + 4 * 67, 20 + 67, 82 + 4 * 67 + 62, 20 + 67 + 62)
    assert image.tile_box(0, 0, header=True) == (82, 60, 144, 122)
    picture = open_png(image.board_png([("crane", "GYBBB")], None))
    assert picture.getpixel((86, 51)) == GREEN  # centre-left of tile (1, 1)
    assert picture.getpixel((82 + 67 + 4, 51)) == YELLOW  # tile (1, 2)
    assert picture.getpixel((80, 51)) == WHITE  # just left of the board: background


def test_tile_colours_follow_feedback_and_empty_tiles_are_outlined():
    rows = [("crane", "GYBBB"), ("geese", "BBGGG")]
    picture = open_png(image.board_png(rows, None))
    for r, (_, feedback) in enumerate(rows):
        for c, state in enumerate(feedback):
            assert picture.getpixel(centre_left(image.tile_box(r, c))) == COLOUR[state], (r, c)
    for r in range(2, 6):
        for c in range(5):
            box = image.tile_box(r, c)
            assert picture.getpixel((box[0], (box[1] + box[3]) // 2)) == BORDER  # the outline
            assert picture.getpixel((box[0] + 1, box[1] + 1)) == BORDER
            assert picture.getpixel(centre_left(box, 8)) == WHITE  # inside
            assert picture.getpixel(((box[0] + box[2]) // 2, (box[1] + box[3]) // 2)) == WHITE


def test_played_tiles_have_a_white_letter_in_the_middle():
    picture = open_png(image.board_png([("crane", "GYBBB")], None))
    for c in range(5):
        left, top, right, bottom = image.tile_box(0, c)
        middle = picture.crop((left + 16, top + 16, right - 16, bottom - 16))
        colours = {colour for _, colour in middle.getcolors(maxcolors=10_000)}
        assert WHITE in colours, c  # ink of the letter
        # the letter is centred: its ink is balanced left/right within a few pixels
        ink = [
            x
            for x in range(left, right)
            for y in range(top, bottom)
            if picture.getpixel((x, y)) == WHITE
        ]
        centre = (left + right - 1) / 2
        assert abs((min(ink) + max(ink)) / 2 - centre) <= 2, c
    # and the tile is still mostly its colour
    left, top, right, bottom = image.tile_box(0, 0)
    body = picture.crop((left, top, right, bottom))
    green = sum(count for count, colour in body.getcolors(maxcolors=10_000) if colour == GREEN)
    assert green > 0.6 * 62 * 62


def test_keys_coloured_by_state():
    keyboard = {"c": "G", "r": "Y", "a": "B", "e": "G"}
    picture = open_png(image.board_png([], keyboard))
    for letter in "qwertyuiopasdfghjklzxcvbnm":
        expected = COLOUR[keyboard[letter]] if letter in keyboard else KEY
        assert picture.getpixel(centre_left(image.key_box(letter), 3)) == expected, letter


def test_keyboard_worked_out_from_rows_when_not_given():
    feedback = score("geese", "these")  # E is grey once and green twice: the key is green
    picture = open_png(image.board_png([("geese", feedback)], None))
    assert picture.getpixel(centre_left(image.key_box("e"), 3)) == GREEN
    assert picture.getpixel(centre_left(image.key_box("g"), 3)) == GREY
    assert picture.getpixel(centre_left(image.key_box("t"), 3)) == KEY


def test_keyboard_moves_down_with_the_header_and_attempts():
    picture = open_png(image.board_png([], {"q": "Y"}, Variant(attempts=4), title="x"))
    box = image.key_box("q", 4, header=True)
    assert picture.getpixel(centre_left(box, 3)) == YELLOW
    assert box[3] == image.image_size(4, header=True)[1] - image.PADDING - 2 * (52 + 8)


def test_dark_theme_colours():
    picture = open_png(image.board_png([("crane", "GYBBB")], {"c": "G"}, theme="dark"))
    assert picture.getpixel((2, 2)) == (0x12, 0x12, 0x13)
    assert picture.getpixel(centre_left(image.tile_box(0, 0))) == (0x53, 0x8D, 0x4E)
    assert picture.getpixel(centre_left(image.tile_box(0, 1))) == (0xB5, 0x9F, 0x3B)
    assert picture.getpixel(centre_left(image.key_box("c"), 3)) == (0x53, 0x8D, 0x4E)
    assert picture.getpixel(centre_left(image.key_box("q"), 3)) == (0x81, 0x83, 0x84)


def test_png_is_small():
    rows = [("crane", "BYBBB"), ("sheer", "BBGYY"), ("three", "GGGYB"), ("there", "GGGGG")]
    for theme in ("light", "dark"):
        data = image.board_png(rows, None, hard_mode=True, title="Daily #1,234 · 4/6", theme=theme)
        assert len(data) < 40_000, (theme, len(data))


def test_hard_mode_badge_drawn_in_the_header():
    picture = open_png(image.board_png([], {}, hard_mode=True))
    width = picture.size[0]
    header = picture.crop((width // 2, image.PADDING, width, image.PADDING + 28))
    colours = {colour for _, colour in header.getcolors(maxcolors=100_000)}
    assert YELLOW in colours
    plain = open_png(image.board_png([], {}, title="Daily"))
    header = plain.crop((width // 2 + 100, image.PADDING, width, image.PADDING + 28))
    assert {colour for _, colour in header.getcolors(maxcolors=100_000)} == {WHITE}


@pytest.mark.parametrize(
    "title",
    [
        "Daily 🎉 #1",
        "x" * 1000,
        "line one\nline two\ttab",
        "'; DROP TABLE games; --",
        "\u200b\u200d\ufe0f",
        "日本語のタイトル",
    ],
)
def test_awkward_titles_render_at_the_fixed_size(title):
    picture = open_png(image.board_png([("crane", "GYBBB")], None, title=title))
    assert picture.size == (494, 673)
    assert picture.getpixel(centre_left(image.tile_box(0, 0, header=True))) == GREEN


def test_clean_title_drops_what_the_font_cannot_draw():
    assert image.clean_title("Daily 🎉 #1") == "Daily #1"
    assert image.clean_title("a\nb\tc") == "a b c"
    assert image.clean_title("Ελληνικά Кириллица") == "Ελληνικά Кириллица"
    assert image.clean_title("\u200b\u200d") == ""


def test_long_title_is_cut_to_the_width():
    face = image.font(image.TITLE_FONT_SIZE)
    cut = image._fit("x" * 1000, face, 300)
    assert cut.endswith("…")
    assert face.getlength(cut) <= 300
    assert image._fit("short", face, 300) == "short"


def test_font_is_the_shipped_dejavu_bold_with_its_licence():
    assert image.FONT_PATH.is_file()
    assert image.FONT_PATH.parent.name == "fonts"
    licence = image.FONT_PATH.with_name("LICENSE-DejaVu.txt").read_text(encoding="utf-8")
    assert "Bitstream Vera Fonts Copyright" in licence and "Arev Fonts Copyright" in licence
    face = image.font(32)
    assert isinstance(face, ImageFont.FreeTypeFont)
    assert face.getname() == ("DejaVu Sans", "Bold")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"rows": [("crane", "GYBB")]}, "lengths differ"),
        ({"rows": [("cr4ne", "GYBBB")]}, "letters A-Z"),
        ({"keyboard": {"c": "green"}}, "G, Y or B"),
        ({"variant": 6}, "variant"),
        ({"rows": [("grapes", "GGGGGG")]}, "5-letter words"),
        ({"layout": ("qwertyuiop", "asdfghjkl")}, "one key for each letter"),
        ({"layout": "qwerty"}, "rows of letters"),
        ({"theme": "neon"}, "theme"),
        ({"title": 123}, "title"),
    ],
)
def test_bad_input_is_a_clear_error(kwargs, message):
    arguments = {"rows": [], "keyboard": {}, **kwargs}
    with pytest.raises(ValueError, match=message):
        image.board_png(**arguments)


SIX_BY_SEVEN = Variant(length=6, attempts=7)
FOUR = Variant(length=4)


def test_the_variant_sets_the_board_size():
    """Tiles follow the variant's length and attempts; the keyboard stays centred below."""
    six = open_png(image.board_png([("grapes", "GYBGYB")], None, SIX_BY_SEVEN))
    assert six.size == image.image_size(variant=SIX_BY_SEVEN) == (494, 633 + 67)
    four = open_png(image.board_png([("tree", "BGYG")], None, FOUR))
    assert four.size == image.image_size(variant=FOUR) == (494, 633)
    for picture, variant, feedback in ((six, SIX_BY_SEVEN, "GYBGYB"), (four, FOUR, "BGYG")):
        for c, state in enumerate(feedback):
            box = image.tile_box(0, c, variant=variant)
            assert picture.getpixel(centre_left(box)) == COLOUR[state], (variant, c)
        last = image.tile_box(variant.attempts - 1, variant.length - 1, variant=variant)
        assert picture.getpixel((last[0], (last[1] + last[3]) // 2)) == BORDER
        assert picture.getpixel((last[2] + 1, (last[1] + last[3]) // 2)) == WHITE
        q = image.key_box("q", variant=variant)
        assert picture.getpixel(centre_left(q, 3)) == KEY
        assert q[1] == last[3] + image.SECTION_GAP
    # the board is centred: as much room left of the first tile as right of the last (to a
    # pixel, when the room is odd)
    first, end = image.tile_box(0, 0, variant=FOUR), image.tile_box(0, 3, variant=FOUR)
    assert abs(first[0] - (494 - end[2])) <= 1


def test_a_word_longer_than_the_keyboard_widens_the_picture():
    wide = Variant(length=8)
    picture = open_png(image.board_png([("absolute", "GGGGGGGG")], None, wide))
    assert picture.size == image.image_size(variant=wide) == (8 * 62 + 7 * 5 + 40, 633)
    assert picture.getpixel(centre_left(image.tile_box(0, 7, variant=wide))) == GREEN


def test_the_keyboard_layout_is_a_value():
    abc = ("abcdefghi", "jklmnopqr", "stuvwxyz")
    picture = open_png(image.board_png([("crane", "GYBBB")], None, layout=abc))
    # nine keys in the longest row: narrower than QWERTY's ten, and the board sets the width
    assert picture.size == image.image_size(layout=abc) == (9 * 40 + 8 * 6 + 40, 633)
    a, i, j = (image.key_box(letter, layout=abc) for letter in "aij")
    assert a[1] == i[1] < j[1] and a[0] < i[0]  # A to I on the top row, J below
    assert a[0] == image.key_box("j", layout=abc)[0]  # rows of nine keys line up
    for letter, colour in (("c", GREEN), ("r", YELLOW), ("a", GREY), ("b", KEY), ("q", KEY)):
        box = image.key_box(letter, layout=abc)
        assert picture.getpixel(centre_left(box, 3)) == colour, letter


async def test_async_render_gives_the_same_png():
    rows = [("crane", "GYBBB")]
    data = await image.board_png_async(iter(rows), {"c": "G"}, title="t", hard_mode=True)
    assert data == image.board_png(rows, {"c": "G"}, title="t", hard_mode=True)


async def test_async_render_reports_bad_input():
    with pytest.raises(ValueError, match="feedback"):
        await image.board_png_async([("crane", "QQQQQ")], None)


# --------------------------------------------------------------------------------------------
# The fast board (parts drawn once, bands compressed once) against the slow reference drawing

LOST = ["quick", "brown", "foxes", "jumps", "overt", "lazys"]
FAST_BOARDS = {
    "empty": ([], {}),
    "partial": ([("crane", "BYBBG"), ("sloth", "BBYBB"), ("adore", "YBGBG")], {}),
    "won": ([("crane", score("crane", "mound")), ("mound", "GGGGG")], {}),
    "lost": ([(w, score(w, "mound")) for w in LOST], {}),
    "hard mode": ([("crane", "BYBBG")], {"hard_mode": True}),
    "title": ([("crane", "BYBBG")], {"hard_mode": True, "title": "Daily #123 · 4/6"}),
    "long title": ([("crane", "BYBBG")], {"hard_mode": True, "title": "Wordle 99,999 · archive"}),
    "smaller title": ([], {"title": "Wordle 99,999 · archive · channel game · hard mode"}),
    "every letter": ([("abcde", "GYBGY"), ("fghij", "YBGYB"), ("klmno", "BGYBG"),
                      ("pqrst", "GGYYB"), ("uvwxy", "BBBGG"), ("zzzzz", "GYBBB")], {}),
    "more rows": ([("crane", "BYBBG")] * 7, {}),
    "six letters, seven rows": ([("grapes", "GYBGYB"), ("zephyr", "BBYGGB")],
                                {"variant": SIX_BY_SEVEN, "title": "Six"}),
    "four letters": ([("tree", "BGYG")], {"variant": FOUR, "hard_mode": True}),
    "eight letters": ([("absolute", "GYBGYBGG")], {"variant": Variant(length=8)}),
    "another layout": ([("crane", "GYBBB")], {"layout": ("abcdefghi", "jklmnopqr", "stuvwxyz")}),
}


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("name", list(FAST_BOARDS))
def test_fast_board_matches_the_slow_drawing(name, theme):
    rows, kwargs = FAST_BOARDS[name]
    assert_fast_matches_slow(rows, theme, **kwargs)


def test_the_pixel_check_would_catch_a_wrong_tile():
    import numpy as np

    rows = FAST_BOARDS["partial"][0]
    slow = np.asarray(reference(rows)).astype(int)
    wrong = np.asarray(open_png(image.board_png([("crane", "BYBBY"), *rows[1:]]))).astype(int)
    assert np.abs(wrong - slow).max() > image.PALETTE_TOLERANCE


@pytest.mark.parametrize("name", list(FAST_BOARDS))
def test_fast_png_is_no_larger_than_the_rgb_png_of_before(name):
    rows, kwargs = FAST_BOARDS[name]
    buffer = io.BytesIO()
    reference(rows, **kwargs).save(buffer, format="PNG")  # how board_png encoded until now
    assert len(image.board_png(rows, **kwargs)) <= len(buffer.getvalue())


def test_same_png_from_cold_and_warm_caches():
    rows, kwargs = FAST_BOARDS["title"]
    warm = image.board_png(rows, **kwargs)
    image._PARTS.clear()
    for cache in (image._tile_band, image._key_band, image._blank_band, image._header_band,
                  image._header_part):
        cache.cache_clear()
    assert image.board_png(rows, **kwargs) == warm


def test_adler32_combine_matches_zlib():
    import zlib

    from bot.render.png import adler32_combine

    for first, second in [(b"", b""), (b"abc", b""), (b"", b"xyz"), (b"a" * 70000, b"b" * 99999),
                          (bytes(range(256)) * 300, bytes(range(255, -1, -1)) * 500)]:
        combined = adler32_combine(zlib.adler32(first), zlib.adler32(second), len(second))
        assert combined == zlib.adler32(first + second)


def test_a_new_theme_is_just_data(monkeypatch):
    orange, blue = (0xF5, 0x79, 0x3A), (0x85, 0xC0, 0xF9)
    contrast = image.Theme(**{**image.LIGHT.__dict__, "green": orange, "yellow": blue})
    monkeypatch.setitem(image.THEMES, "high-contrast", contrast)
    picture = open_png(image.board_png([("crane", "GYBBB")], theme="high-contrast"))
    assert picture.getpixel(centre_left(image.tile_box(0, 0))) == orange
    assert picture.getpixel(centre_left(image.tile_box(0, 1))) == blue
    assert picture.getpixel(centre_left(image.key_box("c"))) == orange


async def test_async_board_skips_the_thread_once_its_parts_are_drawn(threads):
    rows, kwargs = FAST_BOARDS["title"]
    image._PARTS.clear()
    for cache in (image._tile_band, image._key_band, image._blank_band, image._header_band,
                  image._header_part):
        cache.cache_clear()
    first = await image.board_png_async(rows, **kwargs)
    assert len(threads) == 1  # new parts: drawn in a worker thread
    again = await image.board_png_async(rows, **kwargs)
    assert len(threads) == 1  # every part known: pasted at once
    assert first == again == image.board_png(rows, **kwargs)
    two = [("crane", "BYBBG"), ("crane", "BYBBG")]
    assert await image.board_png_async(two, **kwargs) == image.board_png(two, **kwargs)
    assert len(threads) == 2  # the second row sits at an odd height: new parts, a thread again
