"""Games and the moves on them: a move locks the game's row, reads it with its guesses, lets
the core decide, then writes (an ending counted in the statistics in the same transaction,
:mod:`.endings`). The guesses of one write batch are played together (:class:`Guesses`)."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

from bot.core import domain
from bot.core.domain import HintKind, Status
from bot.core.game import Game, Guess, move_refusal
from bot.core.stats import EndingFigures, StatsRow, to_stats

from .database import (
    BatchQueue,
    Database,
    Outcome,
    Row,
    Tx,
    applied,
    maybe_moment,
    moment,
    parts_of,
    player_mark,
    stored_text,
    stored_variant,
    utc,
)
from .endings import end_games, ordered_since
from .errors import (
    AttemptConflict,
    GameExists,
    GameNotActive,
    GameNotFound,
    PlayerNotAllowed,
    StorageError,
)
from .models import HintRecord

#: The stored columns of a game, in :func:`games_from_rows` order (see migrations 0015-0019).
GAME_COLUMNS: Final = ("id", "guild_id", "channel_id", "owner_id", "scope", "kind",
                       "puzzle_number", "answer", "hard_mode", "status", "setter_id",
                       "solved_by", "created_at", "finished_at", "setter_mark", "word_length",
                       "attempts", "language", "boards", "more_answers")
#: Games with their guesses, one row each: the columns, then the guesses as a JSON array of
#: arrays (``[attempt, player, word, feedback, time, more feedback]``; none: null or ``[]``).
_GAME_ROWS: Final = (
    f"SELECT {', '.join('g.' + c for c in GAME_COLUMNS)}, (SELECT json_agg(json_build_array("
    "q.attempt, q.player_id, q.word, q.feedback, q.created_at, q.more_feedback)) FROM guesses q "
    "WHERE q.game_id = g.id) FROM games g")
#: Those matching ``{where}`` (on ``games g``), by id.
SELECT_GAMES: Final = _GAME_ROWS + " WHERE {where} ORDER BY g.id"
ACTIVE_OWN: Final = ("g.guild_id = $1 AND g.channel_id = $2 AND g.owner_id = $3 "
                     "AND g.scope = 'own' AND g.status = 'active'")
ACTIVE_CHANNEL: Final = ("g.guild_id = $1 AND g.channel_id = $2 AND g.scope = 'channel' "
                         "AND g.status = 'active'")
#: By kind (written out, for its partial index): a player's daily or archive game of a puzzle.
NUMBERED: Final = {kind: "g.guild_id = $1 AND g.owner_id = $2 AND g.puzzle_number = $3 "
                   f"AND g.kind = '{kind}' AND g.boards = $4" for kind in ("daily", "archive")}
_LAST_FINISHED: Final = (
    "g.id = (SELECT x.id FROM games x WHERE x.guild_id = $1 AND x.channel_id = $2 "
    "AND x.status <> 'active' AND (x.owner_id = $3 OR EXISTS (SELECT 1 FROM guesses y "
    "WHERE y.game_id = x.id AND y.player_id = $3)) ORDER BY x.finished_at DESC, x.id DESC "
    "LIMIT 1)"
)
_LOCK: Final = "SELECT id FROM games WHERE id = $1 FOR UPDATE"
_INSERT_GUESS: Final = ("INSERT INTO guesses (game_id, attempt, player_id, word, created_at, "
                        "feedback, more_feedback) VALUES ($1, $2, $3, $4, $5, $6, $7)")
#: The games of the servers ``$1`` finished at or after ``$2`` that may count for the players
#: ``$3`` (owned by one, or guessed in).
_FINISHED_SINCE: Final = (
    "g.guild_id = ANY($1::bigint[]) AND g.status <> 'active' AND g.finished_at >= $2 "
    "AND (g.owner_id = ANY($3::bigint[]) OR EXISTS (SELECT 1 FROM guesses y "
    "WHERE y.game_id = g.id AND y.player_id = ANY($3::bigint[])))")
_HINTS: Final = ("SELECT game_id, count(*) FROM hints WHERE game_id = ANY($1::bigint[]) "
                 "GROUP BY game_id")


_BY_IDS: Final = SELECT_GAMES.format(where="g.id = ANY($1::bigint[])")
#: The games of ``$1``, locked in id order (as the sorted rows come out), with their guesses.
_LOCKED: Final = _BY_IDS + " FOR UPDATE OF g"


def games_from_rows(rows: list[Row]) -> list[Game]:
    """The games of :data:`SELECT_GAMES` rows."""
    return [Game.stored(id=r[0], guild_id=r[1], channel_id=r[2], owner_id=r[3], scope=r[4],
                        kind=r[5], puzzle_number=r[6], hidden_word=stored_text(r[7], r[19]),
                        hard_mode=bool(r[8]), status=r[9], setter_id=r[10], solved_by=r[11],
                        created_at=moment(r[12]), finished_at=maybe_moment(r[13]),
                        setter_mark=r[14], variant=stored_variant(r[17], r[15], r[16], r[18]),
                        guesses=_guesses(r[20]))
            for r in rows]


def _guesses(text: str | None) -> tuple[Guess, ...]:
    """The guesses of :data:`_GAME_ROWS`' last column, by attempt."""
    return tuple(Guess(attempt, player, word, stored_text(feedback, more), moment(at))
                 for attempt, player, word, feedback, at, more in sorted(json.loads(text or "[]")))


