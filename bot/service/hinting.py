"""One hint on a board, for a game or a race board alike: the rules are :mod:`bot.core.hints`;
here, what was given before (never the same letter or position twice, and a word hint counts
what letter and position hints revealed) and the fallback to a letter when the solver cannot
suggest a word (the hidden word left its answer list). A word hint is the solver of the
board's word pack. Also what hints had revealed before
each guess of a game, for its analysis."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence

from bot.core import hints as core_hints
from bot.core.domain import HintKind
from bot.core.game import Game
from bot.core.revealed import Revealed, revealed_before_guesses
from bot.core.solver import ImpossibleFeedbackError, Solver
from bot.core.variant import Variant
from bot.service.errors import NoHintLeft, Problem
from bot.service.results import HintResult
from bot.service.solver_lane import SOLVER_LANE
from bot.storage.models import HintRecord


async def make_hint(board: Game, kind: HintKind, given: Sequence[HintRecord],
                    solver: Callable[[Variant], Awaitable[Solver]] | None
                    ) -> tuple[HintResult, str]:
    """The hint of ``kind`` on ``board`` (``given``: the hints taken on it before) and the
    value to store for it. ``solver`` gives the solver of a variant's words; without one a
    word hint is a letter, said so (``fallback``)."""
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
