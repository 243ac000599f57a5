"""fit_parts: the one way long lists are cut to a message's room (finish fields of a board,
a race's standings), saying how many were left out."""

from bot.cogs.board import result_text
from bot.render.message_parts import fit_parts


def test_everything_that_fits_is_kept_in_order() -> None:
    assert fit_parts(["ab", "cd", "ef"], 100) == "ab\ncd\nef"


def test_past_the_budget_the_rest_is_counted() -> None:
    lines = [f"line {i:02d}" for i in range(10)]  # 7 characters and a newline each
    text = fit_parts(lines, 8 * 4)
    assert text.split("\n") == [*lines[:4], "…and 6 more"]


def test_result_text_joins_fields_as_paragraphs_and_cuts_the_same_way() -> None:
    fields = [(f"Player {i}", "🟩🟩🟩🟩🟩") for i in range(5)]
    whole = result_text(fields, 10_000)
    assert whole.split("\n\n") == [f"**Player {i}**\n🟩🟩🟩🟩🟩" for i in range(5)]
    part = len("**Player 0**\n🟩🟩🟩🟩🟩") + 2
    cut = result_text(fields, part * 2)
    assert cut.split("\n\n")[-1] == "…and 3 more" and cut.count("**Player") == 2
