"""Races, whatever the database: the records a store returns, its errors, the argument checks,
and the rules a race write applies (decided here in Python on the race as read inside the
write's transaction, so both stores decide alike).

A race is one hidden word for a channel; each player who joins plays it on their own board,
kept with the race (``race_players`` and ``race_guesses``, never the games table). It ends when
every player who joined has finished (but not before its join window is over: until then it
waits for more players, and ends at the window's end if nobody else joined), when its time is
up (players still playing lose), or when its starter ends it. Its results are the places of
the players who solved it: by guesses, then time from joining to solving (equal results share
a place). Race statistics (played, first places, podiums, average guesses) are counted from
those results, not from ``player_stats``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from enum import StrEnum
from typing import Any, Final

from bot.core.domain import LeaderboardOrder, Status
from bot.core.feedback import score

from .errors import StorageError
from .stats import win_percent
from .validation import check_choice, check_id, check_move, check_word, from_text

#: Longest race a store accepts (the front end offers far less).
MAX_RACE = 24 * 60 * 60
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

    def __post_init__(self) -> None:
        if self.end is not None:
            object.__setattr__(self, "end", RaceEnd(self.end))

    @property
    def is_over(self) -> bool:
        return self.finished_at is not None

    def racer(self, player_id: int) -> Racer | None:
        return next((r for r in self.racers if r.player_id == player_id), None)

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
        solved = sorted((r for r in self.racers if r.status is Status.WON), key=_result_key)
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
        """As every other win %: whole, halves rounded up (:func:`.stats.win_percent`)."""
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


class RaceOver(StorageError):
    """The race has ended, or its time is up (``race`` as it is now)."""

    def __init__(self, race: RaceRecord) -> None:
        self.race = race
        super().__init__(f"race {race.id} is over")


class RaceExists(StorageError):
    """The channel already has an active race (``existing``)."""

    def __init__(self, existing: RaceRecord) -> None:
        self.existing = existing
        super().__init__(f"channel {existing.channel_id} already has race {existing.id}")


class ChannelGameRunning(StorageError):
    """A race cannot start where a channel game is being played (nor a channel game where a
    race is on: the games table refuses it)."""

    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        super().__init__(f"channel game {game_id} is being played here")


class RaceLeft(StorageError):
    """The player was in this race before asking to be forgotten: they cannot join it again
    (their board is gone, an anonymous mark of them stays with the race)."""

    def __init__(self, race: RaceRecord) -> None:
        self.race = race
        super().__init__(f"a forgotten player was in race {race.id}")


class NotARacer(StorageError):
    """The player has not joined the race."""

    def __init__(self, race: RaceRecord, player_id: int) -> None:
        self.race = race
        super().__init__(f"player {player_id} is not in race {race.id}")


class BoardOver(StorageError):
    """The player's board in the race is finished (won, lost or given up)."""

    def __init__(self, race: RaceRecord, player_id: int) -> None:
        self.race = race
        super().__init__(f"player {player_id} has finished race {race.id}")


class RaceAttemptConflict(StorageError):
    """Not the player's next attempt (a second guess of theirs landed first): re-read."""

    def __init__(self, race: RaceRecord, attempt: int) -> None:
        self.race = race
        self.attempt = attempt
        super().__init__(f"race {race.id}: attempt {attempt} is not the next one")


class NotTheStarter(StorageError):
    def __init__(self, race: RaceRecord, player_id: int) -> None:
        self.race = race
        super().__init__(f"player {player_id} did not start race {race.id}")


# -- checks ---------------------------------------------------------------------------------


def check_new_race(*, guild_id: object, channel_id: object, starter_id: object,
                   answer: object, hard_mode: object, created: datetime,
                   ends_at: object, join_window_ends_at: object) -> None:
    check_id("guild_id", guild_id)
    check_id("channel_id", channel_id)
    check_id("starter_id", starter_id)
    check_word("answer", answer)
    if not isinstance(hard_mode, bool):
        raise ValueError("hard_mode must be True or False")
    if not isinstance(ends_at, datetime) or ends_at.tzinfo is None:
        raise ValueError("ends_at must be a timezone-aware datetime")
    length = (ends_at - created).total_seconds()
    if not 0 < length <= MAX_RACE:
        raise ValueError(f"a race lasts more than 0 s and at most {MAX_RACE} s")
    if not isinstance(join_window_ends_at, datetime) or join_window_ends_at.tzinfo is None:
        raise ValueError("join_window_ends_at must be a timezone-aware datetime")
    if not created <= join_window_ends_at <= ends_at:
        raise ValueError("a race's join window ends between its start and its end")


