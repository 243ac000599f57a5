"""Write batches, whatever the database: the queued guesses and new games, and how a batch is
cut into what is saved together.

A batch is applied in the order its jobs were handed in. Consecutive guesses go into one
statement as long as no game appears with two attempt numbers (guesses racing for the same
attempt are decided inside the statement, in queue order); new games that follow them join
the same round trip; any other job, or a guess after a new game, starts the next unit.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from bot.core.domain import Kind, Scope, Status

from .models import GameRecord
from .validation import from_text


@dataclass(frozen=True, slots=True)
class Guess:
    """A ``record_guess`` waiting for the writer."""

    game_id: int
    attempt: int
    player_id: int
    word: str
    feedback: str
    finish: str | None
    day: int | None
    #: ISO UTC text (``validation.to_text``).
    created: str
    #: True when the caller gave no time: the store takes the time the guess is applied.
    restamp: bool = False
    #: True for ``record_ending_guess``: the result also carries the end's figures.
    figures: bool = False


@dataclass(frozen=True, slots=True)
class Create:
    """A ``create_game`` waiting for the writer."""

    guild_id: int
    channel_id: int
    owner_id: int | None
    scope: str
    kind: str
    puzzle_number: int | None
    answer: str = field(repr=False)  # never in a log line or an exception's text
    hard_mode: bool
    setter_id: int | None
    created: str
    #: The owner's ``rules.player_mark`` for a daily (a forgotten player's played mark).
    owner_mark: str | None = field(default=None, repr=False)

    @property
    def row(self) -> tuple[Any, ...]:
        """The game's column values, in ``GAME_INSERT_COLUMNS`` order."""
        return (
            self.guild_id,
            self.channel_id,
            self.owner_id,
            self.scope,
            self.kind,
            self.puzzle_number,
            self.answer,
            int(self.hard_mode),
            self.setter_id,
            self.created,
        )

    def record(self, game_id: int) -> GameRecord:
        return GameRecord(
            id=game_id,
            guild_id=self.guild_id,
            channel_id=self.channel_id,
            owner_id=self.owner_id,
            scope=Scope(self.scope),
            kind=Kind(self.kind),
            puzzle_number=self.puzzle_number,
            answer=self.answer,
            hard_mode=self.hard_mode,
            status=Status.ACTIVE,
            setter_id=self.setter_id,
            solved_by=None,
            created_at=from_text(self.created),
            finished_at=None,
            guesses=(),
        )


J = TypeVar("J")
Item = TypeVar("Item")


def plan_units(pending: Sequence[tuple[int, J]]) -> list[list[tuple[int, J]]]:
    """Cut a batch (in queue order) into units saved together, keeping the queue order:
    guesses (at most one attempt number per game) followed by new games, or one other job."""
    units: list[list[tuple[int, J]]] = []
    current: list[tuple[int, J]] = []
    attempts: dict[int, int] = {}
    creating = False
    for item in pending:
        job = item[1]
        if isinstance(job, Guess):
            if creating or attempts.setdefault(job.game_id, job.attempt) != job.attempt:
                units.append(current)
                current, attempts, creating = [], {job.game_id: job.attempt}, False
            current.append(item)
        elif isinstance(job, Create):
            current.append(item)
            creating = True
        else:
            if current:
                units.append(current)
            units.append([item])
            current, attempts, creating = [], {}, False
    if current:
        units.append(current)
    return units


def settle(
    future: asyncio.Future[Any], *, result: Any = None, error: BaseException | None = None
) -> None:
    """Answer a caller unless it already gave up (cancelled)."""
    if future.done():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)


async def next_batch(queue: asyncio.Queue[Item | None], most: int) -> tuple[list[Item], bool]:
    """Wait for a queued item, then take those already waiting too, up to ``most`` in all:
    the batch, and whether the stop mark (``None``) was met (nothing after it is taken)."""
    item = await queue.get()
    if item is None:
        return [], True
    batch = [item]
    while len(batch) < most:
        try:
            item = queue.get_nowait()
        except asyncio.QueueEmpty:
            break
        if item is None:
            return batch, True
        batch.append(item)
    return batch, False
