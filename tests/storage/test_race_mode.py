"""Race mode in the store, on SQLite and PostgreSQL: starting (one race per channel, never beside
a channel game), joining, guesses and their refusals, the end (all finished, time up, the
starter), places and race statistics, a restart, and many writers at once. (Write races as in
concurrency are tests/storage/test_race.py; this is the game mode.)"""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from bot.core.domain import HintKind, LeaderboardOrder, Status
from bot.core.feedback import score
from bot.core.race import RaceEnd
from bot.storage.errors import (
    BoardOver,
    ChannelGameRunning,
    NotARacer,
    NotTheStarter,
    RaceAttemptConflict,
    RaceExists,
    RaceLeft,
    RaceNotFound,
    RaceOver,
    StorageError,
)
from bot.storage.models import GuildSettings

G, C = 7, 70
T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


async def new_race(db: Any, *, channel: int = C, minutes: float = 10, starter: int = 1,
                   answer: str = "crane", hard: bool = False) -> Any:
    return await db.create_race(guild_id=G, channel_id=channel, starter_id=starter,
                                answer=answer, hard_mode=hard,
                                ends_at=at(60 * minutes), now=T0)


async def play(db: Any, race_id: int, player: int, words: list[str], *, start: float,
               answer: str = "crane") -> Any:
    race = None
    for n, word in enumerate(words, start=1):
        feedback = score(word, answer)
        finish = Status.WON if feedback == "GGGGG" else (Status.LOST if n == 6 else None)
        race = await db.record_race_guess(race_id, player_id=player, attempt=n, word=word,
                                          feedback=feedback, finish=finish, now=at(start + n))
    return race


async def test_a_race_from_start_to_places_and_statistics(db: Any, place: Any) -> None:
    race = await new_race(db)
    assert "crane" not in repr(race) and not race.is_over and race.racers == ()
    assert (await db.active_race(G, C)).id == race.id
    for player, second in ((11, 1), (12, 2), (13, 3), (14, 4)):
        race, joined = await db.join_race(race.id, player, now=at(second))
        assert joined
    race, joined = await db.join_race(race.id, 12, now=at(9))
    assert not joined and race.racer(12).joined_at == at(2)

    await play(db, race.id, 11, ["slate", "crane"], start=10)        # 2 guesses, 11 s
    await play(db, race.id, 12, ["crane"], start=30)                 # 1 guess, 29 s
    await play(db, race.id, 13, ["slate", "crane"], start=8)         # 2 guesses, 7 s
    race = await db.give_up_race(race.id, player_id=14, now=at(40))
    assert race.is_over and race.end is RaceEnd.ALL_FINISHED and race.finished_at == at(40)
    assert [(r.player_id, r.place) for r in race.standings] == [
        (12, 1), (13, 2), (11, 3), (14, None)]
    assert race.racer(14).status is Status.GIVEN_UP
    assert await db.active_race(G, C) is None and await db.active_races() == []

    s12, s11, s14 = [await db.race_stats(G, p) for p in (12, 11, 14)]
    assert (s12.played, s12.wins, s12.podiums, s12.average_guesses) == (1, 1, 1, 1.0)
    assert (s11.played, s11.wins, s11.podiums, s11.average_guesses) == (1, 0, 1, 2.0)
    assert (s14.played, s14.wins, s14.podiums, s14.average_guesses) == (1, 0, 0, None)
    board = await db.race_leaderboard(G, player_id=14)
    assert [(r.rank, r.player_id, r.value) for r in board.rows] == [
        (1, 12, 1), (2, 11, 0), (2, 13, 0), (4, 14, 0)]  # equal podiums and averages
    assert board.player_row is not None and board.player_row.rank == 4
    average = await db.race_leaderboard(G, by=LeaderboardOrder.AVERAGE)
    assert [(r.player_id, r.value) for r in average.rows] == [(12, 1.0), (11, 2.0), (13, 2.0)]
    # nothing of it in the games table or the other statistics
    assert await place.fetch("SELECT count(*) FROM games") == [(0,)]
    assert await place.fetch("SELECT count(*) FROM player_stats") == [(0,)]

    # a restart reads the same race
    again = await place.open()
    try:
        assert await again.get_race(race.id) == race
    finally:
        await again.close()


