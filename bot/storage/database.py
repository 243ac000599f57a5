"""The database object: one SQLite file, owned by one :class:`Database` made in ``main()``.

Usage::

    db = await Database.open("data/wordle.sqlite3")
    try:
        ...
    finally:
        await db.close()

or ``async with await Database.open(path) as db: ...`` (closes on exit).

How it works
------------
* The file is in WAL mode with ``foreign_keys=ON`` and ``synchronous=FULL``. Opening applies
  the numbered migrations (:mod:`bot.storage.schema`) and refuses a file written by a newer
  release (:class:`SchemaTooNew`).
* Two connections: a *writer* and a read-only *reader*. WAL lets the reader see the last
  committed state while a write is in progress, so a read never sees half a transaction.
* Writes are jobs (plain functions of the writer connection) queued to one writer task,
  which runs them in ``BEGIN IMMEDIATE`` ... ``COMMIT`` transactions strictly one after the
  other. Nothing else touches the writer connection, so coroutines can never interleave
  inside a transaction (this is the "lock" serialising writes). ``BEGIN IMMEDIATE`` takes the
  file's write lock up front, so another *process* on the same file (the bot and
  ``wordle-bot play``) makes us wait, never fail half-way.
* Group commit: jobs that queue up while a transaction commits run together in the next
  one (a job that fails leaves no trace: see :meth:`Database._transaction`). One fsync then
  covers many guesses, which is what makes ``synchronous=FULL`` affordable.
* Where the work runs: everything on the event-loop thread, except what can take long.
  Statements and reads are short CPU-bound SQLite calls that never wait for a lock
  (``busy_timeout`` is 0; waiting for another process's lock is an ``asyncio.sleep``
  back-off). ``COMMIT`` fsyncs the WAL, once per batch: typically 0.1-2 ms here, and on a
  slow disk it only slows the batch, not the bot's gateway (heartbeats are tens of seconds
  apart). WAL checkpoints (copying pages into the main file, which costs more I/O) are not
  run at commit time but every so many commits by a worker thread, and so are opening and
  closing the file. Measured alternatives on this 2-core box: every statement in a thread
  (the aiosqlite model) was 2-5x slower, because each statement hands the GIL over between
  threads and a hand-over can wait for the 5 ms switch interval; ``COMMIT`` alone in a
  thread doubled to quadrupled the p99 latency under CPU contention (two thread wake-ups per
  batch).
* A caller is answered only after ``COMMIT`` returned. With WAL and ``synchronous=FULL`` the
  commit has been written *and fsynced* to the WAL by then: an acknowledged guess survives a
  killed process and also an OS crash or power cut. (``NORMAL`` would survive a killed
  process too, since the WAL write is in the OS page cache, but could lose the last
  transactions on power loss; group commit makes FULL cheap enough.)
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Final, TypeVar
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.core.feedback import ALL_GREEN, score

from . import schema
from .errors import (
    AttemptConflict,
    GameExists,
    GameNotActive,
    GameNotFound,
    PlayerNotAllowed,
    StorageError,
)
from .models import (
    HINT_KINDS,
    KINDS,
    LEADERBOARD_BY,
    SCOPES,
    STATS_MODES,
    DailyResult,
    ForgetReport,
    GameRecord,
    GuessRecord,
    GuildSettings,
    HintRecord,
    Leaderboard,
    Stats,
)
from .stats import (
    MAX_ATTEMPTS,
    StatsRow,
    consecutive_days,
    rank,
    record_daily_result,
    record_result,
    to_stats,
)

T = TypeVar("T")
Job = Callable[[sqlite3.Connection], Any]

#: Most jobs run in one transaction (bounds the wait of the first job in a batch).
MAX_BATCH: Final = 64
_MAX_ID: Final = 2**63 - 1
#: Seconds to wait for another process's write lock before giving up.
BUSY_TIMEOUT: Final = 10.0
#: A WAL checkpoint is started after this many commits or changed rows, whichever first.
CHECKPOINT_COMMITS: Final = 256
CHECKPOINT_CHANGES: Final = 2000
_MAX_HINT_VALUE: Final = 64
_MAX_TIMEZONE: Final = 64
_LETTERS: Final = frozenset("abcdefghijklmnopqrstuvwxyz")
_FEEDBACK: Final = frozenset("GYB")


class _Unset:
    def __repr__(self) -> str:
        return "UNSET"


UNSET: Final = _Unset()

_GAME_COLUMNS = (
    "g.id, g.guild_id, g.channel_id, g.owner_id, g.scope, g.kind, g.puzzle_number, g.answer, "
    "g.hard_mode, g.status, g.setter_id, g.solved_by, g.created_at, g.finished_at"
)
# One row per game, its guesses folded into a JSON array: a game is read in a single step
# (one consistent snapshot, and few round trips through the sqlite3 module).
_GAMES_WITH_GUESSES = (
    f"SELECT {_GAME_COLUMNS}, (SELECT json_group_array(json_array(q.attempt, q.player_id, "
    "q.word, q.feedback, q.created_at)) FROM guesses q WHERE q.game_id = g.id) "
    "FROM games g WHERE {where} ORDER BY g.id"
)
_STATS_COLUMNS = (
    "played, wins, dist_1, dist_2, dist_3, dist_4, dist_5, dist_6, "
    "current_streak, max_streak, last_win_day, last_played_day"
)


# --------------------------------------------------------------------------- conversions


def _ts(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def _dt(text: str) -> datetime:
    return datetime.fromisoformat(text).astimezone(UTC)


def _now(now: datetime | None) -> datetime:
    if now is None:
        return datetime.now(UTC)
    if not isinstance(now, datetime) or now.tzinfo is None or now.utcoffset() is None:
        raise ValueError("now must be a timezone-aware datetime")
    return now.astimezone(UTC)


def _games_from_rows(rows: Iterable[Sequence[Any]]) -> list[GameRecord]:
    return [_game(row, _guesses(row[14])) for row in rows]


def _guesses(folded: str) -> tuple[GuessRecord, ...]:
    items = sorted(json.loads(folded))
    return tuple(
        GuessRecord(attempt, player, word, feedback, _dt(created))
        for attempt, player, word, feedback, created in items
    )


def _game(row: Sequence[Any], guesses: tuple[GuessRecord, ...]) -> GameRecord:
    return GameRecord(
        id=row[0],
        guild_id=row[1],
        channel_id=row[2],
        owner_id=row[3],
        scope=row[4],
        kind=row[5],
        puzzle_number=row[6],
        answer=row[7],
        hard_mode=bool(row[8]),
        status=row[9],
        setter_id=row[10],
        solved_by=row[11],
        created_at=_dt(row[12]),
        finished_at=None if row[13] is None else _dt(row[13]),
        guesses=guesses,
    )


def _stats_row(row: Sequence[Any]) -> StatsRow:
    return StatsRow(
        played=row[0],
        wins=row[1],
        distribution=tuple(row[2:8]),
        current_streak=row[8],
        max_streak=row[9],
        last_win_day=row[10],
        last_played_day=row[11],
    )


# --------------------------------------------------------------------------- validation


def _check_id(name: str, value: object, *, optional: bool = False) -> None:
    if value is None and optional:
        return
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= _MAX_ID:
        raise ValueError(f"{name} must be a whole number from 0 to 2**63-1, got {value!r:.40}")


def _check_day(name: str, value: object, *, optional: bool = False) -> None:
    if value is None and optional:
        return
    if isinstance(value, bool) or not isinstance(value, int) or abs(value) > 10**9:
        raise ValueError(f"{name} must be a day number (int), got {value!r:.40}")


def _check_word(name: str, value: object) -> None:
    if not isinstance(value, str) or len(value) != 5 or not set(value) <= _LETTERS:
        raise ValueError(f"{name} must be 5 lower-case letters a-z")


def _check_choice(name: str, value: object, choices: frozenset[str]) -> None:
    if value not in choices:
        raise ValueError(f"{name} must be one of {', '.join(sorted(choices))}, got {value!r:.40}")


def _check_bool(name: str, value: object) -> None:
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be True or False, got {value!r:.40}")


def validate_timezone(name: object) -> str:
    """Return ``name`` if it is a known IANA time zone (e.g. ``Europe/Paris``)."""
    message = (
        f"unknown time zone {name!r:.70}: use an IANA name such as 'UTC', 'Europe/Paris' "
        f"or 'America/New_York'"
    )
    if not isinstance(name, str) or not name or len(name) > _MAX_TIMEZONE:
        raise ValueError(message)
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError) as exc:
        raise ValueError(message) from exc
    return name


# --------------------------------------------------------------------------- the database


class Database:
    """All persistent state of the bot. Make one with :meth:`open`; close it with :meth:`close`."""

    def __init__(
        self,
        path: str,
        writer: sqlite3.Connection,
        reader: sqlite3.Connection,
        version: int,
        pool: ThreadPoolExecutor,
    ) -> None:
        # Private: use ``await Database.open(path)``.
        self.path = path
        self._writer = writer
        self._reader = reader
        self._version = version
        self._pool = pool
        self._commits = 0
        self._changes_at_checkpoint = 0
        self._checkpointer: sqlite3.Connection | None = None
        self._checkpointing: asyncio.Future[None] | None = None
        self._queue: asyncio.Queue[tuple[Job, asyncio.Future[Any]] | None] = asyncio.Queue()
        self._closed = False
        self._pump = asyncio.get_running_loop().create_task(
            self._write_loop(), name="wordle-bot storage writer"
        )

    # ----------------------------------------------------------------- life cycle

    @classmethod
    async def open(cls, path: str | Path) -> Database:
        """Open (creating if needed) and migrate the database at ``path``.

        Raises :class:`SchemaTooNew` if the file comes from a newer release and
        :class:`MigrationError` if it cannot be brought up to date.
        """
        text = str(path)
        if not text or text == ":memory:" or text.startswith("file:"):
            raise ValueError("Database.open needs the path of a database file")
        version = await asyncio.to_thread(schema.prepare_file, text)
        pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="wordle-db")
        loop = asyncio.get_running_loop()
        writer = reader = None
        try:
            writer = await loop.run_in_executor(pool, _connect, text, False)
            reader = await loop.run_in_executor(pool, _connect, text, True)
        except BaseException:
            for conn in (writer, reader):
                if conn is not None:
                    conn.close()
            pool.shutdown(wait=False)
            raise
        return cls(text, writer, reader, version, pool)

    @property
    def schema_version(self) -> int:
        return self._version

    @property
    def closed(self) -> bool:
        return self._closed

    async def close(self) -> None:
        """Finish every write already handed in, then close the file. Safe to call twice."""
        if self._closed:
            return
        self._closed = True
        self._queue.put_nowait(None)
        loop = asyncio.get_running_loop()
        try:
            await self._pump
        finally:
            try:
                if self._checkpointing is not None:
                    with contextlib.suppress(Exception):
                        await self._checkpointing
                # Closing the last connection checkpoints the WAL: file I/O, so in the thread.
                await loop.run_in_executor(self._pool, self._reader.close)
                await loop.run_in_executor(self._pool, self._writer.close)
                if self._checkpointer is not None:
                    await loop.run_in_executor(self._pool, self._checkpointer.close)
            finally:
                self._pool.shutdown(wait=False)

    async def __aenter__(self) -> Database:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    # ----------------------------------------------------------------- plumbing

    async def _write(self, job: Job) -> Any:
        """Queue ``job(conn)`` for a write transaction; return its result once committed."""
        if self._closed:
            raise StorageError("the database is closed")
        if self._pump.done():  # only after a bug; never leave a caller waiting forever
            raise StorageError("the storage writer has stopped")
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((job, future))
        return await future

    async def _read(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(reader, *args)``: one statement on the read-only connection (see module doc)."""
        if self._closed:
            raise StorageError("the database is closed")
        waited = 0.0
        while True:
            try:
                return fn(self._reader, *args)
            except sqlite3.OperationalError as exc:
                if not _is_busy(exc) or waited >= BUSY_TIMEOUT:
                    raise _public_error(exc) from exc
            waited += await _back_off(waited)

    async def _write_loop(self) -> None:
        stop = False
        while not stop:
            item = await self._queue.get()
            if item is None:
                break
            batch = [item]
            while len(batch) < MAX_BATCH:
                try:
                    item = self._queue.get_nowait()
                except asyncio.QueueEmpty:
                    break
                if item is None:
                    stop = True
                    break
                batch.append(item)
            # A caller that gave up (cancelled) before its turn is not written at all.
            batch = [(job, future) for job, future in batch if not future.done()]
            if not batch:
                continue
            try:
                outcomes = await self._transaction([job for job, _ in batch])
            except Exception as exc:
                error = StorageError(f"write failed, nothing was saved: {exc}")
                error.__cause__ = exc
                for _, future in batch:
                    _settle(future, error=error)
                continue
            for (_, future), (result, exc) in zip(batch, outcomes, strict=True):
                _settle(future, result=result, error=exc)

    async def _transaction(self, jobs: list[Job]) -> list[tuple[Any, Exception | None]]:
        """Run ``jobs`` in one transaction; ``(result, None)`` or ``(None, error)`` each.

        Returns after ``COMMIT``. A job that fails before writing anything (every expected
        failure: conflicts, a finished game, bad feedback) simply leaves no trace. One that
        fails after writing (an unexpected database error) has the whole transaction rolled
        back and the other jobs run again without it, so it leaves no trace either. If the
        transaction itself fails it is rolled back and the error raised: nothing was saved.
        """
        conn = self._writer
        outcomes: dict[int, tuple[Any, Exception | None]] = {}
        pending = list(enumerate(jobs))
        while pending:
            await self._begin()
            # From here to COMMIT nothing awaits: the transaction runs in one go.
            try:
                done, failed = _run_jobs(conn, pending)
                if failed is None:
                    conn.execute("COMMIT")  # writes and fsyncs the WAL (see module doc)
                    outcomes.update(done)
                    self._after_commit()
                    break
                conn.execute("ROLLBACK")
            except BaseException:
                if conn.in_transaction:
                    with contextlib.suppress(sqlite3.Error):
                        conn.execute("ROLLBACK")
                raise
            index, exc = failed
            outcomes[index] = (None, _public_error(exc))
            pending = [(i, job) for i, job in pending if i != index]
        return [outcomes[i] for i in range(len(jobs))]

    def _after_commit(self) -> None:
        """Every so many commits, checkpoint the WAL into the database file, in the thread
        (the writer has automatic checkpoints off, so they never block the event loop)."""
        self._commits += 1
        changes = self._writer.total_changes - self._changes_at_checkpoint
        if self._commits < CHECKPOINT_COMMITS and changes < CHECKPOINT_CHANGES:
            return
        if self._checkpointing is not None and not self._checkpointing.done():
            return
        self._commits = 0
        self._changes_at_checkpoint = self._writer.total_changes
        self._checkpointing = asyncio.get_running_loop().run_in_executor(
            self._pool, self._checkpoint
        )

    def _checkpoint(self) -> None:
        """Copy committed pages from the WAL to the file (runs in the worker thread). PASSIVE
        never waits for or blocks readers and writers; what it cannot copy now waits for the
        next one. It only moves data that is already durable, so its failure loses nothing."""
        try:
            if self._checkpointer is None:
                self._checkpointer = _connect(self.path, read_only=False)
            self._checkpointer.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
        except sqlite3.Error:
            pass

    async def _begin(self) -> None:
        """``BEGIN IMMEDIATE``: take the file's write lock, waiting (without blocking the
        event loop) while another process holds it."""
        waited = 0.0
        while True:
            try:
                self._writer.execute("BEGIN IMMEDIATE")
                return
            except sqlite3.OperationalError as exc:
                if not _is_busy(exc) or waited >= BUSY_TIMEOUT:
                    raise StorageError(f"could not start a write transaction: {exc}") from exc
            waited += await _back_off(waited)

    # ----------------------------------------------------------------- games

    async def create_game(
        self,
        *,
        guild_id: int,
        channel_id: int,
        owner_id: int | None,
        scope: str,
        kind: str,
        answer: str,
        hard_mode: bool,
        puzzle_number: int | None = None,
        setter_id: int | None = None,
        now: datetime | None = None,
    ) -> GameRecord:
        """Start a game. Raises :class:`GameExists` (with the game in the way) when the
        player already has an active game in this channel, the channel already has an active
        channel game, or the player already has (or had) this day's daily."""
        _check_id("guild_id", guild_id)
        _check_id("channel_id", channel_id)
        _check_id("owner_id", owner_id, optional=True)
        _check_id("setter_id", setter_id, optional=True)
        _check_choice("scope", scope, SCOPES)
        _check_choice("kind", kind, KINDS)
        _check_word("answer", answer)
        _check_bool("hard_mode", hard_mode)
        _check_day("puzzle_number", puzzle_number, optional=True)
        if (scope == "own") != (owner_id is not None):
            raise ValueError("an own game needs owner_id; a channel game has none")
        if kind == "daily" and (scope != "own" or puzzle_number is None):
            raise ValueError("a daily is an own game with a puzzle_number")
        if kind != "daily" and puzzle_number is not None:
            raise ValueError("only a daily has a puzzle_number")
        if setter_id is not None and kind != "custom":
            raise ValueError("only a custom game has a setter")
        if setter_id is not None and setter_id == owner_id:
            raise ValueError("the setter of a challenge cannot be the one playing it")
        created = _ts(_now(now))
        key = (guild_id, channel_id, owner_id, scope, kind, puzzle_number)

        def job(conn: sqlite3.Connection) -> GameRecord:
            existing = _conflicting_game(conn, *key)
            if existing is not None:
                raise GameExists(existing)
            try:
                cursor = conn.execute(
                    "INSERT INTO games (guild_id, channel_id, owner_id, scope, kind, "
                    "puzzle_number, answer, hard_mode, setter_id, created_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (*key, answer, int(hard_mode), setter_id, created),
                )
            except sqlite3.IntegrityError:
                # Unreachable while the checks above hold (we hold the write lock), but the
                # unique indexes are the rule: report whatever they caught as a conflict.
                existing = _conflicting_game(conn, *key)
                if existing is None:
                    raise
                raise GameExists(existing) from None
            assert cursor.lastrowid is not None
            return GameRecord(
                id=cursor.lastrowid,
                guild_id=guild_id,
                channel_id=channel_id,
                owner_id=owner_id,
                scope=scope,
                kind=kind,
                puzzle_number=puzzle_number,
                answer=answer,
                hard_mode=hard_mode,
                status="active",
                setter_id=setter_id,
                solved_by=None,
                created_at=_dt(created),
                finished_at=None,
                guesses=(),
            )

        return await self._write(job)

    async def get_game(self, game_id: int) -> GameRecord | None:
        _check_id("game_id", game_id)
        return await self._read(_one_game, "g.id = ?", (game_id,))

    async def active_own_game(
        self, guild_id: int, channel_id: int, owner_id: int
    ) -> GameRecord | None:
        _check_id("guild_id", guild_id)
        _check_id("channel_id", channel_id)
        _check_id("owner_id", owner_id)
        return await self._read(_one_game, _ACTIVE_OWN, (guild_id, channel_id, owner_id))

    async def active_channel_game(self, guild_id: int, channel_id: int) -> GameRecord | None:
        _check_id("guild_id", guild_id)
        _check_id("channel_id", channel_id)
        return await self._read(_one_game, _ACTIVE_CHANNEL, (guild_id, channel_id))

    async def daily_game(
        self, guild_id: int, owner_id: int, puzzle_number: int
    ) -> GameRecord | None:
        _check_id("guild_id", guild_id)
        _check_id("owner_id", owner_id)
        _check_day("puzzle_number", puzzle_number)
        return await self._read(_one_game, _DAILY, (guild_id, owner_id, puzzle_number))

    async def last_finished_game(
        self, guild_id: int, channel_id: int, player_id: int
    ) -> GameRecord | None:
        """The latest finished game in this channel that the player owned or guessed in."""
        _check_id("guild_id", guild_id)
        _check_id("channel_id", channel_id)
        _check_id("player_id", player_id)
        return await self._read(
            _one_game,
            "g.id = (SELECT x.id FROM games x WHERE x.guild_id = ? AND x.channel_id = ? "
            "AND x.status <> 'active' AND (x.owner_id = ? OR EXISTS "
            "(SELECT 1 FROM guesses y WHERE y.game_id = x.id AND y.player_id = ?)) "
            "ORDER BY x.finished_at DESC, x.id DESC LIMIT 1)",
            (guild_id, channel_id, player_id, player_id),
        )

    # ----------------------------------------------------------------- guesses

    async def record_guess(
        self,
        game_id: int,
        *,
        attempt: int,
        player_id: int,
        word: str,
        feedback: str,
        finish: str | None,
        day: int,
        now: datetime | None = None,
    ) -> GameRecord:
        """Save one guess, atomically, and return the game as it is afterwards.

        ``attempt`` must be the next attempt number (else :class:`AttemptConflict`: someone
        else guessed first; re-read the game and retry). ``finish`` is ``"won"`` for an
        all-green guess, ``"lost"`` for a wrong 6th guess, otherwise ``None``; when set, the
        game ends and statistics are counted, in the same transaction. ``day`` is the
        server-local day number, kept as the players' last-played day. Returns only once
        the guess is committed (durable).
        """
        _check_id("game_id", game_id)
        _check_id("player_id", player_id)
        _check_word("word", word)
        _check_day("day", day)
        if (
            isinstance(attempt, bool)
            or not isinstance(attempt, int)
            or not 1 <= attempt <= MAX_ATTEMPTS
        ):
            raise ValueError(f"attempt must be 1 to {MAX_ATTEMPTS}, got {attempt!r:.20}")
        if not isinstance(feedback, str) or len(feedback) != 5 or not set(feedback) <= _FEEDBACK:
            raise ValueError("feedback must be 5 letters from G, Y, B")
        if finish not in (None, "won", "lost"):
            raise ValueError(f"finish must be 'won', 'lost' or None, got {finish!r:.20}")
        if (feedback == ALL_GREEN) != (finish == "won"):
            raise ValueError("finish='won' goes with, and only with, an all-green feedback")
        if finish == "lost" and attempt != MAX_ATTEMPTS:
            raise ValueError(f"a game is lost only on attempt {MAX_ATTEMPTS}")
        if attempt == MAX_ATTEMPTS and finish is None:
            raise ValueError(f"attempt {MAX_ATTEMPTS} always finishes the game")
        created = _ts(_now(now))

        def job(conn: sqlite3.Connection) -> GameRecord:
            game = _load_active(conn, game_id)
            _check_player(game, player_id)
            if attempt != len(game.guesses) + 1:
                raise AttemptConflict(game, attempt)
            if score(word, game.answer) != feedback:
                raise ValueError("feedback does not match the guess and the hidden word")
            conn.execute(
                "INSERT INTO guesses (game_id, attempt, player_id, word, feedback, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, attempt, player_id, word, feedback, created),
            )
            guess = GuessRecord(attempt, player_id, word, feedback, _dt(created))
            game = replace(game, guesses=(*game.guesses, guess))
            if finish is None:
                return game
            solver = player_id if finish == "won" else None
            return _finish(conn, game, finish, solved_by=solver, day=day, finished=created)

        return await self._write(job)

    async def give_up(
        self, game_id: int, *, player_id: int, day: int, now: datetime | None = None
    ) -> GameRecord:
        """End an active game as given up; it counts as played and lost (streak broken).

        In a channel game anyone may give up; it counts for the players who guessed."""
        _check_id("game_id", game_id)
        _check_id("player_id", player_id)
        _check_day("day", day)
        finished = _ts(_now(now))

        def job(conn: sqlite3.Connection) -> GameRecord:
            game = _load_active(conn, game_id)
            if game.scope == "own" and player_id != game.owner_id:
                raise PlayerNotAllowed(f"player {player_id} does not own game {game_id}")
            return _finish(conn, game, "given_up", solved_by=None, day=day, finished=finished)

        return await self._write(job)

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
        _check_id("game_id", game_id)
        _check_id("player_id", player_id)
        _check_choice("kind", kind, HINT_KINDS)
        if not isinstance(value, str) or not value or len(value) > _MAX_HINT_VALUE:
            raise ValueError(f"hint value must be 1 to {_MAX_HINT_VALUE} characters")
        created = _ts(_now(now))

        def job(conn: sqlite3.Connection) -> None:
            game = _load_active(conn, game_id)
            _check_player(game, player_id)
            conn.execute(
                "INSERT INTO hints (game_id, player_id, kind, value, created_at) "
                "VALUES (?, ?, ?, ?, ?)",
                (game_id, player_id, kind, value, created),
            )

        await self._write(job)

    async def hints_for_game(self, game_id: int) -> list[HintRecord]:
        _check_id("game_id", game_id)
        rows = await self._read(
            _fetch,
            "SELECT player_id, kind, value, created_at FROM hints WHERE game_id = ? ORDER BY id",
            (game_id,),
        )
        return [HintRecord(row[0], row[1], row[2], _dt(row[3])) for row in rows]

    # ----------------------------------------------------------------- statistics

    async def stats(
        self, guild_id: int, player_id: int, mode: str, *, today: int | None = None
    ) -> Stats:
        """A player's statistics in one server and bucket (``daily``, ``practice``,
        ``channel``). For ``daily`` pass ``today`` (the server's current puzzle number) so
        that a streak not continued yesterday or today reads 0."""
        _check_id("guild_id", guild_id)
        _check_id("player_id", player_id)
        _check_choice("mode", mode, STATS_MODES)
        _check_day("today", today, optional=True)
        rows = await self._read(
            _fetch,
            f"SELECT {_STATS_COLUMNS} FROM player_stats "
            "WHERE guild_id = ? AND player_id = ? AND mode = ?",
            (guild_id, player_id, mode),
        )
        return to_stats(_stats_row(rows[0]) if rows else None, mode, today)

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
        """The top ``limit`` players of a server, plus ``player_id``'s own row if ranked.

        Equal values share a rank (1, 2, 2, 4). ``average`` ranks attempts per win, lower
        first, leaving out players without a win. For ``daily`` pass ``today`` so that
        expired streaks read 0.
        """
        _check_id("guild_id", guild_id)
        _check_choice("mode", mode, STATS_MODES)
        _check_choice("by", by, LEADERBOARD_BY)
        _check_id("player_id", player_id, optional=True)
        _check_day("today", today, optional=True)
        if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= 1000:
            raise ValueError(f"limit must be 1 to 1000, got {limit!r:.20}")
        rows = await self._read(
            _fetch,
            f"SELECT player_id, {_STATS_COLUMNS} FROM player_stats "
            "WHERE guild_id = ? AND mode = ? AND played > 0",
            (guild_id, mode),
        )
        ranked = rank(
            ((row[0], _stats_row(row[1:])) for row in rows), mode=mode, by=by, today=today
        )
        mine = next((row for row in ranked if row.player_id == player_id), None)
        return Leaderboard(rows=ranked[:limit], player_row=mine)

    # ----------------------------------------------------------------- settings

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        _check_id("guild_id", guild_id)
        return await self._read(_guild_settings, guild_id)

    async def update_guild_settings(
        self,
        guild_id: int,
        *,
        timezone: str | _Unset = UNSET,
        results_channel_id: int | _Unset | None = UNSET,
        hints_in_channel_games: bool | _Unset = UNSET,
    ) -> GuildSettings:
        """Change only the settings given; returns all of them afterwards.

        Raises ``ValueError`` (changing nothing) for an unknown time zone name."""
        _check_id("guild_id", guild_id)
        changes: dict[str, Any] = {}
        if not isinstance(timezone, _Unset):
            changes["timezone"] = validate_timezone(timezone)
        if not isinstance(results_channel_id, _Unset):
            _check_id("results_channel_id", results_channel_id, optional=True)
            changes["results_channel_id"] = results_channel_id
        if not isinstance(hints_in_channel_games, _Unset):
            _check_bool("hints_in_channel_games", hints_in_channel_games)
            changes["hints_in_channel_games"] = hints_in_channel_games

        def job(conn: sqlite3.Connection) -> GuildSettings:
            new = replace(_guild_settings(conn, guild_id), **changes)
            conn.execute(
                "INSERT OR REPLACE INTO guild_settings "
                "(guild_id, timezone, results_channel_id, hints_in_channel_games) "
                "VALUES (?, ?, ?, ?)",
                (guild_id, new.timezone, new.results_channel_id, int(new.hints_in_channel_games)),
            )
            return new

        return await self._write(job)

    # ----------------------------------------------------------------- dailies

    async def daily_results(self, guild_id: int, puzzle_number: int) -> list[DailyResult]:
        """Finished dailies of one day in a server, in the order they finished."""
        _check_id("guild_id", guild_id)
        _check_day("puzzle_number", puzzle_number)
        rows = await self._read(
            _fetch,
            "SELECT g.owner_id, g.status, "
            "(SELECT count(*) FROM guesses q WHERE q.game_id = g.id), g.hard_mode, g.finished_at "
            "FROM games g WHERE g.guild_id = ? AND g.puzzle_number = ? AND g.kind = 'daily' "
            "AND g.status <> 'active' ORDER BY g.finished_at, g.id",
            (guild_id, puzzle_number),
        )
        return [DailyResult(row[0], row[1], row[2], bool(row[3]), _dt(row[4])) for row in rows]

    async def daily_post(self, guild_id: int, puzzle_number: int) -> tuple[int, int] | None:
        """``(channel_id, message_id)`` of the post showing that day's results, if any."""
        _check_id("guild_id", guild_id)
        _check_day("puzzle_number", puzzle_number)
        rows = await self._read(
            _fetch,
            "SELECT channel_id, message_id FROM daily_posts "
            "WHERE guild_id = ? AND puzzle_number = ?",
            (guild_id, puzzle_number),
        )
        return (rows[0][0], rows[0][1]) if rows else None

    async def set_daily_post(
        self, guild_id: int, puzzle_number: int, channel_id: int, message_id: int
    ) -> None:
        _check_id("guild_id", guild_id)
        _check_day("puzzle_number", puzzle_number)
        _check_id("channel_id", channel_id)
        _check_id("message_id", message_id)

        def job(conn: sqlite3.Connection) -> None:
            conn.execute(
                "INSERT OR REPLACE INTO daily_posts (guild_id, puzzle_number, channel_id, "
                "message_id) VALUES (?, ?, ?, ?)",
                (guild_id, puzzle_number, channel_id, message_id),
            )

        await self._write(job)

    async def server_streak(self, guild_id: int, today: int) -> int:
        """Days in a row, up to today (or yesterday while nobody has solved today's yet),
        on which at least one player of the server solved the daily."""
        _check_id("guild_id", guild_id)
        _check_day("today", today)
        rows = await self._read(
            _fetch,
            "SELECT DISTINCT puzzle_number FROM games WHERE guild_id = ? AND kind = 'daily' "
            "AND status = 'won' AND puzzle_number <= ?",
            (guild_id, today),
        )
        return consecutive_days((row[0] for row in rows), today)

    # ----------------------------------------------------------------- forget me

    async def forget_player(self, player_id: int) -> ForgetReport:
        """Delete everything about a player, in every server, in one transaction.

        Their own games (with guesses and hints), their statistics and hints go. In channel
        games their guesses stay, anonymised (player NULL), so the game still reads right for
        the others; likewise they are removed as solver or setter. Nobody else's statistics
        change.
        """
        _check_id("player_id", player_id)
        return await self._write(lambda conn: _forget(conn, player_id))


