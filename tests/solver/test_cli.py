"""``wordle-bot solve``: the solver assistant in a terminal."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from bot.cli.solve import main, parse_pair
from bot.core.feedback import score
from bot.core.game import hard_mode_problem
from bot.core.solver import Solver
from tests.solver.words import ALLOWED, ANSWERS


@pytest.fixture
def lists(tmp_path: Path) -> list[str]:
    answers = tmp_path / "answers.txt"
    allowed = tmp_path / "allowed.txt"
    answers.write_text("\n".join(ANSWERS) + "\n")
    allowed.write_text("\n".join(ALLOWED) + "\n")
    return ["--answers", str(answers), "--allowed", str(allowed),
            "--cache-dir", str(tmp_path / "cache")]


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_candidates_and_best_guess(lists, session_cache):
    feedback = score("crane", "sheep")
    code, out, _ = run([*lists, f"crane={feedback}"])
    solver = Solver(ANSWERS, ALLOWED, cache_dir=session_cache)
    history = [("crane", feedback)]
    count = len(solver.candidates(history))
    assert code == 0
    assert f"{count} hidden words fit" in out
    assert solver.candidates(history)[0].upper() in out
    assert f"Best next guess: {solver.suggest(history).upper()}" in out


def test_letters_digits_and_squares_agree(lists):
    feedback = score("crane", "sheep")
    digits = feedback.translate(str.maketrans("GYB", "210"))
    squares = feedback.translate(str.maketrans({"G": "🟩", "Y": "🟨", "B": "⬛"}))
    outputs = {run([*lists, f"crane={form}"])[1] for form in (feedback, digits, squares,
                                                             feedback.lower())}
    assert len(outputs) == 1


def test_hard_mode_flag(lists, session_cache):
    feedback = score("crane", "sheep")
    code, out, _ = run([*lists, "--hard", f"crane={feedback}"])
    solver = Solver(ANSWERS, ALLOWED, cache_dir=session_cache)
    assert code == 0
    assert f"(hard mode): {solver.suggest([('crane', feedback)], True).upper()}" in out


def test_no_guesses_gives_an_opening(lists, session_cache):
    code, out, _ = run(lists)
    assert code == 0
    assert f"{len(ANSWERS)} hidden words fit" in out
    opener = Solver(ANSWERS, ALLOWED, cache_dir=session_cache).suggest([])
    assert f"Best next guess: {opener.upper()}" in out


def test_solved_and_single_candidate(lists):
    code, out, _ = run([*lists, "sheep=GGGGG"])
    assert code == 0 and "Solved: the hidden word is SHEEP." in out
    rows = [f"{g}={score(g, 'sheep')}" for g in ("crane", "shelf", "spiel")]
    code, out, _ = run([*lists, *rows])
    assert code == 0 and "1 hidden word fits" in out and "Play SHEEP" in out


def test_impossible_feedback_says_which_guess(lists):
    code, out, _ = run([*lists, f"crane={score('crane', 'sheep')}", "sheep=BBBBB"])
    assert code == 1
    assert "No word in the list fits" in out and "guess 2, SHEEP BBBBB" in out


@pytest.mark.parametrize(
    "arg",
    ["crane", "crane=", "=GGGGG", "cran=GGGGG", "crane=GGG", "crane=GGGQG",
     "cr\N{CYRILLIC SMALL LETTER A}ne=GGGGG", "x" * 1000 + "=GGGGG", "'; DROP TABLE--=GGGGG"],
)
def test_unreadable_input_exits_2_with_message(lists, arg):
    code, out, err = run([*lists, arg])
    assert code == 2 and out == ""
    assert err.startswith("wordle-bot solve: ")
    assert len(err) < 300


def test_a_guess_is_read_through_the_english_letters(lists):
    """English leaves accents off (CRÂNE is CRANE) and reads any case."""
    feedback = score("crane", "sheep")
    plain = run([*lists, f"crane={feedback}"])[:2]
    assert plain[0] == 0
    assert run([*lists, f"CRÂNE={feedback}"])[:2] == plain
    assert run([*lists, f"Cra\N{COMBINING ACUTE ACCENT}ne={feedback}"])[:2] == plain


def test_bad_word_list_file(tmp_path):
    bad = tmp_path / "answers.txt"
    bad.write_text("sheep\nsheeps\n")
    code, _, err = run(["--answers", str(bad), "--allowed", str(bad), "crane=BBBBB"])
    assert code == 2 and "word list problem" in err and "answers.txt:2" in err


def test_a_folder_as_a_word_list(tmp_path):
    code, _, err = run(["--answers", str(tmp_path), "crane=BBBBB"])
    assert code == 2
    assert err == f"wordle-bot solve: word list problem: {tmp_path}: a folder, not a file\n"


def test_guesses_no_game_can_have_are_refused(lists):
    code, out, err = run([*lists, *["crane=BBBBB"] * 7])
    assert (code, out) == (2, "")
    assert err == "wordle-bot solve: a game has at most 6 guesses; 7 were given\n"
    code, out, err = run([*lists, "sheep=GGGGG", "crane=BBBYB"])
    assert (code, out) == (2, "")
    assert "SHEEP was all green: the game ended there" in err
    six = [*[f"crane={score('crane', 'sheep')}"] * 5, "sheep=GGGGG"]  # solved on the sixth
    assert run([*lists, *six])[0] == 0


def test_a_game_over_or_out_of_hard_mode_is_refused(lists):
    """Six guesses without a win: the game was lost, no seventh is suggested. In hard mode, a
    guess the rule would have refused (no C after C was green) is no game either."""
    lost = [f"crane={score('crane', 'sheep')}"] * 6
    code, out, err = run([*lists, *lost])
    assert (code, out) == (2, "")
    assert err == ("wordle-bot solve: all 6 guesses were played without a win: the game is "
                   "over, no guess comes after it\n")
    code, out, err = run([*lists, "--hard", "crane=GBBBB", "slate=BBBBB"])
    assert (code, out) == (2, "")
    assert err == ("wordle-bot solve: SLATE (guess 2) could not be played. Hard mode: the "
                   "1st letter must be C.\n")
    assert run([*lists, "crane=GBBBB", "slate=BBBBB"])[0] == 0  # fine out of hard mode


def test_the_documented_example_works():
    # The README's and the help's example: a game whose hidden word could be FORGE.
    code, out, _ = run(["crane=BYBBG", "slate=00002"])
    assert code == 0 and "FORGE" in out and "hidden words fit" in out


def test_the_top_level_options_may_come_before_solve(capsys, tmp_path):
    from bot.__main__ import main as wordle_bot

    assert wordle_bot(["--env-file", os.devnull, "solve",
                       "crane=BYBBG", "slate=00002"]) == 0
    assert "FORGE" in capsys.readouterr().out
    assert wordle_bot([f"--env-file={os.devnull}", "solve", "--help"]) == 0
    assert "WORD=FEEDBACK" in capsys.readouterr().out


def test_help_exits_cleanly(capsys):
    assert main(["--help"]) == 0
    assert "WORD=FEEDBACK" in capsys.readouterr().out


def test_parse_pair_separators():
    assert parse_pair("crane=BYBBG") == ("crane", "BYBBG")
    assert parse_pair("CRANE:01002") == ("crane", "BYBBG")
    assert parse_pair("crane,⬛🟨⬛⬛🟩") == ("crane", "BYBBG")


# --------------------------------------------------------------------------------------------
# Issue 10 item 15: no "preparing" notice on runs that need no strategy; counts worded right

NOTICE = "first run with these word lists"


@pytest.mark.parametrize("rows", [
    ["sheep=GGGGG"],  # solved
    [f"{g}={score(g, 'sheep')}" for g in ("crane", "shelf", "spiel")],  # one word left
    ["crane=GGGGB", "sheep=BBBBB"],  # no word fits
])
def test_no_preparing_notice_when_no_strategy_is_needed(lists, rows):
    # a fresh cache folder (from the fixture): no strategy cached yet
    _code, out, err = run([*lists, *rows])
    assert NOTICE not in err
    assert out  # it still answered


def test_preparing_notice_only_when_the_strategy_is_built(lists):
    code, _, err = run([*lists, f"crane={score('crane', 'sheep')}"])
    assert code == 0 and NOTICE in err  # the first run builds it
    code, _, err = run([*lists, f"crane={score('crane', 'sheep')}"])
    assert code == 0 and NOTICE not in err  # now cached


def _narrowing_to_one(solver: Solver, answer: str) -> tuple[str, str]:
    for guess in solver.guesses:
        feedback = score(guess, answer)
        if guess != answer and solver.candidates([(guess, feedback)]) == [answer]:
            return guess, feedback
    raise AssertionError("no single guess narrows the test list to one word")


def test_ruling_out_the_last_word_is_worded_for_one(lists, solver):
    answer = solver.answers[17]
    guess, feedback = _narrowing_to_one(solver, answer)
    code, out, _ = run([*lists, f"{guess}={feedback}", f"{answer}=BBBBB"])
    assert code == 1
    assert "rules out the only word that fitted the guesses before it" in out
    assert "all 1 words" not in out


def test_ruling_out_several_words_is_worded_for_many(lists, solver):
    feedback = score("crane", "sheep")
    before = len(solver.candidates([("crane", feedback)]))
    assert before > 1
    code, out, _ = run([*lists, f"crane={feedback}", "sheep=BBBBB"])
    assert code == 1 and f"rules out all {before} words that fitted" in out


# --------------------------------------------------------------------------------------------
# Issue 26 item 2: a best guess that cannot be the hidden word is said to be one, with the best
# word that could be (the word hint's pick and words)

PICK = "can't be the hidden word itself; the best word that could be is "


def _picked(out: str) -> str:
    """The word the output names as the best that could be the hidden word."""
    text = " ".join(out.split())
    return text.split(PICK, 1)[1][:5].lower()


def test_the_best_word_that_could_be_is_named_too():
    from bot.core.words import load_word_lists

    code, out, _ = run(["crane=BYBBG", "slate=00002"])
    assert code == 0 and "Best next guess: GERIP" in out
    assert f"GERIP {PICK}" in " ".join(out.split())
    lists = load_word_lists()
    fits = Solver(lists.answers, lists.allowed_sorted).candidates(
        [("crane", "BYBBG"), ("slate", "BBBBG")])
    assert _picked(out) in fits
    assert "Guesses still needed on average, this one included:" in " ".join(out.split())
    assert max(len(line) for line in out.splitlines()) <= 90  # wrapped for a terminal


@pytest.mark.parametrize("hard", [False, True])
def test_the_pick_is_the_word_hints_pick(lists, session_cache, hard):
    from bot.core.solver_answers import answer_pick
    from bot.render.hint_text import pick_text

    rows = [("crane", score("crane", "buyer"))]  # the solver's word is no candidate
    solver = Solver(ANSWERS, ALLOWED, cache_dir=session_cache)
    solver.matrix  # noqa: B018 - valued exactly, as the command does
    best = solver.suggest(rows, hard)
    pick = answer_pick(solver, rows, best, hard)
    assert pick is not None
    code, out, _ = run([*lists, *(["--hard"] if hard else []), f"crane={rows[0][1]}"])
    assert code == 0 and pick_text(pick) in " ".join(out.split())
    if hard:
        assert hard_mode_problem(rows, _picked(out)) is None


def test_no_pick_when_the_best_guess_could_be_the_answer(lists, session_cache):
    rows = [("crane", score("crane", "sheep"))]
    solver = Solver(ANSWERS, ALLOWED, cache_dir=session_cache)
    assert solver.suggest(rows) in solver.candidates(rows)
    code, out, _ = run([*lists, f"crane={rows[0][1]}"])
    assert code == 0 and "can't be the hidden word" not in out
