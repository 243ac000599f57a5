import pytest

from bot.core.domain import Row, game_label
from bot.core.share import share_text, share_title, squares


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


def test_a_grid_of_another_language_names_its_pack():
    rows = [Row("señor", "BYBBB"), Row("cañon", "GGGGG")]
    text = share_text(rows, label=game_label("own", "daily", 123), won=True, hard_mode=False,
                      language="es")
    assert text == "Wordle ES 123 2/6\n\n⬛🟨⬛⬛⬛\n🟩🟩🟩🟩🟩"
    assert "Ñ" not in text.upper()  # still only squares


def test_english_5_letters_is_named_as_before_and_other_lengths_say_theirs():
    label = game_label("own", "daily", 123)
    won = [Row("grapes", "GGGGGG")]
    assert share_title(label, 4, True, False, language="en") == "Wordle 123 4/6"
    assert share_title(label, 4, True, False, 7, language="en", length=6) == "Wordle EN6 123 4/7"
    assert share_text(won, label=label, won=True, hard_mode=True, max_attempts=7,
                      language="ru", length=6).splitlines()[0] == "Wordle RU6 123 1/7*"
    practice = game_label("own", "random", None)
    assert share_title(practice, 3, False, False, language="de") == "Wordle DE practice X/6"
    archive = game_label("own", "archive", 45)
    assert share_title(archive, 3, True, False, language="tr") == "Wordle TR 45 · archive 3/6"


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"language": "xx"}, "no letter rules for 'xx'"),
    ({"language": "ES"}, "no letter rules for 'ES'"),
    ({"length": 0}, "length"),
    ({"length": True}, "length"),
])
def test_an_unknown_pack_is_a_clear_error(kwargs, message):
    with pytest.raises(ValueError, match=message):
        share_text([], label="Wordle 1", won=False, hard_mode=False, **kwargs)
