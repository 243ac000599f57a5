""""Forget me": delete everything about a player, keeping only anonymous marks that bind
them to the rules (a challenge they set, the dailies they started, the races they were in; see
``rules.player_mark``)."""

from __future__ import annotations

from typing import Any, Final

import aiosqlite

from .. import rules, validation
from ..models import ForgetReport
from .writer import Core

#: Lower the ``shown`` of each post by the player's finished dailies of its day (never below
#: 0), and mark it to be edited (``redo``, migration 0013; even one whose ``shown`` is 0, which
#: may have gone out with them just before): the process that runs its server edits it
#: without them, at once if it took the forget-me, else within a minute.
#: (The days' posts are found by their key from the player's games, not by a scan of them all.)
LOWER_SHOWN: Final = """
    UPDATE daily_posts SET shown = max(0, shown - (
        SELECT count(*) FROM games g
        WHERE g.owner_id = ?1 AND g.kind = 'daily' AND g.status <> 'active'
          AND g.guild_id = daily_posts.guild_id AND g.puzzle_number = daily_posts.puzzle_number)),
        redo = redo + 1
    WHERE (guild_id, puzzle_number) IN (
        SELECT guild_id, puzzle_number FROM games
        WHERE owner_id = ?1 AND kind = 'daily' AND status <> 'active')
"""


class Privacy(Core):
    async def forget_player(self, player_id: int) -> ForgetReport:
        validation.check_id("player_id", player_id)
        mark = rules.player_mark(self._key, player_id)
        report: ForgetReport = await self._write(lambda conn: _forget(conn, player_id, mark))
        return report


async def _forget(conn: aiosqlite.Connection, player_id: int, mark: str) -> ForgetReport:
    if not conn.in_transaction:
        # It counts before it deletes: take the write lock before the first count.
        await conn.execute("BEGIN IMMEDIATE")

    async def count(sql: str, *params: Any) -> int:
        return int(next(iter(await conn.execute_fetchall(sql, params)))[0])

    async def change(sql: str, *params: Any) -> int:
        return (await conn.execute(sql, params)).rowcount

    own = "SELECT id FROM games WHERE owner_id = ?"
    # Counted before deleting: rows removed by ON DELETE CASCADE are not in rowcount.
    guesses_deleted = await count(
        f"SELECT count(*) FROM guesses WHERE game_id IN ({own})", player_id
    )
    hints_deleted = await count(
        f"SELECT count(*) FROM hints WHERE player_id = ? OR game_id IN ({own})",
        player_id,
        player_id,
    )
    # A daily, once started, stays played (forgetting must not reopen it).
    await change(
        "INSERT OR IGNORE INTO played_dailies (guild_id, puzzle_number, player_mark) "
        "SELECT guild_id, puzzle_number, ? FROM games WHERE owner_id = ? AND kind = 'daily'",
        mark,
        player_id,
    )
    # Their finished dailies leave their days' posts: the posts no longer count them as
    # shown, so the day's next finish still leaves the day behind if it is lost to a crash.
    await change(LOWER_SHOWN, player_id)
    await change("DELETE FROM hints WHERE player_id = ?", player_id)
    games_deleted = await change("DELETE FROM games WHERE owner_id = ?", player_id)
    anonymised = await change("UPDATE guesses SET player_id = NULL WHERE player_id = ?", player_id)
    games_anonymised = await change(
        "UPDATE games SET "
        "solved_by = CASE WHEN solved_by = ?1 THEN NULL ELSE solved_by END, "
        "setter_mark = CASE WHEN setter_id = ?1 THEN ?2 ELSE setter_mark END, "
        "setter_id = CASE WHEN setter_id = ?1 THEN NULL ELSE setter_id END "
        "WHERE solved_by = ?1 OR setter_id = ?1",
        player_id,
        mark,
    )
    stats_deleted = await change("DELETE FROM player_stats WHERE player_id = ?", player_id)
    prefs_deleted = await change("DELETE FROM player_prefs WHERE player_id = ?", player_id)
    # Their race boards go (guesses and hints with them); a race they started stays. A race
    # they were in keeps their mark: they cannot join it again with a fresh board.
    await change("INSERT OR IGNORE INTO race_marks (race_id, player_mark) "
                 "SELECT race_id, ? FROM race_players WHERE player_id = ?", mark, player_id)
    race_boards = await change("DELETE FROM race_players WHERE player_id = ?", player_id)
    await change("UPDATE races SET starter_id = NULL WHERE starter_id = ?", player_id)
    return ForgetReport(
        games_deleted=games_deleted,
        guesses_deleted=guesses_deleted,
        guesses_anonymised=anonymised,
        games_anonymised=games_anonymised,
        hints_deleted=hints_deleted,
        stats_deleted=stats_deleted,
        prefs_deleted=prefs_deleted,
        race_boards_deleted=race_boards,
    )
