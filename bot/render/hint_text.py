"""A hint in words: a letter, a position, or a word to try (with, when that word cannot be
the hidden word, the best word that could be)."""

from __future__ import annotations

from bot.core.domain import HintKind
from bot.core.solver_answers import AnswerPick
from bot.service.results import HintResult


def hint_text(hint: HintResult) -> str:
    """A hint in words."""
    if hint.kind is HintKind.WORD:
        left = hint.candidates_left or 0
        words = "word fits" if left == 1 else "words fit"
        text = f"Try {(hint.word or '').upper()}: {left:,} possible {words} what you know so far."
        if hint.pick is not None:
            text += " " + pick_text(hint.pick)
        if hint.provisional:
            text += (" (A quick pick: the solver is still working out its full strategy for "
                     "these word lists; later hints will be its best.)")
        return text
    letter = (hint.letter or "").upper()
    if hint.kind is HintKind.POSITION:
        return f"Letter {hint.position} of the hidden word is {letter}."
    text = f"The hidden word contains the letter {letter}."
    if hint.fallback:
        text = ("No word in the current list fits what you know (the word lists changed "
                "since this game began), so here is a letter instead. " + text)
    return text


def pick_text(pick: AnswerPick) -> str:
    """A word hint whose word can't be the hidden word: the best word that could be, and the
    guesses each still needs on average (this one included)."""
    best, answer = pick.best.word.upper(), pick.answer.word.upper()
    about = "" if pick.exact else "about "
    return (f"{best} can't be the hidden word itself; the best word that could be is {answer}. "
            f"Guesses still needed on average, this one included: {about}"
            f"{pick.best.expected:.2f} with {best}, {about}{pick.answer.expected:.2f} with "
            f"{answer}.")
