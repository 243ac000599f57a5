"""One hint on a board, for a game or a race board alike: the rules are :mod:`bot.core.hints`;
here, what was given before (never the same letter or position twice, and a word hint counts
what letter and position hints revealed) and the fallback to a letter when the solver cannot
suggest a word (the hidden word left its answer list). A word hint is the solver of the
board's word pack. Also what hints had revealed before
each guess of a game, for its analysis.

A game of several boards takes its letter and position hints on an open board picked at
random among those with one left, the value stored naming it; its word hint is the
several-board solver's (:class:`~bot.core.solver_boards.BoardsSolver`, one per pack and
number of boards, kept: its first guess is worked out once)."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from weakref import WeakKeyDictionary

from bot.core import hints as core_hints
from bot.core.domain import HintKind
from bot.core.game import Game
from bot.core.revealed import Revealed, revealed_before_guesses
from bot.core.solver import ImpossibleFeedbackError, Solver
from bot.core.solver_boards import BoardsSolver
from bot.core.variant import Variant
from bot.service.errors import NoHintLeft, Problem
from bot.service.pack_choice import chosen_variant
from bot.service.results import HintResult
from bot.service.solver_lane import SOLVER_LANE
from bot.storage.models import HintRecord


async def make_hint(board: Game, kind: HintKind, given: Sequence[HintRecord],
                    solver: Callable[[Variant], Awaitable[Solver]] | None
                    ) -> tuple[HintResult, str]:
    """The hint of ``kind`` on ``board`` (``given``: the hints taken on it before) and the
    value to store for it. ``solver`` gives the solver of a variant's words; without one a
    word hint is a letter, said so (``fallback``)."""
    if board.variant.boards > 1:
        return await _boards_hint(board, kind, given, solver)
    rows, answer = list(board.rows), board.hidden_word
    earlier = [h.value for h in given if h.kind is kind]
    # Letters told already: by a letter hint, or with its place by a position hint ("3:a").
    told = [h.value.rpartition(":")[2] for h in given if h.kind is not HintKind.WORD]
    if kind is HintKind.WORD:
        if solver is not None:
            try:
                hint = await SOLVER_LANE.run(core_hints.word_hint, await solver(board.variant),
                                             rows, board.hard_mode,
                                             revealed_by(given, board.variant))
            except ImpossibleFeedbackError:  # no word in the solver's list fits
                pass
            else:
                return (HintResult(board, kind, word=hint.word,
                                   candidates_left=hint.candidates_left,
                                   provisional=hint.provisional, pick=hint.pick), hint.word)
        return _letter(board, answer, told, fallback=True)
    if kind is HintKind.LETTER:
        return _letter(board, answer, told, fallback=False)
    done = [int(value.split(":")[0]) for value in earlier]
    found = core_hints.position_hint(answer, rows, already_hinted=done, variant=board.variant)
    if found is None:
        raise NoHintLeft(Problem.NO_POSITION_LEFT)
    position, letter = found
    return HintResult(board, kind, letter=letter, position=position), f"{position}:{letter}"


def _letter(board: Game, answer: str, earlier: list[str], *,
            fallback: bool) -> tuple[HintResult, str]:
    letter = core_hints.letter_hint(answer, board.rows, already_hinted=earlier,
                                    variant=board.variant)
    if letter is None:
        raise NoHintLeft(Problem.NO_LETTER_LEFT)
    return HintResult(board, HintKind.LETTER, letter=letter, fallback=fallback), letter


def revealed_by(given: Sequence[HintRecord], variant: Variant) -> Revealed:
    """What the letter and position hints among ``given`` revealed about the hidden word of
    a game of ``variant``."""
    return Revealed.from_hints(((h.kind, h.value) for h in given), variant)


def revealed_per_guess(game: Game, given: Sequence[HintRecord]) -> list[Revealed]:
    """For each guess of ``game``, what the hints ``given`` in it had revealed by then."""
    return revealed_before_guesses(((h.created_at, h.kind, h.value) for h in given),
                                   [guess.created_at for guess in game.guesses], game.variant)


#: The several-board solver of each single-board solver and variant of several boards.
_BOARDS_SOLVERS: WeakKeyDictionary[Solver, dict[Variant, BoardsSolver]] = WeakKeyDictionary()


async def boards_solver(game: Game, solver: Callable[[Variant], Awaitable[Solver]]
                        ) -> BoardsSolver:
    """The several-board solver of ``game``'s pack and boards, on that pack's solver."""
    single = await solver(chosen_variant(None, game.variant.language, game.variant.length))
    kept = _BOARDS_SOLVERS.setdefault(single, {})
    found = kept.get(game.variant)
    if found is None:
        found = kept[game.variant] = BoardsSolver(single, game.variant)
    return found


def board_histories(game: Game) -> list[list[tuple[str, str]]]:
    """Each board's rows as the several-board solver takes them."""
    return [[(row.word, row.feedback) for row in game.board_rows(b)]
            for b in range(game.variant.boards)]


