"""Writes handed in together are committed together (group commit: one transaction, each
move in a savepoint of its own) and each caller still gets exactly its own answer, in the
order they were handed in; no SQLite work ever runs on the event-loop thread."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.core.feedback import score
from bot.core.game import Game
from bot.storage import (
    AttemptConflict,
    GameExists,
    GameNotActive,
    GameNotFound,
    PlayerNotAllowed,
    SqliteStore,
    StorageError,
)
from bot.storage.errors import RaceExists
from tests.pg import StorePlace

from .helpers import GUILD, WRONG, channel_game, guess, own_game, play


async def stored_guesses(place: StorePlace) -> list[tuple]:
    return await place.fetch(
        "SELECT game_id, attempt, player_id, word FROM guesses ORDER BY game_id, attempt"
    )


async def outcome(awaitable) -> object:
    try:
        return await awaitable
    except Exception as exc:
        return exc


async def test_one_batch_of_mixed_guesses(db: SqliteStore, place: StorePlace):
    """Everything below is handed in at once, so the writer takes it as one batch."""
    owners = list(range(100, 130))
    games = [await own_game(db, p, channel_id=p) for p in owners]
    table = await channel_game(db)
    over = await play(db, await own_game(db, 99, channel_id=99), ["crane"])
    challenge = await channel_game(db, kind="custom", setter_id=7, channel_id=7)
    racers = list(range(200, 210))
    calls = [guess(db, game, "slate") for game in games[:20]]  # plain guesses
    calls += [guess(db, game, "crane") for game in games[20:]]  # each wins its game
    calls += [guess(db, table, WRONG[i % 6], player_id=p) for i, p in enumerate(racers)]
    calls += [
        db.record_guess(
            987654, attempt=1, player_id=1, word="slate", feedback="BBBBB", finish=None, day=1
        ),
        guess(db, over, "slate"),  # finished game
        guess(db, games[1], "pious", player_id=555),  # not the owner
        guess(db, challenge, "pious", player_id=7),  # the setter
    ]
    statements: list[str] = []
    tracing = place.backend == "sqlite"  # the statements of SQLite's writer thread
    if tracing:
        await db._db._writer.run(lambda raw: raw.set_trace_callback(statements.append))
    results = await asyncio.gather(*(outcome(call) for call in calls))
    if tracing:
        await db._db._writer.run(lambda raw: raw.set_trace_callback(None))
        # One batch: one transaction, one COMMIT (one fsync).
        assert statements[0] == "BEGIN IMMEDIATE" and statements[-1] == "COMMIT"
        assert statements.count("COMMIT") == 1

    plain, won = results[:20], results[20:30]
    assert all(r.status == "active" and [g.word for g in r.guesses] == ["slate"] for r in plain)
    assert all(r.status == "won" and r.solved_by == r.owner_id for r in won)
    raced = results[30:40]
    accepted = [r for r in raced if not isinstance(r, Exception)]
    assert len(accepted) == 1 and accepted[0].guesses[0].player_id in racers
    conflicts = [r for r in raced if isinstance(r, Exception)]
    assert all(isinstance(c, AttemptConflict) and len(c.game.guesses) == 1 for c in conflicts)
    missing, finished, stranger, setter = results[40:]
    assert isinstance(missing, GameNotFound)
    assert isinstance(finished, GameNotActive) and finished.game.status == "won"
    assert isinstance(stranger, PlayerNotAllowed)
    assert isinstance(setter, PlayerNotAllowed)

    # Stored: exactly what was acknowledged, and the wins counted once each.
    expected = [(g.id, 1, g.owner_id, "slate") for g in games[:20]]
    expected += [(g.id, 1, g.owner_id, "crane") for g in games[20:]]
    expected += [(table.id, 1, accepted[0].guesses[0].player_id, accepted[0].guesses[0].word)]
    expected += [(over.id, 1, 99, "crane")]
    assert sorted(await stored_guesses(place)) == sorted(expected)
    for game in games[20:]:
        stats = await db.stats(GUILD, game.owner_id, "practice")
        assert (stats.played, stats.wins, stats.distribution[0]) == (1, 1, 1)
    assert (await db.stats(GUILD, 100, "practice")).played == 0


async def test_a_winning_and_a_late_guess_for_one_game_together(db: SqliteStore):
    """Racing for the last attempts: the first one decides; a guess for an attempt after
    it is told the game is over, never saved into a finished game."""
    game = await play(db, await channel_game(db), WRONG[:4], player_id=1)
    fifth, sixth = await asyncio.gather(
        outcome(guess(db, game, "crane", player_id=2)),  # attempt 5, wins
        outcome(
            db.record_guess(
                game.id,
                attempt=6,
                player_id=3,
                word="slate",
                feedback=score("slate", "crane"),
                finish="lost",
                day=1,
            )
        ),
    )
    assert fifth.status == "won" and len(fifth.guesses) == 5
    assert isinstance(sixth, GameNotActive)
    assert await db.get_game(game.id) == fifth


async def test_next_attempts_handed_in_together_are_both_saved(db: SqliteStore):
    game = await own_game(db, 1)
    first, second = await asyncio.gather(
        db.record_guess(
            game.id, attempt=1, player_id=1, word="slate", feedback="BBGBG", finish=None, day=1
        ),
        db.record_guess(
            game.id, attempt=2, player_id=1, word="pious", feedback="BBBBB", finish=None, day=1
        ),
    )
    assert [g.word for g in first.guesses] == ["slate"]
    assert [g.word for g in second.guesses] == ["slate", "pious"]
    # The other way round the later attempt is refused, as if it had come first.
    game = await own_game(db, 2)
    late, early = await asyncio.gather(
        outcome(
            db.record_guess(
                game.id, attempt=2, player_id=2, word="pious", feedback="BBBBB", finish=None, day=1
            )
        ),
        outcome(
            db.record_guess(
                game.id, attempt=1, player_id=2, word="slate", feedback="BBGBG", finish=None, day=1
            )
        ),
    )
    assert isinstance(late, AttemptConflict)
    assert [g.word for g in early.guesses] == ["slate"]


async def test_games_started_together(db: SqliteStore):
    results = await asyncio.gather(
        *(outcome(own_game(db, p, channel_id=5)) for p in (1, 2, 3, 1, 2)),
        *(outcome(channel_game(db, channel_id=6)) for _ in range(3)),
        outcome(own_game(db, 4, kind="daily", puzzle_number=9, channel_id=7)),
        outcome(own_game(db, 4, kind="daily", puzzle_number=9, channel_id=8)),
    )
    own, tables, dailies = results[:5], results[5:8], results[8:]
    assert [r.owner_id for r in own[:3]] == [1, 2, 3]
    assert [r.existing.id for r in own[3:]] == [own[0].id, own[1].id]
    started = [r for r in tables if not isinstance(r, Exception)]
    assert len(started) == 1
    assert all(
        isinstance(r, GameExists) and r.existing.id == started[0].id
        for r in tables
        if r is not started[0]
    )
    assert dailies[0].puzzle_number == 9
    assert isinstance(dailies[1], GameExists) and dailies[1].existing.id == dailies[0].id
    for record in [*own[:3], started[0], dailies[0]]:
        assert await db.get_game(record.id) == record


async def test_a_start_in_a_race_is_told_and_the_others_start(db: SqliteStore):
    """The database refuses a channel game where a race is on: the batch's other starts are
    saved, and that one is told of the race."""
    await db.create_race(guild_id=GUILD, channel_id=7, starter_id=1, answer="crane",
                         hard_mode=False, ends_at=datetime.now(UTC) + timedelta(minutes=5))
    raced, *others = await asyncio.gather(
        outcome(channel_game(db, channel_id=7)),
        *(own_game(db, p, channel_id=p) for p in range(100, 105)))
    assert isinstance(raced, RaceExists) and raced.existing.channel_id == 7
    assert [g.owner_id for g in others] == list(range(100, 105))
    assert await db.active_channel_game(GUILD, 7) is None


async def test_a_failing_job_in_a_group_leaves_the_others(db: SqliteStore, place: StorePlace):
    """A guess whose feedback is wrong is found after its group was written: the
    transaction is redone without it, and everybody else's guess is still saved once."""
    games = [await own_game(db, p, channel_id=p) for p in range(1, 11)]
    calls = [guess(db, g, "slate") for g in games]
    calls.insert(
        5,
        db.record_guess(
            games[5].id,
            attempt=1,
            player_id=6,
            word="pious",
            feedback="GGGGB",
            finish=None,
            day=1,
        ),
    )
    results = await asyncio.gather(*(outcome(c) for c in calls))
    assert isinstance(results[5], ValueError)
    assert sum(not isinstance(r, Exception) for r in results) == 10
    stored = await stored_guesses(place)
    assert sorted(stored) == sorted((g.id, 1, g.owner_id, "slate") for g in games)


