"""A forget-me and the races its player was in, on both stores: the places of a finished race
are those of the players still in it, and its message is shown again."""

from __future__ import annotations

from typing import Any

from bot.core.race import RaceEnd

from .test_race_mode import G, at, new_race, play


async def test_the_places_move_up_when_a_placed_racer_is_forgotten(db: Any) -> None:
    race = await new_race(db)
    await db.set_race_message(race.id, 555)
    for player in (11, 12, 13, 14):
        await db.join_race(race.id, player, now=at(1))
    await play(db, race.id, 11, ["crane"], start=2)  # first
    await play(db, race.id, 12, ["slate", "crane"], start=2)  # second
    await play(db, race.id, 13, ["slate", "crane"], start=3)  # third: a second later
    await play(db, race.id, 14, ["slate", "pious", "dumpy", "fight", "works", "jazzy"],
               start=2)
    race = await db.get_race(race.id)
    assert race.end is RaceEnd.ALL_FINISHED
    assert {r.player_id: r.place for r in race.racers} == {11: 1, 12: 2, 13: 3, 14: None}
    await db.set_race_end_shown(race.id)

    await db.forget_player(11)

    race = await db.get_race(race.id)
    assert {r.player_id: r.place for r in race.racers} == {12: 1, 13: 2, 14: None}
    second = await db.race_stats(G, 12)
    assert (second.played, second.wins, second.podiums) == (1, 1, 1)
    board = await db.race_leaderboard(G)
    assert [(row.player_id, row.rank) for row in board.rows] == [(12, 1), (13, 2), (14, 3)]
    # its message showed the forgotten winner: it is to be shown again as it is now
    assert [r.id for r in await db.races_to_show_ended()] == [race.id]


async def test_a_forget_me_leaves_a_race_under_way_unplaced(db: Any) -> None:
    race = await new_race(db)
    for player in (11, 12):
        await db.join_race(race.id, player, now=at(1))
    await play(db, race.id, 11, ["crane"], start=2)
    await db.forget_player(11)
    race = await db.get_race(race.id)
    assert not race.is_over and [(r.player_id, r.place) for r in race.racers] == [(12, None)]
    assert await db.races_to_show_ended() == []
    await play(db, race.id, 12, ["slate", "crane"], start=3)
    race = await db.get_race(race.id)
    assert race.is_over and race.racers[0].place == 1