async def read_games(source: Tx | Database, where: str, *params: Any,
                     lock: bool = False) -> list[Game]:
    sql = SELECT_GAMES.format(where=where) + (" FOR UPDATE OF g" if lock else "")
    return games_from_rows(await source.fetch(sql, *params))


def refused(rule: Callable[[Game, int, str | None], domain.Refusal | None],
            game: Game | None, game_id: int, player_id: int,
            mark: str | None) -> Exception | None:
    """The error for a move ``rule`` (one of :mod:`bot.core.domain`'s refusals) refuses
    ``player_id`` (marked ``mark``) on ``game`` as stored now; ``None``: they may."""
    if game is None:
        return GameNotFound(game_id)
    refusal = rule(game, player_id, mark)
    if refusal is None:
        return None
    if refusal is domain.Refusal.GAME_OVER:
        return GameNotActive(game)
    why = {domain.Refusal.NOT_YOUR_GAME: "does not own", domain.Refusal.SETTER: "set the word of"}
    return PlayerNotAllowed(f"player {player_id} {why.get(refusal, 'has not played in')} game "
                            f"{game.id}")


def guess_error(game: Game | None, game_id: int, player_id: int, mark: str | None,
                attempt: int, word: str, feedback: str,
                finish: str | None) -> Exception | None:
    """Why a guess cannot be saved to ``game`` as stored now (``None``: it can)."""
    error = refused(domain.guess_refusal, game, game_id, player_id, mark)
    if error is not None or game is None:
        return error
    problem = game.claim_problem(attempt, word, feedback, finish)
    if problem is not None:
        return ValueError(problem)
    return None if attempt == len(game.guesses) + 1 else AttemptConflict(game, attempt)


