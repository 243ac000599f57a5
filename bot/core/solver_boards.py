"""The solver for several boards at once (Dordle, Quordle, Octordle).

``BoardsSolver(solver, variant)`` plays a game of ``variant.boards`` boards in
``variant.attempts`` guesses on the word lists and pattern matrix of a single-board
:class:`~bot.core.solver.Solver`. It takes one history per board
(:mod:`bot.core.boards_history`): the shared guesses and the feedback each board got, a board
closing with the guess that found its word. A closed board plays no part in what comes next.

The next guess (:meth:`BoardsSolver.suggest`):

* the first guess is worked out once and kept;
* when an open board has one candidate left, that word: it must be played some time, and
  played now it also tells something about the other boards (of several such words, the one
  with the best estimate);
* when one board is left open, the single-board search (:mod:`bot.core.solver_search`) with
  the guesses left as its depth budget;
* when every guess left must find a board's word to win, the candidate of an open board with
  the best estimate;
* otherwise the guess with the best estimate (:mod:`bot.core.boards_estimate`): the guesses
  the open boards are expected to still need after it, which weighs what it tells about every
  board against the chance that it is one board's word. While the open boards have few
  candidates between them, the best few by that estimate are compared two steps ahead
  (:mod:`bot.core.boards_lookahead`). Ties go to a candidate, then to list order.

Large candidate sets rank only a shortlist of guesses: every candidate of an open board and the
best by letter odds. Hard mode applies to each board's own clues: a suggestion in hard mode
is a legal hard-mode guess on every open board. The boards' clues can leave no such guess
that tells anything more (none could be a board's word or split a board's candidates): then
hard mode is set aside, so that the game can go on.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from bot.core.boards_estimate import board_costs, part_sums, positions_in
from bot.core.boards_history import (
    BoardsHistory,
    History,
    board_error,
    parse_boards,
)
from bot.core.boards_lookahead import Lookahead
from bot.core.feedback import pattern_count
from bot.core.solver import ONLINE_SECONDS, ONLINE_WIDTH, RESCUE_SECONDS, Solver
from bot.core.solver_estimate import letter_shortlist
from bot.core.solver_hard import legal_mask
from bot.core.solver_history import HistoryError, HistoryProblem, ImpossibleFeedbackError
from bot.core.variant import Variant, boards_variant

__all__ = ["BoardView", "BoardsAssistance", "BoardsSolver", "BoardsState", "boards_variant"]

#: Above this many (candidate, guess) pairs over the open boards, only a shortlist is ranked.
WORK_LIMIT = 6_000_000
#: Guesses the shortlist takes by letter odds, besides the candidates of the open boards.
SHORTLIST = 800
#: The open boards' candidates, added up, up to which guesses are compared two steps ahead.
LOOKAHEAD_ROWS = 1000
#: Guesses (best by the estimate) compared two steps ahead.
LOOKAHEAD_WIDTH = 10
#: Next guesses the look-ahead tries after each of them: the best by the estimate now, and
#: every candidate of an open board.
LOOKAHEAD_POOL = 60


@dataclass(frozen=True)
class BoardsState:
    """A checked history and each board's candidates (rows of the solver's answers; a closed
    board's is its word)."""

    history: BoardsHistory
    candidates: tuple[np.ndarray, ...]

    @property
    def open_boards(self) -> list[int]:
        return self.history.open_boards

    @property
    def played(self) -> int:
        return len(self.history.guesses)


@dataclass(frozen=True)
class BoardView:
    """One board for the assistant: the words that fit it, in list order (once found: its
    word), and the number (1-based) of the guess that found it (``None``: still open)."""

    words: tuple[str, ...]
    found_by: int | None


@dataclass(frozen=True)
class BoardsAssistance:
    """What the solver assistant shows for several boards: each board, and the next guess
    (``None`` once every board is found). When the histories cannot be used, ``problem``
    says why in English, ``error`` in parts, and the other fields are empty."""

    boards: tuple[BoardView, ...]
    suggestion: str | None
    problem: str | None = None
    error: HistoryError | None = None