async def test_one_race_per_channel_and_never_beside_a_channel_game(db: Any) -> None:
    race = await new_race(db)
    with pytest.raises(RaceExists) as exists:
        await new_race(db, starter=2)
    assert exists.value.existing.id == race.id
    # a channel game is refused where a race is on, naming the race; elsewhere it starts
    with pytest.raises(RaceExists) as blocked:
        await db.create_game(guild_id=G, channel_id=C, owner_id=None, scope="channel",
                             kind="random", answer="lemon", hard_mode=False)
    assert blocked.value.existing.id == race.id
    assert await db.active_channel_game(G, C) is None
    # an own game in the race's channel is fine
    await db.create_game(guild_id=G, channel_id=C, owner_id=5, scope="own", kind="random",
                         answer="lemon", hard_mode=False)
    game = await db.create_game(guild_id=G, channel_id=C + 1, owner_id=None, scope="channel",
                                kind="random", answer="lemon", hard_mode=False)
    with pytest.raises(ChannelGameRunning) as running:
        await new_race(db, channel=C + 1)
    assert running.value.game_id == game.id
    await db.end_race(race.id, end=RaceEnd.ENDED, by=1, now=at(5))
    await db.create_game(guild_id=G, channel_id=C, owner_id=None, scope="channel",
                         kind="random", answer="lemon", hard_mode=False)


async def test_refusals_change_nothing(db: Any) -> None:
    race = await new_race(db, minutes=1)
    with pytest.raises(RaceNotFound):
        await db.join_race(race.id + 99, 11, now=at(1))
    with pytest.raises(NotARacer):
        await play(db, race.id, 11, ["slate"], start=1)
    await db.join_race(race.id, 11, now=at(1))
    with pytest.raises(RaceAttemptConflict):
        await db.record_race_guess(race.id, player_id=11, attempt=2, word="slate",
                                   feedback=score("slate", "crane"), finish=None, now=at(2))
    with pytest.raises(ValueError, match="feedback does not match"):
        await db.record_race_guess(race.id, player_id=11, attempt=1, word="slate",
                                   feedback="GGGGB", finish=None, now=at(2))
    with pytest.raises(ValueError):
        await db.record_race_guess(race.id, player_id=11, attempt=1, word="crane",
                                   feedback="GGGGG", finish=None, now=at(2))
    with pytest.raises(ValueError, match="lost only on attempt 6"):  # the board goes on
        await db.record_race_guess(race.id, player_id=11, attempt=1, word="slate",
                                   feedback=score("slate", "crane"), finish=Status.LOST,
                                   now=at(2))
    with pytest.raises(NotTheStarter):
        await db.end_race(race.id, end=RaceEnd.ENDED, by=11, now=at(3))
    with pytest.raises(ValueError, match="not up"):
        await db.end_race(race.id, end=RaceEnd.TIME, now=at(3))
    race = await db.get_race(race.id)
    assert race.racer(11).guesses == () and not race.is_over
    # time is up: no more joins or guesses, until it is closed; then closing again is no-op
    with pytest.raises(RaceOver):
        await db.join_race(race.id, 12, now=at(60))
    with pytest.raises(RaceOver):
        await play(db, race.id, 11, ["slate"], start=60)
    with pytest.raises(ValueError):
        await db.create_race(guild_id=G, channel_id=C + 5, starter_id=1, answer="CRANE",
                             hard_mode=False, ends_at=at(60), now=T0)
    with pytest.raises(ValueError):
        await db.create_race(guild_id=G, channel_id=C + 5, starter_id=1, answer="crane",
                             hard_mode=False, ends_at=T0, now=T0)


