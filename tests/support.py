"""Shared test helpers: small word lists, a settable clock, a picker for random hidden words."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

ANSWERS = [
    "slate", "crane", "trace", "crate", "react", "spine", "spite", "lemon", "melon", "abbey",
    "kebab", "speed", "erase", "geese", "those", "three", "there", "sassy", "hello", "world",
]
EXTRA = ["soare", "roate", "salet", "tares", "qajaq", "lolly", "bobby", "eerie", "pious"]


class Clock:
    """A settable clock, so tests can cross midnight (dailies and streaks depend on the day)."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kwargs: float) -> None:
        self.now += timedelta(**kwargs)


async def zone_set_long_ago(service: Any, clock: Clock, guild_id: int, timezone: str) -> None:
    """Give a server ``timezone`` as if it was chosen days ago: a change of time zone holds
    the server's today for up to two days (:class:`bot.core.daily.Calendar`)."""
    now = clock.now
    clock.now = now - timedelta(days=3)
    try:
        await service.update_settings(guild_id, timezone=timezone)
    finally:
        clock.now = now


class Picker:
    """Chooses the hidden word of random games: the next word queued, else ``default`` (or the
    first answer when there is no default)."""

    def __init__(self, default: str | None = None) -> None:
        self.queue: list[str] = []
        self.default = default

    def __call__(self, answers: tuple[str, ...]) -> str:
        if self.queue:
            return self.queue.pop(0)
        return self.default or answers[0]
