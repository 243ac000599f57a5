"""A post-game analysis in words."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from bot.core.feedback import score
from bot.render import analysis_text


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
    rendered = analysis_text.analysis_text(sample_analysis())
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
    rendered = analysis_text.analysis_step_text(2, step)
    assert "34 → 1 word left" in rendered
    assert "best guess ✓" in rendered
    assert "expected guesses 2.00" in rendered
    assert "best was" not in rendered


def test_analysis_leaves_out_missing_numbers():
    analysis = Analysis(
        steps=[Step("crane", "BYBBB", None, None, None, None, None, None)], skill=None, luck=None
    )
    assert analysis_text.analysis_text(analysis) == "**1.** ⬛🟨⬛⬛⬛ `C R A N E`"


def test_analysis_best_without_expectations_still_named():
    step = Step("crane", "BYBBB", 2315, 100, None, "salet", None, None)
    rendered = analysis_text.analysis_step_text(1, step)
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
        analysis_text.analysis_text(analysis)
