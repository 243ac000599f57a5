"""Starting games, one write batch's together (:class:`Starts`): read the games in their way
under lock and the dailies played, decide each start in order as it would be alone, insert the
new games, each step in one statement for them all."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any, Final

from bot.core.domain import Kind, Scope, Status
from bot.core.game import Game
from bot.core.variant import CLASSIC, Variant

from . import racing
from .database import Database, Outcome, Tx, arrays, many_rows, marks, parts_of, player_mark, utc
from .errors import DailyPlayed, GameExists, RaceExists, StorageError
from .games import ACTIVE_CHANNEL, ACTIVE_OWN, NUMBERED, SELECT_GAMES, games_from_rows

#: The columns given when a game is created, with their PostgreSQL types; the others start
#: at their defaults.
_TYPES: Final = {"guild_id": "bigint", "channel_id": "bigint", "owner_id": "bigint",
                 "scope": "text", "kind": "text", "puzzle_number": "integer", "answer": "text",
                 "hard_mode": "boolean", "setter_id": "bigint", "created_at": "timestamptz",
                 "word_length": "smallint", "attempts": "smallint", "language": "text",
                 "boards": "smallint", "more_answers": "text"}
_COLUMNS: Final = ", ".join(_TYPES)
_INSERT_ONE: Final = (f"INSERT INTO games ({_COLUMNS}) VALUES ({marks(1, len(_TYPES))}) "
                      "RETURNING id")
#: PostgreSQL: the games in the order given, which hands out their ids in that order.
_INSERT_MANY: Final = (
    f"INSERT INTO games ({_COLUMNS}) SELECT {_COLUMNS} FROM unnest("
    + ", ".join(f"${n}::{kind}[]" for n, kind in enumerate(_TYPES.values(), start=1))
    + f") WITH ORDINALITY AS v({_COLUMNS}, n) ORDER BY n RETURNING id"
)


def _lookups(where: str, types: tuple[str, ...], param: int) -> str:
    """The game matching ``where`` (a condition of :mod:`.games`) for each key in the JSON
    array ``$param`` (an array of values of ``types``), each a lookup in its unique index."""
    key = re.sub(r"\$(\d+)", lambda n: f"(k.value ->> {int(n[1]) - 1})::{types[int(n[1]) - 1]}",
                 where)
    return (f"SELECT (SELECT g.id FROM games g WHERE {key} LIMIT 1) "
            f"FROM json_array_elements(${param}::json) k")


_NUMBERED_KEYS: Final = ("bigint", "bigint", "integer", "smallint")
_WAY: Final = " UNION ALL ".join([
    _lookups(NUMBERED["daily"], _NUMBERED_KEYS, 1),
    _lookups(NUMBERED["archive"], _NUMBERED_KEYS, 2),
    _lookups(ACTIVE_OWN, ("bigint",) * 3, 3), _lookups(ACTIVE_CHANNEL, ("bigint",) * 2, 4)])
#: The games in the way of the starts (:func:`_key_rows`), locked in id order (a move ending
#: one of them is waited for, and its end seen), by dialect: PostgreSQL finds them by id.
_IN_THE_WAY: Final = {
    "postgres": SELECT_GAMES.format(where=f"g.id = ANY(ARRAY({_WAY}))") + " FOR UPDATE OF g",
    "sqlite": SELECT_GAMES.format(where=f"g.id IN ({_WAY})")}
#: The keys in the JSON array ``$1`` of dailies played (each a lookup in the primary key).
_PLAYED: Final = (
    "SELECT (k.value ->> 0)::bigint, (k.value ->> 1)::integer, k.value ->> 2, "
    "(k.value ->> 3)::smallint FROM json_array_elements($1::json) k WHERE (SELECT true FROM "
    "played_dailies p WHERE p.guild_id = (k.value ->> 0)::bigint AND p.puzzle_number = "
    "(k.value ->> 1)::integer AND p.player_mark = k.value ->> 2 "
    "AND p.boards = (k.value ->> 3)::smallint LIMIT 1)"
)


class NewGames:
    """The port's ``create_game`` (contract: :class:`bot.storage.Store`)."""

    def __init__(self, db: Database, key: bytes) -> None:
        self._db, self._key = db, key

    async def create_game(self, *, guild_id: int, channel_id: int, owner_id: int | None,
                          scope: Scope, kind: Kind, answer: str, hard_mode: bool,
                          puzzle_number: int | None = None, setter_id: int | None = None,
                          variant: Variant = CLASSIC, now: datetime | None = None) -> Game:
        game = Game(guild_id=guild_id, channel_id=channel_id, owner_id=owner_id, scope=scope,
                    kind=kind, puzzle_number=puzzle_number, hidden_word=answer,
                    hard_mode=hard_mode, setter_id=setter_id,
                    created_at=utc(now) or datetime.now(UTC), variant=variant)
        mark = None if owner_id is None else player_mark(self._key, owner_id)
        return await self._db.transaction(StartMove(game, mark))


@dataclass(frozen=True, slots=True)
class StartMove:
    """One game to start, a write transaction (``mark``: its owner's). Several in one batch
    are started together (:class:`Starts`)."""

    game: Game
    mark: str | None

    async def __call__(self, tx: Tx) -> Game:
        starts = await Starts.read(tx, [self], {})
        outcomes = [starts.decide(0, self)]
        await starts.save(tx, outcomes)
        (game, error), = outcomes
        if error is not None:
            raise error
        assert isinstance(game, Game)
        return game


