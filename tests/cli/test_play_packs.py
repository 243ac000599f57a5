"""``wordle-bot play --language xx --length n``: a practice game in a word pack, drawn in its
letters and keyboard, its guesses read through its letters. Run as the real command."""

from __future__ import annotations

import subprocess
import sys

from tests.service.test_play_cli import env

__all__ = ["env"]


def play(tmp_path, env, typed: str, *args: str, db: str = "p.sqlite3"):
    return subprocess.run(
        [sys.executable, "-m", "bot", "play", "--db", str(tmp_path / db), *args],
        input=typed, capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60)


def test_a_spanish_game_with_its_own_letter_and_a_folded_accent(tmp_path, env):
    done = play(tmp_path, env, "ÁRBOL\naraña\n", "--language", "es", "--word", "araña")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "guess the 5-letter word in 6 attempts" in out
    assert " A   S   D   F   G   H   J   K   L   Ñ" in out  # Ñ has a key of its own
    assert "[A] [R] -B- -O- -L-" in out  # ÁRBOL typed: read as arbol
    assert "[A]  S   D   F   G   H   J   K  -L-  Ñ" in out
    assert "[A] [R] [A] [Ñ] [A]" in out
    assert "You got it in 2/6!" in out
    assert "Wordle ES practice 2/6" in out  # the share grid names the pack


def test_a_russian_game_on_its_own_keyboard(tmp_path, env):
    done = play(tmp_path, env, "БЕЛЫЙ\n", "--language", "ru", "--word", "белый")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert " Й   Ц   У   К   Е   Н   Г   Ш   Щ   З   Х   Ъ" in out
    assert "[Б] [Е] [Л] [Ы] [Й]" in out
    assert "You got it in 1/6!" in out
    assert "QWERTY" not in out and " Q   W   E" not in out


def test_an_english_game_of_six_letters_has_seven_rows(tmp_path, env):
    done = play(tmp_path, env, "abduct\nabacus\n", "--length", "6", "--word", "abacus")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "guess the 6-letter word in 7 attempts" in out
    assert "[A] [B] -D- (U) (C) -T-" in out
    assert "Guess 7/7" not in out and "You got it in 2/7!" in out
    empty = " _   _   _   _   _   _"
    assert out.split("Guess 1/7>")[0].count(empty) == 7


def test_a_pack_not_shipped_or_a_word_not_in_it_is_refused(tmp_path, env):
    unknown = play(tmp_path, env, "", "--language", "xx")
    assert unknown.returncode == 2
    assert "There's no xx-5 word pack; the packs are de-5, en-4" in unknown.stderr
    bad_word = play(tmp_path, env, "", "--language", "es", "--word", "crane")
    assert bad_word.returncode == 2 and "--word:" in bad_word.stderr
    daily = play(tmp_path, env, "", "--language", "es", "--daily")
    assert daily.returncode == 2 and "the daily and its archive" in daily.stderr
    assert not (tmp_path / "p.sqlite3").exists()


def test_a_game_in_progress_in_another_pack_is_not_taken_for_the_one_asked(tmp_path, env):
    first = play(tmp_path, env, "/quit\n", "--language", "es", "--word", "araña")
    assert first.returncode == 0, first.stderr
    other = play(tmp_path, env, "", "--language", "fr")
    assert other.returncode == 1
    assert "You have a game in progress" in other.stderr
    assert "then start the game in that word pack" in other.stderr
    again = play(tmp_path, env, "araña\n")  # no pack named: the game carries on
    assert again.returncode == 0, again.stderr
    assert "Carrying on with your game" in again.stdout
    assert "You got it in 1/6!" in again.stdout


def test_the_help_and_an_empty_guess_give_the_packs_length(tmp_path, env):
    done = play(tmp_path, env, "/help\n\nabacus\n", "--length", "6", "--word", "abacus",
                "--lang", "de")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Tippe ein Wort mit 6 Buchstaben, um es zu raten. Befehle:" in out
    assert "Gib ein Wort mit 6 Buchstaben ein." in out
    assert "5 Buchstaben" not in out
