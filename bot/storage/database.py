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
* All SQLite work goes through aiosqlite: each connection has its own thread, and every call
  (``execute``, ``execute_fetchall``, ``commit``, ...) is a hop to that thread and back. The
  event-loop thread never runs a statement, never waits for a lock and never fsyncs.
* The file is in WAL mode with ``foreign_keys=ON`` and ``synchronous=FULL``. Opening applies
  the numbered migrations (:mod:`bot.storage.schema`) and refuses a file written by a newer
  release (:class:`SchemaTooNew`).
* Connections: a *writer*, a read-only *reader* (WAL lets it see the last committed state
  while a write is in progress) and one for WAL checkpoints. Every read is one statement (a
  game comes with its guesses folded into JSON), so it sees one consistent snapshot, and it
  is finished at once (no snapshot is left open). ``get_game`` calls made while such a read
  is in flight are answered together by the next one (one statement for all).
* Writes are jobs queued to one writer task, which runs them in transactions strictly one
  after the other; nothing else touches the writer connection, so coroutines never
  interleave inside a transaction. The writer connection has ``isolation_level="IMMEDIATE"``:
  the first INSERT/UPDATE of a transaction starts it with ``BEGIN IMMEDIATE`` in the same
  hop, taking the file's write lock up front, so another *process* on the same file (the bot
  and ``wordle-bot play``) makes us wait, never fail half-way. That wait is SQLite's busy
  handler (``busy_timeout``) in the writer's thread: the event loop stays free.
* Group commit: jobs that queue up while a transaction runs go together into the next one,
  committed by one ``COMMIT`` (one fsync for many guesses). They were all handed in before
  any of them was answered, so the writer may order them as it likes: guesses first, then
  new games, then the rest. A job that fails before writing (every expected failure:
  conflicts, a finished game) leaves no trace; one that fails after writing has the
  transaction rolled back and the others run again without it
  (:meth:`Database._transaction`).
* Few hops per batch, because under load each hop waits for the GIL (the event loop holds
  it while it runs Python; ``benchmarks/storage.py`` prints the CPU of each thread). The
  guesses of a batch are saved by ONE statement, an ``INSERT ... SELECT`` over a ``VALUES``
  list that only inserts a guess whose game is active, whose player may guess and whose
  attempt is the next one, and RETURNs each saved guess's game (with its guesses, as JSON).
  Queued right behind it, in the same round trip: one UPSERT counting the games those
  guesses end in the statistics (daily streaks worked out in SQL from the player's
  finished dailies), one ``UPDATE ... FROM`` ending them (both apply only where the very
  guess that ends the game was just saved, so an ending is counted once), and one
  ``INSERT ... ON CONFLICT DO NOTHING`` for new games (the unique indexes are the rule).
  Only when something is refused is a game read, to name the reason
  (:class:`GameNotActive`, :class:`AttemptConflict`, :class:`GameExists`, ...). A typical
  batch is one round trip plus ``COMMIT``, whatever its size.
* Durability: a caller is answered only after ``COMMIT`` returned. With WAL and
  ``synchronous=FULL`` the commit has been written *and fsynced* to the WAL by then (in the
  writer's thread): an acknowledged guess survives a killed process and also an OS crash or
  power cut. (``NORMAL`` would survive a killed process too, but could lose the last
  transactions on power loss; group commit makes FULL cheap enough.)
* WAL checkpoints (copying pages into the main file) are not run at commit time
  (``wal_autocheckpoint=0``) but every so many commits, PASSIVE, on the checkpoint
  connection in its own thread, so they never hold up a commit or a read. Closing the last
  connection checkpoints the rest and removes the WAL.
* aiosqlite's threads are not daemon threads: if a program ends without ``close()``, the
  threads still open are stopped once the main thread is done, so it can exit.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import threading
import weakref
from collections.abc import Awaitable, Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from types import TracebackType
from typing import Any, Final
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import aiosqlite

from bot.core.feedback import ALL_GREEN, WORD_LENGTH, score

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
    Unset,
)
from .models import UNSET as UNSET
from .models import Unset as _Unset  # noqa: F401  (old name, until the move to sqlite/)
from .stats import MAX_ATTEMPTS, StatsRow, consecutive_days, rank, to_stats

#: A write job: runs inside the writer's open transaction, on the writer connection.
Job = Callable[[aiosqlite.Connection], Awaitable[Any]]

#: Most jobs run in one transaction (bounds the wait of the first job in a batch).
MAX_BATCH: Final = 64
_MAX_ID: Final = 2**63 - 1
#: Seconds a connection waits for another process's write lock before giving up (SQLite's
#: busy handler, in the connection's thread). Read when a connection is opened.
BUSY_TIMEOUT = schema.BUSY_TIMEOUT_MS / 1000
#: A WAL checkpoint is started after this many commits or changed rows, whichever first.
CHECKPOINT_COMMITS = 256
CHECKPOINT_CHANGES = 2000
#: Prepared statements kept per connection (the grouped statements vary with the group size).
_CACHED_STATEMENTS: Final = 512
_MAX_HINT_VALUE: Final = 64
_MAX_TIMEZONE: Final = 64
_LETTERS: Final = frozenset("abcdefghijklmnopqrstuvwxyz")
_FEEDBACK: Final = frozenset("GYB")


def _game_json(table: str) -> str:
    """SQL for one game row of ``table`` as a JSON array, its guesses folded in (a game is
    read, or returned by a write, in a single statement: one consistent snapshot)."""
    columns = ", ".join(
        f"{table}.{column}"
        for column in (
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
        )
    )
    return (
        f"json_array({columns}, json((SELECT json_group_array(json_array(q.attempt, "
        f"q.player_id, q.word, q.feedback, q.created_at)) FROM guesses q "
        f"WHERE q.game_id = {table}.id)))"
    )


