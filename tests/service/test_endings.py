"""A guess that ends a game brings its figures back with the write. A give-up's end is saved
before its figures are read; if the database goes away between the two, the give-up still
counted and is told so: the figures are waited for a little, then the finish comes without
them (``Finish.figures`` false)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

import bot.service.endings as endings
from bot.render.share_words import share_words
from bot.service import Place, Status
from bot.storage.errors import StorageUnavailable

HERE = Place(guild_id=10, channel_id=100)
ALICE = 1


@pytest.fixture(autouse=True)
def no_waits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(endings, "FIGURES_WAITS", (0.0, 0.0))


def figures_away(monkeypatch: pytest.MonkeyPatch, service: Any, times: int) -> list[int]:
    """The store's ending figures fail ``times`` times (the database away), then work."""
    real = service.db.ending_figures
    calls: list[int] = []

    async def flaky(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        if len(calls) <= times:
            raise StorageUnavailable("database unavailable: AdminShutdownError")
        return await real(*args, **kwargs)

    monkeypatch.setattr(service.db, "ending_figures", flaky)
    return calls


async def test_a_give_up_is_told_without_figures_while_the_database_is_away(
        service: Any, picker: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    picker.queue.append("crane")
    await service.start(HERE, ALICE)
    await service.guess(HERE, ALICE, "slate")
    calls = figures_away(monkeypatch, service, times=10)
    given_up = await service.give_up(HERE, ALICE)
    finish = given_up.finish
    assert (finish.status, finish.answer, finish.figures) == (Status.GIVEN_UP, "crane", False)
    assert finish.stats == () and share_words(given_up.game, finish).endswith("⬛⬛🟩⬛🟩")
    assert len(calls) == 3  # read, then after each wait
    # the give-up counted: statistics once the database is back
    assert (await service.stats(HERE.guild_id, ALICE, "practice")).played == 1


async def test_a_winning_guess_brings_its_figures_with_the_write(
        service: Any, picker: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The guess that ends a game is saved and its figures read in one trip to the store:
    the database going away after it changes nothing."""
    picker.queue.append("crane")
    await service.start(HERE, ALICE)
    await service.hint(HERE, ALICE, "letter")
    calls = figures_away(monkeypatch, service, times=10)
    result = await service.guess(HERE, ALICE, "crane")
    finish = result.finish
    assert finish is not None and finish.figures and not calls
    assert finish.stats[0].player_id == ALICE
    assert (finish.stats[0].stats.played, finish.stats[0].stats.wins) == (1, 1)
    assert finish.hints_used == 1 and "💡" in share_words(result.game, finish)


async def test_a_frozen_database_is_waited_for_a_few_seconds_at_most(
        service: Any, picker: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    picker.queue.append("crane")
    await service.start(HERE, ALICE)

    async def frozen(*args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(60)

    monkeypatch.setattr(service.db, "ending_figures", frozen)
    monkeypatch.setattr(endings, "FIGURES_DEADLINE", 0.2)
    started = asyncio.get_running_loop().time()
    given_up = await service.give_up(HERE, ALICE)
    assert not given_up.finish.figures
    assert asyncio.get_running_loop().time() - started < 2.0


async def test_a_moment_away_is_waited_for(service: Any, picker: Any,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    picker.queue.append("crane")
    await service.start(HERE, ALICE)
    figures_away(monkeypatch, service, times=1)
    given_up = await service.give_up(HERE, ALICE)
    assert given_up.finish.figures and given_up.finish.stats[0].stats.played == 1


def test_the_service_hands_back_no_words_for_people():
    """A finish and a day's summary carry the parts (the game, the hints used, the puzzle's
    number); the share grid and the game's name are worded by the front ends
    (bot/render/share_words.py, in the reader's language)."""
    from dataclasses import fields

    from bot.service.race_views import RaceView
    from bot.service.results import DailySummary, Finish

    def texts(kind: type) -> set[str]:
        return {f.name for f in fields(kind) if f.type in ("str", str)}

    assert texts(Finish) == {"answer"}
    assert texts(DailySummary) == set()
    assert texts(RaceView) == set()
    assert not hasattr(endings, "share")
