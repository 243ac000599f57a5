"""A server's settings, its daily results and the post that shows them (one per server and
day, edited as results come in and after a player asks to be forgotten)."""

from __future__ import annotations

from datetime import datetime
from typing import Final

from bot.core.domain import Status
from bot.core.removed_words import Removal
from bot.core.stats import DailyResult, consecutive_days

from .database import Database, Row, Tx, marks, maybe_moment, moment
from .models import SETTINGS_COLUMNS, UNSET, DailyPostBehind, GuildSettings, Unset

_SETTINGS: Final = ", ".join(SETTINGS_COLUMNS)
#: A day's finished dailies in a server.
_DAY: Final = ("FROM games g WHERE g.guild_id = $1 AND g.puzzle_number = $2 "
               "AND g.kind = 'daily' AND g.status <> 'active'")
#: The servers' days from puzzle ``$1`` on whose results post shows fewer results than the day
#: has finished dailies (or that have no post, or only a claim to make one), with the channel
#: of the day's last finish, where a post goes when the server set no results channel.
#: Personal dailies (server 0) have no post.
_POSTS_BEHIND: Final = (
    "SELECT g.guild_id, g.puzzle_number, count(*), (SELECT l.channel_id FROM games l "
    "WHERE l.guild_id = g.guild_id AND l.puzzle_number = g.puzzle_number AND l.kind = 'daily' "
    "AND l.status <> 'active' ORDER BY l.finished_at DESC, l.id DESC LIMIT 1) FROM games g "
    "WHERE g.kind = 'daily' AND g.status <> 'active' AND g.guild_id <> 0 "
    "AND g.puzzle_number >= $1 GROUP BY g.guild_id, g.puzzle_number HAVING count(*) > "
    "coalesce((SELECT p.shown FROM daily_posts p WHERE p.guild_id = g.guild_id "
    "AND p.puzzle_number = g.puzzle_number AND p.message_id IS NOT NULL), 0) "
    "ORDER BY g.puzzle_number, g.guild_id"
)
#: The settings row, made where missing, locked and read.
_LOCK_SETTINGS: Final = (
    "INSERT INTO guild_settings (guild_id) VALUES ($1) ON CONFLICT (guild_id) "
    "DO UPDATE SET guild_id = excluded.guild_id RETURNING daily_order_from"
)


def _settings(guild_id: int, row: Row) -> GuildSettings:
    timezone, channel, hints, dailies, order_from, held_day, held_until, *rest = row
    language, length, races = rest
    return GuildSettings(guild_id, timezone, channel, bool(hints), bool(dailies), order_from,
                         held_day, maybe_moment(held_until), language, length, bool(races))


#: A server's removed words of one pack (``removed_words``).
_PACK: Final = "guild_id = $1 AND language = $2 AND word_length = $3"


