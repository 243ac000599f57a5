"""The statistics say which game they are of, in the reader's language: the title of the text
(bot/render/stats_text.py) and the words drawn into the picture (bot/render/stats_image.py)."""

from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image

from bot.core.packs import pack
from bot.core.solver_boards import boards_variant
from bot.core.stats import Stats
from bot.core.variant import CLASSIC
from bot.render import stats_image as pic
from bot.render.common import texts_for
from bot.render.stats_text import stats_title, variant_name
from bot.render.themes import PALETTE_TOLERANCE

SPANISH = pack("es", 5).variant
QUORDLE = boards_variant(4, CLASSIC)
OCTORDLE_RU = boards_variant(8, pack("ru", 5).variant)


def test_the_titles_name_the_game() -> None:
    assert stats_title("daily") == "Daily statistics · English, 5 letters"
    assert stats_title("practice", variant=pack("en", 6).variant) == (
        "Practice statistics · English, 6 letters")
    assert stats_title("race", variant=None) == "Race statistics"
    assert stats_title("daily", texts_for("es"), SPANISH) == (
        "Estadísticas de la diaria · Español, 5 letras")
    assert variant_name(QUORDLE) == "Quordle · English, 5 letters"
    assert variant_name(OCTORDLE_RU, texts_for("ru")) == "Octordle · Русский, 5 букв"
    assert variant_name(pack("en", 4).variant, texts_for("ru")) == "Английский, 4 буквы"


@pytest.mark.parametrize(("language", "variant", "title", "labels"), [
    ("en", CLASSIC, "STATISTICS · ENGLISH, 5 LETTERS",
     (("Played",), ("Win %",), ("Current", "streak"), ("Max", "streak"))),
    ("es", SPANISH, "ESTADÍSTICAS · ESPAÑOL, 5 LETRAS",
     (("Jugadas",), ("% de victorias",), ("Racha", "actual"), ("Mejor", "racha"))),
    ("ru", OCTORDLE_RU, "СТАТИСТИКА · OCTORDLE · РУССКИЙ, 5 БУКВ",
     (("Сыграно",), ("% побед",), ("Текущая", "серия"), ("Лучшая", "серия"))),
])
def test_the_pictures_words(language: str, variant, title: str, labels) -> None:
    words = pic.picture_words(texts_for(language), variant)
    assert (words.title, words.labels) == (title, labels)


@pytest.mark.parametrize("language", ["de", "ru"])
def test_a_picture_in_another_language_is_drawn_alike_fast_and_slow(language: str) -> None:
    numbers = Stats(played=5, wins=4, win_percent=80, current_streak=2, max_streak=3,
                    distribution=(0,) * 8 + (1, 2, 0, 0, 1))
    texts = texts_for(language)
    slow = np.asarray(pic.stats_image(numbers, highlight=10, variant=OCTORDLE_RU,
                                      texts=texts)).astype(int)
    fast = np.asarray(Image.open(io.BytesIO(pic.stats_png(
        numbers, highlight=10, variant=OCTORDLE_RU, texts=texts))).convert("RGB")).astype(int)
    assert fast.shape == slow.shape == (pic.image_height(13), pic.WIDTH, 3)
    assert np.abs(fast - slow).max() <= PALETTE_TOLERANCE
    english = np.asarray(pic.stats_image(numbers, highlight=10,
                                         variant=OCTORDLE_RU)).astype(int)
    words = (slice(0, pic.NUMBERS_TOP), slice(pic.NUMBERS_TOP + pic.NUMBER_HEIGHT,
                                              pic.BARS_TOP))
    for rows in words:  # the title, the labels and the heading differ; the numbers do not
        assert (english[rows] != slow[rows]).any()
    numbers_rows = slice(pic.NUMBERS_TOP, pic.NUMBERS_TOP + pic.NUMBER_HEIGHT)
    assert (english[numbers_rows] == slow[numbers_rows]).all()
