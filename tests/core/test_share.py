from bot.core.domain import Row, game_label
from bot.core.share import share_text, squares


def test_squares():
    assert squares("GYBBG") == "🟩🟨⬛⬛🟩"
    assert squares("gybbg") == "🟩🟨⬛⬛🟩"


def test_share_grid_win_hard_mode():
    rows = [Row("crane", "BYBBB"), Row("slate", "GGGGG")]
    text = share_text(rows, label=game_label("own", "daily", 1234), won=True, hard_mode=True)
    assert text == "Wordle 1,234 2/6*\n\n⬛🟨⬛⬛⬛\n🟩🟩🟩🟩🟩"
    # No letters of any guess leak into the grid.
    assert "CRANE" not in text.upper().replace("WORDLE", "")


def test_share_grid_loss():
    rows = [Row("crane", "BBBBB")] * 6
    text = share_text(rows, label=game_label("own", "daily", 7), won=False, hard_mode=False)
    assert text.splitlines()[0] == "Wordle 7 X/6"
    assert len(text.splitlines()) == 8


def test_share_grid_of_a_game_given_up_before_any_guess_is_its_title():
    text = share_text([], label=game_label("own", "random", None), won=False, hard_mode=False)
    assert text == "Wordle practice X/6"  # no blank line under it
