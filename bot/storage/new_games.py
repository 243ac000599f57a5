"""Starting a game: what stands in its way, then its insert (:mod:`.postgres.starts` starts
several in one go, each with the outcome it has alone)."""

from __future__ import annotations

from collections.abc import Coroutine
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any, Final

from bot.core.domain import Kind, Scope
from bot.core.game import Game
from bot.core.variant import CLASSIC, Variant

from . import racing
from .database import Database, Tx, parts_of, player_mark, utc
from .errors import DailyPlayed, GameExists, RaceExists, StorageError
from .games import ACTIVE_CHANNEL, ACTIVE_OWN, NUMBERED, read_games

#: The columns given when a game is created; the others start at their defaults.
NEW_GAME_COLUMNS: Final = ("guild_id", "channel_id", "owner_id", "scope", "kind",
                           "puzzle_number", "answer", "hard_mode", "setter_id", "created_at",
                           "word_length", "attempts", "language", "boards", "more_answers")
_INSERT_GAME: Final = (
    f"INSERT INTO games ({', '.join(NEW_GAME_COLUMNS)}) "
    f"VALUES ({', '.join(f'${n}' for n in range(1, len(NEW_GAME_COLUMNS) + 1))}) RETURNING id"
)
_PLAYED: Final = ("SELECT 1 FROM played_dailies WHERE guild_id = $1 AND puzzle_number = $2 "
                  "AND player_mark = $3 AND boards = $4")


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
    """One game to start, a write transaction (:func:`_create`; ``mark``: its owner's)."""

    game: Game
    mark: str | None

    def __call__(self, tx: Tx) -> Coroutine[Any, Any, Game]:
        return _create(tx, self.game, self.mark)


def new_game_values(game: Game) -> tuple[Any, ...]:
    """The values of a new game's :data:`NEW_GAME_COLUMNS`."""
    answer, more = parts_of(game.hidden_word)
    return (game.guild_id, game.channel_id, game.owner_id, game.scope.value, game.kind.value,
            game.puzzle_number, answer, game.hard_mode, game.setter_id, game.created_at,
            game.variant.length, game.variant.attempts, game.variant.language,
            game.variant.boards, more)


async def _create(tx: Tx, game: Game, mark: str | None) -> Game:
    """Start ``game``, unless in its way is a daily or archive game of that puzzle, else the
    player's or channel's active game, else the channel's race, or a daily played before."""
    numbered = game.kind in (Kind.DAILY, Kind.ARCHIVE)
    checks: list[tuple[str, tuple[Any, ...]]] = []
    if numbered:
        checks.append((NUMBERED, (game.guild_id, game.owner_id, game.puzzle_number,
                                  game.kind.value, game.variant.boards)))
    if game.scope is Scope.OWN:
        checks.append((ACTIVE_OWN, (game.guild_id, game.channel_id, game.owner_id)))
    else:
        checks.append((ACTIVE_CHANNEL, (game.guild_id, game.channel_id)))
    for where, params in checks:  # locked: a move ending one of them is waited for
        found = await read_games(tx, where, *params, lock=True)
        if found:
            raise GameExists(found[-1])
    if game.scope is Scope.CHANNEL:
        race = await racing.race_in_channel(tx, game.guild_id, game.channel_id)
        if race is not None:
            raise RaceExists(race)
    if game.kind is Kind.DAILY and await tx.fetchrow(_PLAYED, game.guild_id, game.puzzle_number,
                                                     mark, game.variant.boards):
        raise DailyPlayed(game.guild_id, game.puzzle_number or 0)
    row = await tx.fetchrow(_INSERT_GAME, *new_game_values(game))
    if row is None:  # the database's trigger: a race is on in this channel
        raise StorageError("the game could not be started (a race is on in this channel)")
    return replace(game, id=row[0])