async def test_a_move_the_database_refuses_leaves_the_others(db: SqliteStore, place: StorePlace):
    """A move of a batch that fails after writing (here its second statement breaks a NOT
    NULL) is undone alone: the others of the batch are saved, each once."""
    games = [await own_game(db, p, channel_id=p) for p in range(1, 11)]

    async def broken(tx):
        await tx.execute("UPDATE games SET hard_mode = true WHERE id = $1", games[0].id)
        await tx.execute("INSERT INTO guesses (game_id, attempt) VALUES ($1, 1)", games[0].id)

    calls = [guess(db, g, "slate") for g in games]
    calls.insert(5, db._db.transaction(broken))
    results = await asyncio.gather(*(outcome(c) for c in calls))
    assert isinstance(results[5], StorageError) and "database error" in str(results[5])
    assert sum(not isinstance(r, Exception) for r in results) == 10
    stored = await stored_guesses(place)
    assert sorted(stored) == sorted((g.id, 1, g.owner_id, "slate") for g in games)
    assert not (await db.get_game(games[0].id)).hard_mode


async def test_games_read_together(db: SqliteStore):
    games = [await own_game(db, p, channel_id=p) for p in range(1, 6)]
    games[0] = await guess(db, games[0], "slate")
    ids = [g.id for g in games] * 3 + [424242, 424243]
    found = await asyncio.gather(*(db.get_game(i) for i in ids))
    assert found == games * 3 + [None, None]