_SELECT_GAMES: Final = f"SELECT {_game_json('g')} FROM games g WHERE {{where}} ORDER BY g.id"
_STATS_COLUMNS: Final = (
    "played, wins, dist_1, dist_2, dist_3, dist_4, dist_5, dist_6, "
    "current_streak, max_streak, last_win_day, last_played_day"
)


@cache
def _insert_guesses_sql(rows: int) -> str:
    """Save up to ``rows`` guesses in one statement.

    A guess is inserted only if its game is active, the player may guess in it and the
    attempt is the next one. Rows are taken in queue order (``ORDER BY`` the position);
    a group holds at most one attempt number per game, so of several guesses racing for the
    same attempt exactly one is inserted (the others fail the count or, if SQLite counted
    before inserting, hit the primary key: ``DO NOTHING``). Each inserted guess returns its
    game as it is right after the insert.
    """
    values = ", ".join(["(?, ?, ?, ?, ?, ?, ?)"] * rows)
    return (
        "INSERT INTO guesses (game_id, attempt, player_id, word, feedback, created_at) "
        "SELECT v.column2, v.column3, v.column4, v.column5, v.column6, v.column7 "
        f"FROM (VALUES {values}) AS v JOIN games g ON g.id = v.column2 "
        "WHERE g.status = 'active' "
        "AND (g.scope = 'channel' OR g.owner_id = v.column4) "
        "AND (g.setter_id IS NULL OR g.setter_id <> v.column4) "
        "AND (SELECT count(*) FROM guesses c WHERE c.game_id = g.id) = v.column3 - 1 "
        "ORDER BY v.column1 "
        "ON CONFLICT DO NOTHING "
        "RETURNING guesses.player_id, guesses.word, guesses.feedback, guesses.created_at, "
        f"(SELECT {_game_json('x')} FROM games x WHERE x.id = guesses.game_id)"
    )


_GAME_INSERT_COLUMNS: Final = (
    "guild_id, channel_id, owner_id, scope, kind, puzzle_number, answer, hard_mode, "
    "setter_id, created_at"
)


@cache
def _insert_games_sql(rows: int) -> str:
    """Start up to ``rows`` games in one statement, in queue order; a game the unique
    indexes refuse is left out (``DO NOTHING``). Returns each new game's id and row."""
    values = ", ".join(["(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"] * rows)
    return (
        f"INSERT INTO games ({_GAME_INSERT_COLUMNS}) "
        "SELECT v.column2, v.column3, v.column4, v.column5, v.column6, v.column7, v.column8, "
        f"v.column9, v.column10, v.column11 FROM (VALUES {values}) AS v "
        "WHERE true ORDER BY v.column1 ON CONFLICT DO NOTHING "
        f"RETURNING id, {_GAME_INSERT_COLUMNS}"
    )


#: The games that end now, one row per ending (``:ends``, a JSON array of objects with
#: game, finish, created, day and, for a guess, attempt, player, word; for a give-up,
#: player and no attempt), in order.
_ENDING: Final = (
    "SELECT key AS position, json_extract(value, '$.game') AS game, "
    "json_extract(value, '$.finish') AS finish, json_extract(value, '$.created') AS created, "
    "json_extract(value, '$.day') AS day, json_extract(value, '$.attempt') AS attempt, "
    "json_extract(value, '$.player') AS player, json_extract(value, '$.word') AS word "
    "FROM json_each(:ends)"
)


def _ends(t: str) -> str:
    """Whether ending ``e`` applies to game ``t``: the game is still active and either the
    very guess that ends it is in it (inserted just before, in the same batch: only that
    batch can see the game active with it) or, for a give-up (no attempt), the player may
    end it. Statistics are counted *before* the game is marked finished, under the same
    condition, so each ending is counted exactly once."""
    return (
        f"{t}.id = e.game AND {t}.status = 'active' AND CASE WHEN e.attempt IS NULL "
        f"THEN {t}.scope = 'channel' OR {t}.owner_id = e.player "
        f"ELSE EXISTS (SELECT 1 FROM guesses q WHERE q.game_id = {t}.id "
        "AND q.attempt = e.attempt AND q.player_id = e.player AND q.word = e.word "
        "AND q.created_at = e.created) END"
    )


