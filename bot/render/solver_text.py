"""The solver's texts in the reader's language: why a history cannot be read (the core's
:class:`~bot.core.solver_history.HistoryError`, worded from its problem, values and place,
never from its English message), and the refusals and lines of ``wordle-bot solve``."""

from __future__ import annotations

from collections.abc import Callable

from babel.numbers import format_decimal

from bot.core.solver_history import HistoryError, HistoryProblem, ImpossibleFeedbackError
from bot.core.word_notes import HardModeRule
from bot.render.common import ENGLISH, Texts
from bot.render.word_problems import hard_mode_text, letters_text, ordinal_text

P = HistoryProblem


def history_text(error: HistoryError, texts: Texts = ENGLISH) -> str:
    """Why the solver cannot read a history, in the language of ``texts``."""
    t, where = texts, error.where
    reason = _reason(error, t)
    word = where.word.upper()
    if where.guess is not None and where.board is not None:
        return t._("Guess {guess} ({word}), board {board}: {problem}",
                   guess=t.number(where.guess), word=word, board=t.number(where.board),
                   problem=reason)
    if where.guess is not None and word:
        return t._("Guess {guess} ({word}): {problem}", guess=t.number(where.guess),
                   word=word, problem=reason)
    if where.guess is not None:
        return t._("Guess {guess}: {problem}", guess=t.number(where.guess), problem=reason)
    if where.board is not None:
        return t._("Board {board}: {problem}", board=t.number(where.board), problem=reason)
    return reason


def _reason(error: HistoryError, t: Texts) -> str:
    problem, v = error.problem, error.values
    if isinstance(error, ImpossibleFeedbackError) and problem in _IMPOSSIBLE:
        return _IMPOSSIBLE[problem](error, t)
    words = _REASONS.get(problem) if problem is not None else None
    return t._("The solver can't read these guesses.") if words is None else words(v, t)


def _number(values: dict[str, int | str], name: str) -> int:
    return int(values.get(name, 0))


def _upper(values: dict[str, int | str], name: str) -> str:
    return str(values.get(name, "")).upper()


def _not_a_word(v: dict[str, int | str], t: Texts) -> str:
    return not_a_word_text(str(v.get("word", "")), _number(v, "length"),
                           str(v.get("alphabet", "")), t)


def not_a_word_text(word: str, length: int, alphabet: str, texts: Texts = ENGLISH) -> str:
    """A guess that is no word of ``length`` letters of ``alphabet`` (``word`` as typed, or
    empty when it was no text)."""
    t, letters = texts, letters_text(alphabet, texts)
    if not word:
        return t.ngettext("Each guess must be a word of {n} letter ({letters}).",
                          "Each guess must be a word of {n} letters ({letters}).", length,
                          letters=letters)
    return t.ngettext("Each guess must be a word of {n} letter ({letters}); {word} is not.",
                      "Each guess must be a word of {n} letters ({letters}); {word} is not.",
                      length, letters=letters, word=repr(word))


