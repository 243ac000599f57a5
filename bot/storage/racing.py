"""The store's race calls: a move locks the race's row, reads it with its racers and their
guesses, lets :mod:`bot.core.race` decide, then writes. A read is one statement."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any, Final, TypeVar

from bot.core import race as rules
from bot.core.domain import HintKind, LeaderboardOrder, Status
from bot.core.race import (
    PODIUM,
    RaceBoard,
    RaceEnd,
    RaceGuess,
    Racer,
    RaceRecord,
    RaceRefusal,
    RaceStats,
)
from bot.core.variant import CLASSIC, Variant

from .database import (
    Database,
    Row,
    Tx,
    applied,
    marks,
    maybe_moment,
    moment,
    player_mark,
    stored_variant,
    utc,
)
from .errors import (
    BoardOver,
    ChannelGameRunning,
    NotARacer,
    NotTheStarter,
    RaceAttemptConflict,
    RaceExists,
    RaceLeft,
    RaceNotFound,
    RaceOver,
)
from .games import ACTIVE_CHANNEL
from .models import HintRecord

T = TypeVar("T")
_RACE: Final = ("r.id, r.guild_id, r.channel_id, r.starter_id, r.answer, r.hard_mode, "
                "r.created_at, r.ends_at, r.join_window_ends_at, r.finished_at, r.end_reason, "
                "r.message_id, r.word_length, r.attempts, r.language")
#: Races matching ``{where}`` (on ``races r``): one row per racer's guess, by race, racers in
#: the order they joined.
_SELECT: Final = (
    f"SELECT {_RACE}, p.player_id, p.joined_at, p.status, p.finished_at, p.hints, p.place, "
    "q.attempt, q.word, q.feedback, q.created_at FROM races r "
    "LEFT JOIN race_players p ON p.race_id = r.id "
    "LEFT JOIN race_guesses q ON q.race_id = p.race_id AND q.player_id = p.player_id "
    "WHERE {where} ORDER BY r.id, p.joined_at, p.player_id, q.attempt"
)
_ACTIVE: Final = "r.guild_id = $1 AND r.channel_id = $2 AND r.finished_at IS NULL"
#: ``(player, played, first places, podiums, solved, guesses in solved races)`` over a
#: server's finished races (``$1``).
_STATS: Final = (
    "SELECT p.player_id, count(*), sum(CASE WHEN p.place = 1 THEN 1 ELSE 0 END), "
    f"sum(CASE WHEN p.place <= {PODIUM} THEN 1 ELSE 0 END), "
    "sum(CASE WHEN p.status = 'won' THEN 1 ELSE 0 END), "
    "sum(CASE WHEN p.status = 'won' THEN p.attempts ELSE 0 END) "
    "FROM race_players p JOIN races r ON r.id = p.race_id "
    "WHERE r.guild_id = $1 AND r.finished_at IS NOT NULL{who} GROUP BY p.player_id"
)
#: What a move asks of the core: why the race refuses it now (``None``: it may be made).
Rule = Callable[[RaceRecord, datetime], RaceRefusal | None]


_ERRORS: Final = {RaceRefusal.NOT_NEXT: RaceAttemptConflict, RaceRefusal.OVER: RaceOver,
                   RaceRefusal.BOARD_OVER: BoardOver, RaceRefusal.NOT_A_RACER: NotARacer,
                   RaceRefusal.NOT_STARTER: NotTheStarter}


def refusal_error(refusal: RaceRefusal, race: RaceRecord, player_id: int | None,
                  attempt: int = 0) -> Exception:
    """The error a caller gets for a race's refusal."""
    kind = _ERRORS.get(refusal)
    return ValueError(refusal.value) if kind is None else kind(race, player_id or 0, attempt)


