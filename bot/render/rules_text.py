"""The rules in a few lines, for the help message."""

from __future__ import annotations

from bot.core.feedback import score
from bot.core.variant import CLASSIC, Variant
from bot.render.emoji_board import GREEN_SQUARE, GREY_SQUARE, YELLOW_SQUARE, squares


def rules_text(example: tuple[str, str] = ("speed", "erase"),
               variant: Variant = CLASSIC) -> str:
    """The rules of ``variant`` in a few lines, with one example row (``SPEED`` against
    ``ERASE``) scored by the reference scoring, so the example cannot be wrong."""
    guess, answer = example
    row = squares(score(guess, answer))
    return "\n".join([
        f"Guess the hidden {variant.length}-letter word in {variant.attempts} attempts. Each "
        "guess must be a word from the list; a refused guess costs nothing.",
        f"{GREEN_SQUARE} right letter, right place · {YELLOW_SQUARE} in the word, elsewhere · "
        f"{GREY_SQUARE} not in the word (or no more of it).",
        f"Greens count first, then yellows left to right while the word has copies left: "
        f"{guess.upper()} against {answer.upper()} is {row}.",
    ])
