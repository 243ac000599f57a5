"""Race hints attacked on purpose, on both stores (helper HA, session 3)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.core.domain import HintKind
from bot.render.hint_text import hint_text
from bot.service import GameService, Place
from bot.service.errors import NoGame, Problem
from bot.service.races import RaceService, RaceTiming

PLACE = Place(5, 50)


async def test_a_word_hint_whose_word_left_the_answer_list(service: GameService, clock: Any,
                                                          picker: Any) -> None:
    """The race's word is not among the solver's answers (the list changed since it began):
    each word hint must be a letter said to stand in for it, never the same letter twice.
    Before, it was a plain letter hint, and the same letter came every time."""
    picker.queue.append("pious")  # allowed, not an answer
    races = RaceService.beside(service, RaceTiming(), clock=clock)
    await races.start(PLACE, 1, minutes=10)
    await races.db.update_guild_settings(PLACE.guild_id, hints_in_races=True)
    await races.guess(PLACE, 2, "slate")
    letters = []
    for _ in range(3):
        hint = await races.hint(PLACE, 2, HintKind.WORD)
        assert hint.kind is HintKind.LETTER and hint.fallback, hint
        assert hint.letter is not None and hint.letter in "pious"
        letters.append(hint.letter)
        assert "letter" in hint_text(hint).lower()
    assert len(set(letters)) == 3, letters


async def test_a_race_id_no_store_can_hold_is_no_race(service: GameService, clock: Any) -> None:
    """A race board's id comes from the client: one past the stores' range (a forged button
    or modal) is no race here, not a bug; the race here is untouched."""
    races = RaceService.beside(service, RaceTiming(), clock=clock)
    started = await races.start(PLACE, 1, minutes=10)
    for race_id in (2**63, 10**40, -1):
        for ask in (races.current(race_id), races.join(PLACE, 2, race_id),
                    races.guess(PLACE, 2, "slate", race_id),
                    races.give_up(PLACE, 1, race_id), races.end(PLACE, 1, race_id)):
            with pytest.raises(NoGame) as info:
                await ask
            assert info.value.problem is Problem.NO_RACE
    assert await races.current(started.id) is not None
