"""Stored games as the plain data the rules and the front ends read."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import TypeVar, cast

from bot.core.domain import (
    GameFacts,
    Kind,
    Row,
    Scope,
    StatsBucket,
    Status,
    game_label,
    mode_of,
    stats_bucket,
)
from bot.core.game import Game, Guess, keyboard
from bot.core.share import share_text
from bot.service.errors import BadOption, Problem
from bot.service.results import GameView, Place
from bot.storage.models import GameRecord
from bot.storage.port import Store

T = TypeVar("T")


def rows_of(record: GameRecord) -> tuple[Row, ...]:
    return tuple(Row(g.word, g.feedback) for g in record.guesses)


#: Views and facts of records lately seen, by the record's identity (the record is kept, so
#: its id is not reused): a guess reads the game its previous guess returned (the store hands
#: back the same record for it) and asks for its facts and view more than once.
_SEEN: dict[tuple[str, int], tuple[GameRecord, object]] = {}
_SEEN_KEPT = 2048


def _remembered(kind: str, record: GameRecord, make: Callable[[GameRecord], T]) -> T:
    key = (kind, id(record))
    seen = _SEEN.get(key)
    if seen is not None and seen[0] is record:
        return cast(T, seen[1])
    value = make(record)
    if len(_SEEN) >= _SEEN_KEPT:
        del _SEEN[next(iter(_SEEN))]  # the oldest
    _SEEN[key] = (record, value)
    return value


def facts(record: GameRecord) -> GameFacts:
    """What the rules in :mod:`bot.core.domain` read about a stored game."""
    return _remembered("facts", record, _facts)


def _facts(record: GameRecord) -> GameFacts:
    return GameFacts(
        scope=Scope(record.scope), kind=Kind(record.kind), status=Status(record.status),
        owner_id=record.owner_id, setter_id=record.setter_id,
        guessers=frozenset(g.player_id for g in record.guesses if g.player_id is not None),
        guessed=bool(record.guesses),
    )


def share(view: GameView, hints_used: int = 0) -> str:
    """The spoiler-free share grid, with a note of the hints used (if any)."""
    text = share_text(view.rows, label=view.label, won=view.won, hard_mode=view.hard_mode)
    if hints_used:
        text += f"\n💡 {hints_used} hint{'s' if hints_used != 1 else ''} used"
    return text


def game_view(record: GameRecord) -> GameView:
    """A record as plain data for front ends; the hidden word only once the game is over."""
    return _remembered("view", record, _game_view)


def _game_view(record: GameRecord) -> GameView:
    rows = rows_of(record)
    status = Status(record.status)
    return GameView(
        id=record.id,
        mode=mode_of(record.scope, record.kind),
        puzzle_number=record.puzzle_number,
        hard_mode=record.hard_mode,
        status=status,
        rows=rows,
        players=tuple(g.player_id for g in record.guesses),
        keyboard=keyboard(rows),
        owner_id=record.owner_id,
        setter_id=record.setter_id,
        solved_by=record.solved_by,
        answer=record.answer if status.is_over else None,
        label=game_label(record.scope, record.kind, record.puzzle_number),
    )


def core_game(record: GameRecord) -> Game:
    return Game(id=record.id, guild_id=record.guild_id, channel_id=record.channel_id,
                owner_id=record.owner_id, scope=record.scope, kind=record.kind,
                puzzle_number=record.puzzle_number, hidden_word=record.answer,
                hard_mode=record.hard_mode, status=record.status, setter_id=record.setter_id,
                solved_by=record.solved_by, created_at=record.created_at,
                finished_at=record.finished_at, setter_mark=record.setter_mark,
                guesses=tuple(Guess(g.attempt, g.player_id, g.word, g.feedback, g.created_at)
                              for g in record.guesses))


E = TypeVar("E", bound=StrEnum)


def option(enum: type[E], value: object, problem: Problem) -> E:
    """``value`` as a member of ``enum``, else :class:`BadOption` with ``problem``."""
    if isinstance(value, str):
        try:
            return enum(value)
        except ValueError:
            pass
    raise BadOption(problem)


async def latest_win(store: Store, place: Place, player_id: int,
                     bucket: StatsBucket | str) -> int | None:
    """The attempts of the player's last finished game here, when it was won and counts in
    ``bucket`` (the bar a statistics picture lights), else ``None``."""
    record = await store.last_finished_game(place.guild_id, place.channel_id, player_id)
    if record is None or Status(record.status) is not Status.WON:
        return None
    if stats_bucket(record.scope, record.kind) != StatsBucket(bucket):
        return None
    return len(record.guesses)
