"""What both stores ask of the daily results posts (one text, ``?`` placeholders: PostgreSQL's
store numbers them)."""

from __future__ import annotations

from typing import Final

#: The servers' days from puzzle ``?`` on whose results post shows fewer results than the day
#: has finished dailies (or that have no post: none yet, or only PostgreSQL's claim), with the
#: channel of the day's last finish, where a post goes when the server set no results channel.
#: Personal dailies (server 0) have no post.
POSTS_BEHIND: Final = """
    SELECT g.guild_id, g.puzzle_number, count(*) AS results,
           (SELECT l.channel_id FROM games l
            WHERE l.guild_id = g.guild_id AND l.puzzle_number = g.puzzle_number
              AND l.kind = 'daily' AND l.status <> 'active'
            ORDER BY l.finished_at DESC, l.id DESC LIMIT 1)
    FROM games g
    WHERE g.kind = 'daily' AND g.status <> 'active' AND g.guild_id <> 0
      AND g.puzzle_number >= ?
    GROUP BY g.guild_id, g.puzzle_number
    HAVING count(*) > coalesce((SELECT p.shown FROM daily_posts p
                                WHERE p.guild_id = g.guild_id
                                  AND p.puzzle_number = g.puzzle_number
                                  AND p.message_id IS NOT NULL), 0)
    ORDER BY g.puzzle_number, g.guild_id
"""

#: The finished dailies of the day of the ``daily_posts`` row being updated: a post's count of
#: results shown is never set above it (a pass that read a result a forget-me deleted since
#: would otherwise undo the forget's lowering).
DAY_RESULTS: Final = (
    "(SELECT count(*) FROM games g WHERE g.guild_id = daily_posts.guild_id "
    "AND g.puzzle_number = daily_posts.puzzle_number AND g.kind = 'daily' "
    "AND g.status <> 'active')"
)

#: The results posts marked to be edited again after a forget-me (index ``daily_posts_redo``).
POSTS_TO_REDO: Final = (
    "SELECT guild_id, puzzle_number, redo FROM daily_posts WHERE redo > 0 "
    "ORDER BY puzzle_number, guild_id"
)
#: Clear a post's mark, only as it was read before its edit.
POST_REDONE: Final = (
    "UPDATE daily_posts SET redo = 0 WHERE guild_id = ? AND puzzle_number = ? AND redo = ?"
)
