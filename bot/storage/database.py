"""What the store asks of a database: a read (one statement) and a write transaction, in SQL
both databases know with ``$1`` placeholders (SQLite's adapter makes them ``?1``, names
PostgreSQL's JSON functions its way and drops casts and ``FOR UPDATE``: its one writer holds
the file)."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import re
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from datetime import UTC, datetime
from functools import lru_cache, partial
from typing import Any, Final, Generic, Literal, Protocol, TypeVar

from bot.core.packs import PackError, pack, variant_of
from bot.core.variant import CLASSIC, Variant, boards_variant

from .errors import StorageError

T = TypeVar("T")
Item = TypeVar("Item")
Row = Sequence[Any]
Dialect = Literal["sqlite", "postgres"]


class Tx(Protocol):
    """An open write transaction."""

    #: Which database: the few statements only one of them has (PostgreSQL's advisory lock).
    dialect: Dialect

    async def fetch(self, sql: str, *params: Any) -> list[Row]: ...

    async def fetchrow(self, sql: str, *params: Any) -> Row | None: ...

    async def execute(self, sql: str, *params: Any) -> int:
        """Run a statement; the number of rows it changed."""
        ...

    async def executemany(self, sql: str, rows: list[Sequence[Any]]) -> None:
        """Run a statement once for each of ``rows`` (its parameters)."""
        ...


Work = Callable[[Tx], Coroutine[Any, Any, T]]
#: A database's own :class:`Tx`.
AnyTx = TypeVar("AnyTx", bound=Tx)


class Database(Protocol):
    """One database, opened by its adapter; every call raises ``StorageError`` for the
    database's own failures (``StorageFull``, ``StorageUnavailable``)."""

    dialect: Dialect
    closed: bool

    async def fetch(self, sql: str, *params: Any) -> list[Row]:
        """One statement's rows: one committed snapshot."""
        ...

    async def transaction(self, work: Work[T]) -> T:
        """``work`` in one write transaction, its result once committed (durable). If it
        raises, nothing it wrote is kept. It may be run again (another writer won a lock
        race), so it only awaits the ``Tx`` and keeps no state of its own."""
        ...

    async def close(self) -> None:
        """Finish the transactions handed in, then close. Any call after it fails."""
        ...


def to_text(moment: datetime) -> str:
    """A time as SQLite keeps it: ISO 8601 UTC text with microseconds (text order is time
    order)."""
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def moment(value: Any) -> datetime:
    """A stored time as an aware UTC datetime (SQLite keeps ISO text, :func:`to_text`'s)."""
    if isinstance(value, datetime):
        return value
    read = datetime.fromisoformat(value)
    return read if read.tzinfo is UTC else read.astimezone(UTC)


def maybe_moment(value: Any) -> datetime | None:
    return None if value is None else moment(value)


def utc(now: datetime | None) -> datetime | None:
    """A time given to a move, in UTC; ``None``: the time the move is applied
    (:func:`applied`)."""
    return None if now is None else now.astimezone(UTC)


def applied(given: datetime | None) -> datetime:
    """The time a move takes effect: the one given, else now, read as it runs (so times
    follow the order moves take effect in)."""
    return given or datetime.now(UTC)


def stored_variant(language: str, length: int, attempts: int, boards: int = 1) -> Variant:
    """The variant of a stored game or race, its word pack's (:func:`bot.core.packs.variant_of`;
    English 5 in 6 is :data:`~bot.core.variant.CLASSIC` at once) on its ``boards``; a
    ``StorageError`` for one this release does not play, or whose pack's files cannot be
    read."""
    if (language, length, attempts, boards) == ("en", 5, 6, 1):
        return CLASSIC
    try:
        if boards == 1:
            return variant_of(language, length, attempts)
        variant = boards_variant(boards, pack(language, length).variant)
        if variant.attempts != attempts:
            raise ValueError(f"no game of {boards} boards has {attempts} attempts")
        return variant
    except (KeyError, ValueError, PackError) as unknown:
        raise StorageError(str(unknown)) from None


def parts_of(text: str) -> tuple[str, str | None]:
    """A game's hidden words or a guess's feedback (several boards' joined by spaces:
    :mod:`bot.core.multiboard`) as stored: the first board's, and the others' (``None`` for
    one board)."""
    first, _, more = text.partition(" ")
    return first, more or None


def stored_text(first: str, more: str | None) -> str:
    """The text of :func:`parts_of` read back."""
    return first if more is None else f"{first} {more}"


@lru_cache(maxsize=4096)
def player_mark(key: bytes, player_id: int) -> str:
    """An anonymous, stable mark of a player (HMAC-SHA256 under the store's key), left where
    the rules still need to know a forgotten player. Whoever has the database and an id can
    check it."""
    return hmac.new(key, f"player:{player_id}".encode(), hashlib.sha256).hexdigest()


def marks(first: int, count: int) -> str:
    """``$first, ..., $(first + count - 1)``: the placeholders of an ``IN`` list."""
    return ", ".join(f"${n}" for n in range(first, first + count))


_VALUES: Final = re.compile(r"(INSERT .*? VALUES )\((\$1(?:, \$\d+)*)\)([^$]*)", re.S)


