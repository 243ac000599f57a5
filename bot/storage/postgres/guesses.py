"""The guesses of one write batch played together in a few statements, each with the outcome
it would have alone (:class:`bot.storage.games.GuessMove`): lock and read the games in id
order, decide each guess in order, save the guesses and ends, then lock, count and write the
statistics rows. A refused guess writes nothing."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, Final

from bot.core.domain import StatsBucket, Status
from bot.core.game import Game, Guess
from bot.core.stats import (
    EndingFigures,
    StatsRow,
    record_daily_result,
    record_result,
    stats_key,
    stats_key_parts,
    to_stats,
)

from ..database import Outcome, Tx, applied, parts_of, stored_variant
from ..errors import StorageError
from ..games import (
    GAME_COLUMNS,
    STATS_COLUMN_NAMES,
    STATS_COLUMNS,
    TICK,
    GuessMove,
    games_from_rows,
    guess_error,
    read_games,
    stats_row,
)


def games_by_ids(ids: str) -> str:
    """:data:`bot.storage.games.SELECT_GAMES` for the games of the array ``ids``, their guesses
    looked up by the same ids (else the planner may read every guess to join them)."""
    return (f"SELECT {', '.join('g.' + c for c in GAME_COLUMNS)}, q.attempt, q.player_id, "
            "q.word, q.feedback, q.created_at, q.more_feedback FROM games g LEFT JOIN guesses q "
            "ON q.game_id = "
            f"g.id AND q.game_id = ANY({ids}) WHERE g.id = ANY({ids}) ORDER BY g.id, q.attempt")


_BY_IDS: Final = games_by_ids("$1::bigint[]")
#: The games of ``$1``, locked in id order (as the sorted rows come out), with their guesses.
SELECT_LOCKED: Final = _BY_IDS + " FOR UPDATE OF g"
_SAVE: Final = (
    "WITH saved AS (INSERT INTO guesses (game_id, attempt, player_id, word, feedback, "
    "created_at, more_feedback) SELECT * FROM unnest($1::bigint[], $2::smallint[], "
    "$3::bigint[], $4::text[], $5::text[], $6::timestamptz[], $11::text[])) "
    "UPDATE games SET status = e.status, finished_at = e.at, solved_by = e.solver "
    "FROM unnest($7::bigint[], $8::text[], $9::timestamptz[], $10::bigint[]) "
    "AS e(id, status, at, solver) WHERE games.id = ANY($7::bigint[]) AND games.id = e.id"
)
_KEYS: Final = "unnest($1::bigint[], $2::bigint[], $3::text[]) AS k(guild, player, mode)"
#: The statistics rows of the keys, made where missing, locked in key order and read as they
#: are now (``ON CONFLICT DO UPDATE`` waits for a row another transaction holds).
_LOCK_STATS: Final = (
    "INSERT INTO player_stats (guild_id, player_id, mode) "
    f"SELECT guild, player, mode FROM {_KEYS} ORDER BY guild, player, mode "
    "ON CONFLICT (guild_id, player_id, mode) DO UPDATE SET mode = excluded.mode "
    f"RETURNING guild_id, player_id, mode, {STATS_COLUMNS}"
)
#: The finished dailies of players in servers: (server, player, day, won, and the variant's
#: columns).
_DAILY_HISTORY: Final = (
    "SELECT guild_id, owner_id, puzzle_number, status = 'won', language, word_length, "
    "attempts, boards FROM games "
    "WHERE guild_id = ANY($1::bigint[]) AND owner_id = ANY($2::bigint[]) "
    "AND kind = 'daily' AND status <> 'active'"
)
_UPDATE_STATS: Final = (
    f"UPDATE player_stats s SET {', '.join(f'{c} = v.{c}' for c in STATS_COLUMN_NAMES)} "
    "FROM unnest($1::bigint[], $2::bigint[], $3::text[], "
    + ", ".join(f"${n}::integer[]" for n in range(4, 4 + len(STATS_COLUMN_NAMES)))
    + f") AS v(guild, player, mode, {STATS_COLUMNS}) "
    "WHERE s.guild_id = ANY($1::bigint[]) AND s.player_id = ANY($2::bigint[]) "
    "AND s.guild_id = v.guild AND s.player_id = v.player AND s.mode = v.mode"
)
#: The games of the servers ``$1`` finished at or after ``$2``.
_FINISHED_SINCE: Final = ("g.guild_id = ANY($1::bigint[]) AND g.status <> 'active' "
                          "AND g.finished_at >= $2")
_HINTS: Final = ("SELECT game_id, count(*) FROM hints WHERE game_id = ANY($1::bigint[]) "
                 "GROUP BY game_id")

Key = tuple[int, int, str]


async def play_guesses(tx: Tx, moves: Sequence[GuessMove]) -> list[Outcome]:
    """Save ``moves`` in ``tx``: one outcome each, in order (see the module doc)."""
    games = await _locked(tx, moves)
    outcomes: list[Outcome] = []
    saved: list[Guess] = []
    saved_to: list[int] = []
    ended: dict[int, tuple[Game, int | None]] = {}  # by game, in the order they end
    for move in moves:
        game = games.get(move.game_id)
        error = guess_error(game, move.game_id, move.player_id, move.mark, move.attempt,
                                  move.word, move.feedback, move.finish)
        if error is not None or game is None:
            outcomes.append((None, error or StorageError(
                f"guess for game {move.game_id} was not saved")))
            continue
        guess = Guess(move.attempt, move.player_id, move.word, move.feedback,
                      applied(move.given))
        game = game.moved(guesses=(*game.guesses, guess))
        saved.append(guess)
        saved_to.append(game.id)
        if move.finish is not None:
            won = Status(move.finish) is Status.WON
            at = max(g.created_at for g in game.guesses)
            game = game.moved(status=Status(move.finish), finished_at=at,
                              solved_by=move.player_id if won else None)
            ended[game.id] = (game, move.day)
        games[game.id] = game
        outcomes.append(((game, None), None))
    if not saved:
        return outcomes
    current = await _lock_stats(tx, list(ended.values()))
    moved = await _in_finish_order(tx, [game for game, _ in ended.values()], current)
    for game_id, game in moved.items():
        ended[game_id] = (game, ended[game_id][1])
    for n, (done, error) in enumerate(outcomes):
        if error is None and done is not None and done[0].id in moved:
            outcomes[n] = ((moved[done[0].id], None), None)
    ends = [game for game, _ in ended.values()]
    parts = [parts_of(g.feedback) for g in saved]
    await tx.execute(
        _SAVE, saved_to, [g.attempt for g in saved], [g.player_id for g in saved],
        [g.word for g in saved], [p[0] for p in parts], [g.created_at for g in saved],
        [g.id for g in ends], [g.status.value for g in ends], [g.finished_at for g in ends],
        [g.solved_by for g in ends], [p[1] for p in parts])
    counted = await _count(tx, list(ended.values()), current)
    wanted = [(n, move) for n, move in enumerate(moves)
              if move.figures and outcomes[n][1] is None]
    if wanted:
        hints: dict[int, int] = {row[0]: row[1] for row in await tx.fetch(
            _HINTS, sorted({move.game_id for _, move in wanted}))}
        for n, move in wanted:
            game = outcomes[n][0][0]
            row = counted[game.id].get(move.player_id)
            shown = to_stats(row, game.bucket, move.day, game.variant)
            outcomes[n] = ((game, EndingFigures(int(hints.get(game.id, 0)), shown)), None)
    return outcomes


async def _locked(tx: Tx, moves: Sequence[GuessMove]) -> dict[int, Game]:
    """The moves' games, locked in id order. A game whose move is beyond the guesses read
    (those of before the lock was waited for) is read again."""
    ids = sorted({move.game_id for move in moves})
    games = {game.id: game for game in games_from_rows(await tx.fetch(SELECT_LOCKED, ids))}
    behind = sorted({move.game_id for move in moves if move.game_id in games
                     and move.attempt > len(games[move.game_id].guesses) + 1})
    if behind:
        games.update((game.id, game) for game in games_from_rows(await tx.fetch(_BY_IDS, behind)))
    return games


def _keys(game: Game) -> list[Key]:
    """The statistics rows ``game`` counts in, one per counted player."""
    key = stats_key(game.bucket, game.variant)
    return [(game.guild_id, p, key) for p in sorted(game.counted_players)]


async def _lock_stats(tx: Tx, ended: list[tuple[Game, int | None]]
                      ) -> dict[Key, StatsRow]:
    """The statistics rows the ended games count in, locked (made where missing)."""
    keys = sorted({key for game, _ in ended for key in _keys(game)})
    if not keys:
        return {}
    rows = await tx.fetch(_LOCK_STATS, *_columns(keys))
    return {(r[0], r[1], r[2]): stats_row(tuple(r)[3:]) for r in rows}


async def _in_finish_order(tx: Tx, ended: list[Game], current: dict[Key, StatsRow]
                           ) -> dict[int, Game]:
    """The ended games whose finish moves just after the latest game counted before for one
    of their players, so finish order is counting order (as in :mod:`bot.storage.games`)."""
    moving = [game for game in ended if game.bucket != StatsBucket.DAILY
              and any(key in current for key in _keys(game))]
    if not moving:
        return {}
    since = min(game.finished_at for game in moving if game.finished_at is not None)
    stored = await read_games(tx, _FINISHED_SINCE, sorted({g.guild_id for g in moving}), since)
    moved: dict[int, Game] = {}
    last: dict[Key, datetime] = {}  # the latest finish counted before, by row
    for game in stored:
        for key in _keys(game):
            if game.finished_at is not None and key in current:
                last[key] = max(last.get(key, game.finished_at), game.finished_at)
    for game in moving:
        keys = _keys(game)
        at = game.finished_at
        assert at is not None
        before = [last[key] for key in keys if key in last]
        if before and max(before) >= at:
            at = max(before) + TICK
            moved[game.id] = game.moved(finished_at=at)
        for key in keys:
            last[key] = at
    return moved


async def _count(tx: Tx, ended: list[tuple[Game, int | None]],
                 current: dict[Key, StatsRow]) -> dict[int, dict[int, StatsRow]]:
    """Count the ended games in order in the locked rows ``current``: by game, each counted
    player's row after it."""
    plan = [(game, day, _keys(game)) for game, day in ended]
    keys = sorted({key for _, _, keys in plan for key in keys})
    counted: dict[int, dict[int, StatsRow]] = {game.id: {} for game, _ in ended}
    if not keys:
        return counted
    daily = {k for k in keys if stats_key_parts(k[2]).bucket is StatsBucket.DAILY}
    history: dict[Key, list[tuple[int, bool]]] = {}
    if daily:  # (the statement's servers and players cross: keep the rows asked for)
        for guild, player, number, won, *variant in await tx.fetch(
                _DAILY_HISTORY, sorted({d[0] for d in daily}), sorted({d[1] for d in daily})):
            key = (guild, player, stats_key(StatsBucket.DAILY, stored_variant(*variant)))
            if key in daily:
                history.setdefault(key, []).append((number, bool(won)))
    for game, day, game_keys in plan:
        won, attempts = game.status == Status.WON, len(game.guesses)
        for key in game_keys:
            if key in daily:
                after = record_daily_result(current.get(key), won=won, attempts=attempts,
                                                  day=day, history=history.get(key, []))
            else:
                after = record_result(current.get(key), won=won, attempts=attempts,
                                            day=day)
            current[key] = counted[game.id][key[1]] = after
    values: list[list[Any]] = [*_columns(keys), *([] for _ in STATS_COLUMN_NAMES)]
    for key in keys:
        row = current[key]
        for column, value in zip(values[3:], (
                row.played, row.wins, *row.distribution, row.current_streak, row.max_streak,
                row.last_win_day, row.last_played_day), strict=True):
            column.append(value)
    await tx.execute(_UPDATE_STATS, *values)
    return counted


def _columns(keys: list[Key]) -> list[list[Any]]:
    return [[k[0] for k in keys], [k[1] for k in keys], [k[2] for k in keys]]