async def _boards_hint(game: Game, kind: HintKind, given: Sequence[HintRecord],
                       solver: Callable[[Variant], Awaitable[Solver]] | None
                       ) -> tuple[HintResult, str]:
    """:func:`make_hint` on a game of several boards (see the module notes)."""
    per_board: list[list[HintRecord]] = [[] for _ in range(game.variant.boards)]
    for record in given:
        number, value = core_hints.board_of_value(record.value)
        if number is not None and 1 <= number <= game.variant.boards:
            per_board[number - 1].append(replace(record, value=value))
    if kind is HintKind.WORD:
        if solver is not None:
            revealed = [revealed_by(hints, game.variant) for hints in per_board]
            try:
                found = await SOLVER_LANE.run(core_hints.boards_word_hint,
                                              await boards_solver(game, solver),
                                              board_histories(game), game.hard_mode, revealed)
            except ImpossibleFeedbackError:  # no word in the solver's list fits a board
                pass
            else:
                left = sum(n for _, n in found.candidates_left)
                return (HintResult(game, kind, word=found.word, candidates_left=left,
                                   board_candidates=found.candidates_left), found.word)
        kind, fallback = HintKind.LETTER, True
    else:
        fallback = False
    rng = random.Random()
    choices: list[tuple[int, tuple[str, int | None]]] = []
    for board in game.open_boards:
        told = _board_hint(game, board, kind, per_board[board], rng)
        if told is not None:
            choices.append((board, told))
    if not choices:
        raise NoHintLeft(Problem.NO_LETTER_LEFT if kind is HintKind.LETTER
                         else Problem.NO_POSITION_LEFT)
    board, (letter, position) = rng.choice(choices)
    value = letter if position is None else f"{position}:{letter}"
    return (HintResult(game, kind, letter=letter, position=position, fallback=fallback,
                       board=board + 1), core_hints.board_value(board + 1, value))


def _board_hint(game: Game, board: int, kind: HintKind, given: Sequence[HintRecord],
                rng: random.Random) -> tuple[str, int | None] | None:
    """A letter (with ``None``) or a position and its letter on board ``board`` (from 0),
    never one told there before; ``None`` when none is left."""
    answer, rows = game.hidden_words[board], game.board_rows(board)
    if kind is HintKind.LETTER:
        told = [h.value.rpartition(":")[2] for h in given]
        letter = core_hints.letter_hint(answer, rows, already_hinted=told, rng=rng,
                                        variant=game.variant)
        return None if letter is None else (letter, None)
    done = [int(h.value.split(":")[0]) for h in given if h.kind is HintKind.POSITION]
    found = core_hints.position_hint(answer, rows, already_hinted=done, rng=rng,
                                     variant=game.variant)
    return None if found is None else (found[1], found[0])
