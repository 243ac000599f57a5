"""A race's times never run backwards, on both stores: a move whose clock is behind what the
race already holds (another process's clock, a test clock) is taken as happening at the
latest of those, as a game's end is never before its last guess."""

from __future__ import annotations

from typing import Any

from bot.core.domain import Status
from bot.core.feedback import score
from bot.core.race import RaceEnd, RaceRecord

from .test_race_mode import at, new_race


def moments(race: RaceRecord) -> list[tuple[str, Any]]:
    """Every time the race holds, each with the times it must not be before."""
    checks: list[tuple[str, Any]] = []
    for racer in race.racers:
        before = [racer.joined_at]
        for guess in racer.guesses:
            checks.append((f"{racer.player_id}'s guess {guess.attempt}",
                           guess.created_at >= max(before)))
            before.append(guess.created_at)
        if racer.finished_at is not None:
            checks.append((f"{racer.player_id}'s finish", racer.finished_at >= max(before)))
            assert racer.seconds is not None and racer.seconds >= 0
            before.append(racer.finished_at)
        if race.finished_at is not None:
            checks.append((f"the race's end after {racer.player_id}",
                           race.finished_at >= max(before)))
    return checks


async def guess(db: Any, race_id: int, player: int, attempt: int, word: str,
                seconds: float) -> RaceRecord:
    feedback = score(word, "crane")
    return await db.record_race_guess(
        race_id, player_id=player, attempt=attempt, word=word, feedback=feedback,
        finish=Status.WON if feedback == "GGGGG" else None, now=at(seconds))


async def test_a_guess_and_a_finish_behind_the_join_are_taken_at_it(db: Any) -> None:
    race = await new_race(db)
    await db.join_race(race.id, 11, now=at(5))
    await db.join_race(race.id, 12, now=at(6))
    await guess(db, race.id, 11, 1, "slate", 4.9995)  # a clock behind the join's
    race = await guess(db, race.id, 11, 2, "crane", 4.9999)
    await db.give_up_race(race.id, player_id=12, now=at(5.5))
    race = await db.get_race(race.id)
    assert race.end is RaceEnd.ALL_FINISHED
    assert [name for name, ok in moments(race) if not ok] == []
    assert race.racer(11).seconds == 0.0


async def test_an_end_behind_a_finish_is_taken_at_it(db: Any) -> None:
    race = await new_race(db)
    await db.join_race(race.id, 11, now=at(5))
    await db.join_race(race.id, 12, now=at(5))
    await guess(db, race.id, 11, 1, "crane", 9)
    await guess(db, race.id, 12, 1, "slate", 10)
    race, ended = await db.end_race(race.id, end=RaceEnd.ENDED, by=1, now=at(9.9996))
    assert ended and race.racer(12).status is Status.LOST
    race = await db.get_race(race.id)
    assert [name for name, ok in moments(race) if not ok] == []
    assert race.finished_at == at(10)