def check_race_guess(*, race_id: object, player_id: object, attempt: object, word: object,
                     feedback: object, finish: object) -> None:
    check_id("race_id", race_id)
    check_id("player_id", player_id)
    check_move(attempt=attempt, word=word, feedback=feedback, finish=finish)


# -- the rules of a race's writes -------------------------------------------------------------


def join_error(race: RaceRecord | None, race_id: int, now: datetime) -> Exception | None:
    if race is None:
        return RaceNotFound(race_id)
    if race.is_over or race.due(now):
        return RaceOver(race)
    return None


def guess_error(race: RaceRecord | None, race_id: int, player_id: int, attempt: int,
                word: str, feedback: str, now: datetime) -> Exception | None:
    """Why a guess cannot be saved to the race as stored now (``None``: it can)."""
    problem = player_error(race, race_id, player_id, now)
    if problem is not None or race is None:
        return problem
    racer = race.racer(player_id)
    assert racer is not None
    if attempt != racer.attempts + 1:
        return RaceAttemptConflict(race, attempt)
    if score(word, race.answer) != feedback:
        return ValueError("feedback does not match the guess and the hidden word")
    return None


def player_error(race: RaceRecord | None, race_id: int, player_id: int,
                 now: datetime) -> Exception | None:
    """Why the player cannot act on their board (a hint, giving up) now."""
    problem = join_error(race, race_id, now)
    if problem is not None or race is None:
        return problem
    racer = race.racer(player_id)
    if racer is None:
        return NotARacer(race, player_id)
    if racer.finished:
        return BoardOver(race, player_id)
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


def _result_key(racer: Racer) -> tuple[int, float]:
    return racer.attempts, racer.seconds or 0.0


def places(racers: Iterable[Racer]) -> dict[int, int]:
    """The place of every player who solved it: by guesses, then time; equal results share a
    place (1, 2, 2, 4)."""
    solved = sorted((r for r in racers if r.status is Status.WON), key=_result_key)
    out: dict[int, int] = {}
    for i, racer in enumerate(solved):
        same = i and _result_key(solved[i - 1]) == _result_key(racer)
        out[racer.player_id] = out[solved[i - 1].player_id] if same else i + 1
    return out


def finished_race(race: RaceRecord, end: RaceEnd, now: datetime) -> RaceRecord:
    """The race ended now: players still playing lose, the solvers get their places."""
    racers = [r if r.finished else replace(r, status=Status.LOST, finished_at=now)
              for r in race.racers]
    placed = places(racers)
    racers = [replace(r, place=placed.get(r.player_id)) for r in racers]
    return replace(race, finished_at=now, end=end, racers=tuple(racers))


def end_error(race: RaceRecord | None, race_id: int, end: RaceEnd, by: int | None,
              now: datetime) -> Exception | None:
    """Why the race may not end now for ``end`` (``None``: it may; an ended race is not an
    error, the caller gets it back as it is)."""
    if race is None:
        return RaceNotFound(race_id)
    if race.is_over:
        return None
    if end is RaceEnd.ENDED and by is not None and by != race.starter_id:
        return NotTheStarter(race, by)
    if end is RaceEnd.TIME and not race.due(now):
        return ValueError("the race's time is not up yet")
    if end is RaceEnd.ALL_FINISHED and not race.all_finished:
        return ValueError("not every player has finished")
    if end is RaceEnd.ALL_FINISHED and not race.ends_all_finished(now):
        return ValueError("the race's join window is not over yet")
    return None


# -- reading ------------------------------------------------------------------------------

