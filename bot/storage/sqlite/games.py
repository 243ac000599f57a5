"""Games: starting them, reading them, guesses, give-ups and hints.

The guesses and new games of a batch are saved by few statements queued to the writer thread
together (one round trip, :func:`save_group`); only when something is refused is a game read,
to name the reason (``rules.guess_error`` and friends decide it in Python).
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import aiosqlite

from bot.core.domain import Status
from bot.core.feedback import score

from .. import rules, validation
from ..batching import Create, Guess, settle
from ..errors import DailyPlayed, GameExists, StorageError
from ..game_writes import GameWrites
from ..models import EndingFigures, GameRecord, HintRecord
from ..stats import ending_figures_of
from ..validation import from_text, to_text
from .archive import ARCHIVE
from .connection import Statements, in_writer_thread, pipeline
from .counting import COUNT, END_GAMES, ending
from .settings import ENDING_FIGURES
from .sql import (
    ACTIVE_CHANNEL,
    ACTIVE_OWN,
    DAILY,
    SELECT_GAMES,
    game_from_json,
    game_json,
    insert_games_sql,
    insert_guesses_sql,
    may_play,
)
from .writer import Core, Outcome, WriteJob


class Games(Core, GameWrites):
    """The game calls of the port (their contracts: :class:`bot.storage.Store`)."""

    async def get_game(self, game_id: int) -> GameRecord | None:
        validation.check_id("game_id", game_id)
        self._check_open()
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
                    SELECT_GAMES.format(where="g.id IN (SELECT value FROM json_each(?))"),
                    (json.dumps(list(wanted)),),
                )
            except Exception as exc:
                for futures in wanted.values():
                    for future in futures:
                        settle(future, error=exc)
                continue
            found = {game.id: game for game in map(game_from_json, (row[0] for row in rows))}
            for game_id, futures in wanted.items():
                for future in futures:
                    settle(future, result=found.get(game_id))

    async def active_own_game(
        self, guild_id: int, channel_id: int, owner_id: int
    ) -> GameRecord | None:
        for name, value in (("guild_id", guild_id), ("channel_id", channel_id),
                            ("owner_id", owner_id)):
            validation.check_id(name, value)
        return await self._read_game(ACTIVE_OWN, (guild_id, channel_id, owner_id))

    async def active_channel_game(self, guild_id: int, channel_id: int) -> GameRecord | None:
        validation.check_id("guild_id", guild_id)
        validation.check_id("channel_id", channel_id)
        return await self._read_game(ACTIVE_CHANNEL, (guild_id, channel_id))

    async def daily_game(
        self, guild_id: int, owner_id: int, puzzle_number: int
    ) -> GameRecord | None:
        validation.check_id("guild_id", guild_id)
        validation.check_id("owner_id", owner_id)
        validation.check_day("puzzle_number", puzzle_number)
        return await self._read_game(DAILY, (guild_id, owner_id, puzzle_number))

    async def last_finished_game(
        self, guild_id: int, channel_id: int, player_id: int
    ) -> GameRecord | None:
        for name, value in (("guild_id", guild_id), ("channel_id", channel_id),
                            ("player_id", player_id)):
            validation.check_id(name, value)
        return await self._read_game(
            "g.id = (SELECT x.id FROM games x WHERE x.guild_id = ? AND x.channel_id = ? "
            "AND x.status <> 'active' AND (x.owner_id = ? OR EXISTS "
            "(SELECT 1 FROM guesses y WHERE y.game_id = x.id AND y.player_id = ?)) "
            "ORDER BY x.finished_at DESC, x.id DESC LIMIT 1)",
            (guild_id, channel_id, player_id, player_id),
        )

    async def give_up(
        self, game_id: int, *, player_id: int, day: int, now: datetime | None = None
    ) -> GameRecord:
        validation.check_id("game_id", game_id)
        validation.check_id("player_id", player_id)
        validation.check_day("day", day)
        given = None if now is None else validation.now_utc(now)
        mark = rules.player_mark(self._key, player_id)

        async def job(conn: aiosqlite.Connection) -> GameRecord:
            finished = to_text(given or datetime.now(UTC))  # the time it is applied
            ends = {"ends": json.dumps([ending(game=game_id, player=player_id, mark=mark,
                                               created=finished, day=day)])}
            # Counted, then ended, in one round trip: both apply only while the player may
            # give the game up (sql.may_give_up).
            counted_cursor, rows = await pipeline(
                conn.execute(COUNT, ends),
                conn.execute_fetchall(f"{END_GAMES} RETURNING {game_json('games')}", ends),
            )
            counted = counted_cursor.rowcount
            if not rows:
                if counted:
                    raise StorageError("statistics counted for a game not ended")  # cannot be
                game = await game_in_transaction(conn, game_id)
                raise rules.give_up_error(game, game_id, player_id, mark) or StorageError(
                    f"give-up of game {game_id} was not saved"
                )
            game = game_from_json(next(iter(rows))[0])
            if counted != len(rules.counted_players(game)):
                raise StorageError("the statistics of the game do not add up")  # cannot be
            return game

        return await self._write(job)

    async def record_hint(
        self,
        game_id: int,
        *,
        player_id: int,
        kind: str,
        value: str,
        now: datetime | None = None,
    ) -> None:
        validation.check_hint(game_id=game_id, player_id=player_id, kind=kind, value=value)
        created = to_text(validation.now_utc(now))
        mark = rules.player_mark(self._key, player_id)

        async def job(conn: aiosqlite.Connection) -> None:
            cursor = await conn.execute(
                "INSERT INTO hints (game_id, player_id, kind, value, created_at) "
                f"SELECT g.id, ?1, ?2, ?3, ?4 FROM games g WHERE g.id = ?5 "
                f"AND {may_play('g', '?1', '?6')}",
                (player_id, kind, value, created, game_id, mark),
            )
            if cursor.rowcount == 1:
                return
            game = await game_in_transaction(conn, game_id)
            raise rules.hint_error(game, game_id, player_id, mark) or StorageError(
                f"hint for game {game_id} was not saved"
            )

        await self._write(job)

    async def move_game(self, game_id: int, *, owner_id: int, channel_id: int) -> GameRecord:
        for name, value in (("game_id", game_id), ("owner_id", owner_id),
                            ("channel_id", channel_id)):
            validation.check_id(name, value)

        async def job(conn: aiosqlite.Connection) -> GameRecord:
            # Written first (the write transaction begins with it), only while it may move.
            try:
                await conn.execute(
                    "UPDATE games SET channel_id = ?1 WHERE id = ?2 AND owner_id = ?3 "
                    "AND scope = 'own' AND status = 'active' AND channel_id <> ?1",
                    (channel_id, game_id, owner_id))
            except sqlite3.IntegrityError:  # games_one_active_own: one of theirs is there
                game = await game_in_transaction(conn, game_id)
                there = [] if game is None else list(await conn.execute_fetchall(
                    SELECT_GAMES.format(where=ACTIVE_OWN), (game.guild_id, channel_id, owner_id)))
                if there:
                    raise GameExists(game_from_json(there[-1][0])) from None
                raise
            game = await game_in_transaction(conn, game_id)
            error = rules.move_error(game, game_id, owner_id)
            if error is not None or game is None:
                raise error or StorageError(f"game {game_id} was not moved")
            return game

        return await self._write(job)

    async def _save_group(
        self, conn: aiosqlite.Connection, unit: list[tuple[int, WriteJob]], *, commit: bool
    ) -> dict[int, Outcome]:
        return await in_writer_thread(conn, save_group, unit, self._key, commit=commit)

    async def hints_for_game(self, game_id: int) -> list[HintRecord]:
        validation.check_id("game_id", game_id)
        rows = await self._read(
            "SELECT player_id, kind, value, created_at FROM hints WHERE game_id = ? ORDER BY id",
            (game_id,),
        )
        return [HintRecord(row[0], row[1], row[2], from_text(row[3])) for row in rows]


async def save_group(
    conn: Statements, unit: list[tuple[int, WriteJob]], key: bytes
) -> dict[int, Outcome]:
    """Save guesses (at most one attempt number per game) and then start games, in the
    writer thread in one call (:func:`~.connection.in_writer_thread`, which also commits
    when the unit is the batch's last):

    1. one INSERT for all the guesses (:func:`~.sql.insert_guesses_sql`), returning the
       game of each one saved; a guess handed in without a time gets the time now;
    2. for the guesses that would end their game: one UPSERT counting them in the
       statistics, then one UPDATE ending the games; both apply only where that very guess
       was just saved;
    3. one INSERT for the new games (:func:`~.sql.insert_games_sql`);
    4. for each guess from ``record_ending_guess`` that was saved, one read of its end's
       figures (:data:`~.settings.ENDING_FIGURES`), after they were counted.

    Then, only if some were refused, the games concerned are read to tell each caller why.
    Raises (the group is then redone one job at a time) if a saved guess has a feedback that
    does not match, or the counts do not add up.
    """
    stamp = to_text(datetime.now(UTC))
    guesses = [(i, replace(job, created=stamp, restamp=False) if job.restamp else job)
               for i, job in unit if isinstance(job, Guess)]
    creates = [(i, job) for i, job in unit if isinstance(job, Create)]
    marks = {g.player_id: rules.player_mark(key, g.player_id) for _, g in guesses}
    steps: list[tuple[str, Any]] = []  # (statement, parameters), run in this order
    if guesses:
        params: list[Any] = []
        for position, (_, g) in enumerate(guesses):
            params += (position, g.game_id, g.attempt, g.player_id, g.word, g.feedback,
                       g.created, marks[g.player_id])
        steps.append((insert_guesses_sql(len(guesses)), params))
    # Exact repeats of one request cannot both be saved: end (and count) the game once.
    ends = {
        (g.game_id, g.attempt, g.player_id, g.word, g.created): ending(g)
        for _, g in guesses
        if g.finish is not None
    }
    if ends:
        ending_params = {"ends": json.dumps(list(ends.values()))}
        steps += [(COUNT, ending_params), (END_GAMES, ending_params)]
    if creates:
        params = []
        for position, (_, create) in enumerate(creates):
            params += (position, *create.row, create.owner_mark)
        steps.append((insert_games_sql(len(creates)), params))
    # Rows of the INSERTs (RETURNING), cursors (their rowcount) of the UPSERT and UPDATE.
    results = iter([await (conn.execute(sql, p) if sql in (COUNT, END_GAMES)
                           else conn.execute_fetchall(sql, p)) for sql, p in steps])

    outcomes: dict[int, Outcome] = {}
    if guesses:
        outcomes.update(
            await _guess_outcomes(conn, guesses, marks, next(results), bool(ends), results)
        )
    if creates:
        outcomes.update(await _create_outcomes(conn, creates, next(results)))
    for index, g in guesses:
        game, error = outcomes[index]
        if g.figures and error is None:
            outcomes[index] = ((game, await _figures(conn, game, g)), None)
    return outcomes


async def _figures(conn: Statements, game: GameRecord, g: Guess) -> EndingFigures:
    """What the end of ``game`` (just counted) shows the player whose guess ``g`` ended it."""
    mode = game.stats_mode
    rows = list(await conn.execute_fetchall(
        ENDING_FIGURES, (game.id, json.dumps([g.player_id]), game.guild_id, mode)))
    hints, (stats,) = ending_figures_of(rows, mode, g.day)
    return EndingFigures(hints, stats)


async def _guess_outcomes(
    conn: Statements,
    guesses: list[tuple[int, Guess]],
    marks: dict[int, str],
    rows: Iterable[Any],
    ending_any: bool,
    results: Iterator[Any],
) -> dict[int, Outcome]:
    saved: dict[int, GameRecord] = {}  # position in ``guesses`` -> the game after that guess
    positions: dict[tuple[Any, ...], list[int]] = {}
    for p, (_, g) in reversed(list(enumerate(guesses))):
        positions.setdefault((g.game_id, g.player_id, g.word, g.feedback, g.created), []).append(p)
    for player, word, feedback, created, game_text in rows:
        game = game_from_json(game_text)
        # The first of identical requests (same game, player, word and time) is the one saved.
        position = positions[(game.id, player, word, feedback, created)].pop()
        if score(word, game.answer) != feedback:
            # Already written: the transaction is redone without this job.
            raise ValueError("feedback does not match the guess and the hidden word")
        g = guesses[position][1]
        if g.finish is not None:
            solver = g.player_id if g.finish == "won" else None
            finished = max(q.created_at for q in game.guesses)  # as END_GAMES sets it
            game = replace(game, status=Status(g.finish), solved_by=solver, finished_at=finished)
        saved[position] = game
    if ending_any:
        counted, ended = next(results), next(results)
        finished_games = [game for game in saved.values() if game.status != "active"]
        if ended.rowcount != len(finished_games) or counted.rowcount != sum(
            len(rules.counted_players(game)) for game in finished_games
        ):
            raise StorageError("the games ended do not add up (nothing was saved)")
    after = {game.id: game for game in saved.values()}
    refused = sorted({g.game_id for _, g in guesses if g.game_id not in after})
    if refused:
        after.update((game.id, game) for game in await games_in_transaction(conn, refused))
    outcomes: dict[int, Outcome] = {}
    for position, (index, g) in enumerate(guesses):
        if position in saved:
            outcomes[index] = (saved[position], None)
            continue
        error = rules.guess_error(after.get(g.game_id), g.game_id, g.player_id,
                                  marks[g.player_id], g.attempt, g.word, g.feedback)
        outcomes[index] = (None, error or StorageError(
            f"guess for game {g.game_id} was not saved (the stored guesses do not add up)"
        ))
    return outcomes


async def _create_outcomes(
    conn: Statements, creates: list[tuple[int, Create]], rows: Iterable[Any]
) -> dict[int, Outcome]:
    """The partial unique indexes are the rule (one active own game per player and channel,
    one active channel game per channel, one daily per player and day), with a forgotten
    player's played dailies: a game refused was not inserted; only then is the reason
    looked up."""
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
    outcomes: dict[int, Outcome] = {}
    for position, (index, create) in enumerate(creates):
        if position in saved:
            outcomes[index] = (saved[position], None)
            continue
        outcomes[index] = (None, await _create_refusal(conn, create))
    return outcomes


async def _create_refusal(conn: Statements, c: Create) -> Exception:
    """Why a new game was refused: the game in its way (daily first), or a played mark."""
    checks: list[tuple[str, tuple[Any, ...]]] = []
    if c.kind == "daily":
        checks.append((DAILY, (c.guild_id, c.owner_id, c.puzzle_number)))
    elif c.kind == "archive":
        checks.append((ARCHIVE, (c.guild_id, c.owner_id, c.puzzle_number)))
    if c.owner_id is not None:
        checks.append((ACTIVE_OWN, (c.guild_id, c.channel_id, c.owner_id)))
    else:
        checks.append((ACTIVE_CHANNEL, (c.guild_id, c.channel_id)))
    for where, params in checks:
        rows = await conn.execute_fetchall(SELECT_GAMES.format(where=where), params)
        if rows:
            return GameExists(game_from_json(list(rows)[-1][0]))
    if c.puzzle_number is not None and c.owner_mark is not None:
        played = await conn.execute_fetchall(
            "SELECT 1 FROM played_dailies WHERE guild_id = ? AND puzzle_number = ? "
            "AND player_mark = ?",
            (c.guild_id, c.puzzle_number, c.owner_mark),
        )
        if list(played):
            return DailyPlayed(c.guild_id, c.puzzle_number)
    return StorageError("the game could not be started (a database rule refused it)")


async def games_in_transaction(
    conn: Statements, game_ids: Sequence[int]
) -> list[GameRecord]:
    marks = ", ".join("?" * len(game_ids))
    rows = await conn.execute_fetchall(SELECT_GAMES.format(where=f"g.id IN ({marks})"), game_ids)
    return [game_from_json(row[0]) for row in rows]


async def game_in_transaction(conn: Statements, game_id: int) -> GameRecord | None:
    games = await games_in_transaction(conn, [game_id])
    return games[0] if games else None
