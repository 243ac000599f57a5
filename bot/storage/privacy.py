""""Forget me": everything about one player, in every server, deleted in one transaction.
Their guesses in channel games stay, anonymised; an anonymous mark of the challenges they set,
the dailies they started and the races they were in stays, so the rules still bind them.
"""

from __future__ import annotations

from typing import Final

from . import racing
from .database import Database, Tx, player_mark
from .models import ForgetReport

_LOWER_SHOWN: Final = (
    "UPDATE daily_posts SET shown = CASE WHEN shown > f.n THEN shown - f.n ELSE 0 END, "
    "redo = redo + 1 FROM (SELECT guild_id, puzzle_number, count(*) AS n FROM games "
    "WHERE owner_id = $1 AND kind = 'daily' AND status <> 'active' "
    "GROUP BY guild_id, puzzle_number) AS f WHERE daily_posts.guild_id = f.guild_id "
    "AND daily_posts.puzzle_number = f.puzzle_number AND daily_posts.message_id IS NOT NULL"
)
_OWN: Final = "SELECT id FROM games WHERE owner_id = $1"


class Privacy:
    def __init__(self, db: Database, key: bytes) -> None:
        self._db = db
        self._key = key

    async def forget_player(self, player_id: int) -> ForgetReport:
        mark = player_mark(self._key, player_id)
        return await self._db.transaction(lambda tx: _forget(tx, player_id, mark))


async def _forget(tx: Tx, player_id: int, mark: str) -> ForgetReport:
    async def count(sql: str) -> int:
        row = await tx.fetchrow(sql, player_id)
        return int(row[0]) if row else 0

    async def change(sql: str, *more: object) -> int:
        return await tx.execute(sql, player_id, *more)

    # Their games first (id order), like every move, then their race boards' races.
    await tx.fetch("SELECT id FROM games WHERE owner_id = $1 OR solved_by = $1 "
                   "OR setter_id = $1 ORDER BY id FOR UPDATE", player_id)
    await tx.fetch("SELECT id FROM races WHERE starter_id = $1 OR id IN (SELECT race_id "
                   "FROM race_players WHERE player_id = $1) ORDER BY id FOR UPDATE", player_id)
    await change(_LOWER_SHOWN)
    # Counted before deleting: rows removed by ON DELETE CASCADE are not counted as changed.
    guesses = await count(f"SELECT count(*) FROM guesses WHERE game_id IN ({_OWN})")
    hints = await count("SELECT count(*) FROM hints WHERE player_id = $1 "
                        f"OR game_id IN ({_OWN})")
    # A daily, once started, stays played (forgetting must not reopen it).
    await change("INSERT INTO played_dailies (guild_id, puzzle_number, player_mark, boards) "
                 "SELECT guild_id, puzzle_number, $2, boards FROM games WHERE owner_id = $1 "
                 "AND kind = 'daily' ON CONFLICT DO NOTHING", mark)
    await change("DELETE FROM hints WHERE player_id = $1")
    games = await change("DELETE FROM games WHERE owner_id = $1")
    anonymised = await change("UPDATE guesses SET player_id = NULL WHERE player_id = $1")
    games_anonymised = await change(
        "UPDATE games SET solved_by = CASE WHEN solved_by = $1 THEN NULL ELSE solved_by END, "
        "setter_mark = CASE WHEN setter_id = $1 THEN $2 ELSE setter_mark END, "
        "setter_id = CASE WHEN setter_id = $1 THEN NULL ELSE setter_id END "
        "WHERE solved_by = $1 OR setter_id = $1", mark)
    stats = await change("DELETE FROM player_stats WHERE player_id = $1")
    prefs = await change("DELETE FROM player_prefs WHERE player_id = $1")
    # Their race boards go (guesses and hints with them); a race they started stays. A race
    # they were in keeps their mark: they cannot join it again with a fresh board. The places
    # of those that are over are those of the players left.
    raced = [row[0] for row in await tx.fetch(
        "SELECT race_id FROM race_players WHERE player_id = $1", player_id)]
    await change("INSERT INTO race_marks (race_id, player_mark) SELECT race_id, $2 FROM "
                 "race_players WHERE player_id = $1 ON CONFLICT DO NOTHING", mark)
    boards = await change("DELETE FROM race_players WHERE player_id = $1")
    await racing.placed_again(tx, raced)
    await change("UPDATE races SET starter_id = NULL WHERE starter_id = $1")
    return ForgetReport(games_deleted=games, guesses_deleted=guesses,
                        guesses_anonymised=anonymised, games_anonymised=games_anonymised,
                        hints_deleted=hints, stats_deleted=stats, prefs_deleted=prefs,
                        race_boards_deleted=boards)
