"""Forget-me and the daily results posts on PostgreSQL: a forgotten player's finished dailies
leave the count their days' posts show, in the forget-me's transaction.

A post records how many results it shows (``daily_posts.shown``), and a restart brings up to
date the days that have more finished dailies than that. Were the forgotten dailies left in
``shown``, the day's next finish would bring the count back to it, and if the bot stopped
before editing the post, that finish would never reach it. So ``shown`` is lowered by the
player's finished dailies of the day (never below 0); the post still shows them until its next
edit, which errs by one edit too many, never one too few. Claims (no message yet) show nothing
and are left alone.
"""

from __future__ import annotations

from typing import Any, Final

from ..models import ForgetReport
from .forget import forget

#: The same locks as :func:`forget` takes first, in the same (id) order: a daily of the player
#: cannot finish between the count below and its deletion.
_LOCK: Final = (
    "SELECT id FROM games WHERE owner_id = $1 OR solved_by = $1 OR setter_id = $1 "
    "ORDER BY id FOR UPDATE"
)
_LOWER_SHOWN: Final = """
    UPDATE daily_posts p SET shown = GREATEST(0, p.shown - f.finished)
    FROM (SELECT guild_id, puzzle_number, count(*) AS finished FROM games
          WHERE owner_id = $1 AND kind = 'daily' AND status <> 'active'
          GROUP BY guild_id, puzzle_number) f
    WHERE p.guild_id = f.guild_id AND p.puzzle_number = f.puzzle_number
      AND p.message_id IS NOT NULL
"""


async def forget_with_posts(conn: Any, player_id: int, mark: str) -> ForgetReport:
    """:func:`forget`, the posts' ``shown`` lowered first for the dailies it deletes."""
    await conn.execute(_LOCK, player_id)
    await conn.execute(_LOWER_SHOWN, player_id)
    return await forget(conn, player_id, mark)
