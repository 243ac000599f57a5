"""Reading games and statistics rows from PostgreSQL (asyncpg records) into the shared records.

A game is read with its guesses in one statement (an array of rows), so one snapshot.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ..models import GameRecord, GuessRecord, GuildSettings
from ..stats import StatsRow

GAME_COLUMNS: Final = (
    "id",
    "guild_id",
    "channel_id",
    "owner_id",
    "scope",
    "kind",
    "puzzle_number",
    "answer",
    "hard_mode",
    "status",
    "setter_id",
    "solved_by",
    "created_at",
    "finished_at",
    "setter_mark",
)
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
STATS_COLUMNS: Final = (
    "played",
    "wins",
    "dist_1",
    "dist_2",
    "dist_3",
    "dist_4",
    "dist_5",
    "dist_6",
    "current_streak",
    "max_streak",
    "last_win_day",
    "last_played_day",
)


def game_from_row(row: Any) -> GameRecord:
    return GameRecord(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        owner_id=row["owner_id"],
        scope=row["scope"],
        kind=row["kind"],
        puzzle_number=row["puzzle_number"],
        answer=row["answer"],
        hard_mode=bool(row["hard_mode"]),
        status=row["status"],
        setter_id=row["setter_id"],
        solved_by=row["solved_by"],
        created_at=row["created_at"],
        finished_at=row["finished_at"],
        setter_mark=row["setter_mark"],
        guesses=tuple(
            GuessRecord(attempt, player, word, feedback, created)
            for attempt, player, word, feedback, created in row["guesses"]
        ),
    )


def stats_row(row: Sequence[Any]) -> StatsRow:
    return StatsRow(
        played=row[0],
        wins=row[1],
        distribution=tuple(row[2:8]),
        current_streak=row[8],
        max_streak=row[9],
        last_win_day=row[10],
        last_played_day=row[11],
    )


def guild_settings(guild_id: int, row: Sequence[Any]) -> GuildSettings:
    timezone, channel, hints = row
    return GuildSettings(guild_id, timezone, channel, bool(hints))


async def read_games(conn: Any, where: str, *params: Any) -> list[GameRecord]:
    rows = await conn.fetch(SELECT_GAMES.format(where=where), *params)
    return [game_from_row(row) for row in rows]