async def test_time_up_ends_the_race_and_players_still_playing_lose(db: Any) -> None:
    race = await new_race(db, minutes=1)
    for player in (11, 12, 13):
        await db.join_race(race.id, player, now=at(1))
    await play(db, race.id, 11, ["slate", "crane"], start=2)
    await play(db, race.id, 12, ["slate"], start=2)
    await db.record_race_hint(race.id, player_id=12, kind=HintKind.LETTER, value="r",
                              now=at(5))
    assert [h.value for h in await db.race_hints(race.id, 12)] == ["r"]
    assert [h.value for h in await db.race_hints(race.id, 12)] == ["r"]
    assert (await db.active_races())[0].id == race.id
    ended, now_ended = await db.end_race(race.id, end=RaceEnd.TIME, now=at(61))
    assert now_ended and ended.end is RaceEnd.TIME
    assert [(r.player_id, r.status, r.place, r.hints) for r in ended.standings] == [
        (11, Status.WON, 1, 0), (12, Status.LOST, None, 1), (13, Status.LOST, None, 0)]
    again, now_ended = await db.end_race(race.id, end=RaceEnd.TIME, now=at(62))
    assert not now_ended and again == ended
    with pytest.raises(RaceOver):
        await db.give_up_race(race.id, player_id=12, now=at(63))
    with pytest.raises(RaceOver):
        await db.record_race_hint(race.id, player_id=12, kind=HintKind.LETTER, value="a",
                                  now=at(63))
    assert (await db.race_stats(G, 12)).played == 1


async def test_boards_finish_on_their_own_and_a_finished_board_takes_nothing(db: Any) -> None:
    race = await new_race(db, hard=True)
    await db.join_race(race.id, 11, now=at(1))
    await db.join_race(race.id, 12, now=at(1))
    race = await play(db, race.id, 11, ["slate", "plate", "place", "plane", "plank", "blank"],
                      start=1)
    assert race.racer(11).status is Status.LOST and not race.is_over
    with pytest.raises(BoardOver):
        await db.record_race_guess(race.id, player_id=11, attempt=7 - 1, word="crane",
                                   feedback="GGGGG", finish=Status.WON, now=at(20))
    race = await play(db, race.id, 12, ["crane"], start=20)
    assert race.is_over and race.standings[0].player_id == 12 and race.hard_mode


async def test_twenty_players_join_and_guess_at_once(db: Any, place: Any) -> None:
    race = await new_race(db)
    players = list(range(100, 120))
    results = await asyncio.gather(*(db.join_race(race.id, p, now=at(1)) for p in players),
                                   *(db.join_race(race.id, p, now=at(2)) for p in players))
    assert sum(joined for _, joined in results) == 20
    race = await db.get_race(race.id)
    assert sorted(r.player_id for r in race.racers) == players
    # everyone's first guess at once, and the same player's guess twice at once
    outcomes = await asyncio.gather(
        *(play(db, race.id, p, ["slate"], start=3) for p in players),
        play(db, race.id, 100, ["slate"], start=4), return_exceptions=True)
    assert sum(isinstance(o, RaceAttemptConflict) for o in outcomes) == 1
    assert not [o for o in outcomes if isinstance(o, Exception)
                and not isinstance(o, RaceAttemptConflict)]
    ends = await asyncio.gather(*(db.record_race_guess(
        race.id, player_id=p, attempt=2, word="crane", feedback="GGGGG", finish=Status.WON,
        now=at(10 + i)) for i, p in enumerate(players)))
    final = max(ends, key=lambda r: len([x for x in r.racers if x.finished]))
    assert final.is_over and final.end is RaceEnd.ALL_FINISHED
    assert [r.place for r in final.standings] == list(range(1, 21))
    assert await place.fetch("SELECT count(*) FROM race_guesses") == [(40,)]


