"""A race's join window through the race service, on both stores: a player who joins alone
and solves it at once does not end the race for the channel; it waits for more players until
its first minute has passed (``JOIN_WINDOW_MINUTES``), then ends by itself if nobody else
joined, or with the last finish of those who did. Its starter may end it at any time."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from bot.core.domain import Status
from bot.core.race import RaceEnd
from bot.service import GameService, Place
from bot.service.races import RaceService, RaceTiming
from tests.support import Clock

PLACE = Place(5, 50)
TIMING = RaceTiming(minute=timedelta(seconds=60))


def races_for(service: GameService, clock: Clock) -> RaceService:
    return RaceService.beside(service, TIMING, clock=clock)


async def test_a_lone_solver_leaves_the_race_open_to_joiners(service: GameService,
                                                             clock: Clock,
                                                             picker: Any) -> None:
    picker.queue.append("crane")
    races = races_for(service, clock)
    race = await races.start(PLACE, 1, minutes=10)
    window = race.created_at + timedelta(minutes=1)
    clock.advance(seconds=5)
    move = await races.guess(PLACE, 11, "crane")  # joins alone and solves it at once
    assert move.joined and move.board.status is Status.WON
    assert not move.ended and not move.race.is_over and move.race.answer is None
    assert move.race.waiting_until == window and move.race.next_end(clock.now) == window
    assert await races.close_if_due(race.id) == (move.race, False)
    # the channel can still join: bob by his first guess, within the window
    clock.advance(seconds=30)
    move = await races.guess(PLACE, 12, "slate")
    assert move.joined and move.race.waiting_until is None
    clock.advance(seconds=30)  # the window is over: nothing ends while bob plays
    view, ended = await races.close_if_due(race.id)
    assert not ended and view is not None and not view.is_over
    assert view.next_end(clock.now) == race.ends_at
    move = await races.guess(PLACE, 12, "crane")  # the last to finish ends it at once
    assert move.ended and move.race.end is RaceEnd.ALL_FINISHED
    assert [(r.player_id, r.place) for r in move.race.racers] == [(11, 1), (12, 2)]
    assert move.race.answer == "crane" and await races.here(PLACE) is None


async def test_a_race_nobody_else_joined_ends_at_the_window_end(service: GameService,
                                                                clock: Clock,
                                                                picker: Any) -> None:
    picker.queue.extend(["crane", "lemon"])
    races = races_for(service, clock)
    race = await races.start(PLACE, 1, minutes=10)
    await races.guess(PLACE, 11, "crane")
    clock.advance(seconds=59)
    assert (await races.close_if_due(race.id))[1] is False
    clock.advance(seconds=1)
    view, ended = await races.close_if_due(race.id)
    assert ended and view is not None and view.end is RaceEnd.ALL_FINISHED
    assert view.finished_at == clock.now and view.racers[0].place == 1
    # a one-minute race whose players all finished ends as finished, not as time up
    short = await races.start(PLACE, 1, minutes=1)
    assert short.join_window_ends_at == short.ends_at
    await races.join(PLACE, 13)
    await races.give_up(PLACE, 13)
    clock.advance(minutes=1)
    view, ended = await races.close_if_due(short.id)
    assert ended and view is not None and view.end is RaceEnd.ALL_FINISHED


async def test_the_starter_ends_it_within_the_window(service: GameService, clock: Clock,
                                                     picker: Any) -> None:
    picker.queue.append("crane")
    races = races_for(service, clock)
    await races.start(PLACE, 1, minutes=10)
    await races.guess(PLACE, 11, "crane")
    move = await races.end(PLACE, 1)
    assert move.ended and move.race.end is RaceEnd.ENDED and move.race.racers[0].place == 1


async def test_a_join_landing_as_the_window_closes_keeps_the_race_on(
        service: GameService, clock: Clock, picker: Any,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The race is read with everyone finished and ended as such; another process's join
    lands in between: the store refuses that end, and the race goes on for the newcomer."""
    picker.queue.append("crane")
    races = races_for(service, clock)
    race = await races.start(PLACE, 1, minutes=10)
    await races.guess(PLACE, 11, "crane")
    clock.advance(minutes=1)
    end_race = service.db.end_race

    async def joined_just_before(race_id: int, **kwargs: Any) -> Any:
        await service.db.join_race(race_id, 12, now=clock.now)
        return await end_race(race_id, **kwargs)

    monkeypatch.setattr(service.db, "end_race", joined_just_before)
    view, ended = await races.close_if_due(race.id)
    assert not ended and view is not None and not view.is_over
    assert [r.player_id for r in view.racers] == [11, 12]