class Games:
    """The game calls of the port (contracts: :class:`bot.storage.Store`)."""

    def __init__(self, db: Database, key: bytes) -> None:
        self._db = db
        self._key = key  # makes a forgotten player's mark (player_mark)
        # Games asked for by id while such a read is under way, read together by the next.
        self._reads = BatchQueue(self._read_games)

    async def _one(self, where: str, *params: Any) -> Game | None:
        found = await read_games(self._db, where, *params)
        return found[-1] if found else None

    async def get_game(self, game_id: int) -> Game | None:
        game: Game | None = await self._reads.submit(game_id)
        return game

    async def finish_reads(self) -> None:
        """Answer the games asked for so far (before the database closes)."""
        await self._reads.close()

    async def _read_games(self, ids: list[int]) -> list[Outcome]:
        found = {g.id: g for g in games_from_rows(await self._db.fetch(_BY_IDS, sorted(ids)))}
        return [(found.get(game_id), None) for game_id in ids]

    async def active_own_game(self, guild_id: int, channel_id: int,
                              owner_id: int) -> Game | None:
        return await self._one(ACTIVE_OWN, guild_id, channel_id, owner_id)

    async def active_channel_game(self, guild_id: int, channel_id: int) -> Game | None:
        return await self._one(ACTIVE_CHANNEL, guild_id, channel_id)

    async def daily_game(self, guild_id: int, owner_id: int, puzzle_number: int,
                         boards: int = 1) -> Game | None:
        return await self._one(NUMBERED["daily"], guild_id, owner_id, puzzle_number, boards)

    async def archive_game(self, guild_id: int, owner_id: int,
                           puzzle_number: int) -> Game | None:
        return await self._one(NUMBERED["archive"], guild_id, owner_id, puzzle_number, 1)

    async def last_finished_game(self, guild_id: int, channel_id: int,
                                 player_id: int) -> Game | None:
        return await self._one(_LAST_FINISHED, guild_id, channel_id, player_id)

    async def hints_for_game(self, game_id: int) -> list[HintRecord]:
        rows = await self._db.fetch("SELECT player_id, kind, value, created_at FROM hints "
                                    "WHERE game_id = $1 ORDER BY id", game_id)
        return [HintRecord(r[0], r[1], r[2], moment(r[3])) for r in rows]

    async def record_guess(self, game_id: int, *, attempt: int, player_id: int, word: str,
                           feedback: str, finish: Status | None, day: int | None = None,
                           now: datetime | None = None) -> Game:
        game, _ = await self._db.transaction(GuessMove(
            game_id, attempt, player_id, word, feedback, finish, day, utc(now),
            player_mark(self._key, player_id)))
        return game

    async def record_ending_guess(self, game_id: int, *, attempt: int, player_id: int,
                                  word: str, feedback: str, finish: Status, day: int,
                                  now: datetime | None = None
                                  ) -> tuple[Game, EndingFigures]:
        if finish is None:
            raise ValueError("record_ending_guess is for a guess that ends its game")
        game, figures = await self._db.transaction(GuessMove(
            game_id, attempt, player_id, word, feedback, finish, day, utc(now),
            player_mark(self._key, player_id), figures=True))
        assert figures is not None
        return game, figures

    async def give_up(self, game_id: int, *, player_id: int, day: int,
                      now: datetime | None = None) -> Game:
        given, mark = utc(now), player_mark(self._key, player_id)

        async def work(tx: Tx) -> Game:
            game = await _playable(tx, domain.give_up_refusal, game_id, player_id, mark)
            at = max([applied(given), *(g.created_at for g in game.guesses)])
            ended = game.moved(status=Status.GIVEN_UP, finished_at=at, solved_by=None)
            (ended,), _ = await _end(tx, [(ended, day)])
            return ended

        return await self._db.transaction(work)

    async def record_hint(self, game_id: int, *, player_id: int, kind: HintKind, value: str,
                          now: datetime | None = None) -> None:
        given, mark = utc(now), player_mark(self._key, player_id)

        async def work(tx: Tx) -> None:
            await _playable(tx, domain.hint_refusal, game_id, player_id, mark)
            await tx.execute("INSERT INTO hints (game_id, player_id, kind, value, created_at) "
                             "VALUES ($1, $2, $3, $4, $5)", game_id, player_id, str(kind),
                             value, applied(given))

        await self._db.transaction(work)

    async def move_game(self, game_id: int, *, owner_id: int, channel_id: int) -> Game:
        async def work(tx: Tx) -> Game:
            game = await _playable(tx, move_refusal, game_id, owner_id, None)
            if game.channel_id == channel_id:
                return game
            there = await read_games(tx, ACTIVE_OWN, game.guild_id, channel_id, owner_id)
            if there:
                raise GameExists(there[-1])
            await tx.execute("UPDATE games SET channel_id = $1 WHERE id = $2",
                             channel_id, game_id)
            return game.moved(channel_id=channel_id)

        return await self._db.transaction(work)


async def _playable(tx: Tx, rule: Callable[[Game, int, str | None], domain.Refusal | None],
                    game_id: int, player_id: int, mark: str | None) -> Game:
    """The game, locked, then read as it is now, if ``rule`` lets the player make their move
    on it; else its error."""
    await tx.execute(_LOCK, game_id)
    game = next(iter(await read_games(tx, "g.id = $1", game_id)), None)
    error = refused(rule, game, game_id, player_id, mark)
    if error is not None or game is None:
        raise error or StorageError(f"game {game_id} was not found")
    return game


@dataclass(frozen=True, slots=True)
class GuessMove:
    """One guess to save, a write transaction. Several in one batch are played together
    (:class:`Guesses`), each with the outcome it would have alone."""

    game_id: int
    attempt: int
    player_id: int
    word: str
    feedback: str
    finish: Status | None
    day: int | None
    given: datetime | None
    mark: str
    figures: bool = False  # with what the end shows the guesser

    async def __call__(self, tx: Tx) -> tuple[Game, EndingFigures | None]:
        guesses = await Guesses.read(tx, [self])
        outcomes = [guesses.decide(self)]
        await guesses.save(tx, [self], outcomes)
        (result, error), = outcomes
        if error is not None:
            raise error
        return result


