"""A hint in words: a letter, a position, or a word to try (with, when that word cannot be
the hidden word, the best word that could be)."""

from __future__ import annotations

from bot.core.domain import HintKind
from bot.core.solver_answers import AnswerPick
from bot.render.common import ENGLISH, Texts
from bot.service.results import HintResult


def hint_text(hint: HintResult, texts: Texts = ENGLISH) -> str:
    """A hint in words."""
    if hint.board is not None or hint.board_candidates:
        return boards_hint_text(hint, texts)
    if hint.kind is HintKind.WORD:
        text = texts.ngettext(
            "Try {word}: {n} possible word fits what you know so far.",
            "Try {word}: {n} possible words fit what you know so far.",
            hint.candidates_left or 0, word=(hint.word or "").upper())
        if hint.pick is not None:
            text += " " + pick_text(hint.pick, texts)
        if hint.provisional:
            text += " " + texts._("(A quick pick: the solver is still working out its full "
                                  "strategy for these word lists; later hints will be its "
                                  "best.)")
        return text
    letter = (hint.letter or "").upper()
    if hint.kind is HintKind.POSITION:
        return texts._("Letter {position} of the hidden word is {letter}.",
                       position=hint.position, letter=letter)
    text = texts._("The hidden word contains the letter {letter}.", letter=letter)
    if hint.fallback:
        text = texts._("No word in the current list fits what you know (the word lists "
                       "changed since this game began), so here is a letter instead.") \
            + " " + text
    return text


def boards_hint_text(hint: HintResult, texts: Texts = ENGLISH) -> str:
    """A hint in a game of several boards: a word for the open boards, with the words still
    possible on each, or a letter or position naming its board."""
    if hint.kind is HintKind.WORD:
        counts = ", ".join(texts._("board {board}: {n}", board=board, n=texts.number(n))
                           for board, n in hint.board_candidates)
        return texts._("Try {word} on the open boards. Words still possible: {counts}.",
                       word=(hint.word or "").upper(), counts=counts)
    letter = (hint.letter or "").upper()
    if hint.kind is HintKind.POSITION:
        return texts._("Board {board}: letter {position} of the word is {letter}.",
                       board=hint.board, position=hint.position, letter=letter)
    text = texts._("Board {board}: the word has the letter {letter}.", board=hint.board,
                   letter=letter)
    if hint.fallback:
        text = texts._("No word in the current list fits what you know (the word lists "
                       "changed since this game began), so here is a letter instead.") \
            + " " + text
    return text


def pick_text(pick: AnswerPick, texts: Texts = ENGLISH) -> str:
    """A word hint whose word can't be the hidden word: the best word that could be, and the
    guesses each still needs on average (this one included)."""
    best, answer = pick.best.word.upper(), pick.answer.word.upper()
    values = {"best": best, "answer": answer, "best_expected": texts.decimal(pick.best.expected),
              "answer_expected": texts.decimal(pick.answer.expected)}
    if pick.exact:
        return texts._("{best} can't be the hidden word itself; the best word that could be is "
                       "{answer}. Guesses still needed on average, this one included: "
                       "{best_expected} with {best}, {answer_expected} with {answer}.",
                       **values)
    return texts._("{best} can't be the hidden word itself; the best word that could be is "
                   "{answer}. Guesses still needed on average, this one included: about "
                   "{best_expected} with {best}, about {answer_expected} with {answer}.",
                   **values)