_REASONS: dict[HistoryProblem, Callable[[dict[str, int | str], Texts], str]] = {
    P.FEEDBACK_NOT_TEXT: lambda v, t: t._(
        "Feedback must be text such as GYBBB, 21000 or 🟩🟨⬛⬛⬛."),
    P.FEEDBACK_CHARACTER: lambda v, t: t._(
        "Feedback can only use G/Y/B, 2/1/0 or 🟩🟨⬛: {character} is none of them.",
        character=repr(str(v.get("character", "?")))),
    P.FEEDBACK_LENGTH: lambda v, t: t.ngettext(
        "Feedback needs {n} mark, one per letter; got {count}.",
        "Feedback needs {n} marks, one per letter; got {count}.", _number(v, "length"),
        count=t.number(_number(v, "count"))),
    P.NOT_PAIRS: lambda v, t: t._("The history must be a list of (guess, feedback) pairs."),
    P.NOT_A_PAIR: lambda v, t: t._("A guess must be a (word, feedback) pair."),
    P.NOT_A_WORD: _not_a_word,
    P.BOARDS_COUNT: lambda v, t: t.ngettext(
        "A game of {n} board needs a history for each board, not {count}.",
        "A game of {n} boards needs a history for each board, not {count}.",
        _number(v, "boards"), count=v.get("count", "?")),
    P.OTHER_GUESS: lambda v, t: t._(
        "guess {guess} is {word}, but {other} on another board; every board gets the same "
        "guesses.", guess=t.number(_number(v, "guess")), word=_upper(v, "word"),
        other=_upper(v, "other")),
    P.AFTER_FOUND: lambda v, t: t._(
        "{word} (guess {guess}) found its word, so the board gets no feedback after it.",
        word=_upper(v, "word"), guess=t.number(_number(v, "guess"))),
    P.MISSING_FEEDBACK: lambda v, t: t.ngettext(
        "the board has feedback for {count} of the {n} guess; a board still open gets "
        "feedback for every guess.",
        "the board has feedback for {count} of the {n} guesses; a board still open gets "
        "feedback for every guess.", _number(v, "guesses"),
        count=t.number(_number(v, "count"))),
    P.FEEDBACK_COUNT: lambda v, t: t.ngettext(
        "{n} feedback given; a game of {boards} boards needs one per board.",
        "{n} feedbacks given; a game of {boards} boards needs one per board.",
        _number(v, "count"), boards=t.number(_number(v, "boards"))),
    P.FOUND_BOARD_FEEDBACK: lambda v, t: t._(
        "the board was found by guess {found_by}, so it gets no feedback after it (leave it "
        "empty).", found_by=t.number(_number(v, "found_by"))),
    P.NO_FEEDBACK: lambda v, t: t._("no feedback for a board still open."),
    P.NOT_ALLOWED: lambda v, t: t._("{word} is not in the list of allowed guesses.",
                                    word=_upper(v, "word")),
    P.ALL_FOUND: lambda v, t: t._("Every board is found: the game is over."),
}


def _contradiction(error: ImpossibleFeedbackError, t: Texts) -> str:
    v = error.values
    return t._("No word can give that feedback: in guess {guess}, {word} {feedback}, the "
               "{letter} in the {place} place is grey but a later {letter} (in the {later} "
               "place) is yellow, which never happens: yellows go to the leftmost copies "
               "first.", **_shown(error, t), letter=_upper(v, "letter"),
               place=ordinal_text(_number(v, "place"), t),
               later=ordinal_text(_number(v, "later"), t))


def _not_an_answer(error: ImpossibleFeedbackError, t: Texts) -> str:
    before = error.candidates_before
    if (error.step or 0) <= 1:
        return t._("No word in the list fits: guess {guess}, {word} {feedback} says {word} is "
                   "the hidden word, but it is not in the list of hidden words.",
                   **_shown(error, t))
    return t.ngettext(
        "No word in the list fits: guess {guess}, {word} {feedback} says {word} is the hidden "
        "word, but it is not in the list of hidden words (or not the {n} word that fitted "
        "before it).",
        "No word in the list fits: guess {guess}, {word} {feedback} says {word} is the hidden "
        "word, but it is not in the list of hidden words (or not among the {n} words that "
        "fitted before it).", before, **_shown(error, t))


def _fits_none(error: ImpossibleFeedbackError, t: Texts) -> str:
    if error.candidates_before == 1:
        return t._("No word in the list fits: guess {guess}, {word} {feedback} does not fit "
                   "the only hidden word. Check the feedback was typed correctly.",
                   **_shown(error, t))
    return t.ngettext(
        "No word in the list fits: guess {guess}, {word} {feedback} fits none of the {n} "
        "hidden word. Check the feedback was typed correctly.",
        "No word in the list fits: guess {guess}, {word} {feedback} fits none of the {n} "
        "hidden words. Check the feedback was typed correctly.", error.candidates_before,
        **_shown(error, t))


