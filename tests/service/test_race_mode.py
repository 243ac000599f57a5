"""The race use case (bot.service.races) on both stores: joining by a first guess, the usual
rules on each board (invalid words, hard mode), refusals worded as problems that change
nothing, the word kept back until the end, hints only where the server allows them, the
starter's early end, the time limit, statistics and leaderboards, and two stores (two
processes) playing one race at once."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import pytest

from bot.core.domain import HintKind, Status
from bot.core.race import RaceEnd, RaceRecord
from bot.service import GameService, Place, PlayerError, Problem, starts
from bot.service.moves import Moves
from bot.service.races import RaceService, RaceTiming
from tests.support import Clock

PLACE = Place(5, 50)
TIMING = RaceTiming(minute=timedelta(seconds=60))


def races_for(service: GameService, clock: Clock) -> RaceService:
    return RaceService.beside(service, TIMING, clock=clock)


async def refused(problem: Problem, work: Any) -> None:
    with pytest.raises(PlayerError) as error:
        await work
    assert error.value.problem is problem


async def test_a_race_through_the_service(service: GameService, clock: Clock,
                                          picker: Any) -> None:
    picker.queue.append("crane")
    races = races_for(service, clock)
    race = await races.start(PLACE, 1, minutes=5)
    assert race.answer is None and race.ends_at - race.created_at == timedelta(minutes=5)
    assert "crane" not in repr(race)
    await refused(Problem.RACE_RUNNING, races.start(PLACE, 2))
    await refused(Problem.BAD_RACE_MINUTES, races.start(Place(5, 51), 2, minutes=0))
    await refused(Problem.BAD_RACE_MINUTES, races.start(Place(5, 51), 2, minutes=61))

    # the first guess joins; a bad word costs nothing
    assert isinstance(await Moves(service, races).target(PLACE, 11), RaceRecord)
    await refused(Problem.INVALID_WORD, races.guess(PLACE, 11, "zzzzz"))
    clock.advance(seconds=3)
    move = await races.guess(PLACE, 11, "SLATE")
    assert move.joined and move.row is not None and move.row.feedback == "BBGBG"
    assert move.board.answer is None and move.race.racer(11).feedback == ("BBGBG",)
    again = await races.join(PLACE, 11)
    assert not again.joined
    await races.join(PLACE, 12)
    clock.advance(seconds=10)
    move = await races.guess(PLACE, 11, "crane")
    assert move.board.status is Status.WON and move.board.answer == "crane"
    assert move.race.answer is None and not move.ended  # 12 is still playing
    await refused(Problem.RACE_BOARD_DONE, races.guess(PLACE, 11, "crane"))
    await refused(Problem.NOT_IN_RACE, races.board(PLACE, 13))
    move = await races.give_up(PLACE, 12)
    # everyone finished within the join window: the race waits for more players until then
    assert not move.ended and move.race.waiting_until == race.created_at + timedelta(minutes=1)
    clock.advance(seconds=60)
    final, ended = await races.close_if_due(race.id)
    assert ended and final is not None and final.is_over and final.answer == "crane"
    assert final.end is RaceEnd.ALL_FINISHED and final.finished_at == clock.now
    assert [(r.player_id, r.place) for r in final.racers] == [(11, 1), (12, None)]
    assert final.racers[0].seconds == 10.0  # from joining (its first guess) to solving
    await refused(Problem.NO_RACE, races.guess(PLACE, 11, "crane"))
    await refused(Problem.NO_GAME, Moves(service, races).target(PLACE, 11))

    stats = await races.stats(5, 11)
    assert (stats.played, stats.wins, stats.podiums, stats.average_guesses) == (1, 1, 1, 2.0)
    board = await races.leaderboard(5, by="average")
    assert [r.player_id for r in board.rows] == [11]
    await refused(Problem.RACE_ORDER, races.leaderboard(5, by="max_streak"))
    # nothing of it in the other statistics
    assert (await service.stats(5, 11, "practice")).played == 0


async def test_hard_mode_hints_and_the_starter(service: GameService, clock: Clock,
                                               picker: Any) -> None:
    picker.queue.append("crane")
    races = races_for(service, clock)
    await races.start(PLACE, 1, hard_mode=True)
    await races.guess(PLACE, 11, "trace")
    await refused(Problem.INVALID_WORD, races.guess(PLACE, 11, "slate"))  # hard: R, C, E
    await refused(Problem.HINTS_OFF_RACE, races.hint(PLACE, 11, "letter"))
    await races.allow_hints(5, True)
    hint = await races.hint(PLACE, 11, HintKind.POSITION)
    assert hint.letter is not None and hint.position is not None
    await refused(Problem.NOT_IN_RACE, races.hint(PLACE, 12, "letter"))
    await refused(Problem.RACE_NOT_STARTER, races.end(PLACE, 11))
    move = await races.end(PLACE, 1)
    assert move.race.end is RaceEnd.ENDED and move.race.racers[0].hinted
    assert move.race.racers[0].status is Status.LOST
    await refused(Problem.NO_RACE, races.end(PLACE, 1))


async def test_time_up(service: GameService, clock: Clock, picker: Any) -> None:
    picker.queue.append("crane")
    races = races_for(service, clock)
    race = await races.start(PLACE, 1, minutes=1)
    await races.guess(PLACE, 11, "slate")
    assert await races.close_if_due(race.id) == (races.view(
        await service.db.get_race(race.id)), False)
    clock.advance(seconds=61)
    await refused(Problem.RACE_OVER, races.guess(PLACE, 11, "crane"))
    await refused(Problem.RACE_OVER, races.join(PLACE, 12))
    view, ended = await races.close_if_due(race.id)
    assert ended and view is not None and view.end is RaceEnd.TIME and view.answer == "crane"
    assert view.racers[0].status is Status.LOST


async def test_races_and_channel_games_keep_apart(service: GameService, clock: Clock) -> None:
    races = races_for(service, clock)
    await service.start(PLACE, 1, scope="channel")
    await refused(Problem.GAME_BLOCKS_RACE, races.start(PLACE, 1))
    other = Place(5, 52)
    await races.start(other, 1)
    await refused(Problem.RACE_BLOCKS_GAME, service.start(other, 1, scope="channel"))
    # an own game beside a race is fine, and a guess then goes to it, not the race
    moves = Moves(service, races)
    own = (await service.start(other, 11)).game
    target = await moves.target(other, 11)
    assert not isinstance(target, RaceRecord) and target.id == own.id
    await races.join(other, 11)
    assert isinstance(await moves.target(other, 11), RaceRecord)


async def test_two_processes_play_one_race(service: GameService, clock: Clock, place: Any,
                                           make_service: Any, picker: Any) -> None:
    """Two stores on one database (as two bot processes): twenty joins and guesses from both
    at once, and both closing the race when its time is up; each decision is made once."""
    picker.queue.append("crane")
    races = races_for(service, clock)
    other_db = await place.open()
    try:
        others = races_for(make_service(other_db), clock)
        race = await races.start(PLACE, 1, minutes=1)
        players = list(range(100, 120))
        moves = await asyncio.gather(*(
            (races if p % 2 else others).guess(PLACE, p, "slate") for p in players))
        assert sum(m.joined for m in moves) == 20
        outcomes = await asyncio.gather(*(
            (others if p % 2 else races).guess(PLACE, p, "crane" if p < 110 else "trace")
            for p in players), return_exceptions=True)
        assert not [o for o in outcomes if isinstance(o, BaseException)]
        clock.advance(seconds=61)
        closed = await asyncio.gather(races.close_if_due(race.id), others.close_if_due(race.id))
        assert sorted(ended for _, ended in closed) == [False, True]
        final = closed[0][0]
        assert final is not None and final.is_over
        # one clock for all: equal guesses in equal times share the place
        assert [r.place for r in final.racers[:10]] == [1] * 10
        assert all(r.place is None and r.status is Status.LOST for r in final.racers[10:])
        assert (await others.stats(5, 100)).played == 1
    finally:
        await other_db.close()


async def test_a_race_is_not_a_game_to_start(service: GameService) -> None:
    await refused(Problem.BAD_START, service.start(PLACE, 1, kind="race"))


def test_the_live_standings_are_squares_and_fit_a_message() -> None:
    """Rendering (bot.render.race_text): a live line is squares, guesses and time; a crowd of
    players is cut to fit Discord's 4000 characters; the word appears only at the end."""
    from datetime import UTC, datetime

    from bot.render.race_text import clock_text, standings_text, status_text
    from bot.service.races import RacerView, RaceView

    racers = tuple(RacerView(1000 + n, ("BYBBG",) * 6, Status.ACTIVE, 65.25, None, n == 0)
                   for n in range(80))
    t0 = datetime(2026, 3, 1, tzinfo=UTC)
    race = RaceView(1, 5, 50, 1, False, t0, t0 + timedelta(minutes=10), None, None, 9,
                    racers, None)
    text = standings_text(race, lambda p: f"<@{p}>")
    first = text.splitlines()[0]
    assert first == "⏳ <@1000> " + " ".join(["⬛🟨⬛⬛🟩"] * 6) + " · 6/6 · 1:05 💡"
    assert len(text) < 3400 and text.splitlines()[-1].startswith("…and ")
    assert "Ends <t:" in status_text(race, str)
    assert (clock_text(7.46), clock_text(65.9), clock_text(3600)) == ("0:07.4", "1:05", "60:00")


