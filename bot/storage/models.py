"""Plain, immutable records a store returns (see :class:`bot.storage.Store`); a game is
:class:`bot.core.game.Game`, a race :class:`bot.storage.races.RaceRecord`.

Every datetime here is timezone-aware UTC. Ids are Discord snowflakes (the terminal front end
uses guild 0, channel 0 and a local player id). ``player_id`` of a guess is ``None`` once that
player asked to be forgotten (their guesses in channel games stay, anonymised, so the game's
history still adds up for everyone else).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from datetime import datetime
from typing import Final

from bot.core.domain import HintKind, Status
from bot.core.variant import CLASSIC


class Unset:
    """The type of :data:`UNSET`: "leave this setting as it is"."""

    def __repr__(self) -> str:
        return "UNSET"


UNSET: Final = Unset()

#: The most attempts a stored game may have: the statistics keep a count of wins in each
#: number of attempts up to it (``dist_1`` ... ``dist_13``), enough for the variant with
#: the most attempts planned (Octordle's 13).
DISTRIBUTION_SLOTS: Final = 13


@dataclass(frozen=True, slots=True)
class HintRecord:
    player_id: int
    kind: HintKind
    value: str
    created_at: datetime

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", HintKind(self.kind))


@dataclass(frozen=True, slots=True)
class Stats:
    played: int = 0
    wins: int = 0
    win_percent: int = 0
    current_streak: int = 0
    max_streak: int = 0
    #: Wins in 1, 2, ... attempts, one count per attempt the variant gives.
    distribution: tuple[int, ...] = (0,) * CLASSIC.attempts
    average_guesses: float | None = None


@dataclass(frozen=True, slots=True)
class EndingFigures:
    """What the end of a game shows the player whose guess ended it, read in the same
    transaction (``record_ending_guess``): the game's hint count and the player's statistics
    in the game's bucket (as ``ending_figures`` reads them)."""

    hints: int
    stats: Stats


@dataclass(frozen=True, slots=True)
class LeaderboardRow:
    rank: int
    player_id: int
    value: int | float
    stats: Stats
    #: Daily wins helped by hints: ranked after the same value without them, and marked.
    hinted: int = 0


@dataclass(frozen=True, slots=True)
class Leaderboard:
    rows: list[LeaderboardRow]
    player_row: LeaderboardRow | None


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


#: The stored columns of :class:`GuildSettings`, in its order.
SETTINGS_COLUMNS: Final = tuple(f.name for f in fields(GuildSettings) if f.name != "guild_id")


@dataclass(frozen=True, slots=True)
class DailyResult:
    player_id: int
    status: Status
    attempts: int
    hard_mode: bool
    finished_at: datetime
    #: The player took at least one hint in this daily.
    hinted: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "status", Status(self.status))


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