def races_from_rows(rows: list[Row]) -> list[RaceRecord]:
    """The races of :data:`_SELECT` rows."""
    found: dict[int, tuple[RaceRecord, dict[int, Racer]]] = {}
    for row in map(tuple, rows):  # (asyncpg's records do not slice)
        if row[0] not in found:
            found[row[0]] = _race(row), {}
        racers = found[row[0]][1]
        player, joined, status, finished, hints, place, attempt, word, feedback, at = row[15:]
        if player is not None:
            racer = racers.get(player) or Racer(player, moment(joined), Status(status),
                                                maybe_moment(finished), int(hints), place)
            if attempt is not None:
                guess = RaceGuess(attempt, word, feedback, moment(at))
                racer = replace(racer, guesses=(*racer.guesses, guess))
            racers[player] = racer
    return [replace(race, racers=tuple(racers.values())) for race, racers in found.values()]


def _race(row: tuple[Any, ...]) -> RaceRecord:
    race_id, guild, channel, starter, answer, hard, created, ends, window, *rest = row[:15]
    finished, end, message, length, attempts, language = rest
    return RaceRecord(race_id, guild, channel, starter, answer, bool(hard), moment(created),
                      moment(ends), maybe_moment(window) or moment(created),
                      maybe_moment(finished), end, message,
                      variant=stored_variant(language, length, attempts))


async def _read(source: Tx | Database, where: str, *params: Any) -> list[RaceRecord]:
    return races_from_rows(await source.fetch(_SELECT.format(where=where), *params))


