"""Letter, position and word hints; each reveals what it says and nothing more.

A letter or position is chosen at random among those left, since a fixed order (the first
unfound letter, the alphabetically first) would tell more than the hint. A word hint depends
only on the guesses and earlier hints, never on the hidden word.

In a game of several boards a letter or position hint is about one open board: its stored
value names the board (:func:`board_value`, ``"3/r"``, ``"3/2:r"``); a word hint is the
several-board solver's guess for every open board (:func:`boards_word_hint`).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.core.domain import GREEN, GREY, BadWord, Row, normalise_word, parse_row
from bot.core.game import keyboard
from bot.core.revealed import Revealed
from bot.core.solver_answers import AnswerPick, answer_pick
from bot.core.variant import CLASSIC, Variant

if TYPE_CHECKING:
    from bot.core.solver import Solver
    from bot.core.solver_boards import BoardsSolver

#: Between a board's number and the hint in a stored value of a game of several boards.
BOARD_MARK = "/"

Rows = Iterable[Sequence[str]]


@dataclass(frozen=True)
class WordHint:
    """The suggested next guess and the number of hidden words still possible;
    ``provisional`` when the strategy was still being built and the word is the best
    one-step estimate."""

    word: str
    candidates_left: int
    provisional: bool = False
    #: When ``word`` cannot be the answer: the best word that could, both valued.
    pick: AnswerPick | None = None


def _clean_answer(answer: object, variant: Variant) -> str:
    try:
        return normalise_word(answer, variant)
    except BadWord as bad:
        raise ValueError(f"the hidden word: {bad.message}") from None


def _clean_rows(rows: Rows, variant: Variant = CLASSIC) -> list[Row]:
    out = []
    for number, row in enumerate(rows, start=1):
        try:
            out.append(parse_row(row, variant))
        except ValueError as exc:
            raise ValueError(f"row {number}: {exc}") from None
    return out


def letter_hint(
    answer: str,
    rows: Rows,
    already_hinted: Collection[str] = (),
    rng: random.Random | None = None,
    variant: Variant = CLASSIC,
) -> str | None:
    """A lower-case letter of the hidden word (of ``variant``) that is neither green nor
    yellow on the keyboard and was not hinted before, chosen at random among those; ``None``
    when none is left."""
    word = _clean_answer(answer, variant)
    found = {letter for letter, state in keyboard(_clean_rows(rows, variant)).items()
             if state != GREY}
    hinted = {str(h).lower() for h in already_hinted}
    choices = sorted(set(word) - found - hinted)
    if not choices:
        return None
    return (rng or random.Random()).choice(choices)


def position_hint(
    answer: str,
    rows: Rows,
    already_hinted: Collection[int] = (),
    rng: random.Random | None = None,
    variant: Variant = CLASSIC,
) -> tuple[int, str] | None:
    """A 1-based position that no guess has made green and that was not hinted before, with
    the hidden word's letter there, chosen at random among those; ``None`` when none is left."""
    word = _clean_answer(answer, variant)
    green = {i + 1 for _, feedback in _clean_rows(rows, variant)
             for i, s in enumerate(feedback) if s == GREEN}
    hinted = {int(h) for h in already_hinted}
    choices = [p for p in range(1, len(word) + 1) if p not in green and p not in hinted]
    if not choices:
        return None
    position = (rng or random.Random()).choice(choices)
    return position, word[position - 1]


def word_hint(solver: Solver, rows: Rows, hard_mode: bool = False,
              revealed: Revealed | None = None) -> WordHint:
    """The solver's best next guess (legal in hard mode) and the candidates left before it,
    counting what earlier letter and position hints ``revealed`` as known.

    Raises :class:`bot.core.solver.HistoryError` (a ``ValueError``) if the rows are malformed
    or no word in the list fits them and what was revealed.
    """
    history = _clean_rows(rows, solver.variant)
    left = len(solver.candidates(history, revealed))
    # Never waits for a strategy build; raises if nothing fits.
    suggestion = solver.suggestion(history, hard_mode, wait=False, revealed=revealed)
    pick = answer_pick(solver, history, suggestion.word, hard_mode, revealed=revealed,
                       exact=not suggestion.provisional)
    return WordHint(suggestion.word, left, suggestion.provisional, pick)


@dataclass(frozen=True)
class BoardsWordHint:
    """The several-board solver's next guess, and for each open board (numbered from 1) the
    hidden words still possible there."""

    word: str
    candidates_left: tuple[tuple[int, int], ...]


def board_value(board: int, value: str) -> str:
    """A letter or position hint's stored ``value`` about board ``board`` (from 1)."""
    return f"{board}{BOARD_MARK}{value}"


def board_of_value(value: str) -> tuple[int | None, str]:
    """The board (from 1; ``None``: a game of one board) a stored hint value is about, and
    the value without it (:func:`board_value`)."""
    board, mark, rest = value.partition(BOARD_MARK)
    if not mark or not board.isdigit():
        return None, value
    return int(board), rest


def boards_word_hint(solver: BoardsSolver, histories: Sequence[Sequence[tuple[str, str]]],
                     hard_mode: bool = False,
                     revealed: Sequence[Revealed] | None = None) -> BoardsWordHint:
    """The guess with the best estimate over every open board (the solver of ``wordle-bot
    solve --boards``, legal in hard mode on each), counting what letter and position hints
    ``revealed`` on each board (one per board) as known; a board whose hints no listed word
    fits keeps its feedback's candidates. ``histories``: each board's rows (a solved board's
    ending with its all-green row). Raises :class:`bot.core.solver.HistoryError` (a
    ``ValueError``) when the rows are malformed or no listed word fits a board."""
    from bot.core.solver_boards import BoardsState

    state = solver.state(histories)
    if revealed is not None:
        answers = solver.solver.answers
        kept = []
        for board, rows in enumerate(state.candidates):
            fits = rows[revealed[board].mask([answers[i] for i in rows])]
            open_board = board in state.open_boards
            kept.append(fits if open_board and len(fits) else rows)
        state = BoardsState(state.history, tuple(kept))
    word = solver.solver.guesses[solver.choose(state, hard_mode)]
    left = tuple((board + 1, len(state.candidates[board])) for board in state.open_boards)
    return BoardsWordHint(word, left)
