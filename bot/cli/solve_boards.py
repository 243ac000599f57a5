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

if TYPE_CHECKING:
    from bot.cli.pack_choice import Chosen
    from bot.core.solver_boards import BoardsAssistance, BoardView

Row = tuple[str, list[str | None]]
#: What a found board shows in the rows after the guess that found it.
_NOTHING = "·"


def parse_row(text: str, variant: Variant) -> Row:
    """``"slate=BBBBG,,BYBYB,BBBBB"`` to ``("slate", ["BBBBG", None, "BYBYB", "BBBBB"])``:
    one feedback per board, ``None`` where none was given; raises ``ValueError``."""
    from bot.cli.solve import split_guess
    from bot.core.solver_history import parse_feedback

    word, rest = split_guess(text, variant)
    pieces = rest.split(",")
    if len(pieces) != variant.boards:
        raise ValueError(f"{word.upper()} has {len(pieces)} feedbacks for {variant.boards} "
                         "boards: give one per board, comma separated (empty for a board "
                         "found before)")
    feedbacks: list[str | None] = []
    for board, piece in enumerate(pieces, start=1):
        if piece.strip() in ("", "-"):
            feedbacks.append(None)
            continue
        try:
            feedbacks.append(parse_feedback(piece, variant.length))
        except ValueError as error:
            raise ValueError(f"{word.upper()}, board {board}: {error}") from None
    return word, feedbacks


def board_rows(rows: list[Row], hard_mode: bool,
               variant: Variant) -> list[list[tuple[str, str]]]:
    """Each board's history from the rows; ``ValueError`` for rows no game can have: more
    guesses than it allows, a guess after every board was found, every guess played with a
    board still open, feedback on a board already found or none on an open one, or in hard
    mode a guess the rule refuses on one of the boards it was played on."""
    from bot.core.boards_history import board_histories
    from bot.core.game import hard_mode_problem

    attempts = variant.attempts
    if len(rows) > attempts:
        raise ValueError(f"a game of {variant.boards} boards has at most {attempts} guesses; "
                         f"{len(rows)} were given")
    histories = board_histories(rows, variant)
    found = [len(h) if h and h[-1][1] == variant.all_green else None for h in histories]
    if None not in found and max(f or 0 for f in found) < len(rows):
        last = max(f or 0 for f in found)
        raise ValueError(f"every board was found by guess {last}: the game ended there, so "
                         "no guess comes after it")
    if len(rows) == attempts and None in found:
        raise ValueError(f"all {attempts} guesses were played without finding every board: "
                         "the game is over, no guess comes after it")
    for board, history in enumerate(histories, start=1) if hard_mode else ():
        for number, (word, _) in enumerate(history[1:], start=2):
            problem = hard_mode_problem(history[:number - 1], word)
            if problem is not None:
                raise ValueError(f"in hard mode {word.upper()} (guess {number}) could not be "
                                 f"played: on board {board}, {problem}")
    return histories


def row_text(number: int, histories: list[list[tuple[str, str]]], chosen: Chosen) -> str:
    """Guess ``number`` (1-based) as ``3. SLATE ⬛⬛⬛⬛🟩 ····· ⬛⬛🟨⬛⬛``, a board found
    before it dotted."""
    word = next(h[number - 1][0] for h in histories if len(h) >= number)
    marks = [squares(h[number - 1][1]) if len(h) >= number
             else _NOTHING * chosen.variant.length for h in histories]
    return f"{number}. {chosen.typed(word)} " + " ".join(marks)


def solve_boards(args: argparse.Namespace, boards: int, out: TextIO, err: TextIO,
                 chosen: Chosen) -> int:
    """The command for a game of ``boards`` boards on the ``chosen`` pack's lists; returns
    the exit status."""
    from bot.core.solver import Solver
    from bot.core.solver_boards import BoardsSolver, boards_variant

    variant = boards_variant(boards, chosen.variant)
    try:
        rows = [parse_row(text, variant) for text in args.guesses]
        histories = board_rows(rows, args.hard, variant)
    except ValueError as error:
        print(f"wordle-bot solve: {error}", file=err)
        return 2
    solver = BoardsSolver(Solver(chosen.answers, chosen.allowed, variant=chosen.variant,
                                 cache_dir=args.cache_dir), variant)
    result = solver.assist(histories, hard_mode=args.hard)
    for number in range(1, len(rows) + 1):
        print(row_text(number, histories, chosen), file=out)
    if result.problem is not None:
        print(result.problem, file=out)
        return 1
    for number, board in enumerate(result.boards, start=1):
        print(board_text(number, board, args.show, chosen), file=out)
    if result.suggestion is None:
        print("Solved: every board's word is found.", file=out)
        return 0
    mode = " (hard mode)" if args.hard else ""
    print(f"Best next guess{mode}: {chosen.shown(result.suggestion)}{_why(result)}", file=out)
    return 0


def board_text(number: int, board: BoardView, show: int, chosen: Chosen) -> str:
    """A board's line: its word and the guess that found it, or how many words fit it and
    the first ``show`` of them."""
    if board.found_by is not None:
        return (f"Board {number}: found, {chosen.shown(board.words[0])} "
                f"(guess {board.found_by}).")
    count = len(board.words)
    line = (f"Board {number}: {count:,} hidden word{'s' if count != 1 else ''} "
            f"fit{'s' if count == 1 else ''}")
    sample = board.words[:show]
    if not sample:
        return line + "."
    more = count - len(sample)
    return (f"{line}: " + " ".join(chosen.shown(w) for w in sample)
            + (f" … and {more:,} more" if more > 0 else ""))


def _why(result: BoardsAssistance) -> str:
    """What the suggestion is to the open boards: the only word left on one, or one of the
    words that fit one; nothing for a guess that can be no board's word."""
    for number, board in enumerate(result.boards, start=1):
        if board.found_by is None and result.suggestion in board.words:
            if len(board.words) == 1:
                return f" (the only word left on board {number})"
            return f" (one of the {len(board.words):,} words that fit board {number})"
    return ""
