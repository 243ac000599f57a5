"""A race: one hidden word for a channel, played by each player who joins on a board of their
own, and its rules. It ends when everyone who joined has finished after its join window, when
its time is up (players still playing lose), or when its starter ends it. The players who
solved it are placed by guesses, then time from joining (equal results share a place); race
statistics are counted from those places. A store reads a race under a lock, asks these
rules, and writes what they decide.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any, Final

from bot.core import domain
from bot.core.domain import Kind, LeaderboardOrder, Status
from bot.core.game import Game, Guess
from bot.core.stats import win_percent
from bot.core.variant import CLASSIC, Variant

#: A podium: first, second and third place.
PODIUM: Final = 3
#: The longest race (the front end offers far less).
MAX_RACE: Final = timedelta(days=1)


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
        word, variant = self.answer, self.variant
        if len(word) != variant.length or word.strip(variant.alphabet):
            raise ValueError(f"a hidden word has {variant.length} letters of the variant's "
                             "alphabet")

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


def result_key(racer: Racer) -> tuple[int, float]:
    return racer.attempts, racer.seconds or 0.0


class RaceRefusal(StrEnum):
    """Why a race refuses a move; the last three are worded for a ``ValueError``."""

    OVER = "over"
    NOT_A_RACER = "not a racer"
    BOARD_OVER = "board over"
    NOT_STARTER = "not the starter"
    NOT_NEXT = "not the next attempt"
    TIME_NOT_UP = "the race's time is not up yet"
    NOT_ALL_FINISHED = "not every player has finished"
    WINDOW_OPEN = "the race's join window is not over yet"


def shape_problem(created: datetime, ends_at: datetime, window: datetime) -> str | None:
    """Why a new race cannot run from ``created`` to ``ends_at`` with its join window ending at
    ``window`` (``None``: it can)."""
    if not timedelta(0) < ends_at - created <= MAX_RACE:
        return f"a race lasts more than 0 s and at most {MAX_RACE}"
    if not created <= window <= ends_at:
        return "a race's join window ends between its start and its end"
    return None


def join_refusal(race: RaceRecord, now: datetime) -> RaceRefusal | None:
    return RaceRefusal.OVER if race.is_over or race.due(now) else None


def move_refusal(race: RaceRecord, player_id: int, now: datetime) -> RaceRefusal | None:
    """Why the player cannot act on their board (a guess, a hint, giving up) now."""
    refusal = join_refusal(race, now)
    racer = race.racer(player_id)
    if refusal is not None or racer is None:
        return refusal or RaceRefusal.NOT_A_RACER
    seat = domain.guess_refusal(race.board(racer), player_id)
    if seat is domain.Refusal.GAME_OVER:
        return RaceRefusal.BOARD_OVER
    return None if seat is None else RaceRefusal.NOT_A_RACER


def guess_refusal(race: RaceRecord, player_id: int, attempt: int, word: str, feedback: str,
                  finish: str | None, now: datetime) -> RaceRefusal | None:
    """Why the player's guess cannot be saved now; ``ValueError`` for one their board could
    not have had."""
    refusal = move_refusal(race, player_id, now)
    racer = race.racer(player_id)
    if refusal is not None or racer is None:
        return refusal
    problem = race.board(racer).claim_problem(attempt, word, feedback, finish)
    if problem is not None:
        raise ValueError(problem)
    return None if attempt == racer.attempts + 1 else RaceRefusal.NOT_NEXT


def move_time(race: RaceRecord, player_id: int, now: datetime) -> datetime:
    """When a move on the player's board happens: ``now``, or the board's latest time if a
    clock behind (another process's) gave an earlier one, as a board never ends before its
    last guess."""
    racer = race.racer(player_id)
    return now if racer is None else max(now, racer.latest)


def end_refusal(race: RaceRecord, end: RaceEnd, by: int | None,
                now: datetime) -> RaceRefusal | None:
    """Why the race may not end now for ``end`` (``None``: it may; an ended race is handed
    back as it is). ``by`` ``None``: someone the front end lets end any race."""
    if race.is_over:
        return None
    if end is RaceEnd.ENDED and by is not None and by != race.starter_id:
        return RaceRefusal.NOT_STARTER
    if end is RaceEnd.TIME and not race.due(now):
        return RaceRefusal.TIME_NOT_UP
    if end is RaceEnd.ALL_FINISHED and not race.all_finished:
        return RaceRefusal.NOT_ALL_FINISHED
    if end is RaceEnd.ALL_FINISHED and not race.ends_all_finished(now):
        return RaceRefusal.WINDOW_OPEN
    return None

def with_racer(race: RaceRecord, racer: Racer) -> RaceRecord:
    racers = tuple(racer if r.player_id == racer.player_id else r for r in race.racers)
    if race.racer(racer.player_id) is None:
        racers = (*racers, racer)
    return replace(race, racers=racers)


def after_guess(race: RaceRecord, player_id: int, attempt: int, word: str, feedback: str,
                finish: str | None, now: datetime) -> RaceRecord:
    racer = race.racer(player_id)
    assert racer is not None
    racer = replace(racer, guesses=(*racer.guesses, RaceGuess(attempt, word, feedback, now)))
    if finish is not None:
        racer = replace(racer, status=Status(finish), finished_at=now)
    return with_racer(race, racer)


def gave_up(race: RaceRecord, player_id: int, now: datetime) -> RaceRecord:
    racer = race.racer(player_id)
    assert racer is not None
    return with_racer(race, replace(racer, status=Status.GIVEN_UP, finished_at=now))


def places(racers: Iterable[Racer]) -> dict[int, int]:
    """The place of every player who solved it: by guesses, then time; equal results share a
    place (1, 2, 2, 4)."""
    solved = sorted((r for r in racers if r.status is Status.WON), key=result_key)
    out: dict[int, int] = {}
    for i, racer in enumerate(solved):
        same = i and result_key(solved[i - 1]) == result_key(racer)
        out[racer.player_id] = out[solved[i - 1].player_id] if same else i + 1
    return out


def finished_race(race: RaceRecord, end: RaceEnd, now: datetime) -> RaceRecord:
    """The race ended now: players still playing lose, the solvers get their places."""
    racers = [r if r.finished else replace(r, status=Status.LOST, finished_at=now)
              for r in race.racers]
    placed = places(racers)
    racers = [replace(r, place=placed.get(r.player_id)) for r in racers]
    return replace(race, finished_at=now, end=end, racers=tuple(racers))


def rank_racers(entries: list[tuple[int, RaceStats]], by: LeaderboardOrder, limit: int,
                player_id: int | None) -> RaceBoard:
    """Rank players: first places (then podiums, then fewer guesses), win % or average
    guesses (lower first; players who never solved one are left out). Equal values share a
    rank."""
    def value(stats: RaceStats) -> int | float:
        if by == LeaderboardOrder.WINS:
            return stats.wins
        if by == LeaderboardOrder.WIN_PERCENT:
            return stats.win_percent
        return round(stats.average_guesses or 0.0, 2)

    def key(entry: tuple[int, RaceStats]) -> tuple[Any, ...]:
        stats = entry[1]
        avg = stats.average_guesses if stats.average_guesses is not None else 99.0
        if by == LeaderboardOrder.AVERAGE:
            return (avg, -stats.solved, entry[0])
        return (-value(stats), -stats.podiums, avg, entry[0])

    if by == LeaderboardOrder.AVERAGE:
        entries = [e for e in entries if e[1].solved]
    entries.sort(key=key)
    ranked: list[RaceBoardRow] = []
    for i, (player, stats) in enumerate(entries):
        tie = ranked and key(entries[i - 1])[:-1] == key((player, stats))[:-1]
        ranked.append(RaceBoardRow(ranked[-1].rank if tie else i + 1, player, value(stats),
                                 stats))
    mine = next((r for r in ranked if r.player_id == player_id), None)
    return RaceBoard(rows=ranked[:limit], player_row=mine)
