"""The write transactions of races, once for both stores.

Each function runs inside a transaction the store opened, through a :class:`Tx` (the store's
connection with its dialect's details: placeholders, time values, how a race is read and
locked). The race is read as it is inside the transaction (on PostgreSQL after locking its
row, so writes to one race run one after the other; SQLite has one writer anyway), the rules
of :mod:`bot.storage.races` decide, and a few statements write the outcome.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any, Protocol, TypeVar

from bot.core.domain import HintKind, Status

from . import rules
from .races import (
    ChannelGameRunning,
    RaceEnd,
    RaceExists,
    RaceLeft,
    RaceNotFound,
    Racer,
    RaceRecord,
    after_guess,
    check_new_race,
    check_race_guess,
    end_error,
    finished_race,
    guess_error,
    join_error,
    player_error,
    with_racer,
)
from .validation import check_bool, check_choice, check_hint_value, check_id, now_utc

_T = TypeVar("_T")

CHANNEL_GAME = ("SELECT id FROM games WHERE guild_id = ? AND channel_id = ? "
                "AND scope = 'channel' AND status = 'active'")
ACTIVE_RACE = "r.guild_id = ? AND r.channel_id = ? AND r.finished_at IS NULL"


class Tx(Protocol):
    """A store's open transaction, as the race writes use it. SQL is written with ``?``."""

    async def run(self, sql: str, *params: Any) -> None: ...
    async def rows(self, sql: str, *params: Any) -> list[Sequence[Any]]: ...
    async def race(self, where: str, *params: Any, lock: bool = True) -> RaceRecord | None:
        """The race matching ``where`` (on ``races r``), its row locked where that matters."""
        ...
    async def lock_channel(self, guild_id: int, channel_id: int) -> None:
        """Where writers run at once: serialise races and channel games of one channel."""
        ...
    def time(self, moment: datetime) -> Any: ...
    def flag(self, value: bool) -> Any: ...


async def create(tx: Tx, *, guild_id: int, channel_id: int, starter_id: int, answer: str,
                 hard_mode: bool, created: datetime, ends_at: datetime,
                 join_window_ends_at: datetime) -> RaceRecord:
    await tx.lock_channel(guild_id, channel_id)
    game = await tx.rows(CHANNEL_GAME, guild_id, channel_id)
    if game:
        raise ChannelGameRunning(int(game[0][0]))
    existing = await tx.race(ACTIVE_RACE, guild_id, channel_id, lock=False)
    if existing is not None:
        raise RaceExists(existing)
    found = await tx.rows(
        "INSERT INTO races (guild_id, channel_id, starter_id, answer, hard_mode, created_at, "
        "ends_at, join_window_ends_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        guild_id, channel_id, starter_id, answer, tx.flag(hard_mode), tx.time(created),
        tx.time(ends_at), tx.time(join_window_ends_at))
    return RaceRecord(int(found[0][0]), guild_id, channel_id, starter_id, answer, hard_mode,
                      created, ends_at, join_window_ends_at)


async def _race(tx: Tx, race_id: int) -> RaceRecord | None:
    return await tx.race("r.id = ?", race_id)


async def join(tx: Tx, race_id: int, player_id: int, mark: str,
               now: datetime) -> tuple[RaceRecord, bool]:
    race = await _race(tx, race_id)
    problem = join_error(race, race_id, now)
    if problem is not None or race is None:
        raise problem or RaceNotFound(race_id)
    if race.racer(player_id) is not None:
        return race, False
    if await tx.rows("SELECT 1 FROM race_marks WHERE race_id = ? AND player_mark = ?",
                     race_id, mark):
        raise RaceLeft(race)
    await tx.run("INSERT INTO race_players (race_id, player_id, joined_at) VALUES (?, ?, ?)",
                 race_id, player_id, tx.time(now))
    return with_racer(race, Racer(player_id, now, Status.ACTIVE, None)), True


async def guess(tx: Tx, race_id: int, player_id: int, attempt: int, word: str, feedback: str,
                finish: str | None, now: datetime) -> RaceRecord:
    race = await _race(tx, race_id)
    problem = guess_error(race, race_id, player_id, attempt, word, feedback, now)
    if problem is not None or race is None:
        raise problem or RaceNotFound(race_id)
    await tx.run("INSERT INTO race_guesses (race_id, player_id, attempt, word, feedback, "
                 "created_at) VALUES (?, ?, ?, ?, ?, ?)",
                 race_id, player_id, attempt, word, feedback, tx.time(now))
    after = after_guess(race, player_id, attempt, word, feedback, finish, now)
    racer = after.racer(player_id)
    assert racer is not None
    await _save_racer(tx, race_id, racer)
    return await _end_if_all_finished(tx, after, now)