class Guesses:
    """A batch's guesses, decided in turn over their games as read (:meth:`read`), each as it
    would be alone, then saved (:meth:`save`): the guesses, then the ends (:func:`_end`). A
    refused guess writes nothing."""

    def __init__(self, games: dict[int, Game]) -> None:
        self.games = games  # by id, as the guesses decided so far leave them
        self._saved: list[tuple[int, Guess]] = []
        self._ended: dict[int, tuple[Game, int | None]] = {}  # by game, in the order they end

    @classmethod
    async def read(cls, tx: Tx, moves: Sequence[GuessMove]) -> Guesses:
        """The moves' games, locked in id order."""
        return cls(await _locked(tx, moves) if moves else {})

    def decide(self, move: GuessMove) -> Outcome:
        game = self.games.get(move.game_id)
        error = guess_error(game, move.game_id, move.player_id, move.mark, move.attempt,
                            move.word, move.feedback, move.finish)
        if error is not None or game is None:
            return None, error or StorageError(f"guess for game {move.game_id} was not saved")
        guess = Guess(move.attempt, move.player_id, move.word, move.feedback,
                      applied(move.given))
        game = game.moved(guesses=(*game.guesses, guess))
        self._saved.append((game.id, guess))
        if move.finish is not None:
            won = Status(move.finish) is Status.WON
            at = max(g.created_at for g in game.guesses)
            game = game.moved(status=Status(move.finish), finished_at=at,
                              solved_by=move.player_id if won else None)
            self._ended[game.id] = (game, move.day)
        self.games[game.id] = game
        return (game, None), None

    async def save(self, tx: Tx, moves: Sequence[object], outcomes: list[Outcome]) -> None:
        """Write what was decided; the outcomes of ``moves`` (the batch's, by index) that end
        a game then have it as saved, with their figures."""
        if self._saved:
            await tx.executemany(_INSERT_GUESS, [(game_id, g.attempt, g.player_id, g.word,
                                                  g.created_at, *parts_of(g.feedback))
                                                 for game_id, g in self._saved])
        if not self._ended:
            return
        ends, counted = await _end(tx, list(self._ended.values()))
        after = {game.id: game for game in ends}
        wanted = {n: move for n, move in enumerate(moves) if isinstance(move, GuessMove)
                  and move.finish and outcomes[n][1] is None}
        hints: dict[int, int] = {}
        if any(move.figures for move in wanted.values()):
            hints = {row[0]: int(row[1]) for row in await tx.fetch(
                _HINTS, sorted({move.game_id for move in wanted.values()}))}
        for n, move in wanted.items():
            game, figures = after[move.game_id], None
            if move.figures:
                shown = to_stats(counted[game.id].get(move.player_id), game.bucket, move.day,
                                 game.variant)
                figures = EndingFigures(hints.get(game.id, 0), shown)
            outcomes[n] = ((game, figures), None)


async def _locked(tx: Tx, moves: Sequence[GuessMove]) -> dict[int, Game]:
    """The moves' games, locked in id order. A game whose move is beyond the guesses read
    (those of before the lock was waited for) is read again."""
    ids = sorted({move.game_id for move in moves})
    games = {game.id: game for game in games_from_rows(await tx.fetch(_LOCKED, ids))}
    behind = sorted({move.game_id for move in moves if move.game_id in games
                     and move.attempt > len(games[move.game_id].guesses) + 1})
    if behind:
        games.update((game.id, game) for game in games_from_rows(await tx.fetch(_BY_IDS, behind)))
    return games


async def _end(tx: Tx, ended: list[tuple[Game, int | None]]
               ) -> tuple[list[Game], dict[int, dict[int, StatsRow]]]:
    """:func:`bot.storage.endings.end_games`, with the games finished since the first end
    that must follow them."""
    since = ordered_since([game for game, _ in ended])
    finished = [] if since is None else await read_games(
        tx, _FINISHED_SINCE, sorted({game.guild_id for game, _ in ended}), since,
        sorted({player for game, _ in ended for player in game.counted_players}))
    return await end_games(tx, ended, finished)