async def test_a_read_after_a_write_sees_it(db: SqliteStore):
    """Reads asked for while an earlier read is in flight wait for the next statement, so
    a read never misses a write acknowledged before it was asked for."""
    game = await own_game(db, 1)
    for word in WRONG[:5]:
        reader = asyncio.ensure_future(db.get_game(game.id))  # in flight during the write
        game = await guess(db, game, word)
        assert await db.get_game(game.id) == game
        await reader


@pytest.mark.sqlite_only("the SQLite connections' threads")
async def test_no_sqlite_work_on_the_event_loop_thread(db_path: Path):
    threads: set[int] = set()
    async with await SqliteStore.open(db_path) as db:
        def trace(raw: Any) -> None:  # every statement run is traced
            raw.set_trace_callback(lambda _sql: threads.add(threading.get_ident()))

        for conn in (db._db._writer, db._db._reader):
            await conn.run(trace)
        game = await own_game(db, 1)
        await asyncio.gather(
            guess(db, game, "slate"), db.get_game(game.id), db.stats(GUILD, 1, "practice")
        )
        await db.give_up(game.id, player_id=1, day=1)
        await db.forget_player(1)
    assert len(threads) == 2  # the writer's thread and the reader's
    assert threading.get_ident() not in threads


async def test_reads_handed_in_before_close_are_answered(place: StorePlace):
    db = await place.open()
    game = await own_game(db, 1)
    pending = [asyncio.ensure_future(db.get_game(game.id)) for _ in range(5)]
    await asyncio.sleep(0)  # handed in
    await db.close()
    assert await asyncio.gather(*pending) == [game] * 5
    with pytest.raises(StorageError, match="closed"):
        await db.get_game(game.id)


