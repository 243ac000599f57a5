"""The rules in a few lines, for the help message."""

from __future__ import annotations

from bot.core.feedback import score
from bot.core.variant import CLASSIC, Variant
from bot.render.common import ENGLISH, Texts
from bot.render.emoji_board import GREEN_SQUARE, GREY_SQUARE, YELLOW_SQUARE, squares


def rules_text(example: tuple[str, str] = ("speed", "erase"),
               variant: Variant = CLASSIC, texts: Texts = ENGLISH) -> str:
    """The rules of ``variant`` in a few lines, with one example row (``SPEED`` against
    ``ERASE``) scored by the reference scoring, so the example cannot be wrong."""
    guess, answer = example
    row = squares(score(guess, answer))
    return "\n".join([
        texts.ngettext("Guess the hidden {length}-letter word in {n} attempt.",
                       "Guess the hidden {length}-letter word in {n} attempts.",
                       variant.attempts, length=variant.length)
        + " " + texts._("Each guess must be a word from the list; a refused guess costs "
                        "nothing."),
        texts._("{green} right letter, right place · {yellow} in the word, elsewhere · {grey} "
                "not in the word (or no more of it).", green=GREEN_SQUARE,
                yellow=YELLOW_SQUARE, grey=GREY_SQUARE),
        texts._("Greens count first, then yellows left to right while the word has copies "
                "left: {guess} against {answer} is {row}.", guess=guess.upper(),
                answer=answer.upper(), row=row),
    ])
