"""The text of a message shaped to a player's look and to Discord's limits: emoji squares in
high contrast, and as many parts as fit, with a line for the rest."""

from __future__ import annotations

from bot.render.common import ENGLISH, Texts

_CONTRAST_SQUARES = str.maketrans({"\N{LARGE GREEN SQUARE}": "\N{LARGE ORANGE SQUARE}",
                                   "\N{LARGE YELLOW SQUARE}": "\N{LARGE BLUE SQUARE}"})


def recolour(text: str, high_contrast: bool) -> str:
    """Emoji text (a board, a share grid, statistics bars) in high contrast: every 🟩 becomes
    🟧 and every 🟨 becomes 🟦; unchanged otherwise."""
    return text.translate(_CONTRAST_SQUARES) if high_contrast else text


def more_line(count: int, texts: Texts = ENGLISH) -> str:
    """``…and 37 more``: the line that stands for what did not fit."""
    return texts.ngettext("…and {n} more", "…and {n} more", count)


def fit_parts(parts: list[str], budget: int, sep: str = "\n",
              texts: Texts = ENGLISH) -> str:
    """``parts`` joined by ``sep``, as many as fit in ``budget`` characters, then
    :func:`more_line` with how many were left out."""
    out: list[str] = []
    used = 0
    for i, part in enumerate(parts):
        if used + len(part) + len(sep) > budget:
            out.append(more_line(len(parts) - i, texts))
            break
        out.append(part)
        used += len(part) + len(sep)
    return sep.join(out)
