"""Board pictures of every language: its letters on tiles and keys in its upper case, its
keyboard (QWERTZ with Ü Ö Ä, ЙЦУКЕН, Ñ after L), one picture size for every 5-letter pack."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from bot.core.letter_rules import LETTER_RULES, letter_rules
from bot.core.variant import CLASSIC, Variant
from bot.render import image
from tests.render.pixels import assert_fast_matches_slow, centre_left, open_png

GREEN = (0x6A, 0xAA, 0x64)
YELLOW = (0xC9, 0xB4, 0x58)
GREY = (0x78, 0x7C, 0x7E)
KEY = (0xD3, 0xD6, 0xDA)

#: Two rows per language, played against the second word: letters of the language's own
#: (Ñ, Ä Ö Ü, Щ Ъ, Ґ Ї, İ and I) on the tiles. Feedback written out, not scored: the board
#: draws what it is given.
ROWS = {
    "en": [("crane", "BYBBB"), ("mound", "GGGGG")],
    "es": [("señor", "BBGGB"), ("cañon", "GGGGG")],
    "fr": [("wagon", "BBBYB"), ("coeur", "GGGGG")],
    "de": [("bären", "BBBBY"), ("könig", "GGGGG")],
    "pt": [("canto", "YBBBB"), ("porta", "GGGGG")],
    "it": [("gioco", "BBYBB"), ("pizza", "GGGGG")],
    "nl": [("kwijt", "BBYBY"), ("fiets", "GGGGG")],
    "ru": [("объем", "BBBYB"), ("щетка", "GGGGG")],
    "uk": [("їжаки", "BBYGB"), ("ґанок", "GGGGG")],
    "tr": [("kılıç", "YBBBG"), ("çiçek", "GGGGG")],
}


def pack(code: str, length: int = 5) -> dict[str, object]:
    rules = letter_rules(code)
    return {"variant": Variant(length=length, alphabet=rules.alphabet),
            "layout": rules.keyboard}


def test_every_language_has_rows_here():
    assert set(ROWS) == set(LETTER_RULES)


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("code", list(LETTER_RULES))
def test_fast_board_matches_the_slow_drawing_in_every_language(code, theme):
    assert_fast_matches_slow(ROWS[code], theme, **pack(code))
    assert_fast_matches_slow(ROWS[code][:1], theme, hard_mode=True, title="Wordle 12",
                             **pack(code))


@pytest.mark.parametrize("theme", ["light-contrast", "dark-contrast"])
def test_fast_board_matches_the_slow_drawing_in_high_contrast(theme):
    assert_fast_matches_slow(ROWS["ru"], theme, **pack("ru"))


@pytest.mark.parametrize("code", list(LETTER_RULES))
def test_every_5_letter_pack_has_the_english_picture_size(code):
    picture = open_png(image.board_png(ROWS[code], None, **pack(code)))
    assert picture.size == image.image_size(**pack(code)) == image.image_size() == (494, 633)
    # the tiles are where the English ones are, in their feedback's colours
    for r, (_, feedback) in enumerate(ROWS[code]):
        for c, state in enumerate(feedback):
            box = image.tile_box(r, c, **pack(code))
            assert box == image.tile_box(r, c)
            colour = {"G": GREEN, "Y": YELLOW, "B": GREY}[state]
            assert picture.getpixel(centre_left(box)) == colour, (code, r, c)


@pytest.mark.parametrize("code", list(LETTER_RULES))
def test_every_key_of_the_languages_keyboard_is_drawn_in_its_place(code):
    rules, where = letter_rules(code), pack(code)
    rows = ROWS[code]
    picture = open_png(image.board_png(rows, None, **where))
    played = {letter for word, _ in rows for letter in word}
    width = image.key_width(**where)
    assert image.MIN_KEY_WIDTH <= width <= image.KEY_WIDTH
    for keys in rules.keyboard:
        boxes = [image.key_box(letter, **where) for letter in keys]
        assert len({box[1] for box in boxes}) == 1  # one row
        for box, after in itertools.pairwise(boxes):
            assert after[0] - box[2] == image.KEY_GAP  # in the layout's order, apart
        assert boxes[0][0] >= image.PADDING and boxes[-1][2] <= picture.size[0] - image.PADDING
        for letter, box in zip(keys, boxes, strict=True):
            assert box[2] - box[0] == width
            if letter not in played:
                assert picture.getpixel(centre_left(box, 3)) == KEY, (code, letter)
    # the last row was all green: its letters' keys are green (Ñ, Щ, Ç ... included)
    for letter in rows[-1][0]:
        assert picture.getpixel(centre_left(image.key_box(letter, **where), 3)) == GREEN


def test_a_row_longer_than_qwertys_narrows_the_keys():
    assert image.key_width(**pack("en")) == image.key_width(**pack("es")) == image.KEY_WIDTH
    assert image.key_width(**pack("de")) == image.key_width(**pack("tr")) == 35  # 11 keys
    assert image.key_width(**pack("ru")) == image.key_width(**pack("uk")) == 32  # 12 keys
    # a board wider than QWERTY gives the keys its width
    assert image.key_width(**pack("ru", 7)) == 33
    # past the narrowest key the picture widens instead
    long_row = ("abcdefghijklmnop", "qrstuvwxyz")
    assert image.key_width(layout=long_row) == image.MIN_KEY_WIDTH
    assert image.image_size(layout=long_row)[0] == 16 * 30 + 15 * 6 + 2 * image.PADDING


def ink(picture, box, background) -> np.ndarray:
    """Where ``box`` holds pixels other than ``background`` (the letter's ink), away from
    the box's edges (a tile's border, a key's rounded corners)."""
    crop = np.asarray(picture.crop(box)).astype(int)
    differs = np.abs(crop - np.array(background)).max(axis=2) > 0
    differs[:3], differs[-3:], differs[:, :3], differs[:, -3:] = False, False, False, False
    return differs


def test_the_widest_letters_fit_inside_their_narrowed_keys():
    rows = [("щетка", "GGGGG")]
    picture = open_png(image.board_png(rows, None, **pack("ru")))
    for letter, background in (("щ", GREEN), ("ж", KEY), ("ю", KEY), ("ш", KEY)):
        box = image.key_box(letter, **pack("ru"))
        columns = np.flatnonzero(ink(picture, box, background).any(axis=0))
        assert columns.size > 15, letter  # the letter is drawn ...
        # ... with room on either side
        assert columns.min() >= 4 and columns.max() <= box[2] - box[0] - 5, letter


def ink_height(picture, box, background) -> int:
    rows = np.flatnonzero(ink(picture, box, background).any(axis=1))
    return int(rows.max() - rows.min() + 1)


def test_turkish_i_is_dotted_and_dotless_i_is_the_english_capital():
    turkish = open_png(image.board_png([("kılıç", "GGGGG"), ("çiçek", "GGGGG")], None,
                                       **pack("tr")))
    english = open_png(image.board_png([("kilns", "GGGGG")], None))
    box = image.tile_box(0, 1)
    # ı is shown I, as the English i is
    assert (np.asarray(turkish.crop(box)) == np.asarray(english.crop(box))).all()
    # i is shown İ: an I with a dot over it, taller
    dotted = ink_height(turkish, image.tile_box(1, 1), GREEN)
    assert dotted > ink_height(english, box, GREEN) + 4


def test_the_turkish_keyboard_has_both_capitals_i():
    where = pack("tr")
    picture = open_png(image.board_png([], {}, **where))
    dotless, dotted = image.key_box("ı", **where), image.key_box("i", **where)
    assert dotless[1] < dotted[1]  # ı on the top row, i at the end of the middle one
    assert ink_height(picture, dotted, KEY) > ink_height(picture, dotless, KEY) + 2


async def test_parts_drawn_ahead_serve_a_language_without_a_thread(threads):
    where = pack("es")
    image.draw_every_part("light", **where)
    rows = [("cañon", "GYBBG"), ("señor", "BBGGB")]
    drawn = await image.board_png_async(rows, None, **where)
    assert threads == []
    assert drawn == image.board_png(rows, None, **where)


def test_a_word_not_of_the_languages_letters_is_a_clear_error():
    with pytest.raises(ValueError, match="letters of"):
        image.board_png([("crane", "GGGGG")], None, **pack("ru"))
    with pytest.raises(ValueError, match="letters A-Z"):
        image.board_png([("cañon", "GGGGG")], None, CLASSIC)
    with pytest.raises(ValueError, match="one key for each letter"):  # a Spanish board, QWERTY
        image.board_png([], None, pack("es")["variant"])


def ink_bottom(picture, box, background) -> int:
    """The lowest row of ink in ``box``, counted from its top."""
    return int(np.flatnonzero(ink(picture, box, background).any(axis=1)).max())


def test_letters_share_a_baseline_and_accents_stand_above_it():
    """Ä Ö Ü and Ñ sit on the line of A O U and N, their marks above; Ç's cedilla below."""
    where = pack("de")
    picture = open_png(image.board_png([("äaöou", "GGGGG")], None, **where))
    for accented, plain in ((0, 1), (2, 3)):
        assert ink_bottom(picture, image.tile_box(0, accented, **where), GREEN) == \
            ink_bottom(picture, image.tile_box(0, plain, **where), GREEN)
    where = pack("tr")
    picture = open_png(image.board_png([("çiçek", "GGGGG")], None, **where))
    cedilla, k = image.tile_box(0, 0, **where), image.tile_box(0, 4, **where)
    assert ink_bottom(picture, cedilla, GREEN) > ink_bottom(picture, k, GREEN) + 3
    # the capital K (no marks) is as high in its tile as in English
    english = open_png(image.board_png([("kkkkk", "GGGGG")], None))
    assert ink_bottom(picture, k, GREEN) == ink_bottom(english, k, GREEN)