def test_a_crowd_sharing_first_place_is_named_within_the_message() -> None:
    """Equal results share first place. However many share it, the result names ten (the
    standings below name every one) and stays a line; one winner wins, several win."""
    from datetime import UTC, datetime

    from bot.render.race_text import status_text
    from bot.service.races import RacerView, RaceView

    def race_won_by(count: int) -> RaceView:
        racers = tuple(RacerView(10**18 + n, ("GGGGG",), Status.WON, 3.5, 1, False)
                       for n in range(count))
        t0 = datetime(2026, 3, 1, tzinfo=UTC)
        return RaceView(1, 5, 50, 1, False, t0, t0 + timedelta(minutes=10), t0,
                        RaceEnd.ALL_FINISHED, 9, racers, "crane")

    crowd = status_text(race_won_by(200), lambda p: f"<@{p}>")
    assert crowd.count("👑") == 10 and " and 190 more win!" in crowd and len(crowd) < 400
    assert status_text(race_won_by(2), lambda p: f"<@{p}>").count("👑") == 2
    assert status_text(race_won_by(2), lambda p: f"<@{p}>").endswith(
        " win!\nThe word was **CRANE**.")
    assert " wins!\n" in status_text(race_won_by(1), lambda p: f"<@{p}>")


async def test_a_forgotten_racer_cannot_come_back_with_a_fresh_board(
        service: GameService, clock: Clock, picker: Any) -> None:
    picker.queue.append("lemon")
    races = races_for(service, clock)
    race = await races.start(PLACE, 1, minutes=5)
    await races.join(PLACE, 13)  # still playing, so the race goes on
    for word in [w for w in service.words.answers if w != "lemon"][:6]:  # bob loses
        await races.guess(PLACE, 12, word)
    await refused(Problem.RACE_BOARD_DONE, races.guess(PLACE, 12, "lemon"))
    await service.forget_me(12)
    # neither Join nor a first guess gives him a new board in that race
    await refused(Problem.RACE_LEFT, races.join(PLACE, 12))
    await refused(Problem.RACE_LEFT, races.guess(PLACE, 12, "lemon"))
    view = (await races.join(PLACE, 13)).race
    assert view.id == race.id and not view.is_over
    assert [r.player_id for r in view.racers] == [13]


async def test_a_race_that_lands_and_ends_while_a_channel_game_starts(
        service: GameService, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> None:
    """A race started just after a channel game's start looked for one, and ended before the
    start looked again: the player got the apology (the store's bare refusal, with no race
    left to blame). Now the store names the race that was in the way."""
    races, look, looks = races_for(service, clock), starts.refuse_beside_race, []

    async def a_race_comes_and_goes(db: Any, place: Place) -> None:
        looks.append(place)
        if len(looks) == 1:  # the start's first look: no race yet, then one starts
            await look(db, place)
            await races.start(place, 1, minutes=5)
        else:  # a second look: by then the race has ended
            await races.end(place, 1)
            await look(db, place)

    monkeypatch.setattr(starts, "refuse_beside_race", a_race_comes_and_goes)
    await refused(Problem.RACE_BLOCKS_GAME, service.start(PLACE, 2, scope="channel"))
    assert await service.db.active_channel_game(PLACE.guild_id, PLACE.channel_id) is None
