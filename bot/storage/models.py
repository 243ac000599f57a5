"""Records only a store has: a hint given, a server's settings, a results post behind, what
a forget-me deleted. Times are timezone-aware UTC."""

from __future__ import annotations

from dataclasses import dataclass, fields
from datetime import datetime
from typing import Final

from bot.core.domain import HintKind


class Unset:
    """The type of :data:`UNSET`: "leave this setting as it is"."""

    def __repr__(self) -> str:
        return "UNSET"


UNSET: Final = Unset()


@dataclass(frozen=True, slots=True)
class HintRecord:
    player_id: int
    kind: HintKind
    value: str
    created_at: datetime

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", HintKind(self.kind))


@dataclass(frozen=True, slots=True)
class GuildSettings:
    guild_id: int
    timezone: str = "UTC"
    results_channel_id: int | None = None
    hints_in_channel_games: bool = True
    #: Whether /hint works on the daily (off by default: hints could solve it for you).
    hints_in_dailies: bool = False
    #: The first puzzle number dealt from the server's own order of words
    #: (``bot.core.daily.server_daily_word``); ``None`` until its daily is first served.
    daily_order_from: int | None = None
    #: After a change of time zone, ``held_day`` stays the server's today until ``held_until``
    #: (a UTC instant): :class:`bot.core.daily.Calendar`. Both ``None`` otherwise.
    held_day: int | None = None
    held_until: datetime | None = None
    #: The word pack of the server's games and its daily (``None``: English, 5 letters).
    language: str | None = None
    word_length: int | None = None
    #: Whether /hint works in the server's races (off by default).
    hints_in_races: bool = False


#: The stored columns of :class:`GuildSettings`, in its order.
SETTINGS_COLUMNS: Final = tuple(f.name for f in fields(GuildSettings) if f.name != "guild_id")


@dataclass(frozen=True, slots=True)
class DailyPostBehind:
    """A server's day whose results post shows fewer results than the day has (or was never
    made): ``results`` finished dailies, the last of them in ``channel_id``."""

    guild_id: int
    puzzle_number: int
    results: int
    channel_id: int


@dataclass(frozen=True, slots=True)
class ForgetReport:
    games_deleted: int = 0
    guesses_deleted: int = 0
    guesses_anonymised: int = 0
    games_anonymised: int = 0
    hints_deleted: int = 0
    stats_deleted: int = 0
    #: The player's preferences (0 or 1 row).
    prefs_deleted: int = 0
    #: The player's race boards (with their guesses and hints; the races stay).
    race_boards_deleted: int = 0

    @property
    def total(self) -> int:
        return sum(getattr(self, f.name) for f in fields(self))
