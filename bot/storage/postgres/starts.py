"""The games a write batch starts, in a few statements, each with the outcome it would have
alone (:class:`bot.storage.new_games.StartMove`): read the games in the way and the played
dailies, decide each start in order, insert. If the database refuses one (a race in its
channel), the batch runs one transaction at a time, where that start is told why."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Final

from bot.core.domain import Kind, Scope, Status
from bot.core.game import Game

from ..database import Outcome, Tx
from ..errors import DailyPlayed, GameExists, StorageError
from ..games import games_by_ids, games_from_rows
from ..new_games import NEW_GAME_COLUMNS, StartMove, new_game_values

#: The games in the way of the starts, each looked up in its own unique index (the ``LIMIT``
#: keeps each a lookup the planner does not merge), locked in id order.
_IN_THE_WAY: Final = (
    "WITH w AS (SELECT ARRAY(SELECT x.id FROM unnest($1::bigint[], $2::bigint[], $3::integer[], "
    "$12::smallint[]) AS k(guild, owner, day, boards), LATERAL (SELECT id FROM games WHERE "
    "kind = 'daily' AND guild_id = k.guild AND owner_id = k.owner AND puzzle_number = k.day "
    "AND boards = k.boards LIMIT 1) x "
    "UNION ALL SELECT x.id FROM unnest($4::bigint[], $5::bigint[], $6::integer[]) AS "
    "k(guild, owner, day), LATERAL (SELECT id FROM games WHERE kind = 'archive' AND guild_id = "
    "k.guild AND owner_id = k.owner AND puzzle_number = k.day LIMIT 1) x "
    "UNION ALL SELECT x.id FROM unnest($7::bigint[], $8::bigint[], $9::bigint[]) AS "
    "k(guild, channel, owner), LATERAL (SELECT id FROM games WHERE scope = 'own' AND status = "
    "'active' AND guild_id = k.guild AND channel_id = k.channel AND owner_id = k.owner LIMIT 1) x "
    "UNION ALL SELECT x.id FROM unnest($10::bigint[], $11::bigint[]) AS k(guild, channel), "
    "LATERAL (SELECT id FROM games WHERE scope = 'channel' AND status = 'active' AND "
    "guild_id = k.guild AND channel_id = k.channel LIMIT 1) x) AS ids) "
    + games_by_ids("(SELECT ids FROM w)::bigint[]")
    + " FOR UPDATE OF g"  # a move ending one of them is waited for, and its end seen
)
_PLAYED: Final = (
    "SELECT guild_id, puzzle_number, player_mark, boards FROM played_dailies WHERE "
    "(guild_id, puzzle_number, player_mark, boards) IN "
    "(SELECT * FROM unnest($1::bigint[], $2::integer[], $3::text[], $4::smallint[]))"
)
_TYPES: Final = {"guild_id": "bigint", "channel_id": "bigint", "owner_id": "bigint",
                 "scope": "text", "kind": "text", "puzzle_number": "integer", "answer": "text",
                 "hard_mode": "boolean", "setter_id": "bigint", "created_at": "timestamptz",
                 "word_length": "smallint", "attempts": "smallint", "language": "text",
                 "boards": "smallint", "more_answers": "text"}
_COLUMNS: Final = ", ".join(NEW_GAME_COLUMNS)
#: The games in the order given; ids are handed out in that order.
_INSERT: Final = (
    f"INSERT INTO games ({_COLUMNS}) SELECT {_COLUMNS} FROM unnest("
    + ", ".join(f"${n}::{_TYPES[c]}[]" for n, c in enumerate(NEW_GAME_COLUMNS, start=1))
    + f") WITH ORDINALITY AS v({_COLUMNS}, n) ORDER BY n RETURNING id"
)


class Refused(StorageError):
    """The database refused one of the games (a race in its channel): play them apart."""


async def start_games(tx: Tx, moves: Sequence[StartMove]) -> list[Outcome]:
    """Start ``moves``' games in ``tx``: one outcome each, in order (see the module doc)."""
    found = games_from_rows(await tx.fetch(_IN_THE_WAY, *_keys(moves)))
    played = await _played(tx, moves)
    known: list[Game | int] = list(found)  # an int: the index of a game started here
    blocked: dict[int, int] = {}  # a start's index: the index of the start in its way
    outcomes: list[Outcome] = []
    for index, move in enumerate(moves):
        game = move.game
        way = _in_the_way(game, known, moves)
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
    new = [index for index in range(len(moves)) if outcomes[index][0] is not None]
    if new:
        games = [moves[index].game for index in new]
        values = [new_game_values(g) for g in games]
        ids = await tx.fetch(_INSERT, *([v[n] for v in values]
                                        for n in range(len(NEW_GAME_COLUMNS))))
        if len(ids) != len(new):
            raise Refused("a game was not started")
        for index, (row_id,) in zip(new, sorted(map(tuple, ids)), strict=True):
            outcomes[index] = (replace(moves[index].game, id=row_id), None)
    for index, way in blocked.items():
        outcomes[index] = (None, GameExists(outcomes[way][0]))
    return outcomes


