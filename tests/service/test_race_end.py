"""Who may end a race early (bot.service.races), on both stores: its starter, and anyone the
front end says can manage the server (``may_manage``), also once the starter asked to be
forgotten; everyone else is refused and the race goes on."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from bot.core.domain import Status
from bot.core.race import RaceEnd
from bot.service import GameService, Place, PlayerError, Problem
from bot.service.races import RaceService, RaceTiming
from tests.support import Clock

PLACE = Place(5, 50)
STARTER, RACER, OTHER, MODERATOR = 1, 11, 12, 13


def races_for(service: GameService, clock: Clock) -> RaceService:
    return RaceService.beside(service, RaceTiming(minute=timedelta(seconds=60)), clock=clock)


async def not_the_starter(races: RaceService, player_id: int) -> None:
    before = await races.here(PLACE)
    with pytest.raises(PlayerError) as error:
        await races.end(PLACE, player_id)
    assert error.value.problem is Problem.RACE_NOT_STARTER
    assert await races.here(PLACE) == before  # still on, untouched


async def test_a_moderator_ends_a_race_whose_starter_was_forgotten(
        service: GameService, clock: Clock, picker: Any) -> None:
    picker.queue.append("crane")
    races = races_for(service, clock)
    race = await races.start(PLACE, STARTER)
    await races.guess(PLACE, STARTER, "slate")
    await races.guess(PLACE, RACER, "crane")
    await races.join(PLACE, OTHER)
    await service.forget_me(STARTER)
    for player in (STARTER, RACER, OTHER, MODERATOR):  # the forgotten starter is no starter
        await not_the_starter(races, player)
    clock.advance(seconds=5)
    move = await races.end(PLACE, MODERATOR, race.id, may_manage=True)
    assert move.ended and move.race.end is RaceEnd.ENDED and move.race.answer == "crane"
    assert move.race.finished_at == clock.now and move.race.starter_id is None
    assert [(r.player_id, r.status, r.place) for r in move.race.racers] == [
        (RACER, Status.WON, 1), (OTHER, Status.LOST, None)]
    assert await races.here(PLACE) is None
    with pytest.raises(PlayerError) as again:  # ended: nothing left to end here
        await races.end(PLACE, MODERATOR, may_manage=True)
    assert again.value.problem is Problem.NO_RACE


async def test_a_moderator_may_end_any_race_and_the_starter_still_may(
        service: GameService, clock: Clock, picker: Any) -> None:
    picker.queue.extend(["crane", "lemon"])
    races = races_for(service, clock)
    first = await races.start(PLACE, STARTER)
    await races.join(PLACE, RACER)
    await not_the_starter(races, RACER)
    move = await races.end(PLACE, RACER, first.id, may_manage=True)  # a racer who moderates
    assert move.ended and move.race.end is RaceEnd.ENDED
    with pytest.raises(PlayerError) as over:  # the button of the race that ended
        await races.end(PLACE, STARTER, first.id)
    assert over.value.problem is Problem.RACE_OVER
    second = await races.start(PLACE, STARTER)
    move = await races.end(PLACE, STARTER, second.id)
    assert move.ended and move.race.end is RaceEnd.ENDED
