"""A server's calendar is read from the store at most once a minute, and a change made by this
process applies at once, even over a read begun before it."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

import bot.service.calendars as calendars
from bot.service.calendars import KEEP_SECONDS, Calendars
from bot.storage.models import GuildSettings


class Settings:
    """The one store call the calendars make, counted; each read may be held back."""

    def __init__(self) -> None:
        self.zones: dict[int, str] = {}
        self.reads: list[int] = []
        self.hold: asyncio.Event | None = None

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        self.reads.append(guild_id)
        zone = self.zones.get(guild_id, "UTC")
        if self.hold is not None:
            await self.hold.wait()
        return GuildSettings(guild_id, timezone=zone)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def store() -> Settings:
    return Settings()


@pytest.fixture
def ticks() -> Clock:
    return Clock()


@pytest.fixture
def kept(store: Settings, ticks: Clock) -> Calendars:
    return Calendars(store, clock=ticks)  # type: ignore[arg-type]


async def test_a_calendar_is_read_once_a_minute(store: Settings, ticks: Clock,
                                                 kept: Calendars) -> None:
    store.zones[1] = "Asia/Tokyo"
    for _ in range(3):
        assert (await kept.of(1)).timezone == "Asia/Tokyo"
    assert store.reads == [1]
    store.zones[1] = "UTC"  # another process changed it: seen once the minute is over
    ticks.now += KEEP_SECONDS - 1
    assert (await kept.of(1)).timezone == "Asia/Tokyo" and store.reads == [1]
    ticks.now += 1
    assert (await kept.of(1)).timezone == "UTC" and store.reads == [1, 1]
    assert (await kept.of(2)).timezone == "UTC" and store.reads == [1, 1, 2]


async def test_a_change_here_applies_at_once(store: Settings, kept: Calendars) -> None:
    await kept.of(1)
    kept.changed(GuildSettings(1, timezone="America/Denver"))
    assert (await kept.of(1)).timezone == "America/Denver" and store.reads == [1]


async def test_a_read_begun_before_a_change_does_not_undo_it(store: Settings,
                                                             kept: Calendars) -> None:
    store.hold = asyncio.Event()
    reading = asyncio.create_task(kept.of(1))
    await asyncio.sleep(0)
    assert store.reads == [1]
    kept.changed(GuildSettings(1, timezone="Europe/Paris"))
    store.hold.set()
    assert (await reading).timezone == "UTC"  # the caller who asked before the change
    store.hold = None
    assert (await kept.of(1)).timezone == "Europe/Paris" and store.reads == [1]


async def test_the_servers_kept_are_bounded(store: Settings, kept: Calendars,
                                            monkeypatch: Any) -> None:
    monkeypatch.setattr(calendars, "KEEP_SERVERS", 3)
    for guild in (1, 2, 3):
        await kept.of(guild)
    await kept.of(1)  # now the most recently used
    await kept.of(4)  # 2 goes
    store.reads.clear()
    for guild in (1, 3, 4):
        await kept.of(guild)
    assert store.reads == []
    await kept.of(2)
    assert store.reads == [2]


async def test_a_change_that_may_have_landed_is_read_again(store: Settings,
                                                           kept: Calendars) -> None:
    await kept.of(1)
    store.hold = asyncio.Event()
    reading = asyncio.create_task(kept.of(2))  # begun before the failed change
    await asyncio.sleep(0)
    kept.unsure(1)
    kept.unsure(2)
    store.hold.set()
    await reading
    store.hold = None
    store.zones.update({1: "Asia/Kolkata", 2: "Asia/Kolkata"})  # it did land
    assert (await kept.of(1)).timezone == "Asia/Kolkata"
    assert (await kept.of(2)).timezone == "Asia/Kolkata" and store.reads == [1, 2, 1, 2]


async def test_a_failed_settings_write_leaves_no_calendar_kept(service: Any, clock: Any,
                                                               monkeypatch: Any) -> None:
    """Through the service: the store wrote the new time zone but its answer was lost (a
    dropped connection); the next finish reads the settings again."""
    from bot.storage.errors import StorageUnavailable
    from tests.support import zone_set_long_ago

    await zone_set_long_ago(service, clock, 10, "Pacific/Kiritimati")
    before = await service.today(10)
    real = service.db.update_guild_settings

    async def lost_answer(*args: Any, **kwargs: Any) -> Any:
        await real(*args, **kwargs)
        raise StorageUnavailable("database unavailable: ConnectionResetError")

    monkeypatch.setattr(service.db, "update_guild_settings", lost_answer)
    reads: list[int] = []
    read = service.db.guild_settings

    async def counted(guild_id: int) -> Any:
        reads.append(guild_id)
        return await read(guild_id)

    monkeypatch.setattr(service.db, "guild_settings", counted)
    with pytest.raises(StorageUnavailable):
        await service.update_settings(10, timezone="Pacific/Pago_Pago")
    reads.clear()
    assert await service.today(10) == before  # held: a change never moves today
    assert reads == [10]