#: The columns of a race as both stores read them (before its racers).
RACE_COLUMNS: Final = ("id", "guild_id", "channel_id", "starter_id", "answer", "hard_mode",
                       "created_at", "ends_at", "join_window_ends_at", "finished_at",
                       "end_reason", "message_id")
#: A racer's columns, then their guesses (attempt, word, feedback, created_at).
RACER_COLUMNS: Final = ("player_id", "joined_at", "status", "finished_at", "hints", "place")


def _moment(value: Any) -> datetime:
    return value if isinstance(value, datetime) else from_text(str(value))


def race_from_json(text: str | Sequence[Any]) -> RaceRecord:
    """A race read as one JSON array: :data:`RACE_COLUMNS`, then its racers, each
    :data:`RACER_COLUMNS` and then their guesses."""
    values = json.loads(text) if isinstance(text, str) else list(text)
    *columns, racers = values
    row = dict(zip(RACE_COLUMNS, columns, strict=True))
    if isinstance(racers, str):
        racers = json.loads(racers)
    players = []
    for item in racers or ():
        player, joined, status, finished, hints, place, guesses = item
        if isinstance(guesses, str):
            guesses = json.loads(guesses)
        players.append(Racer(
            int(player), _moment(joined), Status(status),
            None if finished is None else _moment(finished), int(hints), place,
            tuple(RaceGuess(int(a), w, f, _moment(c)) for a, w, f, c in sorted(guesses or ())),
        ))
    players.sort(key=lambda r: (r.joined_at, r.player_id))
    created = _moment(row["created_at"])
    window = row["join_window_ends_at"]
    return RaceRecord(
        id=int(row["id"]), guild_id=int(row["guild_id"]), channel_id=int(row["channel_id"]),
        starter_id=row["starter_id"], answer=row["answer"], hard_mode=bool(row["hard_mode"]),
        created_at=created, ends_at=_moment(row["ends_at"]),
        join_window_ends_at=created if window is None else _moment(window),
        finished_at=None if row["finished_at"] is None else _moment(row["finished_at"]),
        end=row["end_reason"], message_id=row["message_id"], racers=tuple(players),
    )


# -- statistics -----------------------------------------------------------------------------


def stats_query(placeholders: tuple[str, ...], *, one_player: bool) -> str:
    """Rows ``(player, played, wins, podiums, solved, guesses in solved races)`` over a
    server's finished races (first placeholder), for one player (second) or everyone."""
    guild = placeholders[0]
    who = f" AND p.player_id = {placeholders[1]}" if one_player else ""
    return (
        "SELECT p.player_id, count(*), "
        "sum(CASE WHEN p.place = 1 THEN 1 ELSE 0 END), "
        f"sum(CASE WHEN p.place <= {PODIUM} THEN 1 ELSE 0 END), "
        "sum(CASE WHEN p.status = 'won' THEN 1 ELSE 0 END), "
        "sum(CASE WHEN p.status = 'won' THEN p.attempts ELSE 0 END) "
        "FROM race_players p JOIN races r ON r.id = p.race_id "
        f"WHERE r.guild_id = {guild} AND r.finished_at IS NOT NULL{who} "
        "GROUP BY p.player_id"
    )


def stats_from_row(row: Sequence[Any]) -> RaceStats:
    _, played, wins, podiums, solved, guesses = (int(v or 0) for v in row)
    return RaceStats(played, wins, podiums, solved, guesses / solved if solved else None)


def rank_races(rows: Iterable[Sequence[Any]], by: LeaderboardOrder,
               limit: int, player_id: int | None) -> RaceBoard:
    """Rank players: first places (then podiums, then fewer guesses), win % or average
    guesses (lower first; players who never solved one are left out). Equal values share a
    rank."""
    check_choice("by", by, RACE_ORDERS)
    entries = [(int(row[0]), stats_from_row(row)) for row in rows]

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
        rank = ranked[-1].rank if tie else i + 1
        ranked.append(RaceBoardRow(rank, player, value(stats), stats))
    mine = next((r for r in ranked if r.player_id == player_id), None)
    return RaceBoard(rows=ranked[:limit], player_row=mine)
