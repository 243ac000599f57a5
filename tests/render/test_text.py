"""Emoji text for Discord: boards, keyboard, stats and analysis."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import NamedTuple

import pytest

from bot.core.feedback import score
from bot.render import text
from bot.render.common import keyboard_from_rows


class Row(NamedTuple):  # the same shape as bot.core.game.Row
    word: str
    feedback: str


EMPTY = "⬜⬜⬜⬜⬜"
KEY = re.compile(r"(🟩|🟨|~~)?([A-Z])(?:~~)?")
STATE_OF = {"🟩": "G", "🟨": "Y", "~~": "B"}


def parse_keyboard(rendered: str) -> dict[str, str | None]:
    """Read a keyboard's three rows back the way a program would: letter -> state (None if
    unplayed; a letter struck out is ruled out)."""
    found: dict[str, str | None] = {}
    rows = rendered.split("\n")
    assert len(rows) == 3, rendered
    for square, letter in KEY.findall(rendered):
        assert letter not in found, f"{letter} shown twice"
        found[letter] = STATE_OF[square] if square else None
    return found


# -- squares / lines -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("feedback", "expected"),
    [
        ("GYBBB", "🟩🟨⬛⬛⬛"),
        ("GGGGG", "🟩🟩🟩🟩🟩"),
        ("BBBBB", "⬛⬛⬛⬛⬛"),
        ("YBYYB", "🟨⬛🟨🟨⬛"),
        ("gybyb", "🟩🟨⬛🟨⬛"),
    ],
)
def test_squares_per_feedback(feedback, expected):
    assert text.squares(feedback) == expected


@pytest.mark.parametrize("bad", ["", "GXBBB", "🟩🟩🟩🟩🟩", "GGGG G", None, 42, ["G"]])
def test_squares_rejects_bad_feedback(bad):
    with pytest.raises(ValueError, match="feedback"):
        text.squares(bad)


def test_feedback_line_has_squares_then_letters_in_code():
    assert text.feedback_line("crane", "GYBBB") == "🟩🟨⬛⬛⬛ `C R A N E`"
    assert text.feedback_line("CRANE", "gybbb") == "🟩🟨⬛⬛⬛ `C R A N E`"


@pytest.mark.parametrize(
    ("word", "feedback", "message"),
    [
        ("cr@ne", "GYBBB", "letters A-Z"),
        ("cräne", "GYBBB", "letters A-Z"),
        ("crane", "GYBB", "lengths differ"),
        ("a" * 1000, "GYBBB", "lengths differ"),
        ("`rm`", "BBBB", "letters A-Z"),
        ("🟩🟩🟩🟩🟩", "GGGGG", "letters A-Z"),
        ("", "", "word"),
    ],
)
def test_feedback_line_rejects_bad_rows(word, feedback, message):
    with pytest.raises(ValueError, match=message):
        text.feedback_line(word, feedback)


# -- board ---------------------------------------------------------------------------------


def test_board_has_played_rows_then_empty_rows_up_to_six():
    rows = [Row("crane", score("crane", "spoke")), Row("spoke", score("spoke", "spoke"))]
    lines = text.board_text(rows).split("\n")
    assert lines == [
        "⬛⬛⬛⬛🟩 `C R A N E`",
        "🟩🟩🟩🟩🟩 `S P O K E`",
        EMPTY,
        EMPTY,
        EMPTY,
        EMPTY,
    ]


def test_board_accepts_plain_tuples_and_lists():
    assert text.board_text([("crane", "GYBBB")], 2) == text.board_text([["crane", "GYBBB"]], 2)
    assert text.board_text([("crane", "GYBBB")], 2) == "🟩🟨⬛⬛⬛ `C R A N E`\n" + EMPTY


def test_empty_board_and_other_attempt_counts():
    assert text.board_text([]) == "\n".join([EMPTY] * 6)
    assert text.board_text([], max_attempts=3) == "\n".join([EMPTY] * 3)


def test_more_rows_than_attempts_shows_every_row_and_no_empty_row():
    rows = [("crane", "BBBBB")] * 7
    lines = text.board_text(rows).split("\n")
    assert len(lines) == 7
    assert EMPTY not in lines


@pytest.mark.parametrize("bad", [0, -1, 101, "6", 6.0, True, None])
def test_board_rejects_bad_max_attempts(bad):
    with pytest.raises(ValueError, match="max_attempts"):
        text.board_text([], bad)


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ("crane", "not a string"),
        (None, "sequence"),
        ([("crane",)], "pair"),
        ([("crane", "GYBBB", "extra")], "pair"),
        (["crane"], "pair"),
        ([("crane", "GYBBB"), ("at", "GY")], "same length"),
        ([("DROP TABLE", "BBBBBBBBBB")], "letters A-Z"),
    ],
)
def test_board_rejects_malformed_rows(rows, message):
    with pytest.raises(ValueError, match=message):
        text.board_text(rows)


def test_board_fits_in_a_discord_message():
    rows = [("crane", "BBBBB")] * 6
    rendered = text.game_text(rows)
    assert len(rendered) < 2000


# -- keyboard ------------------------------------------------------------------------------


def test_keyboard_is_three_qwerty_rows_with_every_letter_once():
    lines = text.keyboard_text({}).split("\n")
    assert [re.sub(r"\s+", "", line) for line in lines] == ["QWERTYUIOP", "ASDFGHJKL", "ZXCVBNM"]
    assert parse_keyboard(text.keyboard_text({})) == {c: None for c in "QWERTYUIOPASDFGHJKLZXCVBNM"}


def test_keyboard_shows_each_played_letters_state_and_unplayed_plainly():
    rendered = text.keyboard_text({"c": "G", "r": "Y", "a": "B", "N": "b"})
    states = parse_keyboard(rendered)
    assert states["C"] == "G"
    assert states["R"] == "Y"
    assert states["A"] == "B"
    assert states["N"] == "B"
    assert all(states[c] is None for c in "QWETYUIOPSDFGHJKLZXVBM")
    assert "🟩C" in rendered and "🟨R" in rendered and "~~A~~" in rendered
    assert "⬛" not in rendered  # nearly the background in Discord's dark theme
    assert rendered.split("\n")[0].startswith("Q  W  E  🟨R  T")


def test_repeated_letter_green_and_grey_in_one_row_is_green_on_keyboard():
    # GEESE against THESE: the E in position 2 is grey (no E left), positions 3 and 5 green.
    feedback = score("geese", "these")
    assert feedback == "BBGGG"
    board = text.board_text([("geese", feedback)])
    assert board.split("\n")[0] == "⬛⬛🟩🟩🟩 `G E E S E`"
    keyboard = keyboard_from_rows([("geese", feedback)])
    assert keyboard == {"g": "B", "e": "G", "s": "G"}
    states = parse_keyboard(text.keyboard_text(keyboard))
    assert states["E"] == "G"
    assert states["G"] == "B"


def test_repeated_letter_yellow_and_grey_is_yellow_on_keyboard():
    feedback = score("speed", "abide")  # first E yellow, second E grey
    assert feedback == "BBYBY"
    states = parse_keyboard(text.keyboard_text(keyboard_from_rows([("speed", feedback)])))
    assert states["E"] == "Y"
    assert states["D"] == "Y"


def test_keyboard_best_state_over_rows():
    rows = [("crane", "YBBBB"), ("cloth", "GBBBB"), ("juicy", "BBBYB")]
    assert keyboard_from_rows(rows)["c"] == "G"


@pytest.mark.parametrize(
    ("keyboard", "message"),
    [
        ({"c": "X"}, "G, Y or B"),
        ({"c": None}, "G, Y or B"),
        ({"cr": "G"}, "single letters"),
        ({"é": "G"}, "single letters"),
        ({"1": "G"}, "single letters"),
        ({3: "G"}, "single letters"),
        ("crane", "mapping"),
    ],
)
def test_keyboard_rejects_bad_input(keyboard, message):
    with pytest.raises(ValueError, match=message):
        text.keyboard_text(keyboard)


def test_game_text_is_board_blank_line_keyboard():
    rows = [("geese", "BBGGG")]
    rendered = text.game_text(rows)
    board, keyboard = rendered.split("\n\n")
    assert board == text.board_text(rows)
    *keys, ruled_out = keyboard.split("\n")
    assert parse_keyboard("\n".join(keys))["E"] == "G"
    assert ruled_out == "Not in the word: G"
    # an explicit keyboard wins over the one worked out from the rows
    assert parse_keyboard(text.game_text(rows, {"e": "Y"}).split("\n\n")[1])["E"] == "Y"


def test_the_letters_ruled_out_are_listed_in_words_once_there_are_any():
    assert text.ruled_out_text({}) == ""
    assert text.ruled_out_text({"c": "G", "r": "Y"}) == ""
    assert text.ruled_out_text({"t": "B", "c": "G", "S": "b", "a": "B"}) == \
        "Not in the word: A, S, T"
    assert text.game_text([("crane", "GGGGG")]).endswith("Z  X  🟩C  V  B  🟩N  M")


# -- stats ---------------------------------------------------------------------------------


@dataclass
class Stats:
    played: int = 12
    wins: int = 12
    win_percent: float | None = 100.0
    current_streak: int = 3
    max_streak: int = 5
    distribution: list[int] = field(default_factory=lambda: [0, 1, 4, 5, 2, 0])
    highlight_attempt: int | None = 4


def render_stats(stats: Stats, **kwargs) -> str:
    return text.stats_text(stats, highlight=stats.highlight_attempt, **kwargs)


def chart(rendered: str) -> dict[int, str]:
    bars = {}
    for line in rendered.split("\n"):
        match = re.fullmatch(r"(\d) (\S+) (\d+)( ◀)?", line)
        if match:
            bars[int(match[1])] = match[2]
    return bars


def test_stats_header_numbers():
    rendered = render_stats(Stats(played=12, wins=10, win_percent=83.33))
    first = rendered.split("\n")[0]
    assert first == "Played 12 · Win % 83 · Current streak 3 · Max streak 5"
    assert "Guess distribution" in rendered


def test_stats_bars_scale_to_the_biggest_count_and_highlight_the_last_game():
    rendered = render_stats(Stats())
    bars = chart(rendered)
    assert bars[4] == "🟩" * text.BAR_WIDTH  # the biggest count, and the game just played
    assert bars[3] == "⬛" * 8  # 4/5 of the width
    assert bars[5] == "⬛" * 4
    assert bars[2] == "⬛" * 2
    assert bars[1] == "⬛"  # zero still gets a sliver, like the game
    assert "1 ⬛ 0" in rendered.split("\n")
    assert "4 " + "🟩" * 10 + " 5" in rendered.split("\n")
    assert rendered.count("🟩") == text.BAR_WIDTH


def test_stats_without_highlight_has_no_green():
    rendered = render_stats(Stats(highlight_attempt=None))
    assert "🟩" not in rendered
    assert chart(rendered)[4] == "⬛" * text.BAR_WIDTH


def test_stats_blocks_style_in_code_block_with_marker():
    rendered = render_stats(Stats(highlight_attempt=2), style="blocks")
    lines = rendered.split("\n")
    assert lines[2] == "```" and lines[-1] == "```"
    assert "2 ██ 1 ◀" in lines
    assert "4 " + "█" * 10 + " 5" in lines
    assert rendered.count("◀") == 1
    unfenced = render_stats(Stats(highlight_attempt=2), style="blocks", fence=False)
    assert "```" not in unfenced
    assert unfenced.split("\n") == [line for line in lines if line != "```"]


def test_stats_for_a_new_player():
    rendered = render_stats(
        Stats(
            played=0,
            wins=0,
            win_percent=None,
            current_streak=0,
            max_streak=0,
            distribution=[0] * 6,
            highlight_attempt=None,
        )
    )
    assert rendered.split("\n")[0] == "Played 0 · Win % 0 · Current streak 0 · Max streak 0"
    assert all(bar == "⬛" for bar in chart(rendered).values())
    assert len(chart(rendered)) == 6


def test_stats_separate_thousands_as_the_picture_does():
    rendered = render_stats(Stats(played=12_345, wins=12_000, current_streak=1_234,
                                  max_streak=4_321, distribution=[0, 9_999, 2_001, 0, 0, 0],
                                  highlight_attempt=2))
    lines = rendered.split("\n")
    assert lines[0] == ("Played 12,345 · Win % 100 · Current streak 1,234 · "
                        "Max streak 4,321")
    assert "2 " + "🟩" * text.BAR_WIDTH + " 9,999" in lines
    assert "3 " + "⬛" * 2 + " 2,001" in lines


def test_stats_win_percent_worked_out_when_missing():
    rendered = render_stats(Stats(played=3, wins=2, win_percent=None))
    assert "Win % 67" in rendered


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"distribution": "123456"}, "distribution"),
        ({"distribution": None}, "distribution"),
        ({"distribution": [1, -1, 0, 0, 0, 0]}, "distribution count"),
        ({"played": -1}, "played"),
        ({"wins": "3"}, "wins"),
        ({"win_percent": "83%"}, "win_percent"),
    ],
)
def test_stats_rejects_bad_numbers(changes, message):
    with pytest.raises(ValueError, match=message):
        render_stats(Stats(**changes))


def test_stats_rejects_unknown_style():
    with pytest.raises(ValueError, match="style"):
        render_stats(Stats(), style="pie")


# -- analysis ------------------------------------------------------------------------------


@dataclass
class Step:
    guess: str
    feedback: str
    candidates_before: int | None
    candidates_after: int | None
    bits_gained: float | None
    best_guess: str | None
    expected_guesses_with_played: float | None
    expected_guesses_with_best: float | None


@dataclass
class Analysis:
    steps: list[Step]
    skill: float | None
    luck: float | None


def sample_analysis() -> Analysis:
    return Analysis(
        steps=[
            Step("crane", score("crane", "spoke"), 2315, 34, 6.089, "salet", 3.624, 3.412),
            Step("spoke", score("spoke", "spoke"), 34, 1, 5.09, "spoke", 1.0, 1.0),
        ],
        skill=87.4,
        luck=41.6,
    )


def test_analysis_text_shows_skill_luck_and_each_step():
    rendered = text.analysis_text(sample_analysis())
    lines = rendered.split("\n")
    assert lines[0] == "Skill 87/100 · Luck 42/100"
    assert lines[1] == "**1.** ⬛⬛⬛⬛🟩 `C R A N E`"
    assert lines[2].strip() == "2,315 → 34 words left · 6.09 bits"
    assert lines[3].strip() == (
        "best was `SALET`: expected guesses 3.62 with `CRANE`, 3.41 with `SALET`"
    )
    assert lines[4] == "**2.** 🟩🟩🟩🟩🟩 `S P O K E`"
    assert lines[5].strip() == "solved · best guess ✓"
    assert len(lines) == 6


def test_analysis_best_guess_played_mid_game():
    step = Step("cloth", "BBYBB", 34, 1, 5.09, "CLOTH", 2.0, 2.0)
    rendered = text.analysis_step_text(2, step)
    assert "34 → 1 word left" in rendered
    assert "best guess ✓" in rendered
    assert "expected guesses 2.00" in rendered
    assert "best was" not in rendered


def test_analysis_leaves_out_missing_numbers():
    analysis = Analysis(
        steps=[Step("crane", "BYBBB", None, None, None, None, None, None)], skill=None, luck=None
    )
    assert text.analysis_text(analysis) == "**1.** ⬛🟨⬛⬛⬛ `C R A N E`"


def test_analysis_best_without_expectations_still_named():
    step = Step("crane", "BYBBB", 2315, 100, None, "salet", None, None)
    rendered = text.analysis_step_text(1, step)
    assert "best was `SALET`" in rendered
    assert "expected" not in rendered


@pytest.mark.parametrize(
    "analysis",
    [
        Analysis(steps="crane", skill=1, luck=1),
        Analysis(steps=[Step("cr@ne", "BBBBB", 1, 1, 0, None, None, None)], skill=1, luck=1),
    ],
)
def test_analysis_rejects_malformed(analysis):
    with pytest.raises(ValueError):
        text.analysis_text(analysis)


def test_rules_text_example_row_is_scored_by_the_rules():
    assert "SPEED against ERASE is 🟨⬛🟨🟨⬛." in text.rules_text()
    assert "CRANE against CRANE is 🟩🟩🟩🟩🟩." in text.rules_text(("crane", "crane"))
    assert "ABBEY against KEBAB is 🟨🟨🟩🟨⬛." in text.rules_text(("abbey", "kebab"))
