"""Races of other word packs in the store, on SQLite and PostgreSQL: a race keeps its pack
through every move and read; its racers' boards take the pack's attempts (a 6-letter race's
7th guess counts, an 8th is refused) and letters (Ñ kept, an accent only folded), and its
places and race statistics are counted from them as in any race."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from bot.core.domain import Status
from bot.core.feedback import score
from bot.core.packs import pack
from bot.core.race import RaceEnd
from bot.core.variant import Variant

from .test_race_mode import T0, C, G, at


async def guess(db: Any, race_id: int, player: int, attempt: int, word: str, answer: str,
                variant: Variant) -> Any:
    feedback = score(word, answer)
    finish = (Status.WON if feedback == variant.all_green
              else Status.LOST if attempt == variant.attempts else None)
    return await db.record_race_guess(race_id, player_id=player, attempt=attempt, word=word,
                                      feedback=feedback, finish=finish, now=at(attempt))


async def test_a_six_letter_race_is_played_in_seven_attempts(db: Any) -> None:
    variant = pack("en", 6).variant
    race = await db.create_race(guild_id=G, channel_id=C, starter_id=1, answer="planet",
                                hard_mode=False, ends_at=T0 + timedelta(minutes=5),
                                variant=variant, now=T0)
    for player in (11, 12):
        await db.join_race(race.id, player, now=T0)
    misses = ["garden", "silver", "button", "yellow", "rocket", "wonder"]
    for attempt, word in enumerate(misses, start=1):
        for player in (11, 12):
            race = await guess(db, race.id, player, attempt, word, "planet", variant)
    assert not race.is_over and race.racer(11).attempts == 6
    with pytest.raises(ValueError, match="attempt must be 1 to 7"):
        await guess(db, race.id, 12, 8, "garden", "planet", variant)
    race = await guess(db, race.id, 11, 7, "planet", "planet", variant)
    race = await guess(db, race.id, 12, 7, "bottle", "planet", variant)
    assert race.is_over and race.end is RaceEnd.ALL_FINISHED
    assert race.racer(12).status is Status.LOST and race.racer(11).place == 1
    again = await db.get_race(race.id)
    assert again.variant == variant and again.racer(11).guesses[-1].word == "planet"
    won = await db.race_stats(G, 11)
    assert (won.played, won.wins, won.solved, won.average_guesses) == (1, 1, 1, 7.0)
    assert (await db.race_stats(G, 12)).played == 1


async def test_a_spanish_race_keeps_its_letters(db: Any) -> None:
    variant = pack("es", 5).variant
    race = await db.create_race(guild_id=G, channel_id=C, starter_id=1, answer="arbol",
                                hard_mode=True, ends_at=T0 + timedelta(minutes=5),
                                variant=variant, now=T0)
    await db.join_race(race.id, 11, now=T0)
    await guess(db, race.id, 11, 1, "ñandu", "arbol", variant)
    (active,) = await db.active_races()
    assert active.variant == variant and active.racer(11).guesses[0].word == "ñandu"
    assert (await db.active_race(G, C)).variant == variant
    with pytest.raises(ValueError, match="letters of the variant"):  # unfolded: never stored
        await guess(db, race.id, 11, 2, "árbol", "arbol", variant)
    race = await guess(db, race.id, 11, 2, "arbol", "arbol", variant)
    assert race.racer(11).status is Status.WON
