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

from bot.core.game import MAX_ATTEMPTS

SQUARES = {"G": "\N{LARGE GREEN SQUARE}", "Y": "\N{LARGE YELLOW SQUARE}",
           "B": "\N{BLACK LARGE SQUARE}"}


def squares(feedback: str) -> str:
    """``"GYBBB"`` as ``🟩🟨⬛⬛⬛``."""
    return "".join(SQUARES[c] for c in feedback.upper())


def share_title(label: str, rows_played: int, won: bool, hard_mode: bool,
                max_attempts: int = MAX_ATTEMPTS) -> str:
    score = str(rows_played) if won else "X"
    return f"{label} {score}/{max_attempts}{'*' if hard_mode else ''}"


def puzzle_label(number: int | None, kind: str = "daily") -> str:
    """``Wordle 1,234`` for a daily; ``Wordle practice`` / ``Wordle challenge`` otherwise."""
    if number is not None and kind == "daily":
        return f"Wordle {number:,}"
    return f"Wordle {'challenge' if kind == 'custom' else 'practice'}"


def share_text(rows: Iterable[Sequence[str]], *, label: str, won: bool, hard_mode: bool,
               max_attempts: int = MAX_ATTEMPTS) -> str:
    """The title line, a blank line, then one row of squares per guess (no letters)."""
    grid = [squares(feedback) for _, feedback in rows]
    title = share_title(label, len(grid), won, hard_mode, max_attempts)
    return "\n".join([title, "", *grid])
