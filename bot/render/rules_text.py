"""The rules in a few lines, for the help message."""

from __future__ import annotations

from bot.core.feedback import score
from bot.core.variant import CLASSIC, Variant
from bot.render.common import ENGLISH, Texts
from bot.render.emoji_board import GREEN_SQUARE, GREY_SQUARE, YELLOW_SQUARE, squares

#: The rules' example row in each language: a guess of the language's pack typing a letter
#: twice, against a hidden word of the pack, so the row shows how copies are counted (in
#: English both copies count, ERASE having two Es; elsewhere one copy counts and the other is
#: grey, the word having no more of it).
RULES_EXAMPLES: dict[str, tuple[str, str]] = {
    "en": ("speed", "erase"),
    "de": ("tasse", "segel"),
    "es": ("perro", "tarde"),
    "fr": ("salle", "lundi"),
    "it": ("gatto", "tempo"),
    "nl": ("appel", "stoep"),
    "pt": ("carro", "barco"),
    "ru": ("класс", "смена"),
}


def rules_text(example: tuple[str, str] | None = None,
               variant: Variant = CLASSIC, texts: Texts = ENGLISH) -> str:
    """The rules of ``variant`` in a few lines, with one example row (by default the
    language's, :data:`RULES_EXAMPLES`) scored by the reference scoring, so the example
    cannot be wrong."""
    guess, answer = example or RULES_EXAMPLES.get(texts.language, RULES_EXAMPLES["en"])
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
