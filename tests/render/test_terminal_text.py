"""The terminal game's words: messages broken at spaces to the terminal's width."""

from bot.render.terminal_text import wrapped


def test_a_number_is_never_split():
    text = "Hint: Try SLATE: 2,477 possible words fit what you know so far."
    # 20 columns end inside "2,477": the line breaks before it instead
    assert wrapped(text, 20) == ("Hint: Try SLATE:\n2,477 possible words\nfit what you know so"
                                 "\nfar.")
    assert all(len(line) <= 20 for line in wrapped(text, 20).split("\n"))


def test_short_lines_stay_as_they_are_and_a_long_word_is_not_broken():
    chart = "1 █ 0\n  /hint letter      a letter"
    assert wrapped(chart, 40) == chart
    assert wrapped("a " + "x" * 30 + " b", 10) == "a\n" + "x" * 30 + "\nb"
    # an indented line keeps its indent on the lines it breaks into
    assert wrapped("  /quit   leave (the game is saved)", 16) == (
        "  /quit   leave\n  (the game is\n  saved)")