async def give_up(tx: Tx, race_id: int, player_id: int, now: datetime) -> RaceRecord:
    race = await _race(tx, race_id)
    problem = player_error(race, race_id, player_id, now)
    if problem is not None or race is None:
        raise problem or RaceNotFound(race_id)
    racer = race.racer(player_id)
    assert racer is not None
    racer = replace(racer, status=Status.GIVEN_UP, finished_at=now)
    await _save_racer(tx, race_id, racer)
    return await _end_if_all_finished(tx, with_racer(race, racer), now)


async def hint(tx: Tx, race_id: int, player_id: int, kind: str, value: str,
               now: datetime) -> None:
    race = await _race(tx, race_id)
    problem = player_error(race, race_id, player_id, now)
    if problem is not None:
        raise problem
    await tx.run("INSERT INTO race_hints (race_id, player_id, kind, value, created_at) "
                 "VALUES (?, ?, ?, ?, ?)", race_id, player_id, kind, value, tx.time(now))
    await tx.run("UPDATE race_players SET hints = hints + 1 WHERE race_id = ? AND player_id = ?",
                 race_id, player_id)


async def end(tx: Tx, race_id: int, reason: RaceEnd, by: int | None,
              now: datetime) -> tuple[RaceRecord, bool]:
    """End the race (``True``), or hand it back as it is if it had ended (``False``)."""
    race = await _race(tx, race_id)
    problem = end_error(race, race_id, reason, by, now)
    if problem is not None or race is None:
        raise problem or RaceNotFound(race_id)
    if race.is_over:
        return race, False
    return await _finish(tx, race, reason, now), True


async def _end_if_all_finished(tx: Tx, race: RaceRecord, now: datetime) -> RaceRecord:
    """The last player finished: the race ends, unless its join window is still open (then
    it waits for more players, and whoever closes races ends it at the window's end)."""
    if not race.ends_all_finished(now):
        return race
    return await _finish(tx, race, RaceEnd.ALL_FINISHED, now)


async def _finish(tx: Tx, race: RaceRecord, reason: RaceEnd, now: datetime) -> RaceRecord:
    done = finished_race(race, reason, now)
    for before, after in zip(race.racers, done.racers, strict=True):
        if after != before:
            await _save_racer(tx, race.id, after)
    await tx.run("UPDATE races SET finished_at = ?, end_reason = ? WHERE id = ? "
                 "AND finished_at IS NULL", tx.time(now), reason.value, race.id)
    return done


async def _save_racer(tx: Tx, race_id: int, racer: Racer) -> None:
    await tx.run(
        "UPDATE race_players SET status = ?, attempts = ?, finished_at = ?, place = ? "
        "WHERE race_id = ? AND player_id = ?",
        racer.status.value, racer.attempts,
        None if racer.finished_at is None else tx.time(racer.finished_at), racer.place,
        race_id, racer.player_id)


_end_write = end  # (``end_race`` has a parameter called ``end``)


def _when(given: datetime | None) -> datetime:
    """The time a write takes effect: the one given, else now, read when the transaction
    runs (so times follow the order writes take effect in)."""
    return given or now_utc(None)