# --------------------------------------------------------------------------- transactions


def _connect(path: str, read_only: bool) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    try:
        schema.configure(conn)
        # Waiting for another process's lock is done by Database (asyncio.sleep), never
        # inside SQLite, which would block the event loop.
        conn.execute("PRAGMA busy_timeout = 0")
        # Checkpoints are run by Database in its worker thread, not at commit time.
        conn.execute("PRAGMA wal_autocheckpoint = 0")
        if read_only:
            conn.execute("PRAGMA query_only = ON")
    except BaseException:
        conn.close()
        raise
    return conn


def _is_busy(exc: sqlite3.OperationalError) -> bool:
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
    return "locked" in str(exc) or "busy" in str(exc)


async def _back_off(waited: float) -> float:
    """Sleep a little longer each time (1 ms up to 50 ms); return the time slept."""
    delay = min(0.05, 0.001 + waited / 4)
    await asyncio.sleep(delay)
    return delay


def _run_jobs(
    conn: sqlite3.Connection, pending: list[tuple[int, Job]]
) -> tuple[dict[int, tuple[Any, Exception | None]], tuple[int, Exception] | None]:
    """Run jobs inside the open transaction until one fails *after* writing something."""
    done: dict[int, tuple[Any, Exception | None]] = {}
    for index, job in pending:
        before = conn.total_changes
        try:
            done[index] = (job(conn), None)
        except Exception as exc:
            if conn.total_changes != before or not conn.in_transaction:
                return done, (index, exc)
            done[index] = (None, _public_error(exc))
    return done, None


