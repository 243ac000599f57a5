"""The colours of the pictures, and the 256-colour palette each look is encoded with.

A look is data: a :class:`Theme` names its colours and the rest is derived from it. There are
four: light and dark, each also in high contrast (orange and blue, as in the real game);
:func:`recolour` gives emoji text the same colours. A palette holds the theme's solid colours
exactly and evenly spaced blends between each text colour and the fill under it (where the
anti-aliased edges of letters lie), so mapping a drawing to it keeps solid areas exact and
moves an edge pixel by at most :data:`PALETTE_TOLERANCE` levels.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

import numpy as np

from bot.core.domain import GREEN, GREY, YELLOW

Color = tuple[int, int, int]
#: Largest difference (per channel, 0-255) between a part as drawn and as encoded.
PALETTE_TOLERANCE = 3


def _hex(value: str) -> Color:
    value = value.lstrip("#")
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


@dataclass(frozen=True)
class Theme:
    """The colours of one look (light or dark)."""

    background: Color
    green: Color
    yellow: Color
    grey: Color
    empty_border: Color
    key: Color
    key_text: Color
    tile_text: Color
    title_text: Color

    def state(self, state: str) -> Color:
        return {GREEN: self.green, YELLOW: self.yellow, GREY: self.grey}[state]

    def solids(self) -> list[Color]:
        """Every flat colour, background first."""
        return [self.background, self.green, self.yellow, self.grey, self.empty_border,
                self.key, self.key_text, self.tile_text, self.title_text]

    def blends(self) -> list[tuple[Color, Color]]:
        """(text, fill) pairs drawn anti-aliased: letters on tiles and keys, the badge, the
        title."""
        return [(self.tile_text, self.green), (self.tile_text, self.yellow),
                (self.tile_text, self.grey), (self.key_text, self.key),
                (self.title_text, self.background)]


LIGHT = Theme(
    background=_hex("#ffffff"),
    green=_hex("#6aaa64"),
    yellow=_hex("#c9b458"),
    grey=_hex("#787c7e"),
    empty_border=_hex("#d3d6da"),
    key=_hex("#d3d6da"),
    key_text=_hex("#1a1a1b"),
    tile_text=_hex("#ffffff"),
    title_text=_hex("#1a1a1b"),
)
DARK = Theme(
    background=_hex("#121213"),
    green=_hex("#538d4e"),
    yellow=_hex("#b59f3b"),
    grey=_hex("#3a3a3c"),
    empty_border=_hex("#3a3a3c"),
    key=_hex("#818384"),
    key_text=_hex("#ffffff"),
    tile_text=_hex("#ffffff"),
    title_text=_hex("#ffffff"),
)
#: The real game's high-contrast colours: orange for the right place, blue for the wrong place.
CONTRAST_RIGHT = _hex("#f5793a")
CONTRAST_ELSEWHERE = _hex("#85c0f9")
LIGHT_CONTRAST = replace(LIGHT, green=CONTRAST_RIGHT, yellow=CONTRAST_ELSEWHERE)
DARK_CONTRAST = replace(DARK, green=CONTRAST_RIGHT, yellow=CONTRAST_ELSEWHERE)
THEMES = {"light": LIGHT, "dark": DARK, "light-contrast": LIGHT_CONTRAST,
          "dark-contrast": DARK_CONTRAST}


def theme_name(*, dark: bool = False, high_contrast: bool = False) -> str:
    """The name in :data:`THEMES` of the light or dark look, in high contrast or not."""
    return ("dark" if dark else "light") + ("-contrast" if high_contrast else "")


@lru_cache(maxsize=16)
def palette(theme: Theme) -> np.ndarray:
    """The theme's palette: a ``(256, 3)`` uint8 array, entry 0 the background."""
    colours: list[Color] = []
    for colour in theme.solids():
        if colour not in colours:
            colours.append(colour)
    pairs = list(dict.fromkeys(theme.blends()))
    steps = (256 - len(colours)) // max(len(pairs), 1)
    for text, fill in pairs:
        for i in range(1, steps + 1):
            share = i / (steps + 1)
            blend = tuple(round(f + (t - f) * share) for t, f in zip(text, fill, strict=True))
            if blend not in colours:
                colours.append(blend)  # type: ignore[arg-type]
    colours += [theme.background] * (256 - len(colours))
    return np.array(colours[:256], dtype=np.uint8)


@lru_cache(maxsize=16)
def _palette_terms(theme: Theme) -> tuple[np.ndarray, np.ndarray]:
    """The palette as float64 and each entry's squared length (see :func:`nearest_indices`)."""
    table = palette(theme).astype(np.float64)
    return table, (table * table).sum(axis=1)


def nearest_indices(theme: Theme, rgb: np.ndarray) -> np.ndarray:
    """Palette index of the nearest palette colour for each pixel of an ``(h, w, 3)`` array,
    read-only (what it makes is a drawn part, cached and shared)."""
    table, lengths = _palette_terms(theme)
    flat = rgb.reshape(-1, 3).astype(np.int32)
    packed = (flat[:, 0] << 16) | (flat[:, 1] << 8) | flat[:, 2]
    unique, inverse = np.unique(packed, return_inverse=True)
    colours = np.stack([unique >> 16, (unique >> 8) & 0xFF, unique & 0xFF], axis=1)
    # |c - t|² less |c|² (the same for every t of a pixel, so the nearest is the same): one
    # matrix product rather than every difference. Integers below 2**53, so exact in
    # float64, ties included.
    distance = lengths[None, :] - 2 * (colours.astype(np.float64) @ table.T)
    indices = distance.argmin(axis=1).astype(np.uint8)[inverse.reshape(-1)]
    indices = indices.reshape(rgb.shape[:2])
    indices.flags.writeable = False
    return indices