class Races:
    """The race calls of the port (contracts: :class:`bot.storage.Store`)."""

    def __init__(self, db: Database, key: bytes) -> None:
        self._db = db
        self._key = key  # makes a forgotten player's mark

    async def _move(self, race_id: int, now: datetime | None, rule: Rule,
                    apply: Callable[[Tx, RaceRecord, datetime], Awaitable[T]],
                    player_id: int | None = None, attempt: int = 0) -> T:
        """Lock and read the race; unless ``rule(race, at)`` refuses, ``apply(tx, race, at)``."""
        given = utc(now)

        async def work(tx: Tx) -> T:
            await tx.execute("SELECT id FROM races WHERE id = $1 FOR UPDATE", race_id)
            found, at = await _read(tx, "r.id = $1", race_id), applied(given)
            if not found:
                raise RaceNotFound(race_id)
            refusal = rule(found[0], at)
            if refusal is not None:
                raise refusal_error(refusal, found[0], player_id, attempt)
            return await apply(tx, found[0], at)

        return await self._db.transaction(work)

    async def create_race(self, *, guild_id: int, channel_id: int, starter_id: int, answer: str,
                          hard_mode: bool, ends_at: datetime,
                          join_window_ends_at: datetime | None = None,
                          variant: Variant = CLASSIC,
                          now: datetime | None = None) -> RaceRecord:
        created = utc(now) or datetime.now(UTC)
        ends, window = utc(ends_at) or created, utc(join_window_ends_at) or created
        problem = rules.shape_problem(created, ends, window)
        if problem is not None:
            raise ValueError(problem)
        race = RaceRecord(0, guild_id, channel_id, starter_id, answer, hard_mode, created, ends,
                          window, variant=variant)
        return await self._db.transaction(lambda tx: _create(tx, race))

    async def get_race(self, race_id: int) -> RaceRecord | None:
        found = await _read(self._db, "r.id = $1", race_id)
        return found[0] if found else None

    async def active_race(self, guild_id: int, channel_id: int) -> RaceRecord | None:
        found = await _read(self._db, _ACTIVE, guild_id, channel_id)
        return found[-1] if found else None

    async def active_races(self) -> list[RaceRecord]:
        return await _read(self._db, "r.finished_at IS NULL")

    async def races_to_show_ended(self) -> list[RaceRecord]:
        # (the terms of its partial index, races_end_unshown)
        return await _read(self._db, "r.finished_at IS NOT NULL AND r.end_shown = false")

    async def set_race_message(self, race_id: int, message_id: int) -> None:
        await self._db.transaction(lambda tx: tx.execute(
            "UPDATE races SET message_id = $2 WHERE id = $1", race_id, message_id))

    async def set_race_end_shown(self, race_id: int) -> None:
        await self._db.transaction(lambda tx: tx.execute(
            "UPDATE races SET end_shown = true WHERE id = $1 AND finished_at IS NOT NULL",
            race_id))

    async def join_race(self, race_id: int, player_id: int, *,
                        now: datetime | None = None) -> tuple[RaceRecord, bool]:
        mark = player_mark(self._key, player_id)

        async def join(tx: Tx, race: RaceRecord, at: datetime) -> tuple[RaceRecord, bool]:
            if race.racer(player_id) is not None:
                return race, False
            at = max(at, race.created_at)
            if await tx.fetchrow("SELECT 1 FROM race_marks WHERE race_id = $1 "
                                 "AND player_mark = $2", race_id, mark):
                raise RaceLeft(race)
            await tx.execute("INSERT INTO race_players (race_id, player_id, joined_at) "
                             "VALUES ($1, $2, $3)", race_id, player_id, at)
            return rules.with_racer(race, Racer(player_id, at, Status.ACTIVE, None)), True

        return await self._move(race_id, now, rules.join_refusal, join)

    async def record_race_guess(self, race_id: int, *, player_id: int, attempt: int, word: str,
                                feedback: str, finish: Status | None,
                                now: datetime | None = None) -> RaceRecord:

        async def guess(tx: Tx, race: RaceRecord, at: datetime) -> RaceRecord:
            at = rules.move_time(race, player_id, at)
            await tx.execute("INSERT INTO race_guesses (race_id, player_id, attempt, word, "
                             "feedback, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
                             race_id, player_id, attempt, word, feedback, at)
            after = rules.after_guess(race, player_id, attempt, word, feedback, finish, at)
            return await _racer_moved(tx, after, player_id, at)

        return await self._move(race_id, now, lambda race, at: rules.guess_refusal(
            race, player_id, attempt, word, feedback, finish, at), guess, player_id, attempt)

    async def give_up_race(self, race_id: int, *, player_id: int,
                           now: datetime | None = None) -> RaceRecord:

        async def give_up(tx: Tx, race: RaceRecord, at: datetime) -> RaceRecord:
            at = rules.move_time(race, player_id, at)
            return await _racer_moved(tx, rules.gave_up(race, player_id, at), player_id, at)

        return await self._move(race_id, now, lambda race, at: rules.move_refusal(
            race, player_id, at), give_up, player_id)

    async def record_race_hint(self, race_id: int, *, player_id: int, kind: HintKind,
                               value: str, now: datetime | None = None) -> None:

        async def hint(tx: Tx, race: RaceRecord, at: datetime) -> None:
            await tx.execute("INSERT INTO race_hints (race_id, player_id, kind, value, "
                             "created_at) VALUES ($1, $2, $3, $4, $5)",
                             race_id, player_id, str(kind), value, at)
            await tx.execute("UPDATE race_players SET hints = hints + 1 WHERE race_id = $1 "
                             "AND player_id = $2", race_id, player_id)

        await self._move(race_id, now, lambda race, at: rules.move_refusal(
            race, player_id, at), hint, player_id)

    async def end_race(self, race_id: int, *, end: RaceEnd, by: int | None = None,
                       now: datetime | None = None) -> tuple[RaceRecord, bool]:
        reason = RaceEnd(end)

        async def finish(tx: Tx, race: RaceRecord, at: datetime) -> tuple[RaceRecord, bool]:
            return (race, False) if race.is_over else (await _finish(tx, race, reason, at), True)

        return await self._move(race_id, now, lambda race, at: rules.end_refusal(
            race, reason, by, at), finish, by)

    async def race_hints(self, race_id: int, player_id: int) -> list[HintRecord]:
        rows = await self._db.fetch(
            "SELECT player_id, kind, value, created_at FROM race_hints WHERE race_id = $1 "
            "AND player_id = $2 ORDER BY id", race_id, player_id)
        return [HintRecord(r[0], r[1], r[2], moment(r[3])) for r in rows]

    async def race_stats(self, guild_id: int, player_id: int) -> RaceStats:
        rows = await self._db.fetch(_STATS.format(who=" AND p.player_id = $2"), guild_id,
                                    player_id)
        return _stats(rows[0]) if rows else RaceStats()

    async def race_leaderboard(self, guild_id: int, *,
                               by: LeaderboardOrder = LeaderboardOrder.WINS, limit: int = 10,
                               player_id: int | None = None) -> RaceBoard:
        rows = await self._db.fetch(_STATS.format(who=""), guild_id)
        return rules.rank_racers([(int(row[0]), _stats(row)) for row in rows], by, limit,
                                 player_id)


