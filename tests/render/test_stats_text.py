"""Statistics as text: the numbers and the guess-distribution chart."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import pytest

from bot.render import stats_text


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
    return stats_text.stats_text(stats, highlight=stats.highlight_attempt, **kwargs)


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
    assert bars[4] == "🟩" * stats_text.BAR_WIDTH  # the biggest count, and the game just played
    assert bars[3] == "⬛" * 8  # 4/5 of the width
    assert bars[5] == "⬛" * 4
    assert bars[2] == "⬛" * 2
    assert bars[1] == "⬛"  # zero still gets a sliver, like the game
    assert "1 ⬛ 0" in rendered.split("\n")
    assert "4 " + "🟩" * 10 + " 5" in rendered.split("\n")
    assert rendered.count("🟩") == stats_text.BAR_WIDTH


def test_stats_without_highlight_has_no_green():
    rendered = render_stats(Stats(highlight_attempt=None))
    assert "🟩" not in rendered
    assert chart(rendered)[4] == "⬛" * stats_text.BAR_WIDTH


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
    assert "2 " + "🟩" * stats_text.BAR_WIDTH + " 9,999" in lines
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
