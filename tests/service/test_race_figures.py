"""Race figures through the game service (bot.service.figures): ``stats`` and ``leaderboard``
with the ``race`` bucket answer with the race statistics and the race leaderboard, the same as
the race service's, on both stores; what cannot be answered (the personal record, a period, a
streak order) is refused with its own problem and changes nothing."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from bot.core.personal import PERSONAL
from bot.core.race import RaceBoard, RaceStats
from bot.service import GameService, Place, PlayerError, Problem
from bot.service.races import RaceService, RaceTiming
from tests.support import Clock

PLACE = Place(5, 50)


async def refused(problem: Problem, work: Any) -> None:
    with pytest.raises(PlayerError) as error:
        await work
    assert error.value.problem is problem


async def test_race_stats_and_leaderboard_through_the_game_service(
        service: GameService, clock: Clock, picker: Any) -> None:
    races = RaceService.beside(service, RaceTiming(minute=timedelta(seconds=60)), clock=clock)
    picker.queue.append("crane")
    await races.start(PLACE, 1)
    await races.guess(PLACE, 11, "slate")
    await races.guess(PLACE, 12, "crane")  # first place in one guess
    clock.advance(seconds=60)  # past the join window: the last to finish ends the race
    await races.guess(PLACE, 11, "crane")  # second in two
    assert (await races.here(PLACE)) is None  # both finished: the race is over

    stats = await service.stats(5, 11, "race")
    assert isinstance(stats, RaceStats)
    assert (stats.played, stats.wins, stats.podiums, stats.average_guesses) == (1, 0, 1, 2.0)
    assert stats == await races.stats(5, 11)
    winner = await service.stats(5, 12, "race")
    assert isinstance(winner, RaceStats) and (winner.wins, winner.win_percent) == (1, 100)
    # the race counts in no other bucket
    assert (await service.stats(5, 12, "practice")).played == 0

    board = await service.leaderboard(5, 11, mode="race", by="wins")
    assert isinstance(board, RaceBoard)
    assert [(r.rank, r.player_id, r.value) for r in board.rows] == [(1, 12, 1), (2, 11, 0)]
    assert board == await races.leaderboard(5, 11, by="wins")
    average = await service.leaderboard(5, mode="race", by="average", limit=1)
    assert isinstance(average, RaceBoard) and [r.player_id for r in average.rows] == [12]

    # refusals, each with its problem; the figures stay as they were
    await refused(Problem.RACE_ORDER, service.leaderboard(5, mode="race", by="max_streak"))
    await refused(Problem.RACE_ALL_TIME, service.leaderboard(5, mode="race", period="week"))
    await refused(Problem.BAD_LIMIT, service.leaderboard(5, mode="race", limit=0))
    await refused(Problem.BAD_PERIOD, service.leaderboard(5, mode="race", period="year"))
    await refused(Problem.RACES_IN_SERVERS, service.stats(PERSONAL, 11, "race"))
    await refused(Problem.RACES_IN_SERVERS, service.leaderboard(PERSONAL, mode="race"))
    await refused(Problem.RACES_IN_SERVERS, races.stats(PERSONAL, 11))
    await refused(Problem.BAD_BUCKET, service.stats(5, 11, "races"))
    assert await service.stats(5, 11, "race") == stats


async def test_the_race_refusals_are_worded() -> None:
    from bot.render.problems import problem_text
    from bot.terminal import COMMANDS
    for problem in (Problem.RACES_IN_SERVERS, Problem.RACE_ALL_TIME):
        text = problem_text(PlayerError(problem), COMMANDS)
        assert text and "race" in text.lower() and problem.value not in text


def test_race_win_percent_rounds_halves_up_like_every_other():
    # Python's round() takes halves to the even number: 1 of 8 would read 12, 5 of 8 62.
    for wins, played, shown in [(1, 8, 13), (5, 8, 63), (1, 200, 1), (2, 3, 67), (0, 0, 0)]:
        assert RaceStats(played=played, wins=wins).win_percent == shown
