"""The solver in every word pack: its strategies shipped, seeded games won within the pack's
attempts, and ``wordle-bot solve``/``prepare`` on a pack, reading guesses through its letters."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

from bot.cli import prepare, solve
from bot.core.feedback import score
from bot.core.game import hard_mode_problem
from bot.core.letters import upper_case
from bot.core.packs import Pack, pack, pack_keys
from bot.core.share import squares
from bot.core.solver import Solver


def pack_of(key: str) -> Pack:
    language, _, length = key.partition("-")
    return pack(language, int(length))


def pack_solver(found: Pack, cache: Path) -> Solver:
    # build_process=False: a strategy missing from the shipped files would be built here,
    # and the test below says so rather than wait for another process.
    return Solver(found.answers, found.allowed, variant=found.variant, cache_dir=cache,
                  build_process=False)


#: Strategies not shipped: built at first use. English 4 in hard mode: clues like a green
#: I, L, L leave groups such as BILL, DILL, FILL, ... to be guessed one by one, and the
#: search gave up after half an hour without a strategy.
NOT_SHIPPED = {("en-4", True)}


@pytest.mark.parametrize("key", pack_keys())
def test_every_pack_ships_strategies_that_win_every_game(key: str, tmp_path: Path) -> None:
    found = pack_of(key)
    solver = pack_solver(found, tmp_path)
    for hard in (False, True):
        if (key, hard) in NOT_SHIPPED:
            assert not solver.strategy_ready(hard)  # once shipped, take it off the set
            continue
        assert solver.strategy_ready(hard), f"{key}: no shipped {hard=} strategy"
        strategy = solver.strategy(hard)
        assert strategy.source == "shipped"
        # The strategy counts every hidden word's game: none needs more than the attempts.
        assert strategy.max_guesses <= found.attempts
        assert strategy.average < 4.5


@pytest.mark.parametrize("key", pack_keys())
def test_seeded_games_in_every_pack(key: str, tmp_path: Path) -> None:
    found = pack_of(key)
    solver = pack_solver(found, tmp_path)
    rng = random.Random(key)
    for answer in rng.sample(found.answers, 3):
        for hard in (False, True):
            if (key, hard) in NOT_SHIPPED:
                continue
            rows: list[tuple[str, str]] = []
            while not rows or rows[-1][1] != found.variant.all_green:
                guess = solver.suggest(rows, hard)
                assert found.is_allowed(guess)
                if hard:
                    assert hard_mode_problem(rows, guess) is None, (rows, guess)
                rows.append((guess, score(guess, answer)))
            assert rows[-1][0] == answer and len(rows) <= found.attempts, rows
    # Off the strategy, with an opener of one's own, the search still finds the word.
    opener = found.answers[len(found.answers) // 2]
    answer = found.answers[3]
    rows = [(opener, score(opener, answer))]
    while rows[-1][1] != found.variant.all_green:
        guess = solver.suggest(rows)
        rows.append((guess, score(guess, answer)))
    assert len(rows) <= found.attempts, rows


def run(main: object, argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(argv, out=out, err=err)  # type: ignore[operator]
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize(("key", "typed", "word"), [
    ("es-5", "ÁRBOL", "arbol"),
    ("es-5", "Señor", "señor"),
    ("fr-5", "pêche", "peche"),
    ("de-5", "Floß", "floss"),
    ("de-5", "BÜHNE", "bühne"),
    ("it-5", "città", "citta"),
    ("nl-5", "Crème", "creme"),
    ("pt-5", "AÇÕES", "acoes"),
    ("ru-5", "АКТЁР", "актер"),
    ("ru-5", "зайка", "зайка"),
    ("en-4", "Rôle", "role"),
    ("en-5", "Naïve", "naive"),
])
def test_solve_reads_a_guess_through_the_pack_letters(key: str, typed: str, word: str) -> None:
    found = pack_of(key)
    assert found.is_allowed(word)
    answer = found.answers[len(found.answers) // 3]
    feedback = score(word, answer)
    language, length = found.language, str(found.length)
    code, out, err = run(solve.main, ["--language", language, "--length", length,
                                      f"{typed}={feedback}"])
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == f"1. {upper_case(word, found.rules)} {squares(feedback)}"
    solver = Solver(found.answers, found.allowed, variant=found.variant)
    fits = solver.candidates([(word, feedback)])
    assert answer in fits
    if len(fits) == 1:
        assert f"Solved: the hidden word is {found.shown(answer)}." in out or (
            f"Play {found.shown(answer)}" in out)
    else:
        assert f"{len(fits):,} hidden words fit" in out
        assert f"Best next guess: {found.shown(solver.suggest([(word, feedback)]))}" in out


def test_solve_shows_words_with_their_accents(tmp_path: Path) -> None:
    answers = tmp_path / "answers.txt"
    answers.write_text("árbol\nSEÑOR\n", "utf-8")
    code, out, err = run(solve.main, ["--language", "es", "--answers", str(answers)])
    assert code == 0, err
    assert "2 hidden words fit:\n  ÁRBOL SEÑOR\n" in out


@pytest.mark.parametrize(("argv", "said"), [
    (["--language", "ru", "crane=BBBBB"],
     "'crane': Use only the letters А to Я: c (U+0063, which looks like с), "),
    (["--language", "es", "arbolito=BBBBB"],
     "'arbolito': A word must have 5 letters; ARBOLITO has 8."),
    (["--language", "es", "senor=BBBB"], "SENOR: Feedback needs 5 marks, one per letter"),
    (["--language", "xx"], "There's no xx-5 word pack; the packs are de-5, en-4, "),
    (["--language", "de", "--length", "6"], "There's no de-6 word pack;"),
    (["--length", "7", "planet=BBBBBB"], "'planet': A word must have 7 letters; PLANET has 6."),
])
def test_solve_refuses_what_the_pack_cannot_read(argv: list[str], said: str) -> None:
    code, out, err = run(solve.main, argv)
    assert (code, out) == (2, "")
    assert err.startswith(f"wordle-bot solve: {said}"), err


def test_solve_refuses_a_list_of_ones_own_the_pack_cannot_spell(tmp_path: Path) -> None:
    answers = tmp_path / "answers.txt"
    answers.write_text("árbol\nstraße\n", "utf-8")
    code, _, err = run(solve.main, ["--language", "es", "--answers", str(answers)])
    assert code == 2
    assert err == (f"wordle-bot solve: word list problem: {answers}:2: 'straße': Use only "
                   "the letters A to Z and Ñ: 'ß' can't be used.\n")


def test_a_length_that_is_no_number_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(solve.main, ["--length", "five"])[0] == 2
    assert "argument --length: 'five' is not a word length" in capsys.readouterr().err


def test_solve_several_boards_of_a_pack() -> None:
    found = pack_of("ru-5")
    first, second = found.answers[10], found.answers[500]
    guess = "актер"
    code, out, err = run(solve.main, ["--language", "ru", "--hard",
                                      f"АКТЁР={score(guess, first)},{score(guess, second)}"])
    assert code == 0, err
    assert out.startswith("1. АКТЕР ")
    assert "Board 1: " in out and "Board 2: " in out and "Best next guess (hard mode): " in out


def test_prepare_finds_the_shipped_strategies_of_a_pack(tmp_path: Path) -> None:
    code, out, err = run(prepare.main, ["--language", "it", "--cache-dir", str(tmp_path)])
    assert code == 0, err
    assert "normal mode: shipped with the bot; opens with " in out
    assert "hard mode: shipped with the bot; opens with " in out
