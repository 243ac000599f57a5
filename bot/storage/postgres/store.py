"""The PostgreSQL store: the same calls, results and errors as the SQLite ``Database``.

Usage: ``store = await PostgresStore.open("postgresql://user@host/db")`` ... ``await
store.close()`` (or ``async with await PostgresStore.open(dsn) as store:``).

* An asyncpg pool (``pool_size`` connections). Opening applies the migrations first
  (:mod:`.schema`: one transaction each under an advisory lock) and refuses a newer schema.
* Reads are single statements on any pool connection (a game with its guesses is one
  statement, so one snapshot).
* Guesses and new games are queued and saved in groups: each group is one transaction, up to
  ``writers`` of them at once, and the queue fills while they run, so under load many guesses
  share one commit (:mod:`.writes` says how they lock and decide). A caller is answered only
  after its group committed. A group that fails unexpectedly is rolled back and its jobs are
  run again one per transaction, so only the culprit fails.
* Other writes (give up, hints, settings, posts, forget-me) are one transaction each.
* Deadlocks and serialisation failures (another process won a lock race) are retried.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from datetime import datetime
from types import TracebackType
from typing import Any, Final, TypeVar

import asyncpg

from bot.core.domain import StatsBucket

from .. import rules
from ..batching import Create, Guess
from ..errors import GameExists, StorageError, StorageUnavailable
from ..game_writes import GameWrites
from ..models import (
    DailyResult,
    ForgetReport,
    GameRecord,
    HintRecord,
    Leaderboard,
    Stats,
)
from ..port import Store
from ..stats import STATS_COLUMN_NAMES, board_of, consecutive_days, stats_row, to_stats
from ..validation import (
    check_board,
    check_choice,
    check_day,
    check_hint,
    check_id,
    now_utc,
)
from . import posts, rows, schema, settings, writes
from .archive import ArchiveGames
from .errors import DB_ERRORS as _DB_ERRORS
from .errors import public_error as _public_error
from .forget import forget
from .groupcommit import GroupCommit, Outcome
from .periods import PeriodBoards
from .pool import COMMAND_TIMEOUT, close_pool, make_pool
from .prefs import Prefs
from .races import Races

_T = TypeVar("_T")
#: Tries of a transaction that lost a deadlock or serialisation race.
_RETRIES: Final = 20
_RETRYABLE: Final = (asyncpg.SerializationError, asyncpg.DeadlockDetectedError)


def _retryable(exc: Exception) -> bool:
    """A transaction that lost a race: run it again (a read behind: ``writes.STALE_READ``)."""
    return isinstance(exc, _RETRYABLE) or (
        isinstance(exc, asyncpg.UniqueViolationError)
        and getattr(exc, "constraint_name", None) == writes.STALE_READ
    )


#: ``plan_cache_mode``: asyncpg prepares every statement once per connection; by default the
#: server still plans it again, for its parameters, on its first five runs and goes on doing so
#: whenever that plan looks cheaper than the generic one. Our statements find rows by key or
#: by arrays of keys, and partial indexes are matched by constants in the SQL text, never by
#: parameters: the generic plan is the plan, made once. (``benchmarks/storage.py --warm-up 0``,
#: offered 1,000/s from a cold start: p99 133 ms without it, 75 to 86 ms with it.)
_SETTINGS: Final = {
    "timezone": "UTC",
    "application_name": "wordle-bot",
    "plan_cache_mode": "force_generic_plan",
}
_STATS_SELECT: Final = ", ".join(STATS_COLUMN_NAMES)


class PostgresStore(GameWrites, posts.DailyPosts, settings.Settings, PeriodBoards, Prefs,
                    ArchiveGames, Races):
    """All persistent state of the bot in PostgreSQL. Make one with :meth:`open`."""

    def __init__(self, dsn: str, pool: Any, version: int, writers: int, key: bytes) -> None:
        # Private: use ``await PostgresStore.open(dsn)``.
        self.dsn = schema.redact(dsn)
        self._key = key  # makes forgotten players' marks (rules.player_mark)
        self._pool = pool
        self._version = version
        self._closed = False
        self._busy = 0  # reads and one-off transactions under way: close() lets them finish
        self._idle = asyncio.Event()
        self._commits: GroupCommit[Guess | Create] = GroupCommit(self._save_group, writers)

    # ----------------------------------------------------------------- life cycle

    @classmethod
    async def open(
        cls, dsn: str, *, pool_size: int = 10, writers: int | None = None,
        command_timeout: float = COMMAND_TIMEOUT,
    ) -> PostgresStore:
        """Connect, migrate (see :mod:`.schema`) and make the pool.

        Raises :class:`SchemaTooNew` for a database written by a newer release and
        :class:`MigrationError` if it cannot be brought up to date."""
        if not isinstance(pool_size, int) or pool_size < 1:
            raise ValueError("pool_size must be at least 1")
        settings = dict(_SETTINGS)
        try:
            conn = await asyncpg.connect(dsn, server_settings=settings)
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            raise StorageError(f"cannot connect to {schema.redact(dsn)}: {exc}") from exc
        try:
            version = await schema.migrate(conn, dsn)
        finally:
            await conn.close()
        try:  # the pool's connections can be refused too (too many for the role, say)
            pool = await make_pool(dsn, pool_size, settings, command_timeout)
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as exc:
            raise StorageError(f"cannot open {pool_size} connections to "
                               f"{schema.redact(dsn)}: {exc}") from exc
        try:
            key = bytes(await pool.fetchval("SELECT key FROM store_key"))
        except BaseException:
            await pool.close()
            raise
        return cls(dsn, pool, version, writers or max(1, min(4, pool_size // 2)), key)

    @property
    def schema_version(self) -> int:
        return self._version

    @property
    def closed(self) -> bool:
        return self._closed

    async def close(self) -> None:
        """Finish every write already handed in, then close the pool. Safe to call twice."""
        if self._closed:
            return
        self._closed = True
        try:
            await self._commits.close()
            while self._busy:
                self._idle.clear()
                await self._idle.wait()
        finally:
            await close_pool(self._pool)

    async def __aenter__(self) -> PostgresStore:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    # ----------------------------------------------------------------- plumbing

    def _check_open(self) -> None:
        if self._closed:
            raise StorageError("the database is closed")

    def _start(self) -> None:
        """A read or a transaction begins: refused once closed, waited for by close()."""
        self._check_open()
        self._busy += 1

    def _done(self) -> None:
        self._busy -= 1
        if not self._busy:
            self._idle.set()

    async def _fetch(self, sql: str, *params: Any) -> list[Any]:
        self._start()
        try:
            return list(await self._pool.fetch(sql, *params))
        except _DB_ERRORS as exc:
            raise _public_error(exc) from exc
        finally:
            self._done()

    async def _read_game(self, where: str, *params: Any) -> GameRecord | None:
        self._start()
        try:
            async with self._pool.acquire() as conn:
                games = await rows.read_games(conn, where, *params)
        except _DB_ERRORS as exc:
            raise _public_error(exc) from exc
        finally:
            self._done()
        return games[-1] if games else None

    async def _transaction(self, work: Callable[[Any], Awaitable[_T]]) -> _T:
        """Run ``work(conn)`` in one transaction, retried when it loses a lock race."""
        self._start()
        try:
            return await self._retrying(work)
        finally:
            self._done()

    async def _retrying(self, work: Callable[[Any], Awaitable[_T]]) -> _T:
        # (Also for groups handed in before close(): the pool is closed after them.)
        for attempt in range(_RETRIES):
            try:
                async with self._pool.acquire() as conn, conn.transaction():
                    return await work(conn)
            except asyncpg.PostgresError as exc:
                if not _retryable(exc):
                    raise _public_error(exc) from exc
                if attempt == _RETRIES - 1:
                    raise StorageError(
                        "write failed after many retries, nothing was saved"
                    ) from None
                await asyncio.sleep(random.uniform(0, 0.002 * (attempt + 1)))
            except (OSError, asyncpg.InterfaceError, asyncpg.InternalClientError) as exc:
                # The connection went away or the server did not answer (TimeoutError is an
                # OSError): whether a COMMIT in flight landed is unknown.
                raise StorageUnavailable(
                    f"lost the database connection; the write may not have been saved: "
                    f"{str(exc) or type(exc).__name__}") from exc
        raise AssertionError("not reached")

    async def _write(self, job: Guess | Create) -> Any:
        self._check_open()
        return await self._commits.submit(job)

    async def _save_group(self, jobs: Sequence[Guess | Create]) -> list[Outcome]:
        return await self._retrying(lambda conn: writes.save_batch(conn, jobs, self._key))

    # ----------------------------------------------------------------- games

    async def get_game(self, game_id: int) -> GameRecord | None:
        check_id("game_id", game_id)
        return await self._read_game("g.id = $1", game_id)

    async def active_own_game(
        self, guild_id: int, channel_id: int, owner_id: int
    ) -> GameRecord | None:
        check_id("guild_id", guild_id)
        check_id("channel_id", channel_id)
        check_id("owner_id", owner_id)
        return await self._read_game(rows.ACTIVE_OWN, guild_id, channel_id, owner_id)

    async def active_channel_game(self, guild_id: int, channel_id: int) -> GameRecord | None:
        check_id("guild_id", guild_id)
        check_id("channel_id", channel_id)
        return await self._read_game(rows.ACTIVE_CHANNEL, guild_id, channel_id)

    async def daily_game(
        self, guild_id: int, owner_id: int, puzzle_number: int
    ) -> GameRecord | None:
        check_id("guild_id", guild_id)
        check_id("owner_id", owner_id)
        check_day("puzzle_number", puzzle_number)
        return await self._read_game(rows.DAILY, guild_id, owner_id, puzzle_number)

    async def last_finished_game(
        self, guild_id: int, channel_id: int, player_id: int
    ) -> GameRecord | None:
        """The latest finished game in this channel that the player owned or guessed in."""
        check_id("guild_id", guild_id)
        check_id("channel_id", channel_id)
        check_id("player_id", player_id)
        return await self._read_game(
            "g.id = (SELECT x.id FROM games x WHERE x.guild_id = $1 AND x.channel_id = $2 "
            "AND x.status <> 'active' AND (x.owner_id = $3 OR EXISTS "
            "(SELECT 1 FROM guesses y WHERE y.game_id = x.id AND y.player_id = $3)) "
            "ORDER BY x.finished_at DESC, x.id DESC LIMIT 1)",
            guild_id,
            channel_id,
            player_id,
        )

    # ----------------------------------------------------------------- guesses

    async def give_up(
        self, game_id: int, *, player_id: int, day: int, now: datetime | None = None
    ) -> GameRecord:
        """End an active game as given up; counts as played and lost (streak broken)."""
        check_id("game_id", game_id)
        check_id("player_id", player_id)
        check_day("day", day)
        finished = now_utc(now)
        mark = rules.player_mark(self._key, player_id)
        return await self._transaction(
            lambda conn: writes.give_up(conn, game_id, player_id, mark, day, finished)
        )

    # ----------------------------------------------------------------- hints

    async def record_hint(
        self,
        game_id: int,
        *,
        player_id: int,
        kind: str,
        value: str,
        now: datetime | None = None,
    ) -> None:
        """Remember that a player used a hint in an active game."""
        check_hint(game_id=game_id, player_id=player_id, kind=kind, value=value)
        created = now_utc(now)
        mark = rules.player_mark(self._key, player_id)

        async def work(conn: Any) -> None:
            game = (await writes.lock_games(conn, [game_id])).get(game_id)
            problem = rules.hint_error(game, game_id, player_id, mark)
            if problem is not None:
                raise problem
            await conn.execute(
                "INSERT INTO hints (game_id, player_id, kind, value, created_at) "
                "VALUES ($1, $2, $3, $4, $5)",
                game_id,
                player_id,
                kind,
                value,
                created,
            )

        await self._transaction(work)

    async def move_game(self, game_id: int, *, owner_id: int, channel_id: int) -> GameRecord:
        for name, value in (("game_id", game_id), ("owner_id", owner_id),
                            ("channel_id", channel_id)):
            check_id(name, value)

        async def work(conn: Any) -> GameRecord:
            game = (await writes.lock_games(conn, [game_id])).get(game_id)
            error = rules.move_error(game, game_id, owner_id)
            if error is not None or game is None:
                raise error or StorageError(f"game {game_id} was not moved")
            if game.channel_id == channel_id:
                return game
            try:
                async with conn.transaction():  # (a savepoint: the unique index may refuse)
                    await conn.execute("UPDATE games SET channel_id = $1 WHERE id = $2",
                                       channel_id, game_id)
            except asyncpg.UniqueViolationError:
                there = await rows.read_games(conn, rows.ACTIVE_OWN, game.guild_id,
                                              channel_id, owner_id)
                raise GameExists(there[-1]) if there else StorageError(
                    f"game {game_id} was not moved") from None
            return replace(game, channel_id=channel_id)

        return await self._transaction(work)

    async def hints_for_game(self, game_id: int) -> list[HintRecord]:
        check_id("game_id", game_id)
        found = await self._fetch(
            "SELECT player_id, kind, value, created_at FROM hints WHERE game_id = $1 ORDER BY id",
            game_id,
        )
        return [HintRecord(r[0], r[1], r[2], r[3]) for r in found]

    # ----------------------------------------------------------------- statistics

    async def stats(
        self, guild_id: int, player_id: int, mode: str, *, today: int | None = None
    ) -> Stats:
        """A player's statistics in one server and bucket; ``today`` expires daily streaks."""
        check_id("guild_id", guild_id)
        check_id("player_id", player_id)
        check_choice("mode", mode, StatsBucket)
        check_day("today", today, optional=True)
        found = await self._fetch(
            f"SELECT {_STATS_SELECT} FROM player_stats "
            "WHERE guild_id = $1 AND player_id = $2 AND mode = $3",
            guild_id,
            player_id,
            mode,
        )
        return to_stats(stats_row(found[0]) if found else None, mode, today)

    async def leaderboard(
        self,
        guild_id: int,
        *,
        mode: str = "daily",
        by: str = "wins",
        limit: int = 10,
        player_id: int | None = None,
        today: int | None = None,
    ) -> Leaderboard:
        """The top ``limit`` players of a server, plus ``player_id``'s own row if ranked."""
        check_board(
            guild_id=guild_id, mode=mode, by=by, limit=limit, player_id=player_id, today=today
        )
        found = await self._fetch(
            f"SELECT player_id, {_STATS_SELECT} FROM player_stats "
            "WHERE guild_id = $1 AND mode = $2 AND played > 0",
            guild_id,
            mode,
        )
        hinted = await self._hinted_wins(guild_id) if mode == StatsBucket.DAILY else {}
        top, mine = board_of(
            ((r[0], stats_row(list(r)[1:])) for r in found),
            mode=mode,
            by=by,
            today=today,
            hinted=hinted,
            limit=limit,
            player_id=player_id,
        )
        return Leaderboard(rows=top, player_row=mine)

    # ----------------------------------------------------------------- dailies

    async def daily_results(self, guild_id: int, puzzle_number: int) -> list[DailyResult]:
        """Finished dailies of one day in a server, in the order they finished."""
        check_id("guild_id", guild_id)
        check_day("puzzle_number", puzzle_number)
        found = await self._fetch(
            "SELECT g.owner_id, g.status, "
            "(SELECT count(*) FROM guesses q WHERE q.game_id = g.id), g.hard_mode, g.finished_at, "
            "EXISTS (SELECT 1 FROM hints h WHERE h.game_id = g.id) "
            "FROM games g WHERE g.guild_id = $1 AND g.puzzle_number = $2 AND g.kind = 'daily' "
            "AND g.status <> 'active' ORDER BY g.finished_at, g.id",
            guild_id,
            puzzle_number,
        )
        return [DailyResult(r[0], r[1], int(r[2]), bool(r[3]), r[4], bool(r[5])) for r in found]

    async def server_streak(self, guild_id: int, today: int) -> int:
        """Days in a row, up to today (or yesterday while nobody has solved today's yet),
        on which at least one player of the server solved the daily."""
        check_id("guild_id", guild_id)
        check_day("today", today)
        found = await self._fetch(
            "SELECT DISTINCT puzzle_number FROM games WHERE guild_id = $1 AND kind = 'daily' "
            "AND status = 'won' AND puzzle_number <= $2",
            guild_id,
            today,
        )
        return consecutive_days((r[0] for r in found), today)

    # ----------------------------------------------------------------- forget me

    async def forget_player(self, player_id: int) -> ForgetReport:
        """Delete everything about a player, in every server, in one transaction (see the
        SQLite store: channel-game guesses stay, anonymised; nobody else's stats change)."""
        check_id("player_id", player_id)
        mark = rules.player_mark(self._key, player_id)
        return await self._transaction(lambda conn: forget(conn, player_id, mark))


def _implements_the_port(store: PostgresStore) -> Store:
    return store  # mypy checks that PostgresStore is a Store
