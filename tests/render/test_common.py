"""The renderers agree with the game rules in bot.core and accept its Row."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.core import game
from bot.core.feedback import score
from bot.render import emoji_board, image, terminal
from bot.render.common import keyboard_from_rows, normalise_rows

words = st.text(alphabet="abcdeilnorst", min_size=5, max_size=5)


@settings(max_examples=200, deadline=None)
@given(answer=words, guesses=st.lists(words, max_size=6))
def test_keyboard_from_rows_matches_core_keyboard(answer, guesses):
    rows = [game.Row(guess, score(guess, answer)) for guess in guesses]
    assert keyboard_from_rows(rows) == game.keyboard(rows)


def test_core_rows_render_everywhere():
    rows = [game.Row("crane", score("crane", "these")), game.Row("these", "GGGGG")]
    assert normalise_rows(rows) == [("crane", "BBBBG"), ("these", "GGGGG")]
    assert emoji_board.board_text(rows).startswith("⬛⬛⬛⬛🟩 `C R A N E`\n🟩🟩🟩🟩🟩 `T H E S E`")
    assert terminal.board(rows, color=False).startswith("-C- -R- -A- -N- [E]\n[T] [H]")
    assert image.board_png(rows, game.keyboard(rows)) == image.board_png(rows, None)
