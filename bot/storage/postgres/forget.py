"""Forget-me on PostgreSQL: everything about one player, in every server, in one transaction.

Their own games (with guesses and hints), their statistics and hints go. In channel games their
guesses stay, anonymised (player NULL), and they are removed as solver or setter; what is
kept is an anonymous mark (``rules.player_mark``) of the challenges they set, the dailies they
started and the races they were in, so they stay bound by the rules. Their finished dailies
leave the count of results their days' posts show (``daily_posts.shown``, never below 0;
claims, with no message yet, show nothing): else the day's next finish would bring the count
back to it, and a finish lost to a crash would never reach the post. The post still shows them
until its next edit: the post is marked (``redo``, migration 0013; even one whose ``shown`` is
0, which may have gone out with them just before), and the process that runs its server edits
it without them, at once if it took the forget-me, else within a minute.
"""

from __future__ import annotations

from typing import Any, Final

from ..models import ForgetReport

_LOWER_SHOWN: Final = """
    UPDATE daily_posts p
    SET shown = GREATEST(0, p.shown - f.finished), redo = p.redo + 1
    FROM (SELECT guild_id, puzzle_number, count(*) AS finished FROM games
          WHERE owner_id = $1 AND kind = 'daily' AND status <> 'active'
          GROUP BY guild_id, puzzle_number) f
    WHERE p.guild_id = f.guild_id AND p.puzzle_number = f.puzzle_number
      AND p.message_id IS NOT NULL
"""


async def forget(conn: Any, player_id: int, mark: str) -> ForgetReport:
    own = "SELECT id FROM games WHERE owner_id = $1"
    # Lock the player's games first (id order), like every other writer.
    await conn.execute(
        "SELECT id FROM games WHERE owner_id = $1 OR solved_by = $1 OR setter_id = $1 "
        "ORDER BY id FOR UPDATE",
        player_id,
    )
    await conn.execute(_LOWER_SHOWN, player_id)  # (no daily of theirs can finish meanwhile)
    guesses_deleted = await conn.fetchval(
        f"SELECT count(*) FROM guesses WHERE game_id IN ({own})", player_id
    )
    hints_deleted = await conn.fetchval(
        f"SELECT count(*) FROM hints WHERE player_id = $1 OR game_id IN ({own})", player_id
    )

    async def change(sql: str, *more: Any) -> int:
        return int((await conn.execute(sql, player_id, *more)).split()[-1])

    # A daily, once started, stays played (forgetting must not reopen it).
    await change(
        "INSERT INTO played_dailies (guild_id, puzzle_number, player_mark) "
        "SELECT guild_id, puzzle_number, $2 FROM games WHERE owner_id = $1 AND kind = 'daily' "
        "ON CONFLICT DO NOTHING",
        mark,
    )
    await change("DELETE FROM hints WHERE player_id = $1")
    games_deleted = await change("DELETE FROM games WHERE owner_id = $1")
    anonymised = await change("UPDATE guesses SET player_id = NULL WHERE player_id = $1")
    games_anonymised = await change(
        "UPDATE games SET "
        "solved_by = CASE WHEN solved_by = $1 THEN NULL ELSE solved_by END, "
        "setter_mark = CASE WHEN setter_id = $1 THEN $2 ELSE setter_mark END, "
        "setter_id = CASE WHEN setter_id = $1 THEN NULL ELSE setter_id END "
        "WHERE solved_by = $1 OR setter_id = $1",
        mark,
    )
    stats_deleted = await change("DELETE FROM player_stats WHERE player_id = $1")
    prefs_deleted = await change("DELETE FROM player_prefs WHERE player_id = $1")
    # Their race boards go (guesses and hints with them); a race they started stays. The
    # races are locked first (id order), as every race write starts with its race.
    await conn.execute("SELECT id FROM races WHERE starter_id = $1 OR id IN (SELECT race_id "
                       "FROM race_players WHERE player_id = $1) ORDER BY id FOR UPDATE",
                       player_id)
    # A race they were in keeps their mark: they cannot join it again with a fresh board.
    await change("INSERT INTO race_marks (race_id, player_mark) SELECT race_id, $2 FROM "
                 "race_players WHERE player_id = $1 ON CONFLICT DO NOTHING", mark)
    race_boards = await change("DELETE FROM race_players WHERE player_id = $1")
    await change("UPDATE races SET starter_id = NULL WHERE starter_id = $1")
    return ForgetReport(
        games_deleted=games_deleted,
        guesses_deleted=int(guesses_deleted),
        guesses_anonymised=anonymised,
        games_anonymised=games_anonymised,
        hints_deleted=int(hints_deleted),
        stats_deleted=stats_deleted,
        prefs_deleted=prefs_deleted,
        race_boards_deleted=race_boards,
    )
