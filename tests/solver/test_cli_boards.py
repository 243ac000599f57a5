"""``wordle-bot solve`` with several boards (``bot/cli/solve_boards.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli.solve import main
from bot.cli.solve_boards import parse_row
from bot.core.feedback import score
from bot.core.solver import Solver
from bot.core.solver_boards import BoardsSolver, boards_variant
from tests.solver.test_cli import lists, run
from tests.solver.words import ALLOWED, ANSWERS

__all__ = ["lists"]

WORDS = ["sheep", "craft", "llama", "geese"]


def rows(guesses: list[str], words: list[str], found: str = "") -> list[str]:
    """``guess=F1,F2,...`` arguments for ``guesses`` against ``words``; a board found by an
    earlier guess gets ``found``."""
    return [f"{guess}=" + ",".join(found if w in guesses[:n] else score(guess, w)
                                   for w in words)
            for n, guess in enumerate(guesses)]


def histories(guesses: list[str], words: list[str]) -> list[list[tuple[str, str]]]:
    boards: list[list[tuple[str, str]]] = [[] for _ in words]
    for guess in guesses:
        for board, word in enumerate(words):
            if not boards[board] or boards[board][-1][0] != word:
                boards[board].append((guess, score(guess, word)))
    return boards


@pytest.fixture(scope="module")
def quordle(session_cache: Path) -> BoardsSolver:
    return BoardsSolver(Solver(ANSWERS, ALLOWED, cache_dir=session_cache), boards_variant(4))


def test_a_quordle(lists, quordle):
    guesses = ["craft", "winch"]
    code, out, err = run([*lists, *rows(guesses, WORDS)])
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "1. CRAFT " + " ".join(
        "🟩🟩🟩🟩🟩" if w == "craft" else score("craft", w).translate(SQUARES)
        for w in WORDS)
    assert lines[1] == "2. WINCH " + " ".join(
        "·····" if w == "craft" else score("winch", w).translate(SQUARES) for w in WORDS)
    found = quordle.candidates(histories(guesses, WORDS))
    assert lines[2].startswith(f"Board 1: {len(found[0])} hidden words fit: ")
    assert lines[3] == "Board 2: found, CRAFT (guess 1)."
    for number in (1, 3, 4):
        assert f"Board {number}: " in out
        assert found[number - 1][0].upper() in lines[number + 1]
    best = quordle.suggest(histories(guesses, WORDS)).upper()
    assert lines[-1].startswith(f"Best next guess: {best}")


SQUARES = str.maketrans({"G": "🟩", "Y": "🟨", "B": "⬛"})


def test_a_found_boards_place_empty_dashed_or_green(lists):
    guesses = ["craft", "winch"]
    outputs = {run([*lists, *rows(guesses, WORDS, found)]) for found in ("", "-", "GGGGG",
                                                                         "22222")}
    assert len(outputs) == 1
    assert next(iter(outputs))[0] == 0


def test_the_number_of_boards_comes_from_the_first_guess(lists):
    code, out, _ = run([*lists, *rows(["crane"], WORDS[:2])])
    assert code == 0 and "Board 2:" in out and "Board 3:" not in out
    assert run([*lists, "--boards", "2", *rows(["crane"], WORDS[:2])])[1] == out


def test_the_best_first_guess_of_a_quordle(lists, quordle):
    code, out, _ = run([*lists, "--boards", "4"])
    assert code == 0
    assert out.count(f"{len(ANSWERS)} hidden words fit") == 4
    assert f"Best next guess: {quordle.suggest([[]] * 4).upper()}\n" in out


def test_every_board_found(lists):
    code, out, _ = run([*lists, *rows(WORDS, WORDS)])
    assert code == 0
    assert out.splitlines()[-1] == "Solved: every board's word is found."
    assert "Board 4: found, GEESE (guess 4)." in out


def test_the_only_word_left_is_named(lists, quordle):
    for guess in quordle.solver.guesses:
        found = quordle.candidates(histories([guess], WORDS))
        if min(len(f) for f in found) == 1 and guess not in WORDS:
            break
    board = next(b for b, f in enumerate(found, start=1) if len(f) == 1)
    code, out, _ = run([*lists, *rows([guess], WORDS)])
    assert code == 0
    assert out.splitlines()[-1].endswith(f"(the only word left on board {board})")


def test_hard_mode_rows_are_checked_per_board(lists):
    # CRAFT found LLAMA's A in the 3rd place (green): SPOIL breaks hard mode on that board
    # only; CRAFT's board is found and SHEEP's and GEESE's got no clue from it.
    assert score("craft", "llama") == "BBGBB"
    code, out, err = run([*lists, "--hard", *rows(["craft", "spoil"], WORDS)])
    assert (code, out) == (2, "")
    assert err == ("wordle-bot solve: SPOIL (guess 2) could not be played. Board 3: Hard "
                   "mode: the 3rd letter must be A.\n")
    assert run([*lists, *rows(["craft", "spoil"], WORDS)])[0] == 0


@pytest.mark.parametrize(("args", "said"), [
    (["crane=BBBBB,BBBBB,BBBBB"], "CRANE has 3 feedbacks, but a game has 1, 2, 4 or 8 boards"),
    (["crane=BBBBB,BBBBB", "slate=BBBBB"], "SLATE has 1 feedback for 2 boards"),
    (["--boards", "4", "crane=BBBBB,BBBBB"], "CRANE has 2 feedbacks for 4 boards"),
    (["crane=BBBBB,BBQBB"], "CRANE, board 2: "),
    (["crane=GGGGG,BBBBB", "slate=BBBBB,BBBBB"],
     "Guess 2 (SLATE), board 1: the board was found by guess 1, so it gets no feedback"),
    (["crane=BBBBB,BBBBB", "slate=,BBBBB"],
     "Guess 2 (SLATE), board 1: no feedback for a board still open."),
    (["crane=GGGGG,BBBBB", "slate=,GGGGG", "point=,"],
     "every board was found by guess 2: the game ended there"),
    (["crane=BBBBB,BBBBB"] * 8, "a game of 2 boards has at most 7 guesses; 8 were given"),
    (["crane=BBBBB,BBBBB"] * 7, "all 7 guesses were played without finding every board"),
    (["cran=BBBBB,BBBBB"], "'cran': A word must have 5 letters; CRAN has 4."),
])
def test_rows_no_game_can_have_exit_2(lists, args, said):
    code, out, err = run([*lists, *args])
    assert (code, out) == (2, "")
    assert said in err


def test_a_number_of_boards_no_game_has(lists, capsys):
    assert run([*lists, "--boards", "3"])[0] == 2
    assert "argument --boards: invalid choice: 3 (choose from 1, 2, 4, 8)" in (
        capsys.readouterr().err)


def test_feedback_no_word_fits_names_the_board(lists):
    written = rows(["craft"], WORDS)
    written.append("spoil=" + ",".join(["BBBBB", "", "YYYYY", "BBBBB"]))
    code, out, _ = run([*lists, *written])
    assert code == 1
    assert out.splitlines()[-1].startswith("Board 3: No word in the list fits: guess 2, SPOIL")


def test_parse_row_keeps_each_boards_feedback():
    variant = boards_variant(4)
    assert parse_row("slate=BBBBG,,BYBYB,00000", variant) == (
        "slate", ["BBBBG", None, "BYBYB", "BBBBB"])
    assert parse_row("SLATE:⬛⬛⬛⬛🟩,-,⬛🟨⬛🟨⬛,BBBBB", variant) == (
        "slate", ["BBBBG", None, "BYBYB", "BBBBB"])


def test_help_shows_the_boards_syntax(capsys):
    assert main(["--help"]) == 0
    shown = capsys.readouterr().out
    assert "--boards N" in shown and "WORD=FEEDBACK,FEEDBACK" in shown
    assert ("Quordle example: wordle-bot solve crane=BYBBG,GGGGG,BBBBB,BBBBB "
            "slate=BBBBG,,BYBYB,BBBBB") in " ".join(shown.split())


def test_the_help_example_works():
    """The help's Quordle example, on the shipped lists: FORGE, CRANE, PILOT, BUMPY."""
    code, out, _ = run(["crane=BYBBG,GGGGG,BBBBB,BBBBB", "slate=BBBBG,,BYBYB,BBBBB"])
    assert code == 0
    assert "Board 2: found, CRANE (guess 1)." in out
    for word in ("FORGE", "PILOT", "BUMPY"):
        assert word in out
