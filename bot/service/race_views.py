"""A race as plain data for front ends (:class:`RaceView`): spoiler-free standings, the hidden
word only once the race is over, and each player's own board as a game
(:meth:`RaceRecord.board <bot.core.race.RaceRecord.board>`), the word shown to them once
they solved it or the race ended."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.core.domain import Row, Status
from bot.core.game import Game
from bot.core.packs import shown_word
from bot.core.race import RaceEnd, Racer, RaceRecord
from bot.core.variant import CLASSIC, Variant


@dataclass(frozen=True)
class RacerView:
    """One player's progress, spoiler-free: feedback only, never the letters."""

    player_id: int
    feedback: tuple[str, ...]
    status: Status
    #: Seconds from joining to finishing, or to now while playing.
    seconds: float
    place: int | None
    hinted: bool

    @property
    def attempts(self) -> int:
        return len(self.feedback)

    @property
    def finished(self) -> bool:
        return self.status.is_over


@dataclass(frozen=True)
class RaceView:
    id: int
    guild_id: int
    channel_id: int
    starter_id: int | None
    hard_mode: bool
    created_at: datetime
    ends_at: datetime
    finished_at: datetime | None
    end: RaceEnd | None
    message_id: int | None
    #: Standings: solvers by place, then the others in the order they joined.
    racers: tuple[RacerView, ...]
    #: The hidden word, only once the race is over.
    answer: str | None
    #: The end of its join window (``None``: it has none).
    join_window_ends_at: datetime | None = None
    #: Its word pack's shape: language, length and attempts.
    variant: Variant = CLASSIC

    @property
    def is_over(self) -> bool:
        return self.finished_at is not None

    @property
    def shown_answer(self) -> str | None:
        """:attr:`answer` as people read it: in capitals, with the accents of its pack's
        spelling (``ÁRBOL``)."""
        return None if self.answer is None else shown_word(self.variant, self.answer)

    @property
    def waiting_until(self) -> datetime | None:
        """While everyone who joined has finished within the join window: the window's end
        (the race waits for more players until then, and ends then if nobody else joined)."""
        if self.is_over or not self.racers or not all(r.finished for r in self.racers):
            return None
        return self.join_window_ends_at

    def next_end(self, now: datetime) -> datetime:
        """When the race may next end by itself: the end of its join window while that is to
        come (everyone who joined may have finished by then), else its end time."""
        window = self.join_window_ends_at
        return window if window is not None and now < window else self.ends_at

    def racer(self, player_id: int) -> RacerView | None:
        return next((r for r in self.racers if r.player_id == player_id), None)


@dataclass(frozen=True)
class RaceMove:
    """A join, guess or give-up: the race after it, the player's board, and whether this move
    ended the race (the last player finished)."""

    race: RaceView
    board: Game
    row: Row | None = None
    joined: bool = False
    ended: bool = False


def race_view(race: RaceRecord, now: datetime) -> RaceView:
    racers = tuple(
        RacerView(r.player_id, tuple(g.feedback for g in r.guesses), r.status,
                  (r.seconds if r.seconds is not None
                   else max(0.0, ((race.finished_at or now) - r.joined_at).total_seconds())),
                  r.place, r.hints > 0)
        for r in race.standings)
    return RaceView(race.id, race.guild_id, race.channel_id, race.starter_id, race.hard_mode,
                    race.created_at, race.ends_at, race.finished_at, race.end, race.message_id,
                    racers, race.answer if race.is_over else None,
                    join_window_ends_at=race.join_window_ends_at, variant=race.variant)


def any_board(race: RaceRecord) -> Game:
    """A board for a move that is not one player's (the starter ending the race)."""
    racer = race.racers[0] if race.racers else Racer(0, race.created_at, Status.LOST,
                                                     race.finished_at)
    return race.board(racer)