class BoardsSolver:
    """Candidates and suggestions for a game of several boards (see the module). Shared
    between threads like the :class:`~bot.core.solver.Solver` it is built on."""

    def __init__(self, solver: Solver, variant: Variant) -> None:
        if (variant.length, variant.alphabet) != (solver.variant.length,
                                                  solver.variant.alphabet):
            raise ValueError("the variant's words are not the solver's")
        self.solver = solver
        self.variant = variant
        self.patterns = pattern_count(variant.length)
        self.costs = board_costs(len(solver.answers))
        self._opener: int | None = None
        self._opener_lock = threading.Lock()

    # -- history -----------------------------------------------------------------------------

    def state(self, histories: Sequence[History]) -> BoardsState:
        """Check the histories and find each board's candidates. Raises
        :class:`HistoryError`, or :class:`ImpossibleFeedbackError` naming the board no hidden
        word fits."""
        history = parse_boards(histories, self.variant, self.solver.column_of)
        candidates = []
        for number, steps in enumerate(history.boards, start=1):
            try:
                mask = self.solver.candidate_mask(list(steps))
            except ImpossibleFeedbackError as error:
                raise board_error(number, error) from None
            candidates.append(np.flatnonzero(mask))
        return BoardsState(history, tuple(candidates))

    def candidates(self, histories: Sequence[History]) -> list[list[str]]:
        """Each board's candidates, in list order (a closed board's: its word)."""
        state = self.state(histories)
        return [[self.solver.answers[i] for i in rows] for rows in state.candidates]

    def assist(self, histories: Sequence[History], hard_mode: bool = False) -> BoardsAssistance:
        """The solver assistant: each board's words and the next guess. Never raises for bad
        input: ``problem`` says what is wrong instead."""
        try:
            state = self.state(histories)
        except HistoryError as error:
            return BoardsAssistance((), None, problem=str(error), error=error)
        boards = tuple(BoardView(tuple(self.solver.answers[i] for i in rows), found)
                       for rows, found in zip(state.candidates, state.history.solved_by,
                                              strict=True))
        if not state.open_boards:
            return BoardsAssistance(boards, None)
        return BoardsAssistance(boards, self.solver.guesses[self.choose(state, hard_mode)])

    def expected_guesses(self, histories: Sequence[History], words: Sequence[str]) -> list[float]:
        """For each word played next: the guesses the open boards are estimated to still
        need with it, itself included (:mod:`bot.core.boards_estimate`; 0 once every board
        is found). To compare a player's guess with the solver's. Raises
        :class:`HistoryError` for histories it cannot read or a word no guess can be."""
        state = self.state(histories)
        columns = []
        for word in words:
            column = self.solver.column_of(word)
            if column is None:
                raise HistoryError(f"{word.upper()[:20]} is not in the list of allowed guesses.",
                                   problem=HistoryProblem.NOT_ALLOWED,
                                   values={"word": word[:20]})
            columns.append(column)
        if not state.open_boards:
            return [0.0] * len(columns)
        # The estimate takes each column once, in order (a word given twice is valued once).
        unique, where = np.unique(columns, return_inverse=True)
        return (1.0 + self.scores(state, unique)[where]).tolist()

    # -- suggestions -------------------------------------------------------------------------

    def suggest(self, histories: Sequence[History], hard_mode: bool = False) -> str:
        """The next guess for the open boards. Raises :class:`HistoryError` once every board
        is found, or for histories it cannot read."""
        return self.solver.guesses[self.choose(self.state(histories), hard_mode)]

    def choose(self, state: BoardsState, hard_mode: bool = False) -> int:
        """The guess column to play next in ``state`` (see the module)."""
        open_boards = state.open_boards
        if not open_boards:
            raise HistoryError("Every board is found: the game is over.",
                               problem=HistoryProblem.ALL_FOUND)
        if state.played == 0:
            return self._first(state)
        answer_columns = self.solver.answer_columns
        legal = self._legal(state, open_boards) if hard_mode else None
        wanted = np.unique(np.concatenate([answer_columns[state.candidates[b]]
                                           for b in open_boards]))
        if legal is not None:
            wanted = wanted[legal[wanted]]
        singles = [int(answer_columns[state.candidates[b][0]]) for b in open_boards
                   if len(state.candidates[b]) == 1]
        singles = [c for c in singles if legal is None or legal[c]]
        if singles:
            return self._best(state, np.unique(singles))
        left = self.variant.attempts - state.played
        if len(open_boards) == 1:
            board = open_boards[0]
            hard = self.solver.hard_state(list(state.history.boards[board]), legal is not None)
            with self.solver.search(legal is not None) as engine:
                return engine.anytime(state.candidates[board], max(left, 1), hard,
                                      ONLINE_SECONDS, ONLINE_WIDTH, rescue=RESCUE_SECONDS)
        if left <= len(open_boards) and len(wanted):
            # Every guess left must find a word: only candidates can still win.
            return self._best(state, wanted)
        columns = self._shortlist(state, None if legal is None else np.flatnonzero(legal))
        if sum(len(state.candidates[b]) for b in open_boards) > LOOKAHEAD_ROWS:
            return self._best(state, columns)
        return self._look_ahead(state, columns, wanted)

    def _first(self, state: BoardsState) -> int:
        """The first guess: the same for every game of these lists, so worked out once."""
        with self._opener_lock:
            if self._opener is None:
                self._opener = self._best(state, None)
            return self._opener

    def _legal(self, state: BoardsState, open_boards: list[int]) -> np.ndarray | None:
        """The guesses legal in hard mode on every open board that can still tell something:
        could be an open board's word, or split one's candidates (None: no guess is)."""
        mask = np.ones(len(self.solver.guesses), dtype=bool)
        for board in open_boards:
            hard = self.solver.hard_state(list(state.history.boards[board]), True)
            assert hard is not None
            mask &= legal_mask(hard, self.solver.table)
        legal = np.flatnonzero(mask)
        useful = np.zeros(len(legal), dtype=bool)
        for board in open_boards:
            rows = state.candidates[board]
            useful |= np.isin(legal, self.solver.answer_columns[rows])
            sub = self.solver.matrix[np.ix_(rows, legal)]
            useful |= (sub != sub[0]).any(axis=0)
        mask[legal[~useful]] = False
        return mask if useful.any() else None

    def _shortlist(self, state: BoardsState, columns: np.ndarray | None) -> np.ndarray | None:
        """The guess columns worth ranking among ``columns`` (``None``: all): every one when
        that is cheap, else the open boards' candidates and the best by letter odds."""
        count = len(self.solver.guesses) if columns is None else len(columns)
        rows = [state.candidates[b] for b in state.open_boards]
        if sum(len(r) for r in rows) * count <= WORK_LIMIT:
            return columns
        answer_columns = self.solver.answer_columns[np.unique(np.concatenate(rows))]
        pool = np.arange(count) if columns is None else columns
        chosen = letter_shortlist(self.solver.table, answer_columns, pool, SHORTLIST)
        if columns is not None:
            answer_columns = answer_columns[np.isin(answer_columns, columns)]
        return np.union1d(chosen, answer_columns)

    def scores(self, state: BoardsState, columns: np.ndarray | None) -> np.ndarray:
        """The estimate of each guess column of ``columns``, sorted and each once (``None``:
        every guess): the guesses the open boards are expected to still need after it
        (:mod:`bot.core.boards_estimate`)."""
        matrix = self.solver.matrix
        width = matrix.shape[1] if columns is None else len(columns)
        total = np.zeros(width)
        done: dict[bytes, np.ndarray] = {}
        for board in state.open_boards:
            rows = state.candidates[board]
            key = rows.tobytes()  # boards with the same candidates are valued once
            if key not in done:
                sums = part_sums(matrix, rows, columns, self.costs, self.patterns)
                hits = positions_in(columns, self.solver.answer_columns[rows], width)
                sums[hits] -= self.costs[1]
                done[key] = sums / len(rows)
            total += done[key]
        return total

    def _ranking(self, state: BoardsState, columns: np.ndarray | None,
                 values: np.ndarray) -> np.ndarray:
        """``columns`` (``None``: all) best first by ``values``, ties to a candidate of an
        open board, then list order."""
        width = len(values)
        columns = np.arange(width) if columns is None else columns
        wanted = np.concatenate([self.solver.answer_columns[state.candidates[b]]
                                 for b in state.open_boards])
        is_candidate = np.isin(columns, wanted)
        order = np.lexsort((columns, ~is_candidate, np.round(values, 9)))
        return columns[order]

    def _best(self, state: BoardsState, columns: np.ndarray | None) -> int:
        """The guess column of ``columns`` (``None``: all) with the best estimate."""
        ranked = self._ranking(state, columns, self.scores(state, columns))
        return int(ranked[0])

    def _look_ahead(self, state: BoardsState, columns: np.ndarray | None,
                    wanted: np.ndarray) -> int:
        """The best of the :data:`LOOKAHEAD_WIDTH` guesses ranked best by the estimate, by
        their value two steps ahead."""
        ranked = self._ranking(state, columns, self.scores(state, columns))
        first = ranked[:LOOKAHEAD_WIDTH]
        pool = np.union1d(ranked[:LOOKAHEAD_POOL], wanted)
        look = Lookahead(self.solver.matrix, self.solver.answer_columns, self.costs,
                         self.patterns, [state.candidates[b] for b in state.open_boards], pool)
        return int(self._ranking(state, first, look.values(first))[0])
