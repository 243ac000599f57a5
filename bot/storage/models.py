"""Plain, immutable records a store returns (see :class:`bot.storage.Store`).

Every datetime here is timezone-aware UTC. Ids are Discord snowflakes (the terminal front end
uses guild 0, channel 0 and a local player id). ``player_id`` of a guess is ``None`` once that
player asked to be forgotten (their guesses in channel games stay, anonymised, so the game's
history still adds up for everyone else).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from datetime import datetime
from typing import Final

from bot.core.domain import HintKind, Kind, Scope, StatsBucket, Status, stats_bucket


class Unset:
    """The type of :data:`UNSET`: "leave this setting as it is"."""

    def __repr__(self) -> str:
        return "UNSET"


UNSET: Final = Unset()


@dataclass(frozen=True, slots=True)
class GuessRecord:
    attempt: int
    player_id: int | None
    word: str
    feedback: str
    created_at: datetime


@dataclass(frozen=True, slots=True)
class GameRecord:
    id: int
    guild_id: int
    channel_id: int
    owner_id: int | None
    scope: Scope
    kind: Kind
    puzzle_number: int | None
    # Kept out of repr so that logging a record (or an exception carrying one) never shows it.
    answer: str = field(repr=False)
    hard_mode: bool
    status: Status
    setter_id: int | None
    solved_by: int | None
    created_at: datetime
    finished_at: datetime | None
    guesses: tuple[GuessRecord, ...] = ()
    #: A forgotten setter's anonymous mark (``rules.player_mark``), so they still cannot play.
    setter_mark: str | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        # Whatever a backend reads (text), the record holds the domain's enums.
        object.__setattr__(self, "scope", Scope(self.scope))
        object.__setattr__(self, "kind", Kind(self.kind))
        object.__setattr__(self, "status", Status(self.status))

    @property
    def attempts_used(self) -> int:
        return len(self.guesses)

    @property
    def stats_mode(self) -> StatsBucket:
        """The statistics bucket this game counts in: daily, practice or channel."""
        return stats_bucket(self.scope, self.kind)

    @property
    def participants(self) -> frozenset[int]:
        """Players (not forgotten) who made at least one guess in this game."""
        return frozenset(g.player_id for g in self.guesses if g.player_id is not None)


#: The columns of a stored game, named once: the fields of :class:`GameRecord` (its guesses
#: are another table), in this order.
GAME_COLUMNS: Final = tuple(f.name for f in fields(GameRecord) if f.name != "guesses")
#: The columns given when a game is created; the store sets the others later or leaves them
#: to their defaults.
NEW_GAME_COLUMNS: Final = tuple(
    c for c in GAME_COLUMNS if c not in ("id", "status", "solved_by", "finished_at", "setter_mark")
)


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
    distribution: tuple[int, int, int, int, int, int] = (0, 0, 0, 0, 0, 0)
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