async def test_a_repeated_winning_request_counts_once(db: SqliteStore, clock):
    """The same request twice (same player, word, attempt and time, e.g. a frozen clock):
    saved once, and the game counted once, whether the repeat comes with it or later."""
    now = clock()
    game = await own_game(db, 1)
    table = await guess(db, await channel_game(db), "slate", player_id=2)

    def win(g, player):
        return outcome(guess(db, g, "crane", player_id=player, now=now))

    first, again = await asyncio.gather(win(game, 1), win(game, 1))
    assert first.status == "won" and isinstance(again, AttemptConflict | GameNotActive)
    assert isinstance(await win(game, 1), GameNotActive)
    first, again = await asyncio.gather(win(table, 3), win(table, 3))
    assert first.status == "won" and isinstance(again, AttemptConflict | GameNotActive)
    assert isinstance(await win(table, 3), GameNotActive)
    assert (await db.stats(GUILD, 1, "practice")).played == 1
    for player in (2, 3):
        assert (await db.stats(GUILD, player, "channel")).played == 1


@pytest.mark.sqlite_only("the SQLite connections' threads at interpreter exit")
def test_a_program_that_never_closes_the_database_still_exits(tmp_path: Path):
    """The connections' threads are daemon threads: forgetting close() cannot keep the
    process alive."""
    script = tmp_path / "forgetful.py"
    script.write_text(
        "import asyncio, sys\n"
        "from bot.storage import SqliteStore\n"
        "async def main():\n"
        "    db = await SqliteStore.open(sys.argv[1])\n"
        "    await db.create_game(guild_id=1, channel_id=1, owner_id=1, scope='own',\n"
        "                         kind='random', answer='crane', hard_mode=False)\n"
        "    return db\n"
        "kept = asyncio.run(main())\n"
        "print('done', flush=True)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    proc = subprocess.Popen(
        [sys.executable, str(script), str(tmp_path / "db.sqlite3")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        out, err = proc.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        raise AssertionError("the process did not exit") from None
    assert proc.returncode == 0, err
    assert out.strip() == "done"


async def test_a_start_keeps_its_place_before_a_guess_ending_the_game_in_its_way(
        db: SqliteStore):
    """Handed in together, a start before the guess that ends the game in its way is refused,
    as it would be alone."""
    game = await play(db, await own_game(db, 1, channel_id=1), WRONG[:5])
    start, ended = await asyncio.gather(outcome(own_game(db, 1, channel_id=1)),
                                        guess(db, game, WRONG[5]))
    assert isinstance(start, GameExists) and start.existing.id == game.id
    assert isinstance(ended, Game) and ended.status == "lost"
    assert (await own_game(db, 1, channel_id=1)).id > game.id  # over: a start goes


async def test_starts_and_guesses_handed_in_together_play_in_their_order(db: SqliteStore):
    """In one batch, a start after the guess that ends the game in its way goes, and a start
    after another of the same player and channel is refused by it; guesses between them are
    saved as they would be alone."""
    ending = await play(db, await own_game(db, 1, channel_id=1), WRONG[:5])
    other = await own_game(db, 2, channel_id=2)
    ended, started, guessed, first, second = await asyncio.gather(
        outcome(guess(db, ending, WRONG[5])), outcome(own_game(db, 1, channel_id=1)),
        outcome(guess(db, other, WRONG[0])), outcome(own_game(db, 3, channel_id=3)),
        outcome(own_game(db, 3, channel_id=3)))
    assert isinstance(ended, Game) and ended.status == "lost"
    assert isinstance(started, Game) and started.id > ending.id
    assert isinstance(guessed, Game) and [g.word for g in guessed.guesses] == [WRONG[0]]
    assert isinstance(first, Game)
    assert isinstance(second, GameExists) and second.existing.id == first.id
    assert await db.active_own_game(GUILD, 1, 1) == started
    assert await db.get_game(other.id) == guessed
