"""Reading board pictures back in tests: PNG bytes as RGB, and the fast picture checked
pixel by pixel against the slow reference drawing."""

from __future__ import annotations

import io

import numpy as np
from PIL import Image

from bot.core.variant import CLASSIC
from bot.render import image
from bot.render.common import QWERTY_ROWS


def open_png(data: bytes) -> Image.Image:
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    picture = Image.open(io.BytesIO(data))
    picture.load()
    assert picture.format == "PNG"
    return picture.convert("RGB")


def centre_left(box: tuple[int, int, int, int], inset: int = 4) -> tuple[int, int]:
    return box[0] + inset, (box[1] + box[3]) // 2


def reference(rows, theme="light", **kwargs) -> Image.Image:
    """The board drawn the slow way, every tile and letter on one picture."""
    board = image._check(rows, None, kwargs.get("variant", CLASSIC),
                         kwargs.get("layout", QWERTY_ROWS), kwargs.get("hard_mode", False),
                         kwargs.get("title"), theme)
    return image._reference_image(board)


def assert_fast_matches_slow(rows, theme: str, **kwargs) -> None:
    """The PNG pasted from cached parts is the slow drawing, but for letters' edge pixels,
    which take the nearest palette colour."""
    slow = np.asarray(reference(rows, theme, **kwargs)).astype(int)
    fast = np.asarray(open_png(image.board_png(rows, theme=theme, **kwargs))).astype(int)
    assert fast.shape == slow.shape
    difference = np.abs(fast - slow).max(axis=2)
    # Letter edges take the nearest palette colour: a few levels at most ...
    assert difference.max() <= image.PALETTE_TOLERANCE
    # ... and every pixel of a flat theme colour (fills, borders, the inside of letters) is exact.
    def packed(colours):
        return (colours[..., 0] << 16) | (colours[..., 1] << 8) | colours[..., 2]

    solids = packed(np.array(image.THEMES[theme].solids()))
    flat = np.isin(packed(slow), solids)
    assert flat.mean() > 0.9
    assert (difference[flat] == 0).all()
    # The RGB picture is the same as the PNG.
    assert (np.asarray(image.board_image(rows, theme=theme, **kwargs)).astype(int) == fast).all()
