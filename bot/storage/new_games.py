"""Starting games, one write batch's together: read the games in their way under lock and the
dailies played, decide each start in order as it would be alone, insert the new games. Only
the statements differ: several starts on PostgreSQL take one statement per step
(:func:`_batched`); elsewhere the lookups take a statement per key and the games are inserted
in one."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any, Final

from bot.core.domain import Kind, Scope, Status
from bot.core.game import Game
from bot.core.variant import CLASSIC, Variant

from . import racing
from .database import Database, Outcome, Tx, arrays, many_rows, marks, parts_of, player_mark, utc
from .errors import DailyPlayed, GameExists, RaceExists, StorageError
from .games import ACTIVE_CHANNEL, ACTIVE_OWN, NUMBERED, SELECT_GAMES, games_from_rows, read_games

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


def _lookups(where: str, types: tuple[str, ...], first: int) -> str:
    """PostgreSQL: the game matching ``where`` (a condition of :mod:`.games`) for each key of
    the arrays of ``types`` from ``$first`` on, each a lookup in its unique index (the
    ``LIMIT`` keeps the planner from merging them)."""
    arrays = ", ".join(f"${n}::{kind}[]" for n, kind in enumerate(types, first))
    keys = ", ".join(f"c{n}" for n in range(1, len(types) + 1))
    return (f"SELECT x.id FROM unnest({arrays}) AS k({keys}), LATERAL (SELECT g.id FROM games "
            f"g WHERE {where.replace('$', 'k.c')} LIMIT 1) x")


_NUMBERED_KEYS: Final = ("bigint", "bigint", "integer", "smallint")
#: PostgreSQL: the games in the way of the starts (:func:`_keys`), locked in id order.
_IN_THE_WAY: Final = (
    "WITH w AS (SELECT ARRAY(" + " UNION ALL ".join([
        _lookups(NUMBERED["daily"], _NUMBERED_KEYS, 1),
        _lookups(NUMBERED["archive"], _NUMBERED_KEYS, 5),
        _lookups(ACTIVE_OWN, ("bigint",) * 3, 9), _lookups(ACTIVE_CHANNEL, ("bigint",) * 2, 12),
    ]) + ") AS ids) " + SELECT_GAMES.format(where="g.id = ANY((SELECT ids FROM w)::bigint[])")
    + " FOR UPDATE OF g"  # a move ending one of them is waited for, and its end seen
)
_PLAYED_ONE: Final = ("SELECT guild_id, puzzle_number, player_mark, boards FROM played_dailies "
                      "WHERE guild_id = $1 AND puzzle_number = $2 AND player_mark = $3 "
                      "AND boards = $4")
_PLAYED_MANY: Final = (
    "SELECT guild_id, puzzle_number, player_mark, boards FROM played_dailies WHERE "
    "(guild_id, puzzle_number, player_mark, boards) IN "
    "(SELECT * FROM unnest($1::bigint[], $2::integer[], $3::text[], $4::smallint[]))"
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
    are started together (:func:`start_games`)."""

    game: Game
    mark: str | None

    async def __call__(self, tx: Tx) -> Game:
        (game, error), = await start_games(tx, [self])
        if error is not None:
            raise error
        assert isinstance(game, Game)
        return game


async def start_games(tx: Tx, moves: Sequence[StartMove]) -> list[Outcome]:
    """Start ``moves``' games in ``tx``, an outcome each, in order (see the module doc). In the
    way of a start is a daily or archive game of its puzzle, else the player's or channel's
    active game (of several, the newest), else a daily played before."""
    known: list[Game | int] = list(await _in_the_way(tx, moves))  # int: a start's index here
    played = await _played(tx, moves)
    blocked: dict[int, int] = {}  # a start's index: the index of the start in its way
    outcomes: list[Outcome] = []
    for index, move in enumerate(moves):
        game = move.game
        way = _way_of(game, known, moves)
        if isinstance(way, int):
            blocked[index] = way
            outcomes.append((None, None))
        elif way is not None:
            outcomes.append((None, GameExists(way)))
        elif game.kind is Kind.DAILY and (game.guild_id, game.puzzle_number, move.mark,
                                          game.variant.boards) in played:
            outcomes.append((None, DailyPlayed(game.guild_id, game.puzzle_number or 0)))
        else:
            known.append(index)
            outcomes.append((game, None))
    new = [index for index, (game, _) in enumerate(outcomes) if game is not None]
    ids = await _insert(tx, [moves[index].game for index in new])
    if len(ids) != len(new):  # the database's trigger: a race is on in a channel
        if len(moves) > 1:  # the batch is undone, each start played on its own
            raise StorageError("a game of several was not started")
        game = moves[0].game
        race = await racing.race_in_channel(tx, game.guild_id, game.channel_id)
        raise RaceExists(race) if race is not None else StorageError(
            "the game could not be started (a race is on in this channel)")
    for index, row_id in zip(new, sorted(ids), strict=True):
        outcomes[index] = (replace(moves[index].game, id=row_id), None)
    for index, way in blocked.items():
        outcomes[index] = (None, GameExists(outcomes[way][0]))
    return outcomes