class Settings:
    """Server settings, daily results and their posts (contracts: :class:`bot.storage.Store`)."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        rows = await self._db.fetch(
            f"SELECT {_SETTINGS} FROM guild_settings WHERE guild_id = $1", guild_id)
        return _settings(guild_id, rows[0]) if rows else GuildSettings(guild_id)

    async def update_guild_settings(
        self, guild_id: int, *, timezone: str | Unset = UNSET,
        results_channel_id: int | Unset | None = UNSET,
        hints_in_channel_games: bool | Unset = UNSET, hints_in_dailies: bool | Unset = UNSET,
        held_day: int | Unset | None = UNSET, held_until: datetime | Unset | None = UNSET,
        language: str | Unset | None = UNSET, word_length: int | Unset | None = UNSET,
        hints_in_races: bool | Unset = UNSET,
    ) -> GuildSettings:
        given = dict(timezone=timezone, results_channel_id=results_channel_id,
                     hints_in_channel_games=hints_in_channel_games,
                     hints_in_dailies=hints_in_dailies, held_day=held_day,
                     held_until=held_until, language=language, word_length=word_length,
                     hints_in_races=hints_in_races)
        changes = {name: value for name, value in given.items() if not isinstance(value, Unset)}
        columns = list(changes)  # only these fixed names: never text from outside
        assignments = (", ".join(f"{c} = excluded.{c}" for c in columns)
                       or "guild_id = excluded.guild_id")
        sql = (f"INSERT INTO guild_settings ({', '.join(['guild_id', *columns])}) "
               f"VALUES ({marks(1, len(columns) + 1)}) "
               f"ON CONFLICT (guild_id) DO UPDATE SET {assignments} RETURNING {_SETTINGS}")

        async def work(tx: Tx) -> GuildSettings:
            row = await tx.fetchrow(sql, guild_id, *changes.values())
            assert row is not None
            return _settings(guild_id, row)

        return await self._db.transaction(work)

    async def settle_daily_order(self, guild_id: int, today: int) -> int:

        async def work(tx: Tx) -> int:
            row = await tx.fetchrow(_LOCK_SETTINGS, guild_id)
            if row is not None and row[0] is not None:
                return int(row[0])
            # The first day from today on that nobody on the server has started a daily (a
            # forgotten player's played mark counts too).
            started = [r[0] for r in await tx.fetch(
                "SELECT max(puzzle_number) FROM games WHERE guild_id = $1 AND kind = 'daily' "
                "UNION ALL SELECT max(puzzle_number) FROM played_dailies WHERE guild_id = $1",
                guild_id) if r[0] is not None]
            first = max([today, *(n + 1 for n in started)])
            await tx.execute("UPDATE guild_settings SET daily_order_from = $2 "
                             "WHERE guild_id = $1", guild_id, first)
            return first

        return await self._db.transaction(work)

    async def daily_results(self, guild_id: int, puzzle_number: int) -> list[DailyResult]:
        rows = await self._db.fetch(
            "SELECT g.owner_id, g.status, (SELECT count(*) FROM guesses q "
            "WHERE q.game_id = g.id), g.hard_mode, g.finished_at, EXISTS (SELECT 1 FROM hints h "
            f"WHERE h.game_id = g.id), g.boards {_DAY} ORDER BY g.finished_at, g.id",
            guild_id, puzzle_number)
        return [DailyResult(r[0], Status(r[1]), int(r[2]), bool(r[3]), moment(r[4]), bool(r[5]),
                            int(r[6])) for r in rows]

    async def server_streak(self, guild_id: int, today: int) -> int:
        rows = await self._db.fetch(
            "SELECT DISTINCT puzzle_number FROM games WHERE guild_id = $1 AND kind = 'daily' "
            "AND status = 'won' AND puzzle_number <= $2", guild_id, today)
        return consecutive_days((r[0] for r in rows), today)

    async def daily_post(self, guild_id: int, puzzle_number: int) -> tuple[int, int] | None:
        row = await self._db.fetch(
            "SELECT channel_id, message_id FROM daily_posts WHERE guild_id = $1 "
            "AND puzzle_number = $2 AND message_id IS NOT NULL", guild_id, puzzle_number)
        return (row[0][0], row[0][1]) if row else None

    async def set_daily_post(self, guild_id: int, puzzle_number: int, channel_id: int,
                             message_id: int) -> None:

        async def work(tx: Tx) -> None:
            await tx.execute(
                "INSERT INTO daily_posts (guild_id, puzzle_number, channel_id, message_id) "
                "VALUES ($1, $2, $3, $4) ON CONFLICT (guild_id, puzzle_number) DO UPDATE "
                "SET channel_id = excluded.channel_id, message_id = excluded.message_id",
                guild_id, puzzle_number, channel_id, message_id)
            if tx.dialect == "postgres":  # the claim to make it (postgres/claims.py) is done
                await tx.execute("UPDATE daily_posts SET claimed_by = NULL, claim_expires_at "
                                 "= NULL WHERE guild_id = $1 AND puzzle_number = $2",
                                 guild_id, puzzle_number)

        await self._db.transaction(work)

    async def set_daily_post_shown(self, guild_id: int, puzzle_number: int,
                                   shown: int) -> None:

        async def work(tx: Tx) -> None:
            post = await tx.fetchrow(
                "SELECT shown FROM daily_posts WHERE guild_id = $1 AND puzzle_number = $2 "
                "AND message_id IS NOT NULL FOR UPDATE", guild_id, puzzle_number)
            if post is None:
                return
            results = await tx.fetchrow(f"SELECT count(*) {_DAY}", guild_id, puzzle_number)
            day = int(results[0]) if results else 0
            # Never lowered, never above the day's results; more than that: a forget-me came
            # after they were read, and the post is to be edited again.
            await tx.execute(
                "UPDATE daily_posts SET shown = $3, redo = redo + $4 WHERE guild_id = $1 "
                "AND puzzle_number = $2", guild_id, puzzle_number,
                min(max(int(post[0]), shown), day), int(shown > day))

        await self._db.transaction(work)

    async def daily_posts_behind(self, since: int) -> list[DailyPostBehind]:
        rows = await self._db.fetch(_POSTS_BEHIND, since)
        return [DailyPostBehind(int(r[0]), int(r[1]), int(r[2]), int(r[3])) for r in rows]

    async def daily_posts_to_redo(self) -> list[tuple[int, int, int]]:
        rows = await self._db.fetch("SELECT guild_id, puzzle_number, redo FROM daily_posts "
                                    "WHERE redo > 0 ORDER BY puzzle_number, guild_id")
        return [(int(g), int(n), int(r)) for g, n, r in rows]

    async def daily_post_redone(self, guild_id: int, puzzle_number: int, redo: int) -> None:
        # Cleared only as it was read before the edit: a forget-me meanwhile keeps it marked.
        await self._db.transaction(lambda tx: tx.execute(
            "UPDATE daily_posts SET redo = 0 WHERE guild_id = $1 AND puzzle_number = $2 "
            "AND redo = $3", guild_id, puzzle_number, redo))

    async def removals(self, guild_id: int, language: str, length: int) -> list[Removal]:
        rows = await self._db.fetch(
            f"SELECT word, removed_from, restored_from FROM removed_words WHERE {_PACK} "
            "ORDER BY word, removed_from", guild_id, language, length)
        return [Removal(*row) for row in rows]

    async def save_removal(self, guild_id: int, language: str, length: int,
                           removal: Removal) -> None:
        await self._db.transaction(lambda tx: tx.execute(
            "INSERT INTO removed_words (guild_id, language, word_length, word, removed_from, "
            "restored_from) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (guild_id, language, "
            "word_length, word, removed_from) DO UPDATE SET restored_from = "
            "excluded.restored_from", guild_id, language, length, removal.word,
            removal.removed_from, removal.restored_from))

    async def drop_removal(self, guild_id: int, language: str, length: int,
                           removal: Removal) -> None:
        await self._db.transaction(lambda tx: tx.execute(
            f"DELETE FROM removed_words WHERE {_PACK} AND word = $4 AND removed_from = $5",
            guild_id, language, length, removal.word, removal.removed_from))
