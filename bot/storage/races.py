"""Races: the records a store returns and its errors (the rules: :mod:`.rules`; the store's
calls: :mod:`.racing`).

A race is one hidden word for a channel, played by each player who joins on a board of their
own, kept with the race. It ends when everyone who joined has finished after its join window,
when its time is up (players still playing lose), or when its starter ends it. The players who
solved it are placed by guesses, then time from joining (equal results share a place); race
statistics are counted from those places, not from ``player_stats``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Final

from bot.core.domain import Kind, LeaderboardOrder, Status
from bot.core.game import Game, Guess
from bot.core.stats import win_percent
from bot.core.variant import CLASSIC, Variant

from .errors import StorageError

#: A podium: first, second and third place.
PODIUM: Final = 3


class RaceEnd(StrEnum):
    """Why a race ended."""

    #: Every player who joined finished.
    ALL_FINISHED = "all_finished"
    #: Its time ran out; players still playing lost.
    TIME = "time"
    #: Its starter ended it early; players still playing lost.
    ENDED = "ended"


@dataclass(frozen=True, slots=True)
class RaceGuess:
    attempt: int
    word: str
    feedback: str
    created_at: datetime


@dataclass(frozen=True, slots=True)
class Racer:
    """One player's board in a race."""

    player_id: int
    joined_at: datetime
    status: Status
    finished_at: datetime | None
    #: Hints the player took in this race.
    hints: int = 0
    #: 1, 2, 2, 4... among the players who solved it, once the race is over.
    place: int | None = None
    guesses: tuple[RaceGuess, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "status", Status(self.status))

    @property
    def attempts(self) -> int:
        return len(self.guesses)

    @property
    def finished(self) -> bool:
        return self.status.is_over

    @property
    def latest(self) -> datetime:
        """The latest time on the board: a move on it is never before it."""
        return max((self.joined_at, *(g.created_at for g in self.guesses),
                    *(() if self.finished_at is None else (self.finished_at,))))

    @property
    def seconds(self) -> float | None:
        """From joining to finishing (``None`` while playing)."""
        if self.finished_at is None:
            return None
        return (self.finished_at - self.joined_at).total_seconds()


@dataclass(frozen=True, slots=True)
class RaceRecord:
    id: int
    guild_id: int
    channel_id: int
    #: Who started it (``None`` once forgotten).
    starter_id: int | None
    # Never in a repr: logging a race (or an error carrying one) must not show the word.
    answer: str = field(repr=False)
    hard_mode: bool
    created_at: datetime
    ends_at: datetime
    #: The end of its join window: before it, everyone who joined having finished does not end
    #: the race (others may still join). ``created_at`` for a race without one.
    join_window_ends_at: datetime
    finished_at: datetime | None = None
    end: RaceEnd | None = None
    #: The live race message in the channel, once posted.
    message_id: int | None = None
    #: In the order they joined.
    racers: tuple[Racer, ...] = ()
    variant: Variant = CLASSIC

    def __post_init__(self) -> None:
        if self.end is not None:
            object.__setattr__(self, "end", RaceEnd(self.end))

    def board(self, racer: Racer) -> Game:
        """The racer's own board as a game of the race mode (its id is the race's). Its
        hidden word is shown once they solved it or the race ended (it stays sealed after
        a loss while others still race)."""
        return Game(id=self.id, guild_id=self.guild_id, channel_id=self.channel_id,
                    owner_id=racer.player_id, kind=Kind.RACE, hidden_word=self.answer,
                    hard_mode=self.hard_mode, status=racer.status,
                    solved_by=racer.player_id if racer.status is Status.WON else None,
                    created_at=racer.joined_at, finished_at=racer.finished_at,
                    guesses=tuple(Guess(g.attempt, racer.player_id, g.word, g.feedback,
                                        g.created_at) for g in racer.guesses),
                    variant=self.variant, sealed=not self.is_over)

    @property
    def is_over(self) -> bool:
        return self.finished_at is not None

    def racer(self, player_id: int) -> Racer | None:
        return next((r for r in self.racers if r.player_id == player_id), None)

    @property
    def latest(self) -> datetime:
        """The latest time in the race (its start, a join, a guess, a finish): its end is
        never before it."""
        return max((self.created_at, *(r.latest for r in self.racers)))

    @property
    def all_finished(self) -> bool:
        return bool(self.racers) and all(r.finished for r in self.racers)

    def due(self, now: datetime) -> bool:
        """Its time is up (it may still be active until someone closes it)."""
        return now >= self.ends_at

    def ends_all_finished(self, now: datetime) -> bool:
        """Everyone who joined has finished and the join window is over: it ends (as
        :attr:`RaceEnd.ALL_FINISHED`)."""
        return self.all_finished and now >= self.join_window_ends_at

    @property
    def standings(self) -> tuple[Racer, ...]:
        """Solvers by place (guesses, then time), then everyone else in joining order."""
        solved = sorted((r for r in self.racers if r.status is Status.WON), key=result_key)
        return (*solved, *(r for r in self.racers if r.status is not Status.WON))


