"""A race's join window in the store, on SQLite and PostgreSQL: before its end, everyone who
joined having finished does not end the race (others may still join it); after it, the last
player to finish ends it in the same write, and a race left waiting ends as ``all_finished``
once asked at the window's end. Its starter and its time end it as before; a window outside
the race is refused and stores nothing."""

from __future__ import annotations

from typing import Any

import pytest

from bot.core.domain import Status
from bot.core.feedback import score
from bot.core.race import RaceEnd
from tests.storage.test_race_mode import T0, C, G, at

WINDOW = 60.0  # seconds


async def windowed_race(db: Any, *, channel: int = C) -> Any:
    return await db.create_race(guild_id=G, channel_id=channel, starter_id=1, answer="crane",
                                hard_mode=False, ends_at=at(600),
                                join_window_ends_at=at(WINDOW), now=T0)


async def guess(db: Any, race_id: int, player: int, attempt: int, word: str,
                second: float) -> Any:
    feedback = score(word, "crane")
    return await db.record_race_guess(
        race_id, player_id=player, attempt=attempt, word=word, feedback=feedback,
        finish=Status.WON if feedback == "GGGGG" else None, now=at(second))


async def test_everyone_finished_waits_for_the_window_then_the_last_finish_ends_it(
        db: Any, place: Any) -> None:
    race = await windowed_race(db)
    assert race.join_window_ends_at == at(WINDOW)
    await db.join_race(race.id, 11, now=at(1))
    race = await guess(db, race.id, 11, 1, "crane", 2)  # alone, solved at once
    assert race.all_finished and not race.is_over
    assert (await db.active_race(G, C)).id == race.id
    with pytest.raises(ValueError, match="join window"):
        await db.end_race(race.id, end=RaceEnd.ALL_FINISHED, now=at(WINDOW - 1))
    # another player joins within the window and finishes after it: that ends the race
    race, joined = await db.join_race(race.id, 12, now=at(30))
    assert joined and not race.all_finished
    race = await guess(db, race.id, 12, 1, "slate", 31)
    assert not race.is_over
    race = await guess(db, race.id, 12, 2, "crane", WINDOW + 10)
    assert race.is_over and race.end is RaceEnd.ALL_FINISHED
    assert race.finished_at == at(WINDOW + 10)
    assert [(r.player_id, r.place) for r in race.standings] == [(11, 1), (12, 2)]
    # as a restart reads it
    again = await place.open()
    try:
        assert await again.get_race(race.id) == race
    finally:
        await again.close()


async def test_a_race_left_waiting_ends_at_the_window_end(db: Any) -> None:
    race = await windowed_race(db)
    await db.join_race(race.id, 11, now=at(1))
    await db.join_race(race.id, 12, now=at(1))
    await guess(db, race.id, 11, 1, "crane", 5)
    race = await db.give_up_race(race.id, player_id=12, now=at(6))  # the last to finish
    assert race.all_finished and not race.is_over
    assert not race.ends_all_finished(at(WINDOW - 0.001)) and race.ends_all_finished(at(WINDOW))
    ended, now_ended = await db.end_race(race.id, end=RaceEnd.ALL_FINISHED, now=at(WINDOW))
    assert now_ended and ended.end is RaceEnd.ALL_FINISHED and ended.finished_at == at(WINDOW)
    assert [(r.player_id, r.place, r.status) for r in ended.standings] == [
        (11, 1, Status.WON), (12, None, Status.GIVEN_UP)]
    assert await db.active_race(G, C) is None
    assert (await db.race_stats(G, 11)).wins == 1


async def test_the_starter_and_the_time_end_it_within_the_window(db: Any) -> None:
    race = await windowed_race(db)
    await db.join_race(race.id, 11, now=at(1))
    await guess(db, race.id, 11, 1, "crane", 2)
    ended, now_ended = await db.end_race(race.id, end=RaceEnd.ENDED, by=1, now=at(3))
    assert now_ended and ended.end is RaceEnd.ENDED and ended.racer(11).place == 1
    # nobody joined: neither all_finished nor the window ends it, its time does
    short = await db.create_race(guild_id=G, channel_id=C + 1, starter_id=1, answer="crane",
                                 hard_mode=False, ends_at=at(WINDOW),
                                 join_window_ends_at=at(WINDOW), now=T0)
    with pytest.raises(ValueError, match="not every player"):
        await db.end_race(short.id, end=RaceEnd.ALL_FINISHED, now=at(WINDOW))
    ended, now_ended = await db.end_race(short.id, end=RaceEnd.TIME, now=at(WINDOW))
    assert now_ended and ended.end is RaceEnd.TIME


async def test_a_window_outside_the_race_is_refused(db: Any) -> None:
    for window in (at(-1), at(601)):
        with pytest.raises(ValueError, match="join window"):
            await db.create_race(guild_id=G, channel_id=C, starter_id=1, answer="crane",
                                 hard_mode=False, ends_at=at(600), join_window_ends_at=window,
                                 now=T0)
    assert await db.active_races() == []
    # without one, the race may end as soon as everyone finished
    race = await db.create_race(guild_id=G, channel_id=C, starter_id=1, answer="crane",
                                hard_mode=False, ends_at=at(600), now=T0)
    assert race.join_window_ends_at == T0
    await db.join_race(race.id, 11, now=at(1))
    assert (await guess(db, race.id, 11, 1, "crane", 2)).is_over
