"""What letter and position hints revealed (bot.core.revealed): read from the hints as stored,
as a filter on words, and in time against a game's guesses."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.core.domain import HintKind
from bot.core.revealed import Revealed, revealed_before_guesses

T0 = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)


def test_read_from_the_hints_as_stored():
    revealed = Revealed.from_hints([(HintKind.LETTER, "y"), ("position", "2:s"),
                                    (HintKind.WORD, "abyss")])
    assert revealed.letters == {"y"}
    assert revealed.positions == {(2, "s")}
    assert revealed  # something was revealed
    assert not Revealed.from_hints([(HintKind.WORD, "abyss")])  # a word hint reveals nothing


def test_a_word_fits_when_it_has_every_letter_and_every_placed_letter():
    revealed = Revealed(frozenset("y"), frozenset({(2, "s")}))
    assert revealed.fits("assay")
    assert not revealed.fits("abyss")  # has Y, but B is second
    assert not revealed.fits("essen")  # S second, no Y
    # A letter revealed once may stand anywhere, as often as it likes.
    assert Revealed(frozenset("s")).fits("sassy")
    assert Revealed().fits("crane")


def test_mask_over_a_list():
    words = ["abyss", "assay", "essay", "sassy", "crane"]
    revealed = Revealed(frozenset("y"), frozenset({(2, "s")}))
    assert revealed.mask(words).tolist() == [False, True, True, False, False]
    assert Revealed().mask(words).all()


@pytest.mark.parametrize("hint", [("position", "s"), ("position", "x:s"), ("letter", "ab"),
                                  ("letter", "É"), ("position", "6:s"), ("position", "0:s"),
                                  ("riddle", "s")])
def test_values_that_are_no_hint_are_refused(hint):
    with pytest.raises(ValueError):
        Revealed.from_hints([hint])


def test_a_hint_counts_for_the_guesses_made_after_it():
    guesses = [T0, T0 + timedelta(minutes=1), T0 + timedelta(minutes=2)]
    hints = [(T0 + timedelta(seconds=90), HintKind.POSITION, "5:y"),
             (T0 + timedelta(seconds=30), HintKind.LETTER, "s"),
             (T0 + timedelta(seconds=100), HintKind.WORD, "abyss")]
    per_guess = revealed_before_guesses(hints, guesses)
    assert per_guess == [Revealed(),
                         Revealed(frozenset("s")),
                         Revealed(frozenset("s"), frozenset({(5, "y")}))]
    assert revealed_before_guesses(hints, []) == []
