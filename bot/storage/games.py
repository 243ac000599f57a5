"""Games and the moves on them: a move locks the game's row, reads it with its guesses, lets
the core decide, then writes (an ending counted in the statistics in the same transaction)."""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Final

from bot.core import domain
from bot.core.domain import HintKind, StatsBucket, Status
from bot.core.game import Game, Guess, move_refusal
from bot.core.stats import (
    DISTRIBUTION_SLOTS,
    EndingFigures,
    StatsRow,
    record_daily_result,
    record_result,
    stats_key,
    to_stats,
)

from .database import (
    Database,
    Row,
    Tx,
    applied,
    marks,
    maybe_moment,
    moment,
    parts_of,
    player_mark,
    stored_text,
    stored_variant,
    utc,
)
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
#: Games matching ``{where}`` (on ``games g``) with their guesses: one row per guess (or one
#: with no guess), by game and attempt.
SELECT_GAMES: Final = (
    f"SELECT {', '.join('g.' + c for c in GAME_COLUMNS)}, q.attempt, q.player_id, q.word, "
    "q.feedback, q.created_at, q.more_feedback FROM games g LEFT JOIN guesses q "
    "ON q.game_id = g.id WHERE {where} ORDER BY g.id, q.attempt"
)
ACTIVE_OWN: Final = ("g.guild_id = $1 AND g.channel_id = $2 AND g.owner_id = $3 "
                     "AND g.scope = 'own' AND g.status = 'active'")
ACTIVE_CHANNEL: Final = ("g.guild_id = $1 AND g.channel_id = $2 AND g.scope = 'channel' "
                         "AND g.status = 'active'")
#: A player's daily or archive game of one puzzle in a server (``$4``: the kind; ``$5``: boards).
NUMBERED: Final = ("g.guild_id = $1 AND g.owner_id = $2 AND g.puzzle_number = $3 "
                   "AND g.kind = $4 AND g.boards = $5")
_LAST_FINISHED: Final = (
    "g.id = (SELECT x.id FROM games x WHERE x.guild_id = $1 AND x.channel_id = $2 "
    "AND x.status <> 'active' AND (x.owner_id = $3 OR EXISTS (SELECT 1 FROM guesses y "
    "WHERE y.game_id = x.id AND y.player_id = $3)) ORDER BY x.finished_at DESC, x.id DESC "
    "LIMIT 1)"
)
_LOCK: Final = "SELECT id FROM games WHERE id = $1 FOR UPDATE"
_INSERT_GUESS: Final = ("INSERT INTO guesses (game_id, attempt, player_id, word, created_at, "
                        "feedback, more_feedback) VALUES ($1, $2, $3, $4, $5, $6, $7)")
_END: Final = "UPDATE games SET status = $2, finished_at = $3, solved_by = $4 WHERE id = $1"
_HINT_COUNT: Final = "SELECT count(*) FROM hints WHERE game_id = $1"
#: The stored counters of a statistics row, in :func:`stats_row` order, one name each.
STATS_COLUMN_NAMES: Final = (
    "played", "wins", *(f"dist_{n}" for n in range(1, DISTRIBUTION_SLOTS + 1)),
    "current_streak", "max_streak", "last_win_day", "last_played_day")
#: The same, as a list for a ``SELECT``.
STATS_COLUMNS: Final = ", ".join(STATS_COLUMN_NAMES)
_STREAKS: Final = 2 + DISTRIBUTION_SLOTS  # where the counters after the distribution start
#: The statistics rows of players (``$3``, ...) in a server and mode (``$1``, ``$2``), made
#: where missing, locked in that order and read (PostgreSQL: a missing row cannot be locked).
_LOCK_ROWS: Final = ("INSERT INTO player_stats (guild_id, player_id, mode) VALUES {values} "
                     "ON CONFLICT (guild_id, player_id, mode) DO UPDATE SET mode = excluded.mode "
                     f"RETURNING player_id, {STATS_COLUMNS}")
#: The same rows read (SQLite: its one writer holds the whole file, nothing else can write).
_READ_ROWS: Final = (f"SELECT player_id, {STATS_COLUMNS} FROM player_stats WHERE guild_id = $1 "
                     "AND mode = $2 AND player_id IN ({players})")
#: A statistics row saved, made if it was not there.
_SAVE_ROW: Final = (
    f"INSERT INTO player_stats (guild_id, player_id, mode, {STATS_COLUMNS}) VALUES ("
    + marks(1, 3 + len(STATS_COLUMN_NAMES)) + ") ON CONFLICT (guild_id, player_id, mode) "
    "DO UPDATE SET " + ", ".join(f"{c} = excluded.{c}" for c in STATS_COLUMN_NAMES))
#: The other games of a server that finished at or after a time (``$2``).
_FINISHED_SINCE: Final = "g.guild_id = $1 AND g.status <> 'active' AND g.finished_at >= $2 " \
    "AND g.id <> $3"