def _fetch(conn: sqlite3.Connection, sql: str, params: Sequence[Any] = ()) -> list[Any]:
    return conn.execute(sql, params).fetchall()


def _games(conn: sqlite3.Connection, where: str, params: Sequence[Any]) -> list[GameRecord]:
    return _games_from_rows(conn.execute(_GAMES_WITH_GUESSES.format(where=where), params))


def _one_game(conn: sqlite3.Connection, where: str, params: Sequence[Any]) -> GameRecord | None:
    games = _games(conn, where, params)
    return games[-1] if games else None


_ACTIVE_OWN = (
    "g.guild_id = ? AND g.channel_id = ? AND g.owner_id = ? "
    "AND g.scope = 'own' AND g.status = 'active'"
)
_ACTIVE_CHANNEL = (
    "g.guild_id = ? AND g.channel_id = ? AND g.scope = 'channel' AND g.status = 'active'"
)
_DAILY = "g.guild_id = ? AND g.owner_id = ? AND g.puzzle_number = ? AND g.kind = 'daily'"


def _conflicting_game(
    conn: sqlite3.Connection,
    guild_id: int,
    channel_id: int,
    owner_id: int | None,
    scope: str,
    kind: str,
    puzzle_number: int | None,
) -> GameRecord | None:
    """The game a new one would clash with under the uniqueness rules, if any."""
    if kind == "daily":
        daily = _one_game(conn, _DAILY, (guild_id, owner_id, puzzle_number))
        if daily is not None:
            return daily
    if scope == "own":
        return _one_game(conn, _ACTIVE_OWN, (guild_id, channel_id, owner_id))
    return _one_game(conn, _ACTIVE_CHANNEL, (guild_id, channel_id))


