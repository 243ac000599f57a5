"""Review R2 (2026-11-23): one hint, one start reads the store once for what it needs, on both
stores; and the hints of a game and of a race board follow the same rules (bot.service.hinting)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from bot.core.domain import HintKind
from bot.service import GameService, Place
from bot.service.errors import NoHintLeft
from bot.service.races import RaceService, RaceTiming

HERE = Place(guild_id=10, channel_id=100)
ALICE = 1001


class Counting:
    """The store, counting the calls of each of its methods."""

    def __init__(self, db: Any) -> None:
        self._db = db
        self.calls: Counter[str] = Counter()

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._db, name)
        if not callable(attr):
            return attr

        def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls[name] += 1
            return attr(*args, **kwargs)

        return counted


async def _letters_then_words(hint: Any) -> list[str]:
    """A letter hint, then word hints standing in as letters until none is left."""
    first = await hint(HintKind.LETTER)
    assert first.kind is HintKind.LETTER and not first.fallback
    letters = [first.letter]
    for _ in range(4):
        result = await hint(HintKind.WORD)
        assert result.kind is HintKind.LETTER and result.fallback, result
        letters.append(result.letter)
    with pytest.raises(NoHintLeft):
        await hint(HintKind.WORD)
    return letters


async def test_game_word_hint_fallback_reads_the_hints_once(db: Any, make_service: Any,
                                                            picker: Any) -> None:
    # PIOUS is allowed but not an answer: after CRANE the solver has no word, so each word
    # hint is one of the five letters of PIOUS, never one given before (as a letter hint too).
    counting = Counting(db)
    service: GameService = make_service(counting)
    picker.queue.append("pious")
    await service.start(HERE, ALICE)
    await service.guess(HERE, ALICE, "crane")

    async def hint(kind: HintKind) -> Any:
        before = counting.calls["hints_for_game"]
        result = await service.hint(HERE, ALICE, kind)
        assert counting.calls["hints_for_game"] - before == 1
        return result

    assert sorted(await _letters_then_words(hint)) == sorted("pious")


async def test_race_word_hint_fallback_reads_the_hints_once(db: Any, make_service: Any,
                                                            picker: Any, clock: Any) -> None:
    counting = Counting(db)
    service: GameService = make_service(counting)
    picker.queue.append("pious")
    races = RaceService.beside(service, RaceTiming(), clock=clock)
    await races.start(HERE, 1, minutes=10)
    await db.update_guild_settings(HERE.guild_id, hints_in_races=True)
    await races.guess(HERE, ALICE, "crane")

    async def hint(kind: HintKind) -> Any:
        before = counting.calls["race_hints"]
        result = await races.hint(HERE, ALICE, kind)
        assert counting.calls["race_hints"] - before == 1
        return result

    assert sorted(await _letters_then_words(hint)) == sorted("pious")


async def test_a_daily_start_reads_the_server_settings_once(db: Any, make_service: Any) -> None:
    counting = Counting(db)
    service: GameService = make_service(counting)
    started = await service.start(HERE, ALICE, kind="daily")
    assert counting.calls["guild_settings"] == 1
    assert started.game.puzzle_number == await make_service(db).today(HERE.guild_id)
    assert not started.resumed


async def test_an_archive_start_reads_the_server_settings_once(db: Any,
                                                               make_service: Any) -> None:
    counting = Counting(db)
    service: GameService = make_service(counting)
    yesterday = await make_service(db).today(HERE.guild_id) - 1
    started = await service.start(HERE, ALICE, kind="archive", number=yesterday)
    assert counting.calls["guild_settings"] == 1
    assert started.game.puzzle_number == yesterday and not started.resumed