async def test_race_settings_and_forget(db: Any) -> None:
    assert (await db.guild_settings(G)).hints_in_races is False
    await db.update_guild_settings(G, hints_in_races=True)
    assert await db.guild_settings(G) == GuildSettings(G, hints_in_races=True)
    await db.update_guild_settings(G, hints_in_races=False)
    assert (await db.guild_settings(G)).hints_in_races is False
    assert (await db.guild_settings(G + 1)).hints_in_races is False
    race = await new_race(db, starter=11)
    assert race.message_id is None
    await db.set_race_message(race.id, 555)
    assert (await db.get_race(race.id)).message_id == 555
    await db.join_race(race.id, 11, now=at(1))
    await db.join_race(race.id, 12, now=at(1))
    await play(db, race.id, 11, ["slate"], start=2)
    report = await db.forget_player(11)
    assert report.race_boards_deleted == 1 and report.total == 1
    race = await db.get_race(race.id)
    assert race.starter_id is None and [r.player_id for r in race.racers] == [12]
    assert race.message_id == 555
    # A forgotten racer cannot come back to that race with a fresh board ...
    with pytest.raises(RaceLeft):
        await db.join_race(race.id, 11, now=at(5))
    with pytest.raises(NotARacer):
        await db.record_race_guess(race.id, player_id=11, attempt=1, word="crane",
                                   feedback="GGGGG", finish=Status.WON, now=at(6))
    race = await db.get_race(race.id)
    assert [r.player_id for r in race.racers] == [12] and not race.is_over
    # ... while others still join it, and the next race is theirs to join.
    assert (await db.join_race(race.id, 13, now=at(7)))[1] is True
    await db.end_race(race.id, end=RaceEnd.TIME, now=at(10 * 60 + 1))
    later = await new_race(db, starter=12, minutes=30)
    assert (await db.join_race(later.id, 11, now=at(10 * 60 + 3)))[1] is True


_WORKER = """
import asyncio, json, sys
from datetime import datetime, timedelta, UTC
from bot.core.domain import Status
from bot.core.feedback import score
from bot.core.race import RaceEnd

async def main(backend, where, race_id, players):
    if backend == "sqlite":
        from bot.storage.sqlite import SqliteStore
        db = await SqliteStore.open(where)
    else:
        from bot.storage.postgres import PostgresStore
        db = await PostgresStore.open(where, pool_size=4)
    t0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
    line = asyncio.get_running_loop().run_in_executor
    try:
        print("open", flush=True)
        await line(None, sys.stdin.readline)
        await asyncio.gather(*(db.join_race(race_id, p, now=t0) for p in players))
        async def play(p):
            for n, word in enumerate(("slate", "crane"), start=1):
                fb = score(word, "crane")
                await db.record_race_guess(race_id, player_id=p, attempt=n, word=word,
                    feedback=fb, finish=Status.WON if fb == "GGGGG" else None,
                    now=t0 + timedelta(seconds=p))
        await asyncio.gather(*(play(p) for p in players[:-1]))
        print("ready", flush=True)
        await line(None, sys.stdin.readline)
        _, ended = await db.end_race(race_id, end=RaceEnd.TIME, now=t0 + timedelta(hours=1))
        print(json.dumps({"ended": ended}), flush=True)
    finally:
        await db.close()

backend, where, race_id, players = sys.argv[1:5]
asyncio.run(main(backend, where, int(race_id), json.loads(players)))
"""