async def race_in_channel(tx: Tx, guild_id: int, channel_id: int) -> RaceRecord | None:
    """The channel's active race, read under the channel's lock (on PostgreSQL an advisory
    lock, which a channel game's insert takes too) so no race starts there meanwhile."""
    if tx.dialect == "postgres":
        await tx.fetch("SELECT pg_advisory_xact_lock(wordle_race_channel_key($1, $2))",
                       guild_id, channel_id)
    found = await _read(tx, _ACTIVE, guild_id, channel_id)
    return found[-1] if found else None


async def _create(tx: Tx, race: RaceRecord) -> RaceRecord:
    existing = await race_in_channel(tx, race.guild_id, race.channel_id)
    game = await tx.fetchrow(f"SELECT g.id FROM games g WHERE {ACTIVE_CHANNEL}",
                             race.guild_id, race.channel_id)
    if game is not None:
        raise ChannelGameRunning(int(game[0]))
    if existing is not None:
        raise RaceExists(existing)
    row = await tx.fetchrow(
        "INSERT INTO races (guild_id, channel_id, starter_id, answer, hard_mode, created_at, "
        "ends_at, join_window_ends_at, word_length, attempts, language) "
        "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id",
        race.guild_id, race.channel_id, race.starter_id, race.answer, race.hard_mode,
        race.created_at, race.ends_at, race.join_window_ends_at, race.variant.length,
        race.variant.attempts, race.variant.language)
    assert row is not None
    return replace(race, id=int(row[0]))


async def placed_again(tx: Tx, race_ids: Iterable[int]) -> None:
    """Place again the solvers of these races that are over (a forgotten player's board is
    gone), and show their end again: it named that player."""
    ids = sorted(set(race_ids))
    if not ids:
        return
    for race in await _read(tx, f"r.id IN ({marks(1, len(ids))}) "
                                "AND r.finished_at IS NOT NULL", *ids):
        placed = rules.places(race.racers)
        for racer in race.racers:
            if racer.place != placed.get(racer.player_id):
                await _save_racer(tx, race.id, replace(racer, place=placed.get(racer.player_id)))
        await tx.execute("UPDATE races SET end_shown = false WHERE id = $1 "
                         "AND message_id IS NOT NULL", race.id)


async def _racer_moved(tx: Tx, race: RaceRecord, player_id: int, at: datetime) -> RaceRecord:
    """Save the racer's board; the last to finish after the join window ends the race."""
    racer = race.racer(player_id)
    assert racer is not None
    await _save_racer(tx, race.id, racer)
    if not race.ends_all_finished(at):
        return race
    return await _finish(tx, race, RaceEnd.ALL_FINISHED, at)


async def _finish(tx: Tx, race: RaceRecord, reason: RaceEnd, at: datetime) -> RaceRecord:
    """End the race at ``at``, or at its latest time if that is later."""
    at = max(at, race.latest)
    done = rules.finished_race(race, reason, at)
    for before, after in zip(race.racers, done.racers, strict=True):
        if after != before:
            await _save_racer(tx, race.id, after)
    await tx.execute("UPDATE races SET finished_at = $2, end_reason = $3 WHERE id = $1 "
                     "AND finished_at IS NULL", race.id, at, reason.value)
    return done


async def _save_racer(tx: Tx, race_id: int, racer: Racer) -> None:
    await tx.execute(
        "UPDATE race_players SET status = $3, attempts = $4, finished_at = $5, place = $6 "
        "WHERE race_id = $1 AND player_id = $2", race_id, racer.player_id,
        racer.status.value, racer.attempts, racer.finished_at, racer.place)


def _stats(row: Row) -> RaceStats:
    _, played, wins, podiums, solved, guesses = (int(v or 0) for v in row)
    return RaceStats(played, wins, podiums, solved, guesses / solved if solved else None)
