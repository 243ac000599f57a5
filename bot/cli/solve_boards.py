"""``wordle-bot solve`` for several boards at once (Dordle, Quordle, Octordle).

    wordle-bot solve crane=BYBBG,GGGGG,BBBBB,BBBBB slate=BBBBG,,BYBYB,BBBBB

Each guess has one feedback per board, in board order, comma separated; a board found by an
earlier guess gets none (empty, ``-`` or all green). :func:`solve_boards` prints the rows,
each board's fitting words (or the guess that found it) and the best next guess for every
open board together, with the exit status of the single-board command
(:mod:`bot.cli.solve`).
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, TextIO

from bot.core.share import squares
from bot.core.variant import Variant
from bot.render.common import ENGLISH, Texts
from bot.render.solver_text import best_guess_text, history_text, more_words_text

if TYPE_CHECKING:
    from bot.cli.pack_choice import Chosen
    from bot.core.solver_boards import BoardsAssistance, BoardView

Row = tuple[str, list[str | None]]
#: What a found board shows in the rows after the guess that found it.
_NOTHING = "·"


def parse_row(text: str, variant: Variant, texts: Texts = ENGLISH) -> Row:
    """``"slate=BBBBG,,BYBYB,BBBBB"`` to ``("slate", ["BBBBG", None, "BYBYB", "BBBBB"])``:
    one feedback per board, ``None`` where none was given; raises ``ValueError`` (its
    message in the language of ``texts``)."""
    from bot.cli.solve import split_guess
    from bot.core.solver_history import HistoryError, parse_feedback

    t = texts
    word, rest = split_guess(text, variant, t)
    pieces = rest.split(",")
    if len(pieces) != variant.boards:
        raise ValueError(t.ngettext(
            "{word} has {n} feedback for {boards} boards: give one per board, comma "
            "separated (empty for a board found before)",
            "{word} has {n} feedbacks for {boards} boards: give one per board, comma "
            "separated (empty for a board found before)", len(pieces), word=word.upper(),
            boards=t.number(variant.boards)))
    feedbacks: list[str | None] = []
    for board, piece in enumerate(pieces, start=1):
        if piece.strip() in ("", "-"):
            feedbacks.append(None)
            continue
        try:
            feedbacks.append(parse_feedback(piece, variant.length))
        except HistoryError as error:
            raise ValueError(t._("{word}, board {board}: {problem}", word=word.upper(),
                                 board=t.number(board),
                                 problem=history_text(error, t))) from None
    return word, feedbacks


def board_rows(rows: list[Row], hard_mode: bool, variant: Variant,
               texts: Texts = ENGLISH) -> list[list[tuple[str, str]]]:
    """Each board's history from the rows; ``ValueError`` for rows no game can have: more
    guesses than it allows, a guess after every board was found, every guess played with a
    board still open, feedback on a board already found or none on an open one, or in hard
    mode a guess the rule refuses on one of the boards it was played on."""
    from dataclasses import replace

    from bot.core.boards_history import board_histories
    from bot.core.game import hard_mode_rule
    from bot.core.solver_history import HistoryError
    from bot.render.solver_text import hard_mode_refused

    t, attempts = texts, variant.attempts
    if len(rows) > attempts:
        raise ValueError(t.ngettext(
            "a game of {boards} boards has at most {n} guess; {count} were given",
            "a game of {boards} boards has at most {n} guesses; {count} were given", attempts,
            boards=t.number(variant.boards), count=t.number(len(rows))))
    try:
        histories = board_histories(rows, variant)
    except HistoryError as error:
        raise ValueError(history_text(error, t)) from None
    found = [len(h) if h and h[-1][1] == variant.all_green else None for h in histories]
    if None not in found and max(f or 0 for f in found) < len(rows):
        last = max(f or 0 for f in found)
        raise ValueError(t._("every board was found by guess {guess}: the game ended there, "
                             "so no guess comes after it", guess=t.number(last)))
    if len(rows) == attempts and None in found:
        raise ValueError(t.ngettext(
            "the {n} guess was played without finding every board: the game is over, no "
            "guess comes after it",
            "all {n} guesses were played without finding every board: the game is over, no "
            "guess comes after it", attempts))
    for board, history in enumerate(histories, start=1) if hard_mode else ():
        for number, (word, _) in enumerate(history[1:], start=2):
            rule = hard_mode_rule(history[:number - 1], word)
            if rule is not None:
                raise ValueError(hard_mode_refused(word, number, replace(rule, board=board),
                                                   t))
    return histories


def row_text(number: int, histories: list[list[tuple[str, str]]], chosen: Chosen) -> str:
    """Guess ``number`` (1-based) as ``3. SLATE ⬛⬛⬛⬛🟩 ····· ⬛⬛🟨⬛⬛``, a board found
    before it dotted."""
    word = next(h[number - 1][0] for h in histories if len(h) >= number)
    marks = [squares(h[number - 1][1]) if len(h) >= number
             else _NOTHING * chosen.variant.length for h in histories]
    return f"{number}. {chosen.typed(word)} " + " ".join(marks)


def solve_boards(args: argparse.Namespace, boards: int, out: TextIO, err: TextIO,
                 chosen: Chosen, texts: Texts = ENGLISH) -> int:
    """The command for a game of ``boards`` boards on the ``chosen`` pack's lists, its words
    in the language of ``texts``; returns the exit status."""
    from bot.core.solver import Solver
    from bot.core.solver_boards import BoardsSolver, boards_variant

    t, variant = texts, boards_variant(boards, chosen.variant)
    try:
        rows = [parse_row(text, variant, t) for text in args.guesses]
        histories = board_rows(rows, args.hard, variant, t)
    except ValueError as error:
        print(t._("{command}: {problem}", command="wordle-bot solve", problem=str(error)),
              file=err)
        return 2
    solver = BoardsSolver(Solver(chosen.answers, chosen.allowed, variant=chosen.variant,
                                 cache_dir=args.cache_dir), variant)
    result = solver.assist(histories, hard_mode=args.hard)
    for number in range(1, len(rows) + 1):
        print(row_text(number, histories, chosen), file=out)
    if result.error is not None:
        print(history_text(result.error, t), file=out)
        return 1
    for number, board in enumerate(result.boards, start=1):
        print(board_text(number, board, args.show, chosen, t), file=out)
    if result.suggestion is None:
        print(t._("Solved: every board's word is found."), file=out)
        return 0
    best = best_guess_text(chosen.shown(result.suggestion), args.hard, t)
    why = _why(result, t)
    print(best if why is None else t._("{guess} ({why})", guess=best, why=why), file=out)
    return 0


def board_text(number: int, board: BoardView, show: int, chosen: Chosen,
               texts: Texts = ENGLISH) -> str:
    """A board's line: its word and the guess that found it, or how many words fit it and
    the first ``show`` of them."""
    t, board_number = texts, texts.number(number)
    if board.found_by is not None:
        return t._("Board {board}: found, {word} (guess {guess}).", board=board_number,
                   word=chosen.shown(board.words[0]), guess=t.number(board.found_by))
    count = len(board.words)
    sample = [chosen.shown(w) for w in board.words[:show]]
    if not sample:
        return t.ngettext("Board {board}: {n} hidden word fits.",
                          "Board {board}: {n} hidden words fit.", count, board=board_number)
    return t.ngettext("Board {board}: {n} hidden word fits: {words}",
                      "Board {board}: {n} hidden words fit: {words}", count,
                      board=board_number, words=more_words_text(count, sample, t))


def _why(result: BoardsAssistance, texts: Texts) -> str | None:
    """What the suggestion is to the open boards: the only word left on one, or one of the
    words that fit one; None for a guess that can be no board's word."""
    t = texts
    for number, board in enumerate(result.boards, start=1):
        if board.found_by is None and result.suggestion in board.words:
            if len(board.words) == 1:
                return t._("the only word left on board {board}", board=t.number(number))
            return t.ngettext("one of the {n} word that fit board {board}",
                              "one of the {n} words that fit board {board}",
                              len(board.words), board=t.number(number))
    return None