class RaceMoves:
    """The race calls of the port that are the same on both stores: each checks its input,
    then runs its transaction through the store's ``_race_job`` or reads races through its
    ``_read_races`` (contracts: :class:`bot.storage.Store`)."""

    _key: bytes  # the store's key of forgotten players' marks (rules.player_mark)

    async def _race_job(self, work: Callable[[Tx], Awaitable[_T]]) -> _T:
        raise NotImplementedError  # each store opens its own transaction

    async def _read_races(self, where: str, *params: Any) -> list[RaceRecord]:
        """The races matching ``where`` (on ``races r``, ``?`` placeholders), by id."""
        raise NotImplementedError

    async def create_race(self, *, guild_id: int, channel_id: int, starter_id: int, answer: str,
                          hard_mode: bool, ends_at: datetime,
                          join_window_ends_at: datetime | None = None,
                          now: datetime | None = None) -> RaceRecord:
        created = now_utc(now)
        window = created if join_window_ends_at is None else join_window_ends_at
        check_new_race(guild_id=guild_id, channel_id=channel_id, starter_id=starter_id,
                       answer=answer, hard_mode=hard_mode, created=created, ends_at=ends_at,
                       join_window_ends_at=window)
        return await self._race_job(lambda tx: create(
            tx, guild_id=guild_id, channel_id=channel_id, starter_id=starter_id, answer=answer,
            hard_mode=hard_mode, created=created, ends_at=now_utc(ends_at),
            join_window_ends_at=now_utc(window)))

    async def get_race(self, race_id: int) -> RaceRecord | None:
        check_id("race_id", race_id)
        found = await self._read_races("r.id = ?", race_id)
        return found[0] if found else None

    async def active_race(self, guild_id: int, channel_id: int) -> RaceRecord | None:
        check_id("guild_id", guild_id)
        check_id("channel_id", channel_id)
        found = await self._read_races(ACTIVE_RACE, guild_id, channel_id)
        return found[-1] if found else None

    async def active_races(self) -> list[RaceRecord]:
        return await self._read_races("r.finished_at IS NULL")

    async def set_race_message(self, race_id: int, message_id: int) -> None:
        check_id("race_id", race_id)
        check_id("message_id", message_id)
        await self._race_job(lambda tx: tx.run("UPDATE races SET message_id = ? WHERE id = ?",
                                               message_id, race_id))

    async def races_to_show_ended(self) -> list[RaceRecord]:
        return await self._read_races(
            "r.finished_at IS NOT NULL AND r.end_shown = false")  # (its partial index's terms)

    async def set_race_end_shown(self, race_id: int) -> None:
        check_id("race_id", race_id)
        await self._race_job(lambda tx: tx.run(
            "UPDATE races SET end_shown = ? WHERE id = ? AND finished_at IS NOT NULL",
            tx.flag(True), race_id))

    async def set_hints_in_races(self, guild_id: int, allowed: bool) -> None:
        check_id("guild_id", guild_id)
        check_bool("hints_in_races", allowed)
        await self._race_job(lambda tx: tx.run(
            "INSERT INTO guild_settings (guild_id, hints_in_races) VALUES (?, ?) "
            "ON CONFLICT (guild_id) DO UPDATE SET hints_in_races = excluded.hints_in_races",
            guild_id, tx.flag(allowed)))

    async def join_race(self, race_id: int, player_id: int, *,
                        now: datetime | None = None) -> tuple[RaceRecord, bool]:
        check_id("race_id", race_id)
        check_id("player_id", player_id)
        given = None if now is None else now_utc(now)
        mark = rules.player_mark(self._key, player_id)
        return await self._race_job(lambda tx: join(tx, race_id, player_id, mark,
                                                    _when(given)))

    async def record_race_guess(self, race_id: int, *, player_id: int, attempt: int, word: str,
                                feedback: str, finish: Status | None,
                                now: datetime | None = None) -> RaceRecord:
        check_race_guess(race_id=race_id, player_id=player_id, attempt=attempt, word=word,
                         feedback=feedback, finish=finish)
        given = None if now is None else now_utc(now)
        return await self._race_job(lambda tx: guess(
            tx, race_id, player_id, attempt, word, feedback, finish, _when(given)))

    async def give_up_race(self, race_id: int, *, player_id: int,
                           now: datetime | None = None) -> RaceRecord:
        check_id("race_id", race_id)
        check_id("player_id", player_id)
        given = None if now is None else now_utc(now)
        return await self._race_job(lambda tx: give_up(tx, race_id, player_id, _when(given)))

    async def record_race_hint(self, race_id: int, *, player_id: int, kind: HintKind,
                               value: str, now: datetime | None = None) -> None:
        check_id("race_id", race_id)
        check_id("player_id", player_id)
        check_hint_value(kind=kind, value=value)
        given = None if now is None else now_utc(now)
        await self._race_job(
            lambda tx: hint(tx, race_id, player_id, kind, value, _when(given)))

    async def end_race(self, race_id: int, *, end: RaceEnd, by: int | None = None,
                       now: datetime | None = None) -> tuple[RaceRecord, bool]:
        check_id("race_id", race_id)
        check_choice("end", end, RaceEnd)
        check_id("by", by, optional=True)
        given = None if now is None else now_utc(now)
        return await self._race_job(
            lambda tx: _end_write(tx, race_id, RaceEnd(end), by, _when(given)))