_DIST: Final = ", ".join(f"won AND attempts = {n} AS d{n}" for n in range(1, MAX_ATTEMPTS + 1))
_ADD_DIST: Final = ", ".join(
    f"dist_{n} = dist_{n} + excluded.dist_{n}" for n in range(1, MAX_ATTEMPTS + 1)
)
#: Count the games ending now in the statistics, in one statement (``stats.record_result``
#: and ``stats.record_daily_result`` in SQL). A practice or channel game counts for its
#: owner, or for everyone (not forgotten, not the setter) who guessed in it; its streak is
#: consecutive wins. A daily's streaks are worked out from the player's finished dailies
#: plus those ending now: runs of consecutive won days (day minus its rank among won days is
#: constant along a run); the current streak is the run ending on the latest finished day
#: (none if that day was not won). Rows go in ending order; in ``DO UPDATE`` bare column
#: names are the old values.
_COUNT: Final = (
    f"INSERT INTO player_stats (guild_id, player_id, mode, {_STATS_COLUMNS}) "
    f"WITH e AS ({_ENDING}), "
    "ended AS (SELECT e.position, e.day, g.id, g.guild_id, g.owner_id, g.scope, g.kind, "
    "g.setter_id, g.puzzle_number, e.finish = 'won' AS won, "
    "(SELECT count(*) FROM guesses c WHERE c.game_id = g.id) AS attempts "
    f"FROM e JOIN games g ON {_ends('g')}), "
    "results AS (SELECT DISTINCT x.position, x.guild_id AS guild, "
    "coalesce(p.player_id, x.owner_id) AS player, "
    "CASE x.scope WHEN 'own' THEN 'practice' ELSE 'channel' END AS mode, x.won, x.attempts, "
    "x.day FROM ended x LEFT JOIN guesses p ON p.game_id = x.id AND x.scope = 'channel' "
    "AND p.player_id IS NOT NULL AND p.player_id IS NOT x.setter_id "
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
#: Then the games are marked finished (same condition).
_END_GAMES: Final = (
    "UPDATE games SET status = e.finish, finished_at = e.created, "
    f"solved_by = CASE WHEN e.finish = 'won' THEN e.player END FROM ({_ENDING}) AS e "
    f"WHERE {_ends('games')}"
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


def _game_from_json(text: str) -> GameRecord:
    (
        game_id,
        guild_id,
        channel_id,
        owner_id,
        scope,
        kind,
        puzzle_number,
        answer,
        hard_mode,
        status,
        setter_id,
        solved_by,
        created_at,
        finished_at,
        guesses,
    ) = json.loads(text)
    return GameRecord(
        id=game_id,
        guild_id=guild_id,
        channel_id=channel_id,
        owner_id=owner_id,
        scope=scope,
        kind=kind,
        puzzle_number=puzzle_number,
        answer=answer,
        hard_mode=bool(hard_mode),
        status=status,
        setter_id=setter_id,
        solved_by=solved_by,
        created_at=_dt(created_at),
        finished_at=None if finished_at is None else _dt(finished_at),
        guesses=tuple(
            GuessRecord(attempt, player, word, feedback, _dt(created))
            for attempt, player, word, feedback, created in sorted(guesses)
        ),
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


@dataclass(frozen=True, slots=True)
class _Guess:
    """A :meth:`Database.record_guess` waiting for the writer (saved in groups)."""

    game_id: int
    attempt: int
    player_id: int
    word: str
    feedback: str
    finish: str | None
    day: int | None
    created: str


@dataclass(frozen=True, slots=True)
class _Create:
    """A :meth:`Database.create_game` waiting for the writer (saved in groups)."""

    guild_id: int
    channel_id: int
    owner_id: int | None
    scope: str
    kind: str
    puzzle_number: int | None
    answer: str = field(repr=False)  # never in a log line or an exception's text
    hard_mode: bool
    setter_id: int | None
    created: str

    @property
    def row(self) -> tuple[Any, ...]:
        return (
            self.guild_id,
            self.channel_id,
            self.owner_id,
            self.scope,
            self.kind,
            self.puzzle_number,
            self.answer,
            int(self.hard_mode),
            self.setter_id,
            self.created,
        )

    def record(self, game_id: int) -> GameRecord:
        return GameRecord(
            id=game_id,
            guild_id=self.guild_id,
            channel_id=self.channel_id,
            owner_id=self.owner_id,
            scope=self.scope,
            kind=self.kind,
            puzzle_number=self.puzzle_number,
            answer=self.answer,
            hard_mode=self.hard_mode,
            status="active",
            setter_id=self.setter_id,
            solved_by=None,
            created_at=_dt(self.created),
            finished_at=None,
            guesses=(),
        )


WriteJob = Job | _Guess | _Create


class Database:
    """All persistent state of the bot. Make one with :meth:`open`; close it with :meth:`close`."""

    def __init__(
        self,
        path: str,
        writer: aiosqlite.Connection,
        reader: aiosqlite.Connection,
        version: int,
    ) -> None:
        # Private: use ``await Database.open(path)``.
        self.path = path
        self._writer = writer
        self._reader = reader
        self._version = version
        self._commits = 0
        self._changes_at_checkpoint = 0
        self._checkpointer: aiosqlite.Connection | None = None
        self._checkpointing: asyncio.Task[None] | None = None
        self._queue: asyncio.Queue[tuple[WriteJob, asyncio.Future[Any]] | None] = asyncio.Queue()
        self._wanted_games: dict[int, list[asyncio.Future[GameRecord | None]]] = {}
        self._game_reads: asyncio.Task[None] | None = None
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
        version = await schema.prepare_file(text)
        opened: list[aiosqlite.Connection] = []
        try:
            opened.append(await _connect(text, "writer"))
            opened.append(await _connect(text, "reader"))
        except BaseException:
            await _close_all(opened)
            raise
        return cls(text, opened[0], opened[1], version)

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
        try:
            await self._pump
        finally:
            for task in (self._checkpointing, self._game_reads):
                if task is not None:
                    with contextlib.suppress(Exception):
                        await task
            # The writer last: closing the last connection checkpoints the WAL and removes it.
            await _close_all([self._checkpointer, self._reader, self._writer])

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

    async def _write(self, job: WriteJob) -> Any:
        """Queue a job for a write transaction; return its result once committed."""
        if self._closed:
            raise StorageError("the database is closed")
        if self._pump.done():  # only after a bug; never leave a caller waiting forever
            raise StorageError("the storage writer has stopped")
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((job, future))
        return await future

    async def _read(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """One statement on the read-only connection, all its rows (see module doc)."""
        if self._closed:
            raise StorageError("the database is closed")
        return await self._query(sql, params)

    async def _query(self, sql: str, params: Sequence[Any]) -> list[Any]:
        # (A read handed in before close() still runs: the reader is closed after it.)
        try:
            return list(await self._reader.execute_fetchall(sql, params))
        except sqlite3.Error as exc:
            raise _public_error(exc) from exc

    async def _read_game(self, where: str, params: Sequence[Any]) -> GameRecord | None:
        rows = await self._read(_SELECT_GAMES.format(where=where), params)
        return _game_from_json(rows[-1][0]) if rows else None

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

    async def _transaction(self, jobs: list[WriteJob]) -> list[tuple[Any, Exception | None]]:
        """Run ``jobs`` in one transaction; ``(result, None)`` or ``(None, error)`` each.

        Returns after ``COMMIT``. A job that fails before writing anything (every expected
        failure: conflicts, a finished game) simply leaves no trace. One that fails after
        writing (a feedback that does not match the hidden word, an unexpected database
        error) has the whole transaction rolled back and the other jobs run again without
        it, so it leaves no trace either; if it was saved in a group of guesses, the jobs
        are run again one at a time to find it. If the transaction itself fails (the write
        lock cannot be had, ``COMMIT`` fails) it is rolled back and the error raised:
        nothing was saved.
        """
        conn = self._writer
        outcomes: dict[int, tuple[Any, Exception | None]] = {}
        pending = list(enumerate(jobs))
        grouped = True
        while pending:
            try:
                done, failed = await _run_jobs(conn, pending, grouped=grouped)
                if failed is None:
                    if conn.in_transaction:
                        await conn.commit()  # writes and fsyncs the WAL, in the writer thread
                    outcomes.update(done)
                    self._after_commit()
                    break
                await conn.rollback()
            except BaseException:
                if conn.in_transaction:
                    with contextlib.suppress(sqlite3.Error, ValueError):
                        await conn.rollback()
                raise
            index, exc = failed
            if index is None:
                grouped = False
                continue
            outcomes[index] = (None, _public_error(exc))
            pending = [(i, job) for i, job in pending if i != index]
        return [outcomes[i] for i in range(len(jobs))]

    def _after_commit(self) -> None:
        """Every so many commits, checkpoint the WAL into the database file on the checkpoint
        connection (the writer has automatic checkpoints off, so commits never wait for one)."""
        self._commits += 1
        changes = self._writer.total_changes - self._changes_at_checkpoint
        if self._commits < CHECKPOINT_COMMITS and changes < CHECKPOINT_CHANGES:
            return
        if self._checkpointing is not None and not self._checkpointing.done():
            return
        self._commits = 0
        self._changes_at_checkpoint = self._writer.total_changes
        self._checkpointing = asyncio.get_running_loop().create_task(
            self._checkpoint(), name="wordle-bot storage checkpoint"
        )

    async def _checkpoint(self) -> None:
        """Copy committed pages from the WAL to the file. PASSIVE never waits for or blocks
        readers and writers; what it cannot copy now waits for the next one. It only moves
        data that is already durable, so its failure loses nothing."""
        try:
            if self._checkpointer is None:
                self._checkpointer = await _connect(self.path, "checkpointer")
            await self._checkpointer.execute_fetchall("PRAGMA wal_checkpoint(PASSIVE)")
        except sqlite3.Error:
            pass

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
        return await self._write(
            _Create(
                guild_id,
                channel_id,
                owner_id,
                scope,
                kind,
                puzzle_number,
                answer,
                hard_mode,
                setter_id,
                _ts(_now(now)),
            )
        )

    async def get_game(self, game_id: int) -> GameRecord | None:
        _check_id("game_id", game_id)
        if self._closed:
            raise StorageError("the database is closed")
        # Games asked for while another such read is in flight are read together by the
        # next one (one statement, one hop), like guesses share a commit.
        future: asyncio.Future[GameRecord | None] = asyncio.get_running_loop().create_future()
        self._wanted_games.setdefault(game_id, []).append(future)
        if self._game_reads is None or self._game_reads.done():
            self._game_reads = asyncio.get_running_loop().create_task(
                self._read_wanted_games(), name="wordle-bot storage game reads"
            )
        return await future

    async def _read_wanted_games(self) -> None:
        while self._wanted_games:
            wanted, self._wanted_games = self._wanted_games, {}
            try:
                rows = await self._query(
                    _SELECT_GAMES.format(where="g.id IN (SELECT value FROM json_each(?))"),
                    (json.dumps(list(wanted)),),
                )
            except Exception as exc:
                for futures in wanted.values():
                    for future in futures:
                        _settle(future, error=exc)
                continue
            found = {game.id: game for game in map(_game_from_json, (row[0] for row in rows))}
            for game_id, futures in wanted.items():
                for future in futures:
                    _settle(future, result=found.get(game_id))

    async def active_own_game(
        self, guild_id: int, channel_id: int, owner_id: int
    ) -> GameRecord | None:
        _check_id("guild_id", guild_id)
        _check_id("channel_id", channel_id)
        _check_id("owner_id", owner_id)
        return await self._read_game(_ACTIVE_OWN, (guild_id, channel_id, owner_id))

    async def active_channel_game(self, guild_id: int, channel_id: int) -> GameRecord | None:
        _check_id("guild_id", guild_id)
        _check_id("channel_id", channel_id)
        return await self._read_game(_ACTIVE_CHANNEL, (guild_id, channel_id))

    async def daily_game(
        self, guild_id: int, owner_id: int, puzzle_number: int
    ) -> GameRecord | None:
        _check_id("guild_id", guild_id)
        _check_id("owner_id", owner_id)
        _check_day("puzzle_number", puzzle_number)
        return await self._read_game(_DAILY, (guild_id, owner_id, puzzle_number))

    async def last_finished_game(
        self, guild_id: int, channel_id: int, player_id: int
    ) -> GameRecord | None:
        """The latest finished game in this channel that the player owned or guessed in."""
        _check_id("guild_id", guild_id)
        _check_id("channel_id", channel_id)
        _check_id("player_id", player_id)
        return await self._read_game(
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
        day: int | None = None,
        now: datetime | None = None,
    ) -> GameRecord:
        """Save one guess, atomically, and return the game as it is afterwards.

        ``attempt`` must be the next attempt number (else :class:`AttemptConflict`: someone
        else guessed first; re-read the game and retry). ``finish`` is ``"won"`` for an
        all-green guess, ``"lost"`` for a wrong 6th guess, otherwise ``None``; when set, the
        game ends and statistics are counted, in the same transaction. ``day`` (needed only
        with ``finish``) is the server-local day number, kept as the players' last-played
        day. Returns only once the guess is committed (durable).
        """
        _check_id("game_id", game_id)
        _check_id("player_id", player_id)
        _check_word("word", word)
        _check_day("day", day, optional=finish is None)
        if (
            isinstance(attempt, bool)
            or not isinstance(attempt, int)
            or not 1 <= attempt <= MAX_ATTEMPTS
        ):
            raise ValueError(f"attempt must be 1 to {MAX_ATTEMPTS}, got {attempt!r:.20}")
        if (not isinstance(feedback, str) or len(feedback) != WORD_LENGTH
                or not set(feedback) <= _FEEDBACK):
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
        return await self._write(
            _Guess(game_id, attempt, player_id, word, feedback, finish, day, created)
        )

    async def give_up(
        self, game_id: int, *, player_id: int, day: int, now: datetime | None = None
    ) -> GameRecord:
        """End an active game as given up; it counts as played and lost (streak broken).

        In a channel game anyone may give up; it counts for the players who guessed."""
        _check_id("game_id", game_id)
        _check_id("player_id", player_id)
        _check_day("day", day)
        finished = _ts(_now(now))

        ending = {
            "ends": json.dumps(
                [
                    _end_params(
                        game=game_id, finish="given_up", created=finished, player=player_id, day=day
                    )
                ]
            )
        }

        async def job(conn: aiosqlite.Connection) -> GameRecord:
            # Counted, then ended, in one round trip: the statements apply only while the
            # game is active and the player may end it (see _ENDS).
            counted_cursor, rows = await _pipeline(
                conn.execute(_COUNT, ending),
                conn.execute_fetchall(f"{_END_GAMES} RETURNING {_game_json('games')}", ending),
            )
            counted = counted_cursor.rowcount
            if not rows:
                if counted:
                    raise StorageError("statistics counted for a game not ended")  # cannot be
                game = await _game_in_transaction(conn, game_id)
                if game is None:
                    raise GameNotFound(game_id)
                if game.status != "active":
                    raise GameNotActive(game)
                raise PlayerNotAllowed(f"player {player_id} does not own game {game_id}")
            game = _game_from_json(next(iter(rows))[0])
            if counted != len(_counted_players(game)):
                raise StorageError("the statistics of the game do not add up")  # cannot be
            return game

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

        async def job(conn: aiosqlite.Connection) -> None:
            cursor = await conn.execute(
                "INSERT INTO hints (game_id, player_id, kind, value, created_at) "
                "SELECT g.id, ?, ?, ?, ? FROM games g WHERE g.id = ? AND g.status = 'active' "
                "AND (g.scope = 'channel' OR g.owner_id = ?) "
                "AND (g.setter_id IS NULL OR g.setter_id <> ?)",
                (player_id, kind, value, created, game_id, player_id, player_id),
            )
            if cursor.rowcount == 1:
                return
            game = await _game_in_transaction(conn, game_id)
            if game is None:
                raise GameNotFound(game_id)
            if game.status != "active":
                raise GameNotActive(game)
            raise _player_problem(game, player_id) or StorageError(
                f"hint for game {game_id} was not saved"
            )

        await self._write(job)

    async def hints_for_game(self, game_id: int) -> list[HintRecord]:
        _check_id("game_id", game_id)
        rows = await self._read(
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
        rows = await self._read(
            "SELECT timezone, results_channel_id, hints_in_channel_games FROM guild_settings "
            "WHERE guild_id = ?",
            (guild_id,),
        )
        return _guild_settings(guild_id, rows[0]) if rows else GuildSettings(guild_id)

    async def update_guild_settings(
        self,
        guild_id: int,
        *,
        timezone: str | Unset = UNSET,
        results_channel_id: int | Unset | None = UNSET,
        hints_in_channel_games: bool | Unset = UNSET,
    ) -> GuildSettings:
        """Change only the settings given; returns all of them afterwards.

        Raises ``ValueError`` (changing nothing) for an unknown time zone name."""
        _check_id("guild_id", guild_id)
        changes: dict[str, Any] = {}
        if not isinstance(timezone, Unset):
            changes["timezone"] = validate_timezone(timezone)
        if not isinstance(results_channel_id, Unset):
            _check_id("results_channel_id", results_channel_id, optional=True)
            changes["results_channel_id"] = results_channel_id
        if not isinstance(hints_in_channel_games, Unset):
            _check_bool("hints_in_channel_games", hints_in_channel_games)
            changes["hints_in_channel_games"] = hints_in_channel_games

        # Only the columns given are written (an UPSERT that returns the row as it is after).
        columns = list(changes)
        values = [int(v) if isinstance(v, bool) else v for v in changes.values()]
        assignments = ", ".join(f"{c} = excluded.{c}" for c in columns) or "guild_id = guild_id"
        sql = (
            f"INSERT INTO guild_settings ({', '.join(['guild_id', *columns])}) "
            f"VALUES ({', '.join('?' * (len(columns) + 1))}) "
            f"ON CONFLICT (guild_id) DO UPDATE SET {assignments} "
            "RETURNING timezone, results_channel_id, hints_in_channel_games"
        )

        async def job(conn: aiosqlite.Connection) -> GuildSettings:
            rows = await conn.execute_fetchall(sql, (guild_id, *values))
            return _guild_settings(guild_id, next(iter(rows)))

        return await self._write(job)

    # ----------------------------------------------------------------- dailies

    async def daily_results(self, guild_id: int, puzzle_number: int) -> list[DailyResult]:
        """Finished dailies of one day in a server, in the order they finished."""
        _check_id("guild_id", guild_id)
        _check_day("puzzle_number", puzzle_number)
        rows = await self._read(
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

        async def job(conn: aiosqlite.Connection) -> None:
            await conn.execute(
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


# --------------------------------------------------------------------------- connections


async def _connect(path: str, role: str) -> aiosqlite.Connection:
    """An aiosqlite connection (a thread of its own) set up for ``role``: ``writer``,
    ``reader`` or ``checkpointer``.

    The writer begins a transaction with ``BEGIN IMMEDIATE`` by itself before its first
    INSERT/UPDATE/DELETE (``isolation_level``), saving a hop per transaction; it is ended
    with ``commit()``/``rollback()``. The others run each statement on its own (autocommit).
    """
    conn = await aiosqlite.connect(
        path,
        isolation_level="IMMEDIATE" if role == "writer" else None,
        cached_statements=_CACHED_STATEMENTS,
    )
    _stop_at_exit(conn)
    try:
        await schema.configure(conn, busy_timeout_ms=round(BUSY_TIMEOUT * 1000))
        # Checkpoints are run by Database on the checkpoint connection, not at commit time.
        await conn.executescript(
            "PRAGMA wal_autocheckpoint = 0;"
            + (" PRAGMA query_only = ON;" if role == "reader" else "")
        )
    except BaseException:
        await _close_all([conn])
        raise
    return conn


# aiosqlite's threads are not daemon threads, so a Database never closed would keep the
# interpreter from exiting (it waits for them before exiting). As a safety net, a daemon
# thread stops the threads of connections still open once the main thread has finished
# (the event loop is gone by then: an open transaction is just rolled back).
_open_connections: weakref.WeakSet[aiosqlite.Connection] = weakref.WeakSet()
_exit_guard_lock = threading.Lock()
_exit_guard: threading.Thread | None = None


def _stop_at_exit(conn: aiosqlite.Connection) -> None:
    global _exit_guard
    _open_connections.add(conn)
    with _exit_guard_lock:
        if _exit_guard is None:
            _exit_guard = threading.Thread(
                target=_stop_open_connections, name="wordle-bot storage exit", daemon=True
            )
            _exit_guard.start()


def _stop_open_connections() -> None:
    threading.main_thread().join()
    for conn in list(_open_connections):
        conn.stop()


async def _close_all(connections: Sequence[aiosqlite.Connection | None]) -> None:
    """Close each connection (in order), even if closing an earlier one failed."""
    error: BaseException | None = None
    for conn in connections:
        if conn is None:
            continue
        _open_connections.discard(conn)
        try:
            await conn.close()
        except BaseException as exc:  # closed anyway (its thread is stopped)
            error = error or exc
    if error is not None:
        raise error


class _LockNotTaken(Exception):
    """The write lock could not be had within the busy timeout: the batch fails as a whole."""


async def _pipeline(*steps: Awaitable[Any]) -> list[Any]:
    """Await statements for one connection together: they are queued to its thread back to
    back (in this order, which asyncio keeps), so they cost one round trip, not one each."""
    if len(steps) == 1:
        return [await steps[0]]
    results = await asyncio.gather(*steps, return_exceptions=True)
    for result in results:
        if isinstance(result, BaseException):
            raise result
    return results


# --------------------------------------------------------------------------- transactions


async def _run_jobs(
    conn: aiosqlite.Connection, pending: list[tuple[int, WriteJob]], *, grouped: bool
) -> tuple[dict[int, tuple[Any, Exception | None]], tuple[int | None, Exception] | None]:
    """Run jobs in one transaction (the writer connection begins it at the first write)
    until one fails *after* writing something: ``(done, None)`` or ``(done, (index, error))``
    where ``index`` is None if the failure was in a group (whose culprit is then found by
    running the jobs again one at a time, ``grouped=False``).

    Grouped, the guesses are saved first, in as few statements as possible, then the new
    games (one statement), then the other jobs in queue order. The jobs of one batch were
    all handed in before any of them was answered, so any order among them is a valid one.
    """
    done: dict[int, tuple[Any, Exception | None]] = {}
    for unit in _units(pending) if grouped else [[item] for item in pending]:
        before, began = conn.total_changes, conn.in_transaction
        try:
            first = unit[0][1]
            if isinstance(first, _Guess | _Create):
                done.update(await _save_group(conn, unit))
            else:
                done[unit[0][0]] = (await first(conn), None)  # type: ignore[operator]
        except Exception as exc:
            if schema.is_busy(exc) and not conn.in_transaction:
                raise _LockNotTaken(f"could not start a write transaction: {exc}") from exc
            if len(unit) > 1:
                return done, (None, exc)
            index = unit[0][0]
            if conn.total_changes != before or (began and not conn.in_transaction):
                return done, (index, exc)
            done[index] = (None, _public_error(exc))
    return done, None


def _units(pending: list[tuple[int, WriteJob]]) -> list[list[tuple[int, WriteJob]]]:
    """Split a batch into what is saved together: the guesses (one layer) and the new games,
    then the other layers of guesses, then every other job on its own.

    A layer holds one attempt number per game (the first asked for), so that guesses racing
    for the same attempt are decided inside one statement and a guess never depends on
    another of the same statement; the rare guess for another attempt of the same game goes
    into the next layer.
    """
    guesses = [item for item in pending if isinstance(item[1], _Guess)]
    creates = [item for item in pending if isinstance(item[1], _Create)]
    others = [item for item in pending if not isinstance(item[1], _Guess | _Create)]
    layers: list[list[tuple[int, WriteJob]]] = []
    while guesses:
        attempts: dict[int, int] = {}
        layer: list[tuple[int, WriteJob]] = []
        later: list[tuple[int, WriteJob]] = []
        for item in guesses:
            game_id, attempt = item[1].game_id, item[1].attempt  # type: ignore[union-attr]
            (layer if attempts.setdefault(game_id, attempt) == attempt else later).append(item)
        layers.append(layer)
        guesses = later
    units = [layers[0] + creates] if layers else [creates] if creates else []
    units += layers[1:]
    units.extend([item] for item in others)
    return units


async def _save_group(
    conn: aiosqlite.Connection, unit: list[tuple[int, WriteJob]]
) -> dict[int, tuple[Any, Exception | None]]:
    """Save guesses (at most one attempt number per game) and start games, queueing all the
    statements to the writer thread together (one round trip):

    1. one INSERT for all the guesses (see :func:`_insert_guesses_sql`), returning the game
       of each one saved;
    2. for the guesses that would end their game: one UPSERT counting them in the
       statistics, then one UPDATE ending the games; both apply only where that very guess
       was just saved (:func:`_ends`);
    3. one INSERT for the new games (see :func:`_insert_games_sql`), after the games ended
       above (a channel game won in this batch makes room for the next one).

    Then, only if some were refused, the games concerned are read to tell each caller why.
    Returns each job's outcome; raises (the group is then redone one job at a time) if a
    saved guess has a feedback that does not match, or the counts do not add up.
    """
    guesses = [(i, job) for i, job in unit if isinstance(job, _Guess)]
    creates = [(i, job) for i, job in unit if isinstance(job, _Create)]
    steps: list[Awaitable[Any]] = []
    if guesses:
        params: list[Any] = []
        for position, (_, g) in enumerate(guesses):
            params += (position, g.game_id, g.attempt, g.player_id, g.word, g.feedback, g.created)
        steps.append(conn.execute_fetchall(_insert_guesses_sql(len(guesses)), params))
    # Exact repeats of one request cannot both be saved: end (and count) the game once.
    ends = {
        (g.game_id, g.attempt, g.player_id, g.word, g.created): _end_params(g)
        for _, g in guesses
        if g.finish is not None
    }
    if ends:
        ending = {"ends": json.dumps(list(ends.values()))}
        steps += [conn.execute(_COUNT, ending), conn.execute(_END_GAMES, ending)]
    if creates:
        params = []
        for position, (_, create) in enumerate(creates):
            params += (position, *create.row)
        steps.append(conn.execute_fetchall(_insert_games_sql(len(creates)), params))
    results = iter(await _pipeline(*steps))

    outcomes: dict[int, tuple[Any, Exception | None]] = {}
    if guesses:
        outcomes.update(await _guess_outcomes(conn, guesses, next(results), ends, results))
    if creates:
        outcomes.update(await _create_outcomes(conn, creates, next(results)))
    return outcomes


def _end_params(g: _Guess | None = None, **given_up: Any) -> dict[str, Any]:
    """One ending for :data:`_COUNT` and :data:`_END_GAMES`."""
    if g is None:
        return {"attempt": None, "word": None, **given_up}
    return {
        "game": g.game_id,
        "finish": g.finish,
        "created": g.created,
        "attempt": g.attempt,
        "player": g.player_id,
        "word": g.word,
        "day": g.day,
    }


def _counted_players(game: GameRecord) -> list[int]:
    """Whose statistics a finished game counts in: its owner, or (channel game) everyone
    who guessed in it, not forgotten, not the setter."""
    if game.scope == "own":
        assert game.owner_id is not None
        return [game.owner_id]
    return sorted(game.participants - {game.setter_id})


async def _guess_outcomes(
    conn: aiosqlite.Connection,
    guesses: list[tuple[int, _Guess]],
    rows: Iterable[Any],
    ends: dict[tuple[Any, ...], dict[str, Any]],
    results: Iterator[Any],
) -> dict[int, tuple[Any, Exception | None]]:
    saved: dict[int, GameRecord] = {}  # position in ``guesses`` -> the game after that guess
    positions: dict[tuple[Any, ...], list[int]] = {}
    for p, (_, g) in reversed(list(enumerate(guesses))):
        positions.setdefault((g.game_id, g.player_id, g.word, g.feedback, g.created), []).append(p)
    for player, word, feedback, created, game_json in rows:
        game = _game_from_json(game_json)
        # The first of identical requests (same game, player, word and time) is the one saved.
        position = positions[(game.id, player, word, feedback, created)].pop()
        if score(word, game.answer) != feedback:
            # Already written: the transaction is redone without this job (see _transaction).
            raise ValueError("feedback does not match the guess and the hidden word")
        g = guesses[position][1]
        if g.finish is not None:
            solver = g.player_id if g.finish == "won" else None
            game = replace(game, status=g.finish, solved_by=solver, finished_at=_dt(g.created))
        saved[position] = game
    if ends:
        counted, ended = next(results), next(results)
        finished = [game for game in saved.values() if game.status != "active"]
        if ended.rowcount != len(finished) or counted.rowcount != sum(
            len(_counted_players(game)) for game in finished
        ):
            raise StorageError("the games ended do not add up (nothing was saved)")
    after = {game.id: game for game in saved.values()}
    refused = sorted({g.game_id for _, g in guesses if g.game_id not in after})
    if refused:
        after.update((game.id, game) for game in await _games_in_transaction(conn, refused))
    outcomes: dict[int, tuple[Any, Exception | None]] = {}
    for position, (index, g) in enumerate(guesses):
        if position in saved:
            outcomes[index] = (saved[position], None)
        else:
            error = _guess_error(after.get(g.game_id), g) or StorageError(
                f"guess for game {g.game_id} was not saved (the stored guesses do not add up)"
            )
            outcomes[index] = (None, error)
    return outcomes


async def _create_outcomes(
    conn: aiosqlite.Connection, creates: list[tuple[int, _Create]], rows: Iterable[Any]
) -> dict[int, tuple[Any, Exception | None]]:
    """The partial unique indexes are the rule (one active own game per player and channel,
    one active channel game per channel, one daily per player and day): a game they refused
    was not inserted (``DO NOTHING``); only then is the game in its way looked up."""
    saved: dict[int, GameRecord] = {}
    positions: dict[tuple[Any, ...], list[int]] = {}
    for p, (_, c) in reversed(list(enumerate(creates))):
        positions.setdefault(c.row, []).append(p)
    for game_id, *row in rows:
        matching = positions.get(tuple(row))
        if not matching:
            # (A KeyError here would carry the row, hidden word included, into the logs.)
            raise StorageError("a newly saved game did not match the one asked for")
        position = matching.pop()
        saved[position] = creates[position][1].record(game_id)
    outcomes: dict[int, tuple[Any, Exception | None]] = {}
    for position, (index, create) in enumerate(creates):
        if position in saved:
            outcomes[index] = (saved[position], None)
            continue
        existing = await _conflicting_game(
            conn,
            create.guild_id,
            create.channel_id,
            create.owner_id,
            create.scope,
            create.kind,
            create.puzzle_number,
        )
        error = (
            GameExists(existing)
            if existing is not None
            else StorageError("the game could not be started (a database rule refused it)")
        )
        outcomes[index] = (None, error)
    return outcomes


def _guess_error(game: GameRecord | None, g: _Guess) -> Exception | None:
    """Why ``g`` cannot be saved to ``game`` (as stored now), checked in this order."""
    if game is None:
        return GameNotFound(g.game_id)
    if game.status != "active":
        return GameNotActive(game)
    problem = _player_problem(game, g.player_id)
    if problem is not None:
        return problem
    if g.attempt != len(game.guesses) + 1:
        return AttemptConflict(game, g.attempt)
    if score(g.word, game.answer) != g.feedback:
        return ValueError("feedback does not match the guess and the hidden word")
    return None


def _player_problem(game: GameRecord, player_id: int) -> PlayerNotAllowed | None:
    if game.scope == "own" and player_id != game.owner_id:
        return PlayerNotAllowed(f"player {player_id} does not own game {game.id}")
    if game.setter_id is not None and player_id == game.setter_id:
        return PlayerNotAllowed(f"player {player_id} set the word of game {game.id}")
    return None


async def _games_in_transaction(
    conn: aiosqlite.Connection, game_ids: Sequence[int]
) -> list[GameRecord]:
    marks = ", ".join("?" * len(game_ids))
    rows = await conn.execute_fetchall(_SELECT_GAMES.format(where=f"g.id IN ({marks})"), game_ids)
    return [_game_from_json(row[0]) for row in rows]


async def _game_in_transaction(conn: aiosqlite.Connection, game_id: int) -> GameRecord | None:
    games = await _games_in_transaction(conn, [game_id])
    return games[0] if games else None


_ACTIVE_OWN: Final = (
    "g.guild_id = ? AND g.channel_id = ? AND g.owner_id = ? "
    "AND g.scope = 'own' AND g.status = 'active'"
)
_ACTIVE_CHANNEL: Final = (
    "g.guild_id = ? AND g.channel_id = ? AND g.scope = 'channel' AND g.status = 'active'"
)
_DAILY: Final = "g.guild_id = ? AND g.owner_id = ? AND g.puzzle_number = ? AND g.kind = 'daily'"


async def _conflicting_game(
    conn: aiosqlite.Connection,
    guild_id: int,
    channel_id: int,
    owner_id: int | None,
    scope: str,
    kind: str,
    puzzle_number: int | None,
) -> GameRecord | None:
    """The game a new one clashes with under the uniqueness rules, if any (daily first)."""
    checks: list[tuple[str, tuple[Any, ...]]] = []
    if kind == "daily":
        checks.append((_DAILY, (guild_id, owner_id, puzzle_number)))
    if scope == "own":
        checks.append((_ACTIVE_OWN, (guild_id, channel_id, owner_id)))
    else:
        checks.append((_ACTIVE_CHANNEL, (guild_id, channel_id)))
    for where, params in checks:
        rows = await conn.execute_fetchall(_SELECT_GAMES.format(where=where), params)
        if rows:
            return _game_from_json(list(rows)[-1][0])
    return None


def _guild_settings(guild_id: int, row: Sequence[Any]) -> GuildSettings:
    timezone, channel, hints = row
    return GuildSettings(guild_id, timezone, channel, bool(hints))


async def _forget(conn: aiosqlite.Connection, player_id: int) -> ForgetReport:
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
    await change("DELETE FROM hints WHERE player_id = ?", player_id)
    games_deleted = await change("DELETE FROM games WHERE owner_id = ?", player_id)
    anonymised = await change("UPDATE guesses SET player_id = NULL WHERE player_id = ?", player_id)
    games_anonymised = await change(
        "UPDATE games SET "
        "solved_by = CASE WHEN solved_by = ?1 THEN NULL ELSE solved_by END, "
        "setter_id = CASE WHEN setter_id = ?1 THEN NULL ELSE setter_id END "
        "WHERE solved_by = ?1 OR setter_id = ?1",
        player_id,
    )
    stats_deleted = await change("DELETE FROM player_stats WHERE player_id = ?", player_id)
    return ForgetReport(
        games_deleted=games_deleted,
        guesses_deleted=guesses_deleted,
        guesses_anonymised=anonymised,
        games_anonymised=games_anonymised,
        hints_deleted=hints_deleted,
        stats_deleted=stats_deleted,
    )


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
