"""``wordle-bot play --boards 2|4|8``: a Dordle, Quordle or Octordle in the terminal, over the
same service as the bot, its boards side by side in 80 columns. Run as the real command, on
answer lists of as many words as boards, so that the hidden words are known whatever order
they are dealt in."""

from __future__ import annotations

import re
import subprocess
import sys

from tests.service.test_play_cli import env

__all__ = ["env"]

WORDS = ("crane", "lemon", "slate", "speed", "spine", "spite", "melon", "abbey")
#: Allowed guesses that are none of the hidden words.
MISSES = ("soare", "roate", "salet", "tares", "qajaq", "lolly", "bobby", "eerie", "pious")


def play(tmp_path, env, boards: int, typed: str, *args: str):
    answers = tmp_path / "answers.txt"
    answers.write_text("\n".join(WORDS[:boards]) + "\n")
    return subprocess.run(
        [sys.executable, "-m", "bot", "play", "--db", str(tmp_path / "b.sqlite3"),
         "--boards", str(boards), *args], input=typed, capture_output=True, text=True,
        env={**env, "WORDLE_ANSWERS": str(answers)}, cwd=tmp_path, timeout=120)


def test_a_quordle_to_its_win_with_a_hint_on_the_way(tmp_path, env):
    done = play(tmp_path, env, 4, "crane\nlemon\n/hint letter\nslate\nspeed\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "find the 5-letter words of 4 boards in 9 attempts" in out
    assert re.search(r"Hint: Board [1-4]: the word has the letter [A-Z]\.", out)
    assert "[C][R][A][N][E]" in out and "[S][P][E][E][D]" in out  # a board's winning row
    assert "You solved every board in 4/9!" in out
    share = out.split("You solved every board in 4/9!")[1]
    assert "Quordle practice" in share  # the share grid: a keycap per board's solving guess
    keycaps = re.findall(r"([1-9])\ufe0f\u20e3", share)
    assert sorted(keycaps) == ["1", "2", "3", "4"]


def test_a_dordle_to_its_loss_shows_both_words_and_red_boards(tmp_path, env):
    done = play(tmp_path, env, 2, "\n".join(MISSES[:7]) + "\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "in 7 attempts" in out and "Guess 7/7>" in out and "Guess 8/7" not in out
    assert re.search(r"Out of guesses\. The words were (CRANE, LEMON|LEMON, CRANE)\.", out)
    assert "🟥🟥" in out  # neither board solved
    assert "#1 not solved" in out or "Board 1 not solved" in out


def test_an_octordle_fits_80_columns_and_gives_up_with_its_words(tmp_path, env):
    done = play(tmp_path, env, 8, "crane\n/hint position\n/hint word\n/giveup\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "find the 5-letter words of 8 boards in 13 attempts" in out
    board_lines = [line for line in out.splitlines() if "_  _" in line or "[" in line]
    assert board_lines and max(len(line) for line in board_lines) <= 80
    assert re.search(r"Hint: Board [1-8]: letter [1-5] of the word is [A-Z]\.", out)
    assert re.search(r"Hint: Try [A-Z]{5} on the open boards\. Words still possible: "
                     r"board \d: \d", out)
    words = re.search(r"The words were ([A-Z, ]+)\.", out)
    assert words and sorted(words.group(1).lower().split(", ")) == sorted(WORDS)


def test_boards_other_than_two_four_or_eight_or_with_a_chosen_word_are_refused(tmp_path,
                                                                                 env):
    three = play(tmp_path, env, 2, "", "--boards", "3")
    assert three.returncode == 2 and "invalid choice: 3" in three.stderr
    word = play(tmp_path, env, 2, "", "--word", "crane")
    assert word.returncode == 2 and "--boards" in word.stderr and "--word" in word.stderr


def test_a_dordle_captions_its_boards_in_the_terminals_language(tmp_path, env):
    done = play(tmp_path, env, 2, "crane\nlemon\n", "--lang", "de")
    assert done.returncode == 0, done.stderr
    assert "Feld 1" in done.stdout and "Board 1" not in done.stdout
    assert re.search(r"Feld [12] in 1 gelöst", done.stdout), done.stdout
