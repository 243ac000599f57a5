"""Several boards as checked data: the grid, solved boards, each board's key states."""

from __future__ import annotations

import pytest

from bot.core.variant import Variant
from bot.render.boards import check_boards, grid, mode_name, shown
from tests.render.several_boards import (
    QUORDLE,
    QUORDLE_ANSWERS,
    QUORDLE_GUESSES,
    play,
)


def test_the_boards_are_laid_out_as_the_real_games():
    assert grid(2) == (2, 1)
    assert grid(4) == (2, 2)
    assert grid(8) == (4, 2)
    assert [mode_name(n) for n in (2, 4, 8, 3)] == ["Dordle", "Quordle", "Octordle", "3 boards"]


def test_a_board_stops_at_the_guess_that_solved_it():
    boards = check_boards(QUORDLE_GUESSES, play(QUORDLE_ANSWERS, QUORDLE_GUESSES), QUORDLE)
    assert [boards.solved_at(b) for b in range(4)] == [2, 5, 6, None]
    assert boards.open_boards == (3,)
    assert boards.rows(0) == [("slate", "BBGBG"), ("crane", "GGGGG")]
    assert not boards.won and not boards.is_over


def test_a_solved_boards_part_of_each_key_is_blank():
    boards = check_boards(QUORDLE_GUESSES, play(QUORDLE_ANSWERS, QUORDLE_GUESSES), QUORDLE)
    # O: grey on board 1 (solved), green on board 4 (open, "ghost" against "fjord")
    assert boards.keyboards[0].get("c") == "G"
    assert boards.key_states("c") == (None, None, None, "B")
    assert boards.key_states("o") == (None, None, None, "G")
    assert boards.key_states("q") == (None, None, None, None)
    assert "s" in boards.ruled_out() and "o" not in boards.ruled_out()


def test_game_over_when_the_guesses_run_out():
    variant = Variant(attempts=2, boards=2)
    boards = check_boards(["crane", "slate"], [["BBBBB", "BBBBB"], ["GGGGG"]], variant)
    assert boards.is_over and not boards.won
    won = check_boards(["crane"], [["GGGGG"], ["GGGGG"]], variant)
    assert won.won and won.ruled_out() == []


def test_turkish_i_is_shown_dotted():
    turkish = "abcçdefgğhıijklmnoöprsştuüvyz"
    assert shown("kılıç", turkish) == "KILIÇ"
    assert shown("kilim", turkish) == "KİLİM"
    assert shown("kilim", "abcdefghijklmnopqrstuvwxyz") == "KILIM"


@pytest.mark.parametrize(("guesses", "feedback", "message"), [
    (["crane"], [["GGGGG"]], "feedback for 1 boards, but the variant has 4"),
    (["cran"], [["GGGG"]] * 4, "has 4 letters"),
    (["cr4ne"], [["GGGGG"]] * 4, "not letters of the variant's alphabet"),
    (["crane"], [["GGGGG", "GGGGG"]] + [["BBBBB"]] * 3, "2 feedback rows for 1 guesses"),
    (["crane", "slate"], [["GGGGG", "BBBBB"]] + [["BBBBB"] * 2] * 3, "solved by guess 1 but"),
    (["crane", "slate"], [["BBBBB"]] + [["BBBBB"] * 2] * 3, "was not solved"),
    (["crane"], [["GGXGG"]] + [["BBBBB"]] * 3, "G, Y and B"),
    (["crane"], [["GGG"]] + [["BBBBB"]] * 3, "not 5 letters long"),
    (["crane"] * 10, [["BBBBB"] * 10] * 4, "10 guesses, but the variant has 9 attempts"),
    ("crane", [[]] * 4, "guesses must be a sequence of words"),
    (["crane"], "GGGGG", "one sequence of G/Y/B strings per board"),
    (["crane"], ["GGGGG"] * 4, "board 1's feedback must be a sequence"),
])
def test_bad_boards_are_a_clear_error(guesses, feedback, message):
    with pytest.raises(ValueError, match=message):
        check_boards(guesses, feedback, QUORDLE)


def test_upper_case_guesses_are_read_as_the_alphabets_letters():
    boards = check_boards(["CRANE"], [["GGGGG"]] * 4, QUORDLE)
    assert boards.guesses == ("crane",)


def test_the_boards_of_a_game_as_its_renderers_take_them():
    from datetime import UTC, datetime

    from bot.core.game import Game
    from bot.core.multiboard import join_words
    from bot.core.solver_boards import boards_variant
    from bot.core.variant import CLASSIC
    from bot.render.boards import boards_of

    game = Game(hidden_word=join_words(["crane", "lemon"]), variant=boards_variant(2, CLASSIC),
                created_at=datetime(2026, 1, 1, tzinfo=UTC))
    for word in ("crane", "slate"):
        game = game.play(word, player_id=1, now=game.created_at)
    boards = boards_of(game)
    assert boards.guesses == ("crane", "slate")
    assert boards.feedback == (("GGGGG",), ("BBBYY", "BYBBY"))
    assert boards.solved_at(0) == 1 and boards.open_boards == (1,)
