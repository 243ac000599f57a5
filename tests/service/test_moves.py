"""Which game a move goes to (bot.service.moves): one call decides for a guess, a hint, a
give-up and the board alike, races included, on both stores."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from bot.core.domain import Kind, Status
from bot.core.personal import PERSONAL
from bot.service import GameService, GiveUpResult, GuessResult, Place, PlayerError, Problem
from bot.service.moves import Moves
from bot.service.race_views import RaceMove
from bot.service.races import RaceService, RaceTiming
from tests.support import Clock

HERE = Place(5, 50)
TIMING = RaceTiming(minute=timedelta(seconds=60))
ALICE, BOB, CAROL = 1, 2, 3


def moves_for(service: GameService, clock: Clock) -> Moves:
    return Moves(service, RaceService.beside(service, TIMING, clock=clock))


async def refused(problem: Problem, work: Any) -> None:
    with pytest.raises(PlayerError) as error:
        await work
    assert error.value.problem is problem


async def test_own_game_then_channel_game(service: GameService, clock: Clock,
                                          picker: Any) -> None:
    moves = moves_for(service, clock)
    await refused(Problem.NO_GAME, moves.guess(HERE, ALICE, "slate"))
    picker.queue.extend(["crane", "lemon"])
    channel = (await service.start(HERE, ALICE, scope="channel")).game
    played = await moves.guess(HERE, BOB, "slate")
    assert isinstance(played, GuessResult) and played.game.id == channel.id
    own = (await service.start(HERE, BOB)).game
    played = await moves.guess(HERE, BOB, "slate")
    assert isinstance(played, GuessResult) and played.game.id == own.id
    board = await moves.board(HERE, ALICE)
    assert not isinstance(board, RaceMove) and board.id == channel.id
    hint = await moves.hint(HERE, BOB, "letter")
    assert hint.game.id == own.id
    gave_up = await moves.give_up(HERE, BOB)
    assert isinstance(gave_up, GiveUpResult) and gave_up.game.id == own.id
    # a button names its game, whichever the player would reach by typing
    named = await moves.guess(HERE, BOB, "lemon", game_id=channel.id)
    assert isinstance(named, GuessResult) and named.game.id == channel.id


async def test_a_race_and_an_own_game_beside_it(service: GameService, clock: Clock,
                                               picker: Any) -> None:
    picker.queue.extend(["crane", "lemon"])
    moves = moves_for(service, clock)
    race = await moves.races.start(HERE, ALICE, minutes=5)
    # no own game: the first guess joins the race
    joined = await moves.guess(HERE, BOB, "slate")
    assert isinstance(joined, RaceMove) and joined.joined and joined.race.id == race.id
    # an own game here takes the moves of a player not in the race...
    own = (await service.start(HERE, CAROL)).game
    played = await moves.guess(HERE, CAROL, "slate")
    assert isinstance(played, GuessResult) and played.game.id == own.id
    # ...but the race board takes them while its player plays it
    await service.start(HERE, BOB)
    board = await moves.board(HERE, BOB)
    assert isinstance(board, RaceMove) and board.board.attempts_used == 1
    hint_refused = moves.hint(HERE, BOB, "letter")
    await refused(Problem.HINTS_OFF_RACE, hint_refused)  # the race's rule, not the game's
    gave_up = await moves.give_up(HERE, BOB)
    assert isinstance(gave_up, RaceMove) and gave_up.board.status is Status.GIVEN_UP
    # done with the race: their own game here again
    board = await moves.board(HERE, BOB)
    assert not isinstance(board, RaceMove) and board.kind is Kind.RANDOM
    # no channel game while the race is on
    await refused(Problem.RACE_BLOCKS_GAME, service.start(HERE, ALICE, scope="channel"))
    await refused(Problem.RACE_BLOCKS_GAME, service.challenge(HERE, ALICE, "lemon"))


async def test_a_race_started_elsewhere_is_found(service: GameService, clock: Clock,
                                                 picker: Any, make_service: Any) -> None:
    """A race started by another process before this one first looked takes a first guess
    here; once it is over, moves go to the games again."""
    picker.queue.append("crane")
    other = RaceService.beside(make_service(service.db), TIMING, clock=clock)
    race = await other.start(HERE, ALICE, minutes=5)
    moves = moves_for(service, clock)
    joined = await moves.guess(HERE, BOB, "slate")
    assert isinstance(joined, RaceMove) and joined.race.id == race.id
    await other.end(HERE, ALICE)
    await refused(Problem.NO_GAME, moves.guess(HERE, BOB, "slate"))


async def test_the_personal_daily_outside_a_server(service: GameService, clock: Clock) -> None:
    dm, elsewhere = Place(PERSONAL, 7000), Place(PERSONAL, 7100)
    moves = moves_for(service, clock)
    daily = (await service.start(dm, ALICE, kind="daily")).game
    played = await moves.guess(elsewhere, ALICE, "slate")  # it goes with its player
    assert isinstance(played, GuessResult) and played.game.id == daily.id
    await refused(Problem.NO_GAME, moves.guess(elsewhere, BOB, "slate"))
