"""The spoiler-free share grid, as the real game posts it.

    Wordle 1,234 4/6*

    ⬛🟨⬛⬛⬛
    ⬛⬛🟩🟨⬛
    🟨⬛🟩⬛🟩
    🟩🟩🟩🟩🟩

``X/6`` marks a lost or given-up game and ``*`` hard mode. Only squares, never letters.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.core.domain import GREEN, GREY, MAX_ATTEMPTS, YELLOW

SQUARES = {GREEN: "\N{LARGE GREEN SQUARE}", YELLOW: "\N{LARGE YELLOW SQUARE}",
           GREY: "\N{BLACK LARGE SQUARE}"}


def squares(feedback: str) -> str:
    """``"GYBBB"`` as ``🟩🟨⬛⬛⬛``."""
    return "".join(SQUARES[c] for c in feedback.upper())


def share_title(label: str, rows_played: int, won: bool, hard_mode: bool,
                max_attempts: int = MAX_ATTEMPTS) -> str:
    score = str(rows_played) if won else "X"
    return f"{label} {score}/{max_attempts}{'*' if hard_mode else ''}"


def share_text(rows: Iterable[Sequence[str]], *, label: str, won: bool, hard_mode: bool,
               max_attempts: int = MAX_ATTEMPTS) -> str:
    """The title line, a blank line, then one row of squares per guess (no letters); the
    title alone for a game given up before its first guess."""
    grid = [squares(feedback) for _, feedback in rows]
    title = share_title(label, len(grid), won, hard_mode, max_attempts)
    return "\n".join([title, "", *grid]) if grid else title
