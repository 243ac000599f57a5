"""Hints in a game of several boards (issue 30 item 4): a letter or position hint names the open
board it is about and is never told twice there; a word hint is the several-board solver's
guess for the open boards, with the words still possible on each."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.core.domain import HintKind
from bot.core.game import Game
from bot.core.multiboard import join_words
from bot.core.solver import Solver
from bot.core.solver_boards import BoardsSolver, boards_variant
from bot.core.variant import CLASSIC, Variant
from bot.render.hint_text import hint_text
from bot.service.errors import NoHintLeft
from bot.service.hinting import board_histories, make_hint
from bot.storage.models import HintRecord
from tests.support import ANSWERS, EXTRA

T0 = datetime(2026, 1, 1, tzinfo=UTC)
QUORDLE = boards_variant(4, CLASSIC)
ALLOWED = frozenset(ANSWERS + EXTRA)
SOLVER = Solver(ANSWERS, sorted(set(ANSWERS + EXTRA)))


async def solver_of(variant: Variant) -> Solver:
    assert variant == CLASSIC  # the pack's solver of one board, not the Quordle's
    return SOLVER


def quordle(words: tuple[str, ...], *played: str) -> Game:
    game = Game(hidden_word=join_words(words), created_at=T0, variant=QUORDLE, id=7)
    for word in played:
        after = game.guess(word, ALLOWED, player_id=1, now=T0)
        assert isinstance(after, Game), after
        game = after
    return game


async def hints(game: Game, kind: HintKind, count: int) -> list[tuple[HintRecord, object]]:
    """``count`` hints of ``kind`` taken one after another, each stored as the service does."""
    given: list[HintRecord] = []
    results = []
    for _ in range(count):
        result, value = await make_hint(game, kind, given, solver_of)
        given.append(HintRecord(1, result.kind, value, T0))
        results.append((given[-1], result))
    return results


async def test_a_letter_hint_names_an_open_board_and_is_a_letter_of_its_word():
    words = ("crane", "lemon", "slate", "speed")
    game = quordle(words, "crane")  # board 1 is solved
    for record, result in await hints(game, HintKind.LETTER, 6):
        assert result.board in (2, 3, 4)
        assert result.letter in words[result.board - 1]
        assert record.value == f"{result.board}/{result.letter}"
        assert hint_text(result).startswith(f"Board {result.board}: the word has the letter ")


async def test_letter_hints_never_repeat_on_a_board_and_end_when_none_is_left():
    game = quordle(("crane", "lemon", "slate", "speed"), "crane", "lemon", "slate")
    # Board 4 alone is open: SPEED's letters not yet yellow or green are P, D (E, S found).
    told = {result.letter for _, result in await hints(game, HintKind.LETTER, 2)}
    assert told == {"p", "d"}
    with pytest.raises(NoHintLeft):
        await make_hint(game, HintKind.LETTER,
                        [HintRecord(1, HintKind.LETTER, f"4/{x}", T0) for x in "pd"],
                        solver_of)


async def test_a_position_hint_names_its_board_and_the_letter_there():
    words = ("crane", "lemon", "slate", "speed")
    game = quordle(words, "lemon")
    taken = await hints(game, HintKind.POSITION, 12)
    for record, result in taken:
        assert result.board in (1, 3, 4)
        assert words[result.board - 1][result.position - 1] == result.letter
        assert record.value == f"{result.board}/{result.position}:{result.letter}"
        assert hint_text(result) == (f"Board {result.board}: letter {result.position} of the "
                                     f"word is {result.letter.upper()}.")
    assert len({(r.board, r.position) for _, r in taken}) == 12  # never the same twice


async def test_the_word_hint_is_the_several_board_solvers_guess():
    game = quordle(("crane", "lemon", "slate", "speed"), "trace")
    result, value = await make_hint(game, HintKind.WORD, [], solver_of)
    expected = BoardsSolver(SOLVER, QUORDLE).suggest(board_histories(game))
    assert result.word == value == expected
    candidates = BoardsSolver(SOLVER, QUORDLE).candidates(board_histories(game))
    assert result.board_candidates == tuple((b + 1, len(c)) for b, c in enumerate(candidates))
    counts = ", ".join(f"board {b}: {n}" for b, n in result.board_candidates)
    assert hint_text(result) == (f"Try {expected.upper()} on the open boards. Words still "
                                 f"possible: {counts}.")


async def test_the_word_hint_counts_the_letters_a_board_was_told():
    game = quordle(("crane", "lemon", "slate", "speed"), "qajaq")
    before, _ = await make_hint(game, HintKind.WORD, [], solver_of)
    told = [HintRecord(1, HintKind.LETTER, "2/m", T0), HintRecord(1, HintKind.POSITION,
                                                                    "2/1:l", T0)]
    after, _ = await make_hint(game, HintKind.WORD, told, solver_of)
    fits = [w for w in ANSWERS if "m" in w and w[0] == "l" and not set(w) & set("qaj")]
    assert dict(after.board_candidates)[2] == len(fits) < dict(before.board_candidates)[2]
    assert dict(after.board_candidates)[1] == dict(before.board_candidates)[1]