#: The smallest step of a stored time.
TICK: Final = timedelta(microseconds=1)
#: A player's finished dailies in a server: (day, won, and the variant's columns).
_DAILY_HISTORY: Final = (
    "SELECT puzzle_number, status = 'won', language, word_length, attempts, boards FROM games "
    "WHERE guild_id = $1 AND owner_id = $2 AND kind = 'daily' AND status <> 'active'"
)


def stats_row(row: Sequence[Any]) -> StatsRow:
    """A row read as :data:`STATS_COLUMNS` (a tuple, or any database's row)."""
    row = tuple(row)
    current, best, last_win, last_played = row[_STREAKS:_STREAKS + 4]
    return StatsRow(row[0], row[1], tuple(row[2:_STREAKS]), current, best, last_win,
                    last_played)


def games_from_rows(rows: list[Row]) -> list[Game]:
    """The games of :data:`SELECT_GAMES` rows."""
    found: dict[int, tuple[tuple[Any, ...], list[Guess]]] = {}
    width = len(GAME_COLUMNS)
    for row in map(tuple, rows):  # (asyncpg's records do not slice)
        game = found.setdefault(row[0], (row, []))
        attempt, player, word, fb, created, more = row[width:]
        if attempt is not None:
            game[1].append(Guess(attempt, player, word, stored_text(fb, more), moment(created)))
    return [Game(id=r[0], guild_id=r[1], channel_id=r[2], owner_id=r[3], scope=r[4], kind=r[5],
                 puzzle_number=r[6], hidden_word=stored_text(r[7], r[19]), hard_mode=bool(r[8]),
                 status=r[9], setter_id=r[10], solved_by=r[11], created_at=moment(r[12]),
                 finished_at=maybe_moment(r[13]), setter_mark=r[14],
                 variant=stored_variant(r[17], r[15], r[16], r[18]), guesses=tuple(guesses))
            for r, guesses in found.values()]


async def read_games(source: Tx | Database, where: str, *params: Any,
                     lock: bool = False) -> list[Game]:
    sql = SELECT_GAMES.format(where=where) + (" FOR UPDATE OF g" if lock else "")
    return games_from_rows(await source.fetch(sql, *params))


async def locked_game(tx: Tx, game_id: int) -> Game | None:
    """The game as it is now, its row locked until the transaction ends."""
    await tx.execute(_LOCK, game_id)
    found = await read_games(tx, "g.id = $1", game_id)
    return found[0] if found else None


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

    async def _one(self, where: str, *params: Any) -> Game | None:
        found = await read_games(self._db, where, *params)
        return found[-1] if found else None

    async def get_game(self, game_id: int) -> Game | None:
        return await self._one("g.id = $1", game_id)

    async def active_own_game(self, guild_id: int, channel_id: int,
                              owner_id: int) -> Game | None:
        return await self._one(ACTIVE_OWN, guild_id, channel_id, owner_id)

    async def active_channel_game(self, guild_id: int, channel_id: int) -> Game | None:
        return await self._one(ACTIVE_CHANNEL, guild_id, channel_id)

    async def daily_game(self, guild_id: int, owner_id: int, puzzle_number: int,
                         boards: int = 1) -> Game | None:
        return await self._one(NUMBERED, guild_id, owner_id, puzzle_number, "daily", boards)

    async def archive_game(self, guild_id: int, owner_id: int,
                           puzzle_number: int) -> Game | None:
        return await self._one(NUMBERED, guild_id, owner_id, puzzle_number, "archive", 1)

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
            ended, _ = await end_game(tx, game, Status.GIVEN_UP, None, applied(given), day)
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
    """The game, locked, if ``rule`` lets the player make their move on it; else its error."""
    game = await locked_game(tx, game_id)
    error = refused(rule, game, game_id, player_id, mark)
    if error is not None or game is None:
        raise error or StorageError(f"game {game_id} was not found")
    return game


@dataclass(frozen=True, slots=True)
class GuessMove:
    """One guess to save, a write transaction (:func:`_guess`). A database may also play
    several in one go, as :mod:`.postgres.guesses` does, with the same outcome each."""

    game_id: int
    attempt: int
    player_id: int
    word: str
    feedback: str
    finish: Status | None
    day: int | None
    given: datetime | None
    mark: str
    figures: bool = False

    def __call__(self, tx: Tx) -> Coroutine[Any, Any, tuple[Game, EndingFigures | None]]:
        return _guess(tx, self.game_id, self.attempt, self.player_id, self.word, self.feedback,
                      self.finish, self.day, self.given, self.mark, figures=self.figures)


