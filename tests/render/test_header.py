"""The board picture's header band, measured on the drawn pixels: every title a game can have
(dailies and archive games up to puzzle 99,999, practice, channel game, challenge, race) is
drawn whole at the title size, in every theme, with and without the hard-mode badge; the title,
or the title and badge as one group, is centred on the picture as the board below it is; the
badge is in the reader's language, and fits beside the longest title in that language."""

from __future__ import annotations

import io
from datetime import UTC, datetime

import numpy as np
import pytest
from PIL import Image

from bot.core.domain import MODES, game_label
from bot.core.game import Game
from bot.render import image
from bot.render.catalogues import LANGUAGES, SOURCE_LANGUAGE
from bot.render.common import game_label_text, texts_for
from bot.render.draw import BADGE_PADDING, header_layout
from bot.render.themes import THEMES

PUZZLE_NUMBERS = (1, 999, 1_000, 1_234, 12_345, 99_999)
#: Every label a game of any mode shows as the picture's title.
TITLES = sorted({game_label(mode.scope, mode.kind, number)
                 for mode in MODES.values() for number in PUZZLE_NUMBERS})
WIDTH = image.image_size()[0]


def header_pixels(title: str, hard_mode: bool, theme: str) -> np.ndarray:
    data = image.board_png([("crane", "BYBBG")], title=title, hard_mode=hard_mode, theme=theme)
    picture = Image.open(io.BytesIO(data)).convert("RGB")
    return np.asarray(picture)[: image.PADDING + image.HEADER_HEIGHT].astype(int)


def columns_where(mask: np.ndarray) -> tuple[int, int]:
    """First and last column with a true pixel."""
    xs = np.flatnonzero(mask.any(axis=0))
    assert xs.size, "nothing drawn"
    return int(xs[0]), int(xs[-1])


def ink_width(title: str) -> int:
    left, _, right, _ = image.font(image.TITLE_FONT_SIZE).getbbox(title)
    return int(right - left)


def test_the_titles_include_the_longest_ones():
    assert "Wordle 99,999 · archive" in TITLES and "Wordle 1,234 · archive" in TITLES
    assert {"Wordle practice", "Wordle challenge", "Wordle race"} <= set(TITLES)


@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("hard_mode", [False, True])
@pytest.mark.parametrize("title", TITLES)
def test_every_title_is_drawn_whole_and_centred(title: str, hard_mode: bool, theme: str):
    colours = THEMES[theme]
    band = header_pixels(title, hard_mode, theme)
    ink = np.abs(band - colours.background).max(axis=2) > 0
    first, last = columns_where(ink)
    # the group (title, and badge if any) has as much room on its left as on its right
    assert abs(first - (WIDTH - 1 - last)) <= 1, (first, last)
    title_ink = ink.copy()
    if hard_mode:
        badge_left, badge_right = columns_where((band == colours.yellow).all(axis=2))
        assert badge_right == last  # the badge closes the group, after the title
        title_ink[:, badge_left:] = False
        assert columns_where(title_ink)[1] < badge_left - 4  # clear of the badge
    left, right = columns_where(title_ink)
    # the whole title at the title size: as wide as its ink is in the font, not cut with "…"
    assert abs((right - left + 1) - ink_width(title)) <= 2, (left, right, ink_width(title))
    layout = header_layout(WIDTH, title, hard_mode)
    assert (layout.text, layout.size) == (title, image.TITLE_FONT_SIZE)


@pytest.mark.parametrize("theme", ["light", "dark-contrast"])
def test_the_badge_alone_is_centred(theme: str):
    colours = THEMES[theme]
    band = header_pixels("", True, theme)
    first, last = columns_where((band == colours.yellow).all(axis=2))
    assert abs(first - (WIDTH - 1 - last)) <= 1


def test_a_title_too_long_at_the_title_size_is_drawn_smaller_before_it_is_cut():
    face = image.font(image.TITLE_FONT_SIZE)
    room = WIDTH - 2 * image.PADDING
    words = "Wordle 99,999 · archive · channel game · hard mode"
    assert face.getlength(words) > room  # too long at the title size ...
    layout = header_layout(WIDTH, words, False)
    assert layout.text == words and layout.size < image.TITLE_FONT_SIZE  # ... but whole
    assert image.font(layout.size).getlength(words) <= room
    endless = header_layout(WIDTH, "x" * 1000, True)  # no size is small enough: cut
    assert endless.text.endswith("…")
    assert endless.badge is not None and endless.badge[2] <= WIDTH - image.PADDING
    assert endless.left >= image.PADDING


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != SOURCE_LANGUAGE])
def test_the_badge_is_in_the_readers_language_and_fits(language: str):
    t = texts_for(language)
    label = t._(image.BADGE_LABEL)
    assert label != image.BADGE_LABEL  # translated ("SCHWERER MODUS", "СЛОЖНЫЙ РЕЖИМ")
    colours = THEMES["light"]
    for mode in MODES.values():  # the longest title beside it, as the reader gets it
        title = game_label_text(Game(scope=mode.scope, kind=mode.kind, puzzle_number=99_999,
                                     hidden_word="crane", created_at=datetime.now(UTC)), t)
        layout = header_layout(WIDTH, title, True, label)
        assert (layout.badge_label, layout.badge_size) == (label, image.BADGE_FONT_SIZE)
        assert layout.text == title  # the title whole beside it
        data = image.board_png([("crane", "BYBBG")], title=title, hard_mode=True, badge=label)
        band = np.asarray(Image.open(io.BytesIO(data)).convert("RGB"))[
            : image.PADDING + image.HEADER_HEIGHT].astype(int)
        left, right = columns_where((band == colours.yellow).all(axis=2))
        width = image.font(image.BADGE_FONT_SIZE).getlength(label) + 2 * BADGE_PADDING
        assert abs((right - left + 1) - width) <= 2  # the box as wide as its label needs
        assert left >= image.PADDING and right < WIDTH - image.PADDING
        ink = np.abs(band - colours.background).max(axis=2) > 0
        ink[:, left:] = False
        assert columns_where(ink)[1] < left - 4  # the title clear of the badge


def test_a_badge_too_wide_is_drawn_smaller_then_cut():
    layout = header_layout(WIDTH, "Wordle", True, "SCHWIERIGKEITSGRAD MAXIMAL")
    assert layout.badge_label == "SCHWIERIGKEITSGRAD MAXIMAL"
    assert layout.badge_size < image.BADGE_FONT_SIZE
    cut = header_layout(WIDTH, "Wordle", True, "X" * 200)
    assert cut.badge_label.endswith("…") and cut.badge is not None
    assert cut.badge[2] - cut.badge[0] <= (WIDTH - 2 * image.PADDING) // 2
