"""A game of several boards (Dordle, Quordle, Octordle) in the core: one Game whose variant
has several boards, each guess played on every board still open."""

from datetime import UTC, datetime

import pytest

from bot.core.daily import board_words
from bot.core.domain import Kind, Scope, Status
from bot.core.game import Game, Invalid
from bot.core.multiboard import (
    feedback_text,
    join_words,
    split_feedback,
    split_words,
)
from bot.core.share import boards_share_text
from bot.core.solver_boards import boards_variant
from bot.core.variant import CLASSIC, Variant
from bot.render.share_words import grid_words

ALLOWED = frozenset({"crane", "lemon", "slate", "pious", "adieu", "mount", "cigar", "rebut",
                     "sissy", "humph", "awake", "blush", "focal", "evade", "naval", "serve",
                     "tests", "three"})
T0 = datetime(2026, 1, 1, tzinfo=UTC)
QUORDLE = boards_variant(4, CLASSIC)


def quordle(*words: str, **fields) -> Game:
    return Game(hidden_word=join_words(words), created_at=T0, variant=QUORDLE, **fields)


def play(game: Game, *words: str) -> Game:
    for word in words:
        after = game.guess(word, ALLOWED, player_id=1, now=T0)
        assert isinstance(after, Game), after
        game = after
    return game


def test_the_modes_have_the_real_games_boards_and_attempts():
    assert [(boards_variant(n, CLASSIC).boards, boards_variant(n, CLASSIC).attempts)
            for n in (1, 2, 4, 8)] == [(1, 6), (2, 7), (4, 9), (8, 13)]
    spanish = Variant(alphabet=CLASSIC.alphabet + "ñ", language="es")
    assert boards_variant(2, spanish) == Variant(alphabet=spanish.alphabet, language="es",
                                                 boards=2, attempts=7)


def test_a_guess_is_played_on_every_open_board_and_a_board_closes_on_its_green():
    game = play(quordle("crane", "lemon", "slate", "pious"), "crane")
    assert game.guesses[-1].boards == ("GGGGG", "BBBYY", "BBGBG", "BBBBB")
    assert game.open_boards == (1, 2, 3) and game.solved_at(0) == 1
    game = play(game, "lemon")
    assert game.guesses[-1].boards == (None, "GGGGG", "YYBBB", "BBBYB")
    assert game.guesses[-1].feedback == "----- GGGGG YYBBB BBBYB"
    assert [row.feedback for row in game.board_rows(0)] == ["GGGGG"]
    assert len(game.board_rows(2)) == 2
    assert game.status is Status.ACTIVE and game.answer is None


def test_won_when_every_board_is_solved_within_the_attempts():
    game = play(quordle("crane", "lemon", "slate", "pious"), "crane", "lemon", "slate")
    assert game.status is Status.ACTIVE
    game = play(game, "pious")
    assert game.won and game.solved_by == 1 and game.open_boards == ()
    assert [game.solved_at(b) for b in range(4)] == [1, 2, 3, 4]
    assert game.answer == "crane lemon slate pious"
    assert game.shown_answer == "CRANE, LEMON, SLATE, PIOUS"
    assert game.check("adieu", ALLOWED) == Invalid(
        "finished", "This game is over; start a new one to keep playing.")


def test_lost_when_the_attempts_run_out_with_a_board_open():
    game = play(quordle("crane", "lemon", "slate", "pious"), "crane", "lemon", "slate",
                *["adieu"] * 6)
    assert game.status is Status.LOST and game.attempts_used == 9
    assert game.open_boards == (3,)
    assert game.answer == "crane lemon slate pious"


def test_the_last_board_solved_on_the_last_attempt_wins():
    game = play(quordle("crane", "lemon", "slate", "pious"), *["adieu"] * 5, "crane",
                "lemon", "slate", "pious")
    assert game.won and game.attempts_used == 9


def test_hard_mode_holds_a_guess_to_every_open_boards_own_clues():
    game = play(quordle("crane", "lemon", "slate", "pious", hard_mode=True), "crane")
    refused = game.check("adieu", ALLOWED)  # board 2 showed an N: must contain it
    assert isinstance(refused, Invalid) and refused.code == "hard_mode"
    assert refused.message == "Hard mode: your guess must contain N on board 2."
    assert game.check("crane", ALLOWED) == "crane"
    assert isinstance(game.check("lemon", ALLOWED), Invalid)  # board 3: A third
    solved = play(quordle("tests", "three", "humph", "crane", hard_mode=True), "crane")
    assert solved.check("three", ALLOWED) == "three"  # board 4 is solved: it binds nothing


def test_a_store_claim_is_checked_against_every_open_board():
    game = play(quordle("crane", "lemon", "slate", "pious"), "crane")
    assert game.claim_problem(2, "lemon", "----- GGGGG YYBBB BBBYB", None) is None
    assert game.claim_problem(2, "lemon", "BBBBB GGGGG YYBBB BBBYB", None) is not None
    assert game.claim_problem(2, "lemon", "----- GGGGG YYBBB BBBYB", Status.WON) is not None
    last = play(game, "lemon", "slate")
    assert last.claim_problem(4, "pious", "----- ----- ----- GGGGG", Status.WON) is None
    assert last.claim_problem(4, "pious", "----- ----- ----- GGGGG", None) is not None


def test_hidden_words_and_feedback_as_text_read_back():
    assert split_words("crane lemon", 2) == ("crane", "lemon")
    assert split_words("crane", 1) == ("crane",)
    with pytest.raises(ValueError):
        split_words("crane lemon", 4)
    assert split_feedback(feedback_text([None, "GYBBB"], 5)) == (None, "GYBBB")
    assert split_feedback("GYBBB") == ("GYBBB",)
    with pytest.raises(ValueError):
        quordle("crane", "lemon", "slate")
    with pytest.raises(ValueError):
        quordle("crane", "lemon", "slate", "piou")


def test_one_board_is_the_game_it_was():
    game = Game(hidden_word="crane", created_at=T0)
    game = play(game, "slate")
    assert game.hidden_words == ("crane",) and game.open_boards == (0,)
    assert game.guesses[-1].boards == ("BBGBG",)
    assert game.board_rows(0) == game.rows
    assert game.label == "Wordle practice"


def test_labels_and_share_grid_name_the_mode_and_pack():
    game = play(quordle("crane", "lemon", "slate", "pious", scope=Scope.OWN,
                        kind=Kind.DAILY, puzzle_number=1234, owner_id=1),
                "crane", "lemon", *["adieu"] * 7)
    assert game.label == "Quordle 1,234"
    assert grid_words(game, 0) == "Quordle 1,234\n\n1️⃣2️⃣\n🟥🟥"
    octordle = boards_share_text([1, 2, 9, 10, 11, 12, 13, None], label="Octordle practice",
                                 hard_mode=True, language="es")
    assert octordle == "Octordle ES practice*\n\n1️⃣2️⃣9️⃣🔟\n🕚🕛🕐🟥"


def test_the_daily_words_are_seeded_per_board_and_all_different():
    def word_of(number: int, salt: str) -> str:
        return sorted(ALLOWED)[hash((number, salt)) % 3]  # few words: boards collide

    words = board_words(word_of, 7, "salt", 2)
    assert len(set(words)) == 2 and words == board_words(word_of, 7, "salt", 2)
    assert board_words(word_of, 7, "salt", 1) == (word_of(7, "salt"),)
    assert len(set(board_words(word_of, 7, "salt", 3))) == 3
