"""Reading games and statistics from PostgreSQL (asyncpg records) into the shared records.

A game is read with its guesses in one statement (an array of rows), so one snapshot. The
columns are the shared ones (``models.GAME_COLUMNS``, ``stats.STATS_COLUMN_NAMES``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ..models import GAME_COLUMNS, GameRecord, GuessRecord, GuildSettings

_GUESSES: Final = (
    "ARRAY(SELECT ROW(q.attempt, q.player_id, q.word, q.feedback, q.created_at) "
    "FROM guesses q WHERE q.game_id = g.id ORDER BY q.attempt)"
)
#: Games matching ``{where}`` (on ``games g``), each with its guesses, in id order.
SELECT_GAMES: Final = (
    f"SELECT {', '.join('g.' + c for c in GAME_COLUMNS)}, {_GUESSES} AS guesses "
    "FROM games g WHERE {where} ORDER BY g.id"
)
ACTIVE_OWN: Final = (
    "g.guild_id = $1 AND g.channel_id = $2 AND g.owner_id = $3 "
    "AND g.scope = 'own' AND g.status = 'active'"
)
ACTIVE_CHANNEL: Final = (
    "g.guild_id = $1 AND g.channel_id = $2 AND g.scope = 'channel' AND g.status = 'active'"
)
DAILY: Final = "g.guild_id = $1 AND g.owner_id = $2 AND g.puzzle_number = $3 AND g.kind = 'daily'"


def game_from_row(row: Any) -> GameRecord:
    return GameRecord(
        **{column: row[column] for column in GAME_COLUMNS},
        guesses=tuple(
            GuessRecord(attempt, player, word, feedback, created)
            for attempt, player, word, feedback, created in row["guesses"]
        ),
    )


def guild_settings(guild_id: int, row: Sequence[Any]) -> GuildSettings:
    timezone, channel, hints = row
    return GuildSettings(guild_id, timezone, channel, bool(hints))


async def read_games(conn: Any, where: str, *params: Any) -> list[GameRecord]:
    rows = await conn.fetch(SELECT_GAMES.format(where=where), *params)
    return [game_from_row(row) for row in rows]
