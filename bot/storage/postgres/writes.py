"""The write transactions of the PostgreSQL store.

PostgreSQL runs many writers at once (other processes included), so a transaction first locks
what it will change, always in one order: the game rows it touches (``SELECT ... FOR UPDATE``
ordered by id), then the statistics rows (ordered by server, player, bucket). Once the games
are locked, their guesses are read in a new statement (READ COMMITTED: it sees every commit
made before the lock was granted) and every rule is decided in Python on that state, in queue
order: status, who may guess, the next attempt number, truthful feedback
(:func:`bot.storage.rules.guess_error`), and the statistics (``stats.record_result`` /
``record_daily_result``, the same reference the SQLite SQL is tested against). Then one
statement each saves the guesses, ends the games, updates the statistics and starts the new
games, each taking any batch size through ``unnest`` of arrays; one more reads the end's
figures of the guesses that asked for them (``record_ending_guess``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any, Final

from .. import rules
from ..batching import Create, Guess
from ..errors import DailyPlayed, GameExists, GameNotFound, StorageError
from ..models import NEW_GAME_COLUMNS, EndingFigures, GameRecord, GuessRecord, Status
from ..stats import (
    STATS_COLUMN_NAMES,
    StatsRow,
    ending_figures_of,
    record_daily_result,
    record_result,
    stats_columns_of,
    stats_row,
)
from ..validation import from_text, to_text
from . import rows
from .archive import ARCHIVE

Outcome = tuple[Any, Exception | None]

_LOCK_GAMES: Final = "SELECT id FROM games WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE"
_BY_IDS: Final = "g.id = ANY($1::bigint[])"
#: The games locked in id order (the lock is taken on each row as the sorted rows come out)
#: and read with their guesses, in one statement: see :func:`lock_for_guesses`.
_LOCK_AND_READ: Final = rows.SELECT_GAMES.format(where=_BY_IDS) + " FOR UPDATE OF g"
#: The constraint a guess read behind (:func:`lock_for_guesses`) runs into.
STALE_READ: Final = "guesses_pkey"
_INSERT_GUESSES: Final = (
    "INSERT INTO guesses (game_id, attempt, player_id, word, feedback, created_at) "
    "SELECT * FROM unnest($1::bigint[], $2::smallint[], $3::bigint[], $4::text[], $5::text[], "
    "$6::timestamptz[])"
)
#: The keys joined to ``unnest`` are also given as ``= ANY`` of the same array (here and in
#: the statistics statements below): with a generic plan the join alone says nothing about
#: how few rows are wanted, and while a table had up to a few thousand rows the planner read
#: all of it (``Seq Scan``) for every game that ended (tests/postgres/test_plans.py).
_END_GAMES: Final = (
    "UPDATE games SET status = e.status, finished_at = e.at, solved_by = e.solver "
    "FROM unnest($1::bigint[], $2::text[], $3::timestamptz[], $4::bigint[]) "
    "AS e(id, status, at, solver) "
    "WHERE games.id = ANY($1::bigint[]) AND games.id = e.id AND games.status = 'active'"
)
_PARAMETER: Final = re.compile(r"\$(\d+)")
#: Guesses saved and games ended in one statement (both always run: a data-modifying
#: ``WITH`` runs whether or not it is read); the ends' parameters follow the guesses'.
_INSERT_GUESSES_AND_END: Final = f"WITH saved AS ({_INSERT_GUESSES}) " + _PARAMETER.sub(
    lambda m: f"${int(m[1]) + len(_PARAMETER.findall(_INSERT_GUESSES))}", _END_GAMES
)
_NEW_COLUMNS: Final = ", ".join(NEW_GAME_COLUMNS)
#: New games in queue order; the unique indexes refuse a game in the way of another
#: (``DO NOTHING``), and a daily whose player already played it and was forgotten (its
#: played mark) is left out.
_INSERT_GAMES: Final = (
    f"INSERT INTO games ({_NEW_COLUMNS}) SELECT {_NEW_COLUMNS} FROM unnest("
    "$1::bigint[], $2::bigint[], $3::bigint[], $4::text[], $5::text[], $6::integer[], "
    "$7::text[], $8::boolean[], $9::bigint[], $10::timestamptz[], $11::text[]) WITH ORDINALITY "
    f"AS v({_NEW_COLUMNS}, mark, position) WHERE v.mark IS NULL OR NOT EXISTS (SELECT 1 "
    "FROM played_dailies p WHERE p.guild_id = v.guild_id AND p.puzzle_number = "
    "v.puzzle_number AND p.player_mark = v.mark) ORDER BY position ON CONFLICT DO NOTHING "
    f"RETURNING id, {_NEW_COLUMNS}"
)
#: For each (game, server, player, bucket) in order: the game's hint count, then the player's
#: statistics as ``ending_figures`` reads them.
_FIGURES: Final = (
    "SELECT (SELECT count(*) FROM hints h WHERE h.game_id = k.game), "
    f"s.player_id IS NOT NULL, {stats_columns_of('s')} FROM unnest($1::bigint[], "
    "$2::bigint[], $3::bigint[], $4::text[]) WITH ORDINALITY AS k(game, guild, player, mode, n) "
    "LEFT JOIN player_stats s ON s.guild_id = ANY($2::bigint[]) "
    "AND s.player_id = ANY($3::bigint[]) AND s.guild_id = k.guild AND s.player_id = k.player "
    "AND s.mode = k.mode ORDER BY k.n"
)
_KEYS: Final = "unnest($1::bigint[], $2::bigint[], $3::text[]) AS k(guild, player, mode)"
#: The statistics rows of the keys, made where missing and locked in key order, as they are
#: now: in one statement, since ``ON CONFLICT DO UPDATE`` waits for a row another transaction
#: holds and returns its latest version (the no-op SET changes no counter).
_LOCK_STATS: Final = (
    "INSERT INTO player_stats (guild_id, player_id, mode) "
    f"SELECT guild, player, mode FROM {_KEYS} ORDER BY guild, player, mode "
    "ON CONFLICT (guild_id, player_id, mode) DO UPDATE SET mode = EXCLUDED.mode "
    f"RETURNING guild_id, player_id, mode, {', '.join(STATS_COLUMN_NAMES)}"
)
_DAILY_HISTORY: Final = (
    "SELECT g.guild_id, g.owner_id, g.puzzle_number, g.status = 'won' FROM games g "
    "JOIN unnest($1::bigint[], $2::bigint[]) AS k(guild, player) "
    "ON g.guild_id = k.guild AND g.owner_id = k.player "
    "WHERE g.guild_id = ANY($1::bigint[]) AND g.owner_id = ANY($2::bigint[]) "
    "AND g.kind = 'daily' AND g.status <> 'active'"
)
_STATS_TYPES: Final = ("integer",) * 12
_UPDATE_STATS: Final = (
    f"UPDATE player_stats s SET {', '.join(f'{c} = v.{c}' for c in STATS_COLUMN_NAMES)} "
    "FROM unnest($1::bigint[], $2::bigint[], $3::text[], "
    + ", ".join(f"${n}::{t}[]" for n, t in enumerate(_STATS_TYPES, start=4))
    + f") AS v(guild, player, mode, {', '.join(STATS_COLUMN_NAMES)}) "
    "WHERE s.guild_id = ANY($1::bigint[]) AND s.player_id = ANY($2::bigint[]) "
    "AND s.guild_id = v.guild AND s.player_id = v.player AND s.mode = v.mode"
)

#: One finished game to count: the game as it is after its end, and the server's day.
Ending = tuple[GameRecord, int | None]


async def lock_games(conn: Any, game_ids: Sequence[int]) -> dict[int, GameRecord]:
    """Lock the games (in id order) and read them as they are now, guesses included."""
    ids = sorted(set(game_ids))
    await conn.execute(_LOCK_GAMES, ids)
    games = await rows.read_games(conn, _BY_IDS, ids)
    return {game.id: game for game in games}


async def lock_for_guesses(conn: Any, guesses: Sequence[Guess]) -> dict[int, GameRecord]:
    """Lock the games of ``guesses`` (in id order) and read them, in one round trip.

    One statement is one snapshot, taken before any lock is waited for. A game row locked
    after a wait is read as it is now (its status, its end), but its guesses are as they were
    when the statement began: a guess another transaction committed meanwhile can be missing,
    never one too many. So a guess numbered beyond what was read means the read is behind,
    and those games are read again (the lock is held now, so the new read is current). A
    missing guess that a guess here would repeat the number of is refused by the guesses'
    primary key, and the whole transaction is run again (:data:`STALE_READ`).
    """
    ids = sorted({g.game_id for g in guesses})
    found = await conn.fetch(_LOCK_AND_READ, ids)
    games = {game.id: game for game in map(rows.game_from_row, found)}
    behind = sorted(
        {
            g.game_id
            for g in guesses
            if g.game_id in games and g.attempt > len(games[g.game_id].guesses) + 1
        }
    )
    if behind:
        games.update((game.id, game) for game in await rows.read_games(conn, _BY_IDS, behind))
    return games


async def save_batch(conn: Any, jobs: Sequence[Guess | Create], key: bytes) -> list[Outcome]:
    """Guesses, then new games, in one transaction (the caller's); one outcome per job.

    A refused job (an expected failure) writes nothing; everything decided is written with a
    few statements, whatever the batch size. ``key`` makes players' marks
    (:func:`bot.storage.rules.player_mark`). A guess handed in without a time gets the time
    its game was locked.
    """
    outcomes: list[Outcome] = [(None, None)] * len(jobs)
    guesses = [(i, job) for i, job in enumerate(jobs) if isinstance(job, Guess)]
    creates = [(i, job) for i, job in enumerate(jobs) if isinstance(job, Create)]
    if guesses:
        games = await lock_for_guesses(conn, [g for _, g in guesses])
        stamp = to_text(datetime.now(UTC))
        saved: list[Guess] = []
        endings: list[Ending] = []
        for index, g in guesses:
            if g.restamp:
                g = replace(g, created=stamp, restamp=False)
            game = games.get(g.game_id)
            mark = rules.player_mark(key, g.player_id)
            error = rules.guess_error(
                game, g.game_id, g.player_id, mark, g.attempt, g.word, g.feedback
            )
            if error is not None or game is None:
                outcomes[index] = (None, error or GameNotFound(g.game_id))
                continue
            game = _after(game, g)
            games[game.id] = game
            saved.append(g)
            if g.finish is not None:
                endings.append((game, g.day))
            outcomes[index] = (game, None)
        await finish_games(conn, endings, saved)
        wanted = [(i, g) for i, g in guesses if g.figures and outcomes[i][1] is None]
        if wanted:
            await _add_figures(conn, wanted, outcomes)
    if creates:
        for index, outcome in zip(
            (i for i, _ in creates), await _create(conn, [c for _, c in creates]), strict=True
        ):
            outcomes[index] = outcome
    return outcomes


async def _add_figures(
    conn: Any, wanted: Sequence[tuple[int, Guess]], outcomes: list[Outcome]
) -> None:
    """Give each saved guess from ``record_ending_guess`` (``wanted``) its end's figures, as
    just counted: its game's hint count and the guesser's statistics (one statement)."""
    games: list[GameRecord] = [outcomes[index][0] for index, _ in wanted]
    modes = [str(game.stats_mode) for game in games]
    found = await conn.fetch(
        _FIGURES, [game.id for game in games], [game.guild_id for game in games],
        [g.player_id for _, g in wanted], modes,
    )
    for (index, g), game, mode, row in zip(wanted, games, modes, found, strict=True):
        hints, (stats,) = ending_figures_of([row], mode, g.day)
        outcomes[index] = ((game, EndingFigures(hints, stats)), None)


def _after(game: GameRecord, g: Guess) -> GameRecord:
    """``game`` with guess ``g`` added (and ended, if ``g`` ends it)."""
    guess = GuessRecord(g.attempt, g.player_id, g.word, g.feedback, from_text(g.created))
    game = replace(game, guesses=(*game.guesses, guess))
    if g.finish is None:
        return game
    return replace(
        game,
        status=Status(g.finish),
        solved_by=g.player_id if g.finish == "won" else None,
        finished_at=from_text(g.created),
    )


async def finish_games(
    conn: Any, endings: Sequence[Ending], guesses: Sequence[Guess] = ()
) -> None:
    """Save ``guesses``, mark the games ended and count them in the statistics (their rows
    already locked). The guesses and the ends go in one statement."""
    saving = _guess_columns(guesses) if guesses else []
    if not endings:
        if saving:
            await conn.execute(_INSERT_GUESSES, *saving)
        return
    done = await conn.execute(
        _INSERT_GUESSES_AND_END if saving else _END_GAMES,
        *saving,
        [game.id for game, _ in endings],
        [game.status for game, _ in endings],
        [game.finished_at for game, _ in endings],
        [game.solved_by for game, _ in endings],
    )
    if int(done.split()[-1]) != len(endings):
        raise StorageError("the games ended do not add up (nothing was saved)")
    await count_stats(conn, endings)


def _guess_columns(guesses: Sequence[Guess]) -> list[list[Any]]:
    """The parameters of :data:`_INSERT_GUESSES`: one array per column."""
    return [
        [g.game_id for g in guesses],
        [g.attempt for g in guesses],
        [g.player_id for g in guesses],
        [g.word for g in guesses],
        [g.feedback for g in guesses],
        [from_text(g.created) for g in guesses],
    ]


async def count_stats(conn: Any, endings: Sequence[Ending]) -> None:
    """Count finished games for every player they count for (``rules.counted_players``),
    with the reference arithmetic of :mod:`bot.storage.stats`."""
    results: list[tuple[tuple[int, int, str], GameRecord, int | None]] = []
    for game, day in endings:
        mode = str(game.stats_mode)
        results += [
            ((game.guild_id, p, mode), game, day) for p in sorted(rules.counted_players(game))
        ]
    if not results:
        return
    keys = sorted({key for key, _, _ in results})
    columns: list[list[Any]] = [[k[0] for k in keys], [k[1] for k in keys], [k[2] for k in keys]]
    locked = await conn.fetch(_LOCK_STATS, *columns)
    current: dict[tuple[int, int, str], StatsRow] = {
        (r[0], r[1], r[2]): stats_row(list(r)[3:]) for r in locked
    }
    # Dailies: the streak comes from the player's finished dailies, read once their row is
    # locked (a daily finishing elsewhere for the same player waits for that lock), and
    # including the games ended just now in this transaction.
    daily = sorted({(k[0], k[1]) for k in keys if k[2] == "daily"})
    history: dict[tuple[int, int], list[tuple[int, bool]]] = {}
    if daily:
        found = await conn.fetch(_DAILY_HISTORY, [d[0] for d in daily], [d[1] for d in daily])
        for guild, player, number, won in found:
            history.setdefault((guild, player), []).append((number, won))
    for key, game, day in results:
        won, attempts = game.status == "won", len(game.guesses)
        if key[2] == "daily":
            current[key] = record_daily_result(
                current.get(key),
                won=won,
                attempts=attempts,
                day=day,
                history=history.get((key[0], key[1]), []),
            )
        else:
            current[key] = record_result(current.get(key), won=won, attempts=attempts, day=day)
    values: list[list[Any]] = [*columns, *([] for _ in STATS_COLUMN_NAMES)]
    for key in keys:
        row = current[key]
        fields = (
            row.played,
            row.wins,
            *row.distribution,
            row.current_streak,
            row.max_streak,
            row.last_win_day,
            row.last_played_day,
        )
        for column, value in zip(values[3:], fields, strict=True):
            column.append(value)
    await conn.execute(_UPDATE_STATS, *values)


async def _create(conn: Any, creates: Sequence[Create]) -> list[Outcome]:
    """Start games; the partial unique indexes are the rule (``ON CONFLICT DO NOTHING``).
    Only for a game they refused is the game in its way looked up."""
    created = await conn.fetch(
        _INSERT_GAMES,
        [c.guild_id for c in creates],
        [c.channel_id for c in creates],
        [c.owner_id for c in creates],
        [c.scope for c in creates],
        [c.kind for c in creates],
        [c.puzzle_number for c in creates],
        [c.answer for c in creates],
        [c.hard_mode for c in creates],
        [c.setter_id for c in creates],
        [from_text(c.created) for c in creates],
        [c.owner_mark for c in creates],
    )
    positions: dict[tuple[Any, ...], list[int]] = {}
    for p, c in reversed(list(enumerate(creates))):
        positions.setdefault(_create_key(c.row[:9], from_text(c.created)), []).append(p)
    saved: dict[int, GameRecord] = {}
    for row in created:
        matching = positions.get(_create_key(tuple(row)[1:10], row["created_at"]))
        if not matching:
            # (A KeyError here would carry the row, hidden word included, into the logs.)
            raise StorageError("a newly saved game did not match the one asked for")
        position = matching.pop()
        saved[position] = creates[position].record(row["id"])
    outcomes: list[Outcome] = []
    for position, c in enumerate(creates):
        if position in saved:
            outcomes.append((saved[position], None))
            continue
        outcomes.append((None, await _create_refusal(conn, c)))
    return outcomes


def _create_key(values: Sequence[Any], created: datetime) -> tuple[Any, ...]:
    return (*(bool(v) if i == 7 else v for i, v in enumerate(values)), created)


async def _create_refusal(conn: Any, c: Create) -> Exception:
    """Why a new game was refused: the game in its way (daily first), or a played mark."""
    checks: list[tuple[str, tuple[Any, ...]]] = []
    if c.kind == "daily":
        checks.append((rows.DAILY, (c.guild_id, c.owner_id, c.puzzle_number)))
    elif c.kind == "archive":
        checks.append((ARCHIVE, (c.guild_id, c.owner_id, c.puzzle_number)))
    if c.scope == "own":
        checks.append((rows.ACTIVE_OWN, (c.guild_id, c.channel_id, c.owner_id)))
    else:
        checks.append((rows.ACTIVE_CHANNEL, (c.guild_id, c.channel_id)))
    for where, params in checks:
        found = await rows.read_games(conn, where, *params)
        if found:
            return GameExists(found[-1])
    if c.puzzle_number is not None and c.owner_mark is not None:
        played = await conn.fetchval(
            "SELECT 1 FROM played_dailies WHERE guild_id = $1 AND puzzle_number = $2 "
            "AND player_mark = $3",
            c.guild_id,
            c.puzzle_number,
            c.owner_mark,
        )
        if played:
            return DailyPlayed(c.guild_id, c.puzzle_number)
    return StorageError("the game could not be started (a database rule refused it)")


async def give_up(
    conn: Any, game_id: int, player_id: int, mark: str, day: int, finished: datetime
) -> GameRecord:
    """End an active game as given up (who may: ``domain.give_up_refusal``), never before
    its last guess."""
    game = (await lock_games(conn, [game_id])).get(game_id)
    error = rules.give_up_error(game, game_id, player_id, mark)
    if error is not None or game is None:
        raise error or GameNotFound(game_id)
    if game.guesses:
        finished = max(finished, game.guesses[-1].created_at)
    game = replace(game, status=Status.GIVEN_UP, finished_at=finished, solved_by=None)
    await finish_games(conn, [(game, day)])
    return game