def _load_active(conn: sqlite3.Connection, game_id: int) -> GameRecord:
    game = _one_game(conn, "g.id = ?", (game_id,))
    if game is None:
        raise GameNotFound(game_id)
    if game.status != "active":
        raise GameNotActive(game)
    return game


def _finish(
    conn: sqlite3.Connection,
    game: GameRecord,
    status: str,
    *,
    solved_by: int | None,
    day: int,
    finished: str,
) -> GameRecord:
    """End ``game`` and count it in the statistics, inside the caller's transaction.

    The ``status = 'active'`` condition plus the write lock make this happen once per game.
    """
    cursor = conn.execute(
        "UPDATE games SET status = ?, solved_by = ?, finished_at = ? "
        "WHERE id = ? AND status = 'active'",
        (status, solved_by, finished, game.id),
    )
    if cursor.rowcount != 1:
        raise StorageError(f"game {game.id} changed while locked")  # cannot happen
    game = replace(game, status=status, solved_by=solved_by, finished_at=_dt(finished))
    _count(conn, game, day)
    return game


def _count(conn: sqlite3.Connection, game: GameRecord, day: int) -> None:
    """Add a finished game to the statistics of everyone it counts for."""
    mode = game.stats_mode
    if game.scope == "own":
        assert game.owner_id is not None
        players = [game.owner_id]
    else:
        players = sorted(game.participants - {game.setter_id})
    if not players:
        return
    won = game.status == "won"
    attempts = len(game.guesses)
    marks = ", ".join("?" * len(players))
    rows = conn.execute(
        f"SELECT player_id, {_STATS_COLUMNS} FROM player_stats "
        f"WHERE guild_id = ? AND mode = ? AND player_id IN ({marks})",
        (game.guild_id, mode, *players),
    ).fetchall()
    before = {row[0]: _stats_row(row[1:]) for row in rows}
    updated: list[tuple[Any, ...]] = []
    for player in players:
        if mode == "daily":
            history = conn.execute(
                "SELECT puzzle_number, status = 'won' FROM games WHERE guild_id = ? "
                "AND owner_id = ? AND kind = 'daily' AND status <> 'active'",
                (game.guild_id, player),
            ).fetchall()
            after = record_daily_result(
                before.get(player),
                won=won,
                attempts=attempts,
                day=day,
                history=[(number, bool(flag)) for number, flag in history],
            )
        else:
            after = record_result(before.get(player), won=won, attempts=attempts, day=day)
        updated.append(
            (
                game.guild_id,
                player,
                mode,
                after.played,
                after.wins,
                *after.distribution,
                after.current_streak,
                after.max_streak,
                after.last_win_day,
                after.last_played_day,
            )
        )
    conn.executemany(
        f"INSERT OR REPLACE INTO player_stats (guild_id, player_id, mode, {_STATS_COLUMNS}) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        updated,
    )