def _batched(tx: Tx, starts: Sequence[Any]) -> bool:
    """Whether ``starts`` take one statement per step: several on PostgreSQL, where each
    statement is a round trip; one start's statements per key are cheaper to run."""
    return tx.dialect == "postgres" and len(starts) > 1


async def _in_the_way(tx: Tx, moves: Sequence[StartMove]) -> list[Game]:
    """The games that may be in the way of ``moves``, locked: a move ending one of them is
    waited for."""
    if _batched(tx, moves):
        return games_from_rows(await tx.fetch(_IN_THE_WAY, *_keys(moves)))
    found: list[Game] = []
    for game in (move.game for move in moves):
        if game.kind in (Kind.DAILY, Kind.ARCHIVE):
            found += await read_games(tx, NUMBERED[game.kind.value], game.guild_id,
                                      game.owner_id, game.puzzle_number, game.variant.boards,
                                      lock=True)
        found += await (read_games(tx, ACTIVE_OWN, game.guild_id, game.channel_id,
                                   game.owner_id, lock=True) if game.scope is Scope.OWN
                        else read_games(tx, ACTIVE_CHANNEL, game.guild_id, game.channel_id,
                                        lock=True))
    return found


def _keys(moves: Sequence[StartMove]) -> list[list[Any]]:
    """The parameters of :data:`_IN_THE_WAY`: the keys looked up, as arrays."""
    games = [move.game for move in moves]
    daily = arrays([(g.guild_id, g.owner_id, g.puzzle_number, g.variant.boards)
                     for g in games if g.kind is Kind.DAILY], 4)
    archive = arrays([(g.guild_id, g.owner_id, g.puzzle_number, g.variant.boards)
                       for g in games if g.kind is Kind.ARCHIVE], 4)
    own = arrays([(g.guild_id, g.channel_id, g.owner_id)
                   for g in games if g.scope is Scope.OWN], 3)
    channel = arrays([(g.guild_id, g.channel_id) for g in games if g.scope is Scope.CHANNEL], 2)
    return [*daily, *archive, *own, *channel]


async def _played(tx: Tx, moves: Sequence[StartMove]) -> set[tuple[Any, ...]]:
    """The played marks of the dailies among ``moves`` that are there."""
    keys = [(m.game.guild_id, m.game.puzzle_number, m.mark, m.game.variant.boards)
            for m in moves if m.game.kind is Kind.DAILY]
    if not keys:
        return set()
    if _batched(tx, keys):
        rows = await tx.fetch(_PLAYED_MANY, *arrays(keys, 4))
    else:
        rows = [row for key in keys for row in await tx.fetch(_PLAYED_ONE, *key)]
    return {tuple(row) for row in rows}


async def _insert(tx: Tx, games: list[Game]) -> list[int]:
    """Insert ``games``; their ids (fewer if the database refused some)."""
    values = [_values(game) for game in games]
    if not values:
        return []
    if _batched(tx, games):
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


def _way_of(game: Game, known: list[Game | int],
            moves: Sequence[StartMove]) -> Game | int | None:
    """The game in the way of ``game`` among ``known``; of several, the newest (a start of
    this batch, by its index, is newer than any read)."""
    numbered: list[Game | int] = []
    active: list[Game | int] = []
    for other in known:
        seen = moves[other].game if isinstance(other, int) else other
        if (game.kind in (Kind.DAILY, Kind.ARCHIVE) and seen.kind is game.kind
                and (seen.guild_id, seen.owner_id, seen.puzzle_number, seen.variant.boards)
                == (game.guild_id, game.owner_id, game.puzzle_number, game.variant.boards)):
            numbered.append(other)
        if (seen.status is Status.ACTIVE and seen.scope is game.scope
                and (seen.guild_id, seen.channel_id) == (game.guild_id, game.channel_id)
                and (game.scope is Scope.CHANNEL or seen.owner_id == game.owner_id)):
            active.append(other)
    return max(numbered or active, key=lambda other: (1, other) if isinstance(other, int)
               else (0, other.id), default=None)
