"""A race's word pack through the service, on both stores (issue 29 item 5): the pack asked
for, else the server's, else English in 5 letters; its word dealt from that pack's answers
without the words the server took out of them; a pack not shipped refused, naming it, with no
race started."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.core.packs import pack
from bot.core.variant import CLASSIC
from bot.service import BadOption, GameService, Place, Problem
from bot.service.races import RaceService, RaceTiming
from bot.service.removals import remove_word
from tests.support import Clock

HERE = Place(5, 50)


async def test_a_race_deals_its_packs_answers_the_server_kept(service: GameService,
                                                               clock: Clock) -> None:
    offered: list[tuple[str, ...]] = []

    def choose(answers: tuple[str, ...]) -> str:
        offered.append(answers)
        return answers[0]

    service.choose = choose
    races = RaceService.beside(service, RaceTiming(minute=timedelta(seconds=60)), clock=clock)
    spanish = pack("es", 5)
    await service.update_settings(HERE.guild_id, language="es")
    await remove_word(service, HERE.guild_id, spanish.answers[0])

    race = await races.start(HERE, 1, minutes=5)  # the server's pack
    assert race.variant == spanish.variant
    assert offered[-1] == spanish.answers[1:]
    stored = await service.db.get_race(race.id)
    assert stored is not None and stored.answer == spanish.answers[1]
    await races.end(HERE, 1)

    race = await races.start(HERE, 1, minutes=5, language="en", length=6)
    assert race.variant == pack("en", 6).variant and offered[-1] == pack("en", 6).answers
    await races.end(HERE, 1)
    race = await races.start(HERE, 1, minutes=5, language="en")
    assert race.variant is CLASSIC and offered[-1] == service.words.answers
    await races.end(HERE, 1)

    with pytest.raises(BadOption) as refused:
        await races.start(HERE, 1, minutes=5, language="ru", length=7)
    assert refused.value.problem is Problem.UNKNOWN_PACK and await races.here(HERE) is None
