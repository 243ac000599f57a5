"""Players' looks kept in memory (bot/cogs/board.py): read once per ``LOOK_TTL``, forgotten when
changed here, and the expired ones dropped as the cache goes, not all at once."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

import bot.cogs.board as prefs
from bot.cogs.interact import Recent
from bot.service.prefs import PlayerPrefs
from bot.storage.errors import StorageError


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Any:
    """A clock the test moves, and a count of the looks read from the store."""
    state = SimpleNamespace(now=1_000.0, reads=[])

    async def player_prefs(db: Any, player_id: int) -> PlayerPrefs:
        state.reads.append(player_id)
        return PlayerPrefs(player_id=player_id, dark=player_id % 2 == 1)

    monkeypatch.setattr(prefs, "time", SimpleNamespace(monotonic=lambda: state.now))
    monkeypatch.setattr(prefs, "player_prefs", player_prefs)
    monkeypatch.setattr(prefs, "_CACHE", Recent(prefs.LOOK_TTL))
    monkeypatch.setattr(prefs, "_CHANGED", Recent(120.0))
    return state


SERVICE: Any = SimpleNamespace(db=None)


async def test_a_look_is_read_once_per_ttl(clock: Any) -> None:
    first = await prefs.use_look_of(SERVICE, 7)
    clock.now += prefs.LOOK_TTL - 1
    assert await prefs.use_look_of(SERVICE, 7) == first == prefs.current_look()
    assert clock.reads == [7]
    clock.now += 2  # kept LOOK_TTL + 1 seconds: read again
    await prefs.use_look_of(SERVICE, 7)
    assert clock.reads == [7, 7]
    prefs.forget_look(7)  # changed here: read again at once
    await prefs.use_look_of(SERVICE, 7)
    assert clock.reads == [7, 7, 7]


async def test_expired_looks_are_dropped_and_the_rest_kept(clock: Any) -> None:
    for player in range(1_000):
        await prefs.use_look_of(SERVICE, player)
    clock.now += 20
    await prefs.use_look_of(SERVICE, 5_000)
    await prefs.use_look_of(SERVICE, 0)  # still kept: not read again
    assert len(prefs._CACHE) == 1_001 and clock.reads.count(0) == 1
    clock.now += prefs.LOOK_TTL - 10  # the first thousand expired 1 s ago; 5,000's has not
    await prefs.use_look_of(SERVICE, 6_000)
    assert set(prefs._CACHE) == {5_000, 6_000}
    await prefs.use_look_of(SERVICE, 5_000)
    assert clock.reads.count(5_000) == 1


async def test_a_look_read_again_goes_to_the_end(clock: Any,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A slow read (begun before another player's) puts an entry out of order; when it is
    read again it goes to the end, so the order of expiry is restored."""
    release = asyncio.Event()
    quick = prefs.player_prefs

    async def slow_for_a(db: Any, player_id: int) -> PlayerPrefs:
        if player_id == 1 and not clock.reads:
            await release.wait()
        return await quick(db, player_id)

    monkeypatch.setattr(prefs, "player_prefs", slow_for_a)
    a = asyncio.create_task(prefs.use_look_of(SERVICE, 1))  # kept from 1,000
    await asyncio.sleep(0)
    clock.now += 1
    await prefs.use_look_of(SERVICE, 2)  # kept from 1,001, saved first
    release.set()
    await a
    assert list(prefs._CACHE) == [2, 1]  # out of order
    clock.now += prefs.LOOK_TTL - 0.5  # 1's has expired, 2's has not
    await prefs.use_look_of(SERVICE, 3)
    await prefs.use_look_of(SERVICE, 1)  # expired: read again
    assert list(prefs._CACHE) == [2, 3, 1]


async def test_at_most_so_many_looks_are_kept(clock: Any,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(prefs, "_CACHE", Recent(prefs.LOOK_TTL, most=100))
    for player in range(250):
        await prefs.use_look_of(SERVICE, player)
    assert list(prefs._CACHE) == list(range(150, 250))  # the newest, none expired yet


async def test_a_failing_or_slow_store_never_holds_up_a_command(
        clock: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The look last read (however old) is used, else the default: the look is never why a
    command fails or misses Discord's deadline."""
    mine = await prefs.use_look_of(SERVICE, 7)  # dark (an odd id)
    assert mine != prefs.DEFAULT_LOOK
    clock.now += prefs.LOOK_TTL + 1

    async def down(db: Any, player_id: int) -> PlayerPrefs:
        raise StorageError("database error: ConnectionRefusedError")

    monkeypatch.setattr(prefs, "player_prefs", down)
    assert await prefs.use_look_of(SERVICE, 7) == mine == prefs.current_look()
    assert await prefs.use_look_of(SERVICE, 9) == prefs.DEFAULT_LOOK  # never read

    async def frozen(db: Any, player_id: int) -> PlayerPrefs:
        await asyncio.sleep(60)
        raise AssertionError("not reached")

    monkeypatch.setattr(prefs, "player_prefs", frozen)
    monkeypatch.setattr(prefs, "LOOK_WAIT", 0.05)
    started = asyncio.get_running_loop().time()
    assert await prefs.use_look_of(SERVICE, 7) == mine
    assert asyncio.get_running_loop().time() - started < 1.0


async def test_a_slow_read_lands_for_the_next_command_unless_the_look_changed_since(
        clock: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A database slow but working: the command goes on without waiting, and the look the read
    brings is kept for the next ones (a player who chose high contrast keeps it), unless the
    player changed their look meanwhile (the read would bring back the old one)."""
    quick = prefs.player_prefs
    release = asyncio.Event()

    async def slow(db: Any, player_id: int) -> PlayerPrefs:
        await release.wait()
        return await quick(db, player_id)

    monkeypatch.setattr(prefs, "player_prefs", slow)
    monkeypatch.setattr(prefs, "LOOK_WAIT", 0.01)
    assert await prefs.use_look_of(SERVICE, 7) == prefs.DEFAULT_LOOK  # not waited for
    assert await prefs.use_look_of(SERVICE, 7) == prefs.DEFAULT_LOOK  # (the same read)
    assert await prefs.use_look_of(SERVICE, 9) == prefs.DEFAULT_LOOK
    prefs.forget_look(9)  # changed here while its read was under way
    release.set()
    await asyncio.sleep(0.01)  # the reads land
    monkeypatch.setattr(prefs, "player_prefs", quick)
    assert (await prefs.use_look_of(SERVICE, 7)).theme == "dark"
    assert clock.reads == [7, 9]  # 7's look was kept; 9's was not
    await prefs.use_look_of(SERVICE, 9)
    assert clock.reads == [7, 9, 9]