class Starts:
    """A batch's starts, decided in turn as each would be alone (see the module doc), then
    inserted (:meth:`save`). In the way of a start is a daily or archive game of its puzzle,
    else the player's or channel's active game (of several, the newest), else a daily played
    before."""

    def __init__(self, games: dict[int, Game], played: set[tuple[Any, ...]]) -> None:
        self._games, self._played = games, played
        self._started: dict[int, Game] = {}  # by the start's index in the batch
        self._blocked: dict[int, int] = {}  # a start's index: that of the start in its way

    @classmethod
    async def read(cls, tx: Tx, moves: Sequence[StartMove], games: dict[int, Game]) -> Starts:
        """The games in the way of ``moves``, locked (a move ending one is waited for), added
        to ``games`` (the batch's games by id, as its moves leave them), and the dailies
        played."""
        if moves:
            rows = await tx.fetch(_IN_THE_WAY[tx.dialect], *map(json.dumps, _key_rows(moves)))
            for game in games_from_rows(rows):
                games.setdefault(game.id, game)
        dailies = [(m.game.guild_id, m.game.puzzle_number, m.mark, m.game.variant.boards)
                   for m in moves if m.game.kind is Kind.DAILY]
        played = await tx.fetch(_PLAYED, json.dumps(dailies)) if dailies else []
        return cls(games, {tuple(row) for row in played})

    def decide(self, index: int, move: StartMove) -> Outcome:
        game = move.game
        way = _way_of(game, self._games.values(), self._started)
        if isinstance(way, int):
            self._blocked[index] = way
            return None, None
        if way is not None:
            return None, GameExists(way)
        if game.kind is Kind.DAILY and (game.guild_id, game.puzzle_number, move.mark,
                                        game.variant.boards) in self._played:
            return None, DailyPlayed(game.guild_id, game.puzzle_number or 0)
        self._started[index] = game
        return game, None

    async def save(self, tx: Tx, outcomes: list[Outcome]) -> None:
        """Insert the games started; their outcomes (by index in the batch) then have their
        ids."""
        new = list(self._started)
        ids = await _insert(tx, [self._started[index] for index in new])
        if len(ids) != len(new):  # the database's trigger: a race is on in a channel
            if len(outcomes) > 1:  # the batch is undone, each move played on its own
                raise StorageError("a game of several was not started")
            game = self._started[new[0]]
            race = await racing.race_in_channel(tx, game.guild_id, game.channel_id)
            raise RaceExists(race) if race is not None else StorageError(
                "the game could not be started (a race is on in this channel)")
        for index, row_id in zip(new, sorted(ids), strict=True):
            outcomes[index] = (replace(self._started[index], id=row_id), None)
        for index, way in self._blocked.items():
            outcomes[index] = (None, GameExists(outcomes[way][0]))


def _key_rows(moves: Sequence[StartMove]) -> list[list[tuple[Any, ...]]]:
    """The keys :data:`_IN_THE_WAY` looks up: dailies', archive games', own and channel
    games'."""
    games = [move.game for move in moves]
    return [[(g.guild_id, g.owner_id, g.puzzle_number, g.variant.boards)
             for g in games if g.kind is kind] for kind in (Kind.DAILY, Kind.ARCHIVE)] + [
        [(g.guild_id, g.channel_id, g.owner_id) for g in games if g.scope is Scope.OWN],
        [(g.guild_id, g.channel_id) for g in games if g.scope is Scope.CHANNEL]]


async def _insert(tx: Tx, games: list[Game]) -> list[int]:
    """Insert ``games``; their ids (fewer if the database refused some)."""
    values = [_values(game) for game in games]
    if not values:
        return []
    if tx.dialect == "postgres" and len(values) > 1:
        rows = await tx.fetch(_INSERT_MANY, *arrays(values, len(_TYPES)))
    else:
        many = many_rows(_INSERT_ONE, len(values))
        assert many is not None  # (one row's INSERT ... VALUES, made for any count)
        rows = await tx.fetch(many, *(value for row in values for value in row))
    return [row[0] for row in rows]


def _values(game: Game) -> tuple[Any, ...]:
    """The values of a new game's columns (:data:`_TYPES`)."""
    answer, more = parts_of(game.hidden_word)
    return (game.guild_id, game.channel_id, game.owner_id, game.scope.value, game.kind.value,
            game.puzzle_number, answer, game.hard_mode, game.setter_id, game.created_at,
            game.variant.length, game.variant.attempts, game.variant.language,
            game.variant.boards, more)


def _way_of(game: Game, games: Iterable[Game],
            started: dict[int, Game]) -> Game | int | None:
    """The game in the way of ``game`` among ``games`` (read) and ``started`` (this batch's,
    by index); of several, the newest (a start of this batch is newer than any read)."""
    numbered: list[tuple[tuple[int, int], Game | int]] = []
    active: list[tuple[tuple[int, int], Game | int]] = []
    seen_all: list[tuple[tuple[int, int], Game, Game | int]] = [
        *(((0, g.id), g, g) for g in games),
        *(((1, index), g, index) for index, g in started.items())]
    for rank, seen, which in seen_all:
        if (game.kind in (Kind.DAILY, Kind.ARCHIVE) and seen.kind is game.kind
                and (seen.guild_id, seen.owner_id, seen.puzzle_number, seen.variant.boards)
                == (game.guild_id, game.owner_id, game.puzzle_number, game.variant.boards)):
            numbered.append((rank, which))
        if (seen.status is Status.ACTIVE and seen.scope is game.scope
                and (seen.guild_id, seen.channel_id) == (game.guild_id, game.channel_id)
                and (game.scope is Scope.CHANNEL or seen.owner_id == game.owner_id)):
            active.append((rank, which))
    newest = max(numbered or active, key=lambda found: found[0], default=None)
    return None if newest is None else newest[1]