async def _guess(tx: Tx, game_id: int, attempt: int, player_id: int, word: str,
                 feedback: str, finish: Status | None, day: int | None,
                 given: datetime | None, mark: str, *, figures: bool = False
                 ) -> tuple[Game, EndingFigures | None]:
    """Save one guess (ending the game when ``finish``); with ``figures``, what the end shows
    the guesser. An attempt beyond the guesses read (those of before the lock was waited
    for) reads the game again."""
    found = await read_games(tx, "g.id = $1", game_id, lock=True)
    game = found[0] if found else None
    if game is not None and attempt > len(game.guesses) + 1:
        game = (await read_games(tx, "g.id = $1", game_id))[0]
    error = guess_error(game, game_id, player_id, mark, attempt, word, feedback,
                              finish)
    if error is not None or game is None:
        raise error or StorageError(f"guess for game {game_id} was not saved")
    created = applied(given)
    await tx.execute(_INSERT_GUESS, game_id, attempt, player_id, word, created, *parts_of(feedback))
    game = game.moved(guesses=(*game.guesses, Guess(attempt, player_id, word, feedback, created)))
    if finish is None:
        return game, None
    won = Status(finish) is Status.WON
    game, counted = await end_game(tx, game, Status(finish), player_id if won else None,
                                   created, day)
    if not figures:
        return game, None
    hints = await tx.fetchrow(_HINT_COUNT, game_id)
    shown = to_stats(counted.get(player_id), game.bucket, day, game.variant)
    return game, EndingFigures(int(hints[0]) if hints else 0, shown)


async def end_game(tx: Tx, game: Game, status: Status, solver: int | None,
                   at: datetime, day: int | None) -> tuple[Game, dict[int, Any]]:
    """End a locked game (never before its last guess, nor before a game already counted for
    one of its players: :func:`_after_counted`) and count it: the game after, and the
    statistics rows of the players it counted for."""
    if game.guesses:
        at = max(at, max(g.created_at for g in game.guesses))
    ended = game.moved(status=status, finished_at=at, solved_by=solver)
    before = await _lock_rows(tx, ended)
    ended = await _after_counted(tx, ended, before)
    await tx.execute(_END, game.id, status.value, ended.finished_at, solver)
    return ended, await count_ending(tx, ended, day, before)


async def _lock_rows(tx: Tx, game: Game) -> dict[int, StatsRow | None]:
    """The statistics rows ``game`` counts in, by player in id order, locked in one
    statement (``None``: a row not made yet)."""
    players = sorted(game.counted_players)
    if not players:
        return {}
    numbers = range(3, 3 + len(players))
    sql = (_READ_ROWS.format(players=marks(3, len(players))) if tx.dialect == "sqlite" else
           _LOCK_ROWS.format(values=", ".join(f"($1, ${n}, $2)" for n in numbers)))
    found = {r[0]: stats_row(tuple(r)[1:])
             for r in await tx.fetch(sql, game.guild_id, stats_key(game.bucket, game.variant),
                                     *players)}
    return {player: found.get(player) for player in players}


async def _after_counted(tx: Tx, game: Game,
                         rows: dict[int, StatsRow | None]) -> Game:
    """``game``, ending just after the latest game counted before it for one of its players
    (rows locked: ``rows``) if that finished at or after it: streaks follow counting order,
    which must be finish order. (Dailies' streaks follow their days.)"""
    if game.bucket == StatsBucket.DAILY or not rows:
        return game
    at = game.finished_at
    assert at is not None
    later = [g.finished_at for g in await read_games(tx, _FINISHED_SINCE, game.guild_id, at,
                                                      game.id)
             if g.finished_at is not None and (g.bucket, g.variant) == (game.bucket, game.variant)
             and not g.counted_players.isdisjoint(rows)]
    return game.moved(finished_at=max(later) + TICK) if later else game


async def count_ending(tx: Tx, game: Game, day: int | None,
                       before: dict[int, StatsRow | None]) -> dict[int, StatsRow]:
    """Count a game that just ended (already marked so) for each of its
    :func:`counted players <bot.core.domain.counted_players>`, whose rows (``before``) are
    locked: their rows afterwards, by player."""
    mode, won, attempts = stats_key(game.bucket, game.variant), game.won, len(game.guesses)
    counted: dict[int, StatsRow] = {}
    for player, row in before.items():
        if game.bucket is StatsBucket.DAILY:  # (the dailies kept under the same key)
            history = [(n, bool(w)) for n, w, *variant in
                       await tx.fetch(_DAILY_HISTORY, game.guild_id, player)
                       if stats_key(StatsBucket.DAILY, stored_variant(*variant)) == mode]
            after = record_daily_result(row, won=won, attempts=attempts, day=day,
                                              history=history)
        else:
            after = record_result(row, won=won, attempts=attempts, day=day)
        await tx.execute(_SAVE_ROW, game.guild_id, player, mode, after.played, after.wins,
                         *after.distribution, after.current_streak, after.max_streak,
                         after.last_win_day, after.last_played_day)
        counted[player] = after
    return counted