def _guild_settings(conn: sqlite3.Connection, guild_id: int) -> GuildSettings:
    # fetchall, not fetchone: the statement finishes, so no read snapshot stays open.
    rows = conn.execute(
        "SELECT timezone, results_channel_id, hints_in_channel_games FROM guild_settings "
        "WHERE guild_id = ?",
        (guild_id,),
    ).fetchall()
    if not rows:
        return GuildSettings(guild_id)
    timezone, channel, hints = rows[0]
    return GuildSettings(guild_id, timezone, channel, bool(hints))


def _forget(conn: sqlite3.Connection, player_id: int) -> ForgetReport:
    def count(sql: str, *params: Any) -> int:
        return int(conn.execute(sql, params).fetchall()[0][0])

    def change(sql: str, *params: Any) -> int:
        return conn.execute(sql, params).rowcount

    own = "SELECT id FROM games WHERE owner_id = ?"
    # Counted before deleting: rows removed by ON DELETE CASCADE are not in rowcount.
    guesses_deleted = count(f"SELECT count(*) FROM guesses WHERE game_id IN ({own})", player_id)
    hints_deleted = count(
        f"SELECT count(*) FROM hints WHERE player_id = ? OR game_id IN ({own})",
        player_id,
        player_id,
    )
    change("DELETE FROM hints WHERE player_id = ?", player_id)
    games_deleted = change("DELETE FROM games WHERE owner_id = ?", player_id)
    anonymised = change("UPDATE guesses SET player_id = NULL WHERE player_id = ?", player_id)
    games_anonymised = change(
        "UPDATE games SET "
        "solved_by = CASE WHEN solved_by = ?1 THEN NULL ELSE solved_by END, "
        "setter_id = CASE WHEN setter_id = ?1 THEN NULL ELSE setter_id END "
        "WHERE solved_by = ?1 OR setter_id = ?1",
        player_id,
    )
    stats_deleted = change("DELETE FROM player_stats WHERE player_id = ?", player_id)
    return ForgetReport(
        games_deleted=games_deleted,
        guesses_deleted=guesses_deleted,
        guesses_anonymised=anonymised,
        games_anonymised=games_anonymised,
        hints_deleted=hints_deleted,
        stats_deleted=stats_deleted,
    )


def _check_player(game: GameRecord, player_id: int) -> None:
    if game.scope == "own" and player_id != game.owner_id:
        raise PlayerNotAllowed(f"player {player_id} does not own game {game.id}")
    if game.setter_id is not None and player_id == game.setter_id:
        raise PlayerNotAllowed(f"player {player_id} set the word of game {game.id}")


def _settle(
    future: asyncio.Future[Any], *, result: Any = None, error: BaseException | None = None
) -> None:
    if future.done():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)


def _public_error(exc: Exception) -> Exception:
    if isinstance(exc, StorageError | ValueError):
        return exc
    if isinstance(exc, sqlite3.Error):
        wrapped = StorageError(f"database error: {exc}")
        wrapped.__cause__ = exc
        return wrapped
    return exc
