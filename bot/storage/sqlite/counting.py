"""Games ending: counting them in the statistics and marking them finished, in SQL, for a
whole batch at once (``stats.record_result`` / ``record_daily_result`` are the reference the
SQL is tested against)."""

from __future__ import annotations

from typing import Any, Final

from ..batching import Guess
from ..stats import MAX_ATTEMPTS, STATS_COLUMNS
from .sql import may_give_up

#: The games that end now, one row per ending (``:ends``, a JSON array of
#: :func:`ending` objects), in order.
_ENDING: Final = (
    "SELECT key AS position, json_extract(value, '$.game') AS game, "
    "json_extract(value, '$.finish') AS finish, json_extract(value, '$.created') AS created, "
    "json_extract(value, '$.day') AS day, json_extract(value, '$.attempt') AS attempt, "
    "json_extract(value, '$.player') AS player, json_extract(value, '$.word') AS word, "
    "json_extract(value, '$.mark') AS mark "
    "FROM json_each(:ends)"
)


def ending(g: Guess | None = None, **given_up: Any) -> dict[str, Any]:
    """One ending for :data:`COUNT` and :data:`END_GAMES`: a guess that ends its game, or
    a give-up (``game``, ``player``, ``mark``, ``created``, ``day``)."""
    if g is None:
        return {"attempt": None, "word": None, "finish": "given_up", **given_up}
    return {
        "game": g.game_id,
        "finish": g.finish,
        "created": g.created,
        "attempt": g.attempt,
        "player": g.player_id,
        "word": g.word,
        "day": g.day,
        "mark": None,
    }


def _ends(t: str) -> str:
    """Whether ending ``e`` applies to game ``t``: either the very guess that ends it is in
    it (inserted just before, in the same batch: only that batch can see the game active
    with it) or, for a give-up (no attempt), the player may give it up. Statistics are
    counted *before* the game is marked finished, under the same condition, so each ending
    is counted exactly once."""
    return (
        f"{t}.id = e.game AND {t}.status = 'active' AND CASE WHEN e.attempt IS NULL "
        f"THEN {may_give_up(t, 'e.player', 'e.mark')} "
        f"ELSE EXISTS (SELECT 1 FROM guesses q WHERE q.game_id = {t}.id "
        "AND q.attempt = e.attempt AND q.player_id = e.player AND q.word = e.word "
        "AND q.created_at = e.created) END"
    )


_DIST: Final = ", ".join(f"won AND attempts = {n} AS d{n}" for n in range(1, MAX_ATTEMPTS + 1))
_ADD_DIST: Final = ", ".join(
    f"dist_{n} = dist_{n} + excluded.dist_{n}" for n in range(1, MAX_ATTEMPTS + 1)
)
#: Count the games ending now in the statistics, in one statement. A practice or channel
#: game counts for its owner, or for everyone (not forgotten) who guessed in it
#: (``domain.counted_players``; a setter cannot guess); its streak is consecutive wins. A
#: daily's streaks are worked out from the player's finished dailies plus those ending now:
#: runs of consecutive won days (day minus its rank among won days is constant along a run);
#: the current streak is the run ending on the latest finished day (none if that day was not
#: won). Rows go in ending order; in ``DO UPDATE`` bare column names are the old values.
COUNT: Final = (
    f"INSERT INTO player_stats (guild_id, player_id, mode, {STATS_COLUMNS}) "
    f"WITH e AS ({_ENDING}), "
    "ended AS (SELECT e.position, e.day, g.id, g.guild_id, g.owner_id, g.scope, g.kind, "
    "g.puzzle_number, e.finish = 'won' AS won, "
    "(SELECT count(*) FROM guesses c WHERE c.game_id = g.id) AS attempts "
    f"FROM e JOIN games g ON {_ends('g')}), "
    "results AS (SELECT DISTINCT x.position, x.guild_id AS guild, "
    "coalesce(p.player_id, x.owner_id) AS player, "
    "CASE WHEN x.kind = 'archive' THEN 'archive' WHEN x.scope = 'own' THEN 'practice' "
    "ELSE 'channel' END AS mode, x.won, x.attempts, "
    "x.day FROM ended x LEFT JOIN guesses p ON p.game_id = x.id AND x.scope = 'channel' "
    "AND p.player_id IS NOT NULL "
    "WHERE x.kind <> 'daily' AND (x.scope = 'own' OR p.player_id IS NOT NULL)), "
    "dailies AS (SELECT position, guild_id AS guild, owner_id AS player, puzzle_number AS "
    "number, won, attempts, day FROM ended WHERE kind = 'daily'), "
    "finished (guild, player, number, won) AS (SELECT d.guild_id, d.owner_id, "
    "d.puzzle_number, d.status = 'won' FROM games d "
    "WHERE d.kind = 'daily' AND d.status <> 'active' "
    "AND (d.guild_id, d.owner_id) IN (SELECT guild, player FROM dailies) "
    "UNION ALL SELECT guild, player, number, won FROM dailies), "
    "runs (guild, player, length, last) AS (SELECT guild, player, count(*), max(number) "
    "FROM (SELECT guild, player, number, number - row_number() OVER "
    "(PARTITION BY guild, player ORDER BY number) AS island FROM finished WHERE won) "
    "GROUP BY guild, player, island), "
    "streaks (guild, player, current, best, last_win) AS (SELECT l.guild, l.player, "
    "coalesce(r.length, 0), (SELECT coalesce(max(b.length), 0) FROM runs b "
    "WHERE b.guild = l.guild AND b.player = l.player), r.last "
    "FROM (SELECT guild, player, max(number) AS latest FROM finished GROUP BY guild, player) l "
    "LEFT JOIN runs r ON r.guild = l.guild AND r.player = l.player AND r.last = l.latest) "
    f", out AS (SELECT position, guild, player, mode, won, {_DIST}, won AS current, "
    "won AS best, CASE WHEN won THEN day END AS last_win, day FROM results UNION ALL "
    f"SELECT a.position, a.guild, a.player, 'daily', a.won, {_DIST}, s.current, s.best, "
    "s.last_win, a.day FROM dailies a JOIN streaks s "
    "ON s.guild = a.guild AND s.player = a.player) "
    "SELECT guild, player, mode, 1, won, d1, d2, d3, d4, d5, d6, current, best, last_win, "
    "day FROM out WHERE true ORDER BY position "
    "ON CONFLICT (guild_id, player_id, mode) DO UPDATE SET "
    f"played = played + 1, wins = wins + excluded.wins, {_ADD_DIST}, "
    "current_streak = CASE WHEN excluded.mode = 'daily' THEN excluded.current_streak "
    "WHEN excluded.wins THEN current_streak + 1 ELSE 0 END, "
    "max_streak = CASE WHEN excluded.mode = 'daily' THEN excluded.max_streak "
    "ELSE max(max_streak, CASE WHEN excluded.wins THEN current_streak + 1 ELSE 0 END) END, "
    "last_win_day = CASE WHEN excluded.mode = 'daily' OR excluded.wins "
    "THEN excluded.last_win_day ELSE last_win_day END, "
    "last_played_day = excluded.last_played_day"
)
#: Then the games are marked finished (same condition), never before their last guess.
END_GAMES: Final = (
    "UPDATE games SET status = e.finish, finished_at = max(e.created, coalesce("
    "(SELECT max(q.created_at) FROM guesses q WHERE q.game_id = games.id), e.created)), "
    f"solved_by = CASE WHEN e.finish = 'won' THEN e.player END FROM ({_ENDING}) AS e "
    f"WHERE {_ends('games')}"
)
