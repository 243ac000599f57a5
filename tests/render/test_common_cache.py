"""Rows and keyboards checked again and again (a board after every guess) give the same answers
and the same refusals as the first time."""

from __future__ import annotations

import pytest

from bot.render.common import normalise_keyboard, normalise_row, normalise_rows


def test_a_row_checked_twice_is_the_same_and_bad_rows_are_refused_every_time() -> None:
    for _ in range(3):
        assert normalise_row(("CRANE", "gybbb")) == ("crane", "GYBBB")
        assert normalise_row(["crane", "GYBBB"]) == ("crane", "GYBBB")
        with pytest.raises(ValueError, match="lengths differ"):
            normalise_row(("crane", "GYBB"))
        with pytest.raises(ValueError, match="letters A-Z"):
            normalise_row(("cr4ne", "GYBBB"))
        with pytest.raises(ValueError, match="pair, not 'crane'"):
            normalise_row("crane")
    assert normalise_rows([("slate", "bbbbg")] * 4) == [("slate", "BBBBG")] * 4


def test_keyboard_fast_path_agrees_with_the_checks() -> None:
    assert normalise_keyboard({"A": "g", "b": "Y", "c": "B"}) == {"a": "G", "b": "Y", "c": "B"}
    for bad in ({"ab": "G"}, {"a": "X"}, {"1": "G"}, {"a": 1}, {"\u212a": "G"}):
        with pytest.raises(ValueError):
            normalise_keyboard(bad)