async def test_two_processes_play_and_close_one_race(db: Any, place: Any) -> None:
    """Two bot processes on one database: joins and guesses from both at once, and both
    closing the race when its time is up; the race is closed once, every guess counted."""
    import json
    import sys

    race = await new_race(db)
    groups = [list(range(200, 210)), list(range(210, 220))]
    workers = [await asyncio.create_subprocess_exec(
        sys.executable, "-c", _WORKER, place.backend, place.where, str(race.id),
        json.dumps(group), stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE) for group in groups]
    for said in (b"open\n", b"ready\n"):  # both join and play at once, then both close it
        for worker in workers:
            assert worker.stdout is not None
            line = await asyncio.wait_for(worker.stdout.readline(), 60)
            assert line == said, line
        if said == b"open\n":
            for worker in workers:
                assert worker.stdin is not None
                worker.stdin.write(b"go\n")
    outputs = await asyncio.gather(*(w.communicate(b"close\n") for w in workers))
    assert [w.returncode for w in workers] == [0, 0], [err.decode()[-2000:]
                                                       for _, err in outputs]
    ended = [json.loads(out)["ended"] for out, _ in outputs]
    assert sorted(ended) == [False, True]
    final = await db.get_race(race.id)
    assert final.is_over and final.end is RaceEnd.TIME and len(final.racers) == 20
    solved = [r for r in final.racers if r.status is Status.WON]
    assert len(solved) == 18 and all(r.attempts == 2 for r in solved)
    # places by time: player 200 solved first (its guesses are timed by its id)
    assert [r.player_id for r in final.standings[:3]] == [200, 201, 202]
    assert {r.player_id for r in final.racers if r.status is Status.LOST} == {209, 219}
    assert await place.fetch("SELECT count(*) FROM race_guesses") == [(36,)]


async def test_a_race_and_a_channel_game_started_at_once(db: Any, place: Any) -> None:
    """In twenty channels a race and a channel game start at the same moment, through two
    stores (two processes): in each channel exactly one of them starts."""
    other = await place.open()
    try:
        async def game(store: Any, channel: int) -> bool:
            try:
                await store.create_game(guild_id=G, channel_id=channel, owner_id=None,
                                        scope="channel", kind="random", answer="lemon",
                                        hard_mode=False)
            except StorageError:
                return False
            return True

        async def race(store: Any, channel: int) -> bool:
            try:
                await new_race(store, channel=channel)
            except ChannelGameRunning:
                return False
            return True

        channels = range(1000, 1020)
        results = await asyncio.gather(*(
            work(store, channel) for channel in channels
            for work, store in ((game, db), (race, other))))
        pairs = list(zip(results[::2], results[1::2], strict=True))
        assert all(a != b for a, b in pairs), pairs
        for channel, (game_started, _) in zip(channels, pairs, strict=True):
            assert (await db.active_channel_game(G, channel) is not None) == game_started
            assert (await db.active_race(G, channel) is None) == game_started
    finally:
        await other.close()


async def test_a_race_whose_message_has_not_shown_its_end_is_listed_until_it_has(
        db: Any) -> None:
    shown_before = await new_race(db, channel=C + 1)
    await db.set_race_message(shown_before.id, 901)
    await db.end_race(shown_before.id, end=RaceEnd.ENDED, by=1, now=at(5))
    await db.set_race_end_shown(shown_before.id)
    no_message = await new_race(db, channel=C + 2)  # its message never stored (a crash):
    await db.end_race(no_message.id, end=RaceEnd.ENDED, by=1, now=at(5))  # one is posted
    assert [r.id for r in await db.races_to_show_ended()] == [no_message.id]
    await db.set_race_end_shown(no_message.id)
    race = await new_race(db)
    await db.set_race_message(race.id, 902)
    await db.set_race_end_shown(race.id)  # still on: nothing to show yet, nothing changes
    assert await db.races_to_show_ended() == []
    await db.end_race(race.id, end=RaceEnd.ENDED, by=1, now=at(5))
    listed = await db.races_to_show_ended()
    assert [r.id for r in listed] == [race.id] and listed[0].is_over
    assert listed[0].message_id == 902
    await db.set_race_end_shown(race.id)
    assert await db.races_to_show_ended() == []
