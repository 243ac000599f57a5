"""The shipped font draws every letter of every language, as tiles and keys show them: each
letter's glyph is compared with the font's missing-glyph box (.notdef)."""

from __future__ import annotations

import pytest
from PIL import ImageFont

from bot.core.letter_rules import LETTER_RULES, letter_rules
from bot.core.letters import upper_case
from bot.render import draw

#: A private-use code point no font draws: what a font draws for it is its .notdef box.
NO_LETTER = "\U0010fffd"

Face = ImageFont.FreeTypeFont | ImageFont.ImageFont


def glyph(face: Face, text: str) -> tuple[tuple[int, int], bytes]:
    mask = face.getmask(text)
    return mask.size, bytes(mask)


def missing(face: Face, letters: str) -> list[str]:
    """The letters ``face`` draws as its .notdef box."""
    box = glyph(face, NO_LETTER)
    return [letter for letter in letters if glyph(face, letter) == box]


def every_letter(code: str) -> str:
    """The language's letters in both cases, and the letters that fold into them (ß, Ё),
    which a shown answer may hold."""
    rules = letter_rules(code)
    written = rules.alphabet + "".join(rules.folds)
    return written + upper_case(written, rules)


@pytest.mark.parametrize("size", [draw.TILE_FONT_SIZE, draw.KEY_FONT_SIZE, draw.TITLE_FONT_SIZE])
@pytest.mark.parametrize("code", list(LETTER_RULES))
def test_the_font_draws_every_letter_of_every_language(code, size):
    face = draw.font(size)
    assert isinstance(face, ImageFont.FreeTypeFont)
    assert face.getname() == ("DejaVu Sans", "Bold")  # the shipped file, not a fallback
    assert missing(face, every_letter(code)) == []


def test_accented_and_cyrillic_capitals_are_in_the_shipped_font():
    face = draw.font(draw.TILE_FONT_SIZE)
    assert missing(face, "ÑÄÖÜÉÇẞЙЁҐЄЇІİŞĞ") == []


def test_the_check_finds_a_font_without_the_letters():
    """Pillow's own font has no Cyrillic and no Turkish İ: the comparison says so, and says
    the shipped font has no Chinese."""
    plain = ImageFont.load_default(draw.TILE_FONT_SIZE)
    assert "й" in missing(plain, every_letter("ru"))
    assert "İ" in missing(plain, every_letter("tr"))
    assert missing(plain, "ABC") == []
    assert missing(draw.font(draw.TILE_FONT_SIZE), "日本") == ["日", "本"]