@lru_cache(maxsize=256)
def many_rows(sql: str, count: int) -> str | None:
    """``sql``, an ``INSERT ... VALUES ($1, ..., $w)`` with nothing numbered after the values,
    for ``count`` rows in one statement (their values one row after another); ``None`` for
    any other statement."""
    found = _VALUES.fullmatch(sql)
    if found is None:
        return None
    width = found[2].count("$")
    if found[2] != marks(1, width):
        return None
    rows = (f"({marks(1 + n * width, width)})" for n in range(count))
    return f"{found[1]}{', '.join(rows)}{found[3]}"


Outcome = tuple[Any, Exception | None]
#: Most write transactions committed together.
MAX_BATCH: Final = 64


class Culprit(Exception):
    """Raised by a batch's commit: the transaction ``index`` failed (``error``) in a way that
    undid the whole batch; the others are committed again without it."""

    def __init__(self, index: int, error: Exception) -> None:
        super().__init__(str(error))
        self.index, self.error = index, error


class Apart(Exception):
    """Raised by a batch's commit: transactions played together failed, which undid the
    batch; each runs again on its own, to find the culprit."""


#: Plays several transactions in one go, an outcome each (in their order); a database's
#: ``together`` maps the kinds it plays to it.
Together = Callable[[Tx, list[Any]], Coroutine[Any, Any, list[Outcome]]]


def arrays(rows: Sequence[Sequence[Any]], width: int) -> list[list[Any]]:
    """The ``width`` columns of ``rows``, as the arrays PostgreSQL's ``unnest`` takes."""
    return [[row[n] for row in rows] for n in range(width)]


async def play_batch(works: list[Work[Any]], together: dict[type, Together],
                     tx: Callable[[], AnyTx], failed: Callable[[Exception, AnyTx, int | None],
                                                               Outcome]) -> list[Outcome]:
    """A batch's transactions in order, each run (those that follow each other with one
    player in ``together``; any other alone) in a ``tx()``, a run of several played together.
    ``failed(error, tx, index)`` judges a failure: the outcome of the lone transaction
    ``index``, or it raises (:class:`Culprit`; :class:`Apart` for a run's, ``index`` ``None``)."""
    outcomes: list[Outcome] = []
    start = 0
    while start < len(works):
        play, end = together.get(type(works[start])), start + 1
        while end < len(works) and play is not None and together.get(type(works[end])) is play:
            end += 1
        run = tx()
        try:
            if play is not None and end - start > 1:
                outcomes += await play(run, works[start:end])
            else:
                outcomes.append((await works[start](run), None))
        except Exception as exc:
            outcomes.append(failed(exc, run, start if end - start == 1 else None))
        start = end
    return outcomes


class BatchQueue(Generic[Item]):
    """Group commit: what is handed in (a transaction, say) while a batch runs goes, in order,
    into the next one, which ``run`` takes in one go; at most ``writers`` batches at once. A
    caller cancelled before its batch began is not run; with a ``deadline``, a late one gets
    ``TimeoutError``."""

    def __init__(self, run: Callable[[list[Item]], Awaitable[list[Outcome]]], *,
                 writers: int = 1, most: int = MAX_BATCH, deadline: float | None = None) -> None:
        self._commit, self._most, self._deadline = run, most, deadline
        self._writers, self._closed = writers, False
        self._waiting: deque[tuple[Item, asyncio.Future[Any]]] = deque()
        # Each runs batches until nothing waits; another starts while fewer than ``writers``
        # are running (a runner leaves the count as it returns, not when its task is reaped).
        self._runners: set[asyncio.Task[None]] = set()
        self._running = 0

    async def submit(self, work: Item) -> Any:
        if self._closed:
            raise StorageError("the database is closed")
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        self._waiting.append((work, future))
        if self._running < self._writers:
            self._running += 1
            runner = loop.create_task(self._run_waiting(), name="wordle-bot storage writer")
            self._runners.add(runner)
            runner.add_done_callback(self._runners.discard)
        if self._deadline is None:
            return await future
        timer = loop.call_later(self._deadline, partial(settle, future, error=TimeoutError()))
        try:
            return await future
        finally:
            timer.cancel()

    async def close(self) -> None:
        """Run everything already handed in, then stop."""
        self._closed = True
        while self._runners:
            await asyncio.gather(*self._runners, return_exceptions=True)

    async def _run_waiting(self) -> None:
        try:
            while self._waiting:
                await self._run([self._waiting.popleft()
                                 for _ in range(min(self._most, len(self._waiting)))])
        finally:
            self._running -= 1

    async def _run(self, batch: list[tuple[Item, asyncio.Future[Any]]]) -> None:
        batch = [(work, future) for work, future in batch if not future.done()]
        while batch:
            try:
                outcomes = await self._commit([work for work, _ in batch])
            except Culprit as culprit:
                settle(batch.pop(culprit.index)[1], error=culprit.error)
                continue
            except Exception as failure:  # the batch as a whole: nothing was saved
                for _, future in batch:
                    settle(future, error=failure)
                return
            for (_, future), (result, error) in zip(batch, outcomes, strict=True):
                settle(future, result=result, error=error)
            return


def settle(future: asyncio.Future[Any], *, result: Any = None,
            error: BaseException | None = None) -> None:
    """Answer a caller unless it already gave up (cancelled)."""
    if not future.done():
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(result)