def _keys(moves: Sequence[StartMove]) -> list[list[Any]]:
    """The parameters of :data:`_IN_THE_WAY`."""
    daily: list[tuple[Any, ...]] = []
    archive: list[tuple[Any, ...]] = []
    own: list[tuple[Any, ...]] = []
    channel: list[tuple[Any, ...]] = []
    for move in moves:
        g = move.game
        if g.kind is Kind.DAILY:
            daily.append((g.guild_id, g.owner_id, g.puzzle_number, g.variant.boards))
        elif g.kind is Kind.ARCHIVE:
            archive.append((g.guild_id, g.owner_id, g.puzzle_number))
        if g.scope is Scope.OWN:
            own.append((g.guild_id, g.channel_id, g.owner_id))
        else:
            channel.append((g.guild_id, g.channel_id))
    found = [[key[n] for key in keys] for keys, size in
             ((daily, 3), (archive, 3), (own, 3), (channel, 2)) for n in range(size)]
    return [*found, [key[3] for key in daily]]  # $12: the dailies' boards


async def _played(tx: Tx, moves: Sequence[StartMove]) -> set[tuple[Any, ...]]:
    """The played marks of the dailies among ``moves`` that are there."""
    dailies = [move for move in moves if move.game.kind is Kind.DAILY]
    if not dailies:
        return set()
    rows = await tx.fetch(_PLAYED, [m.game.guild_id for m in dailies],
                          [m.game.puzzle_number for m in dailies], [m.mark for m in dailies],
                          [m.game.variant.boards for m in dailies])
    return {tuple(row) for row in rows}


def _in_the_way(game: Game, known: list[Game | int],
                moves: Sequence[StartMove]) -> Game | int | None:
    """The game in the way of ``game``, as a start alone finds it (:mod:`..new_games`); of
    several, the newest (a start of this run, by its index, is newer than any read)."""
    numbered, active = None, None
    for other in known:
        seen = moves[other].game if isinstance(other, int) else other
        if (game.kind in (Kind.DAILY, Kind.ARCHIVE) and seen.kind is game.kind
                and (seen.guild_id, seen.owner_id, seen.puzzle_number, seen.variant.boards)
                == (game.guild_id, game.owner_id, game.puzzle_number, game.variant.boards)):
            numbered = other if numbered is None or _newer(other, numbered) else numbered
        if (seen.status is Status.ACTIVE and seen.scope is game.scope
                and (seen.guild_id, seen.channel_id) == (game.guild_id, game.channel_id)
                and (game.scope is Scope.CHANNEL or seen.owner_id == game.owner_id)):
            active = other if active is None or _newer(other, active) else active
    return numbered if numbered is not None else active


def _newer(one: Game | int, than: Game | int) -> bool:
    if isinstance(one, int) or isinstance(than, int):
        return isinstance(one, int) and (not isinstance(than, int) or one > than)
    return one.id > than.id