def _rules_out(error: ImpossibleFeedbackError, t: Texts) -> str:
    if error.candidates_before == 1:
        return t._("No word in the list fits: guess {guess}, {word} {feedback} rules out the "
                   "only word that fitted the guesses before it. Check the feedback was typed "
                   "correctly.", **_shown(error, t))
    return t.ngettext(
        "No word in the list fits: guess {guess}, {word} {feedback} rules out all {n} word "
        "that fitted the guesses before it. Check the feedback was typed correctly.",
        "No word in the list fits: guess {guess}, {word} {feedback} rules out all {n} words "
        "that fitted the guesses before it. Check the feedback was typed correctly.",
        error.candidates_before, **_shown(error, t))


def _hints_rule_out(error: ImpossibleFeedbackError, t: Texts) -> str:
    if error.candidates_before == 1:
        return t._("No word in the list fits: what the hints revealed rules out the only word "
                   "that fitted the guesses.")
    return t.ngettext(
        "No word in the list fits: what the hints revealed rules out all {n} word that "
        "fitted the guesses.",
        "No word in the list fits: what the hints revealed rules out all {n} words that "
        "fitted the guesses.", error.candidates_before)


def _shown(error: ImpossibleFeedbackError, t: Texts) -> dict[str, str]:
    return {"guess": t.number(error.step or 0), "word": error.guess.upper(),
            "feedback": error.feedback}


_IMPOSSIBLE: dict[HistoryProblem, Callable[[ImpossibleFeedbackError, Texts], str]] = {
    P.CONTRADICTION: _contradiction, P.NOT_AN_ANSWER: _not_an_answer,
    P.FITS_NONE: _fits_none, P.RULES_OUT: _rules_out, P.HINTS_RULE_OUT: _hints_rule_out,
}


def hard_mode_refused(word: str, number: int, rule: HardModeRule,
                      texts: Texts = ENGLISH) -> str:
    """A guess of a history hard mode would have refused, and the rule it breaks."""
    t = texts
    return t._("{word} (guess {guess}) could not be played. {rule}", word=word.upper(),
               guess=t.number(number), rule=hard_mode_text(rule, t))


def fitting_text(count: int, sample: list[str], texts: Texts = ENGLISH) -> str:
    """How many hidden words fit, and on the next line the first of them (``sample``, shown
    as the pack writes them) with how many more there are."""
    t = texts
    if not sample:
        return t.ngettext("{n} hidden word fits.", "{n} hidden words fit.", count)
    heading = t.ngettext("{n} hidden word fits:", "{n} hidden words fit:", count)
    return f"{heading}\n  {more_words_text(count, sample, t)}"


def more_words_text(count: int, sample: list[str], texts: Texts = ENGLISH) -> str:
    """The words of ``sample`` and, when they are fewer than ``count``, how many more."""
    line, more = " ".join(sample), count - len(sample)
    if more <= 0:
        return line
    return texts.ngettext("{words} … and {n} more", "{words} … and {n} more", more, words=line)


def best_guess_text(word: str, hard_mode: bool, texts: Texts = ENGLISH) -> str:
    """The best next guess (``word`` as the pack writes it)."""
    if hard_mode:
        return texts._("Best next guess (hard mode): {word}", word=word)
    return texts._("Best next guess: {word}", word=word)


def strategy_text(hard_mode: bool, source: str, build_seconds: float, first: str,
                  average: float, max_guesses: int, texts: Texts = ENGLISH) -> str:
    """A strategy ``wordle-bot prepare`` made ready: its mode, where it came from
    (``source``: shipped, cache or built), its first guess and its figures."""
    t = texts
    where = {"shipped": t._("shipped with the bot"), "cache": t._("already in the cache")}.get(
        source) or t._("built in {seconds} s", seconds=t.number(round(build_seconds)))
    figures = {"first": first, "where": where, "max": t.number(max_guesses),
               "average": format_decimal(average, format="0.0000", locale=t.locale)}
    if hard_mode:
        return t._("hard mode: {where}; opens with {first}, {average} guesses on average, at "
                   "most {max}", **figures)
    return t._("normal mode: {where}; opens with {first}, {average} guesses on average, at "
               "most {max}", **figures)