@dataclass(frozen=True, slots=True)
class RaceStats:
    played: int = 0
    #: First places.
    wins: int = 0
    #: Places 1 to 3.
    podiums: int = 0
    #: Races solved (every player who solved a race has a place).
    solved: int = 0
    #: Guesses per race solved.
    average_guesses: float | None = None

    @property
    def win_percent(self) -> int:
        """As every other win %: whole, halves rounded up (:func:`bot.core.stats.win_percent`)."""
        return win_percent(self.wins, self.played)


@dataclass(frozen=True, slots=True)
class RaceBoardRow:
    rank: int
    player_id: int
    value: int | float
    stats: RaceStats


@dataclass(frozen=True, slots=True)
class RaceBoard:
    rows: list[RaceBoardRow]
    player_row: RaceBoardRow | None


#: The orders a race leaderboard ranks by.
RACE_ORDERS: Final = (LeaderboardOrder.WINS, LeaderboardOrder.WIN_PERCENT,
                      LeaderboardOrder.AVERAGE)


# -- errors ---------------------------------------------------------------------------------


class RaceNotFound(StorageError):
    def __init__(self, race_id: int) -> None:
        self.race_id = race_id
        super().__init__(f"race {race_id} does not exist")


class RaceRefused(StorageError):
    """A move the race refused: ``race`` is the race as it is now."""

    def __init__(self, race: RaceRecord, why: str) -> None:
        self.race = race
        super().__init__(f"race {race.id}: {why}")


class RaceOver(RaceRefused):
    """The race has ended, or its time is up."""

    def __init__(self, race: RaceRecord) -> None:
        super().__init__(race, "it is over")


class RaceLeft(RaceRefused):
    """The player was in this race before asking to be forgotten: they cannot join it again
    (their board is gone, an anonymous mark of them stays with the race)."""

    def __init__(self, race: RaceRecord) -> None:
        super().__init__(race, "a forgotten player was in it")


class NotARacer(RaceRefused):
    def __init__(self, race: RaceRecord, player_id: int) -> None:
        super().__init__(race, f"player {player_id} has not joined it")


class BoardOver(RaceRefused):
    """The player's board in the race is finished (won, lost or given up)."""

    def __init__(self, race: RaceRecord, player_id: int) -> None:
        super().__init__(race, f"player {player_id} has finished it")


class RaceAttemptConflict(RaceRefused):
    """Not the player's next attempt (a second guess of theirs landed first): re-read."""

    def __init__(self, race: RaceRecord, attempt: int) -> None:
        self.attempt = attempt
        super().__init__(race, f"attempt {attempt} is not the next one")


class NotTheStarter(RaceRefused):
    def __init__(self, race: RaceRecord, player_id: int) -> None:
        super().__init__(race, f"player {player_id} did not start it")


class RaceExists(StorageError):
    """The channel already has an active race (``existing``)."""

    def __init__(self, existing: RaceRecord) -> None:
        self.existing = existing
        super().__init__(f"channel {existing.channel_id} already has race {existing.id}")


class ChannelGameRunning(StorageError):
    """A race cannot start where a channel game is being played (nor a channel game where a
    race is on: the database refuses it)."""

    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        super().__init__(f"channel game {game_id} is being played here")


def result_key(racer: Racer) -> tuple[int, float]:
    return racer.attempts, racer.seconds or 0.0
