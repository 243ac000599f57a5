"""Every tile and key drawn ahead (bot.render.image.draw_every_part, run by bot.app.warm_up):
afterwards no board of that theme waits for a first drawing, and boards are the same."""

from __future__ import annotations

import random

import pytest

from bot.core.feedback import score
from bot.render import image
from tests.support import ANSWERS


def forget_every_part() -> None:
    image._PARTS.clear()
    for cache in (image._tile_band, image._key_band, image._blank_band, image._header_band,
                  image._header_part):
        cache.cache_clear()


@pytest.mark.parametrize("theme", ["light", "dark-contrast"])
async def test_after_drawing_every_part_no_board_needs_a_thread(threads, theme):
    forget_every_part()
    assert image.draw_every_part(theme) > 0
    assert image.draw_every_part(theme) == 0  # nothing new the second time
    pick = random.Random(7)
    for _ in range(40):  # boards of every size, with and without the hard-mode band
        answer = pick.choice(ANSWERS)
        rows = [(w, score(w, answer)) for w in pick.sample(ANSWERS, pick.randint(0, 6))]
        hard = pick.random() < 0.5
        drawn = await image.board_png_async(rows, hard_mode=hard, theme=theme)
        assert drawn == image.board_png(rows, hard_mode=hard, theme=theme)
    assert threads == []


def test_parts_drawn_ahead_make_the_same_board_as_drawn_on_demand():
    rows = [("crane", "BYBBG"), ("slate", "GGYBB")]
    forget_every_part()
    on_demand = image.board_png(rows, theme="dark")
    forget_every_part()
    image.draw_every_part("dark")
    assert image.board_png(rows, theme="dark") == on_demand
