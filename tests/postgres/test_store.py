"""The PostgreSQL store's own behaviour, read back from the database itself: refused input
changes nothing, forget-me leaves no id behind, close answers what was handed in, and the
database's own rules hold without the store."""

from __future__ import annotations

import asyncio
from typing import Any

import asyncpg
import pytest

from bot.core.feedback import score
from bot.storage import AttemptConflict, ForgetReport, StorageError, StorageUnavailable
from bot.storage.postgres import PostgresStore
from bot.storage.postgres.pool import public_error
from tests.storage.helpers import CHANNEL, GUILD, WRONG, channel_game, guess, own_game, play

ALICE, BOB, CAROL = 31, 32, 33


async def query(dsn: str, sql: str, *params: Any) -> list[asyncpg.Record]:
    conn = await asyncpg.connect(dsn)
    try:
        return list(await conn.fetch(sql, *params))
    finally:
        await conn.close()


async def table_counts(dsn: str) -> dict[str, int]:
    tables = await query(dsn, "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
    counts = {}
    for (table,) in tables:
        counts[table] = (await query(dsn, f'SELECT count(*) FROM "{table}"'))[0][0]
    return counts


async def rows_mentioning(dsn: str, player: int) -> list[tuple]:
    """Every row of any table with the player's id in a player column."""
    columns = await query(
        dsn,
        "SELECT table_name, column_name FROM information_schema.columns "
        "WHERE table_schema = 'public' AND data_type = 'bigint' AND column_name NOT IN "
        "('id', 'guild_id', 'channel_id', 'game_id', 'message_id', 'results_channel_id')",
    )
    found = []
    for table, column in columns:
        hits = await query(dsn, f'SELECT * FROM "{table}" WHERE "{column}" = $1', player)
        found += [(table, column, *hit) for hit in hits]
    return found


@pytest.mark.parametrize("word", ["cran", "crâne", "'; DROP TABLE games; --", None])
async def test_bad_input_is_refused_and_changes_nothing(pg_store, pg_dsn, word):
    game = await own_game(pg_store, ALICE)
    before = await table_counts(pg_dsn)
    with pytest.raises(ValueError, match="lower-case letters"):
        await pg_store.record_guess(
            game.id, attempt=1, player_id=ALICE, word=word, feedback="BBBBB", finish=None, day=1
        )
    with pytest.raises(ValueError, match="feedback does not match"):
        await pg_store.record_guess(
            game.id, attempt=1, player_id=ALICE, word="slate", feedback="GGGBB", finish=None
        )
    assert await table_counts(pg_dsn) == before


async def test_forget_me_leaves_no_id_behind(pg_store, pg_dsn):
    daily = await own_game(pg_store, ALICE, kind="daily", puzzle_number=9, channel_id=1)
    await play(pg_store, daily, ["slate", "crane"], day=9)
    practice = await guess(pg_store, await own_game(pg_store, ALICE), "slate")
    await pg_store.record_hint(practice.id, player_id=ALICE, kind="letter", value="r")
    shared = await channel_game(pg_store, channel_id=2)
    await pg_store.record_hint(shared.id, player_id=ALICE, kind="word", value="crate")
    await pg_store.record_hint(shared.id, player_id=BOB, kind="letter", value="e")
    shared = await guess(pg_store, shared, "slate", player_id=BOB)
    shared = await guess(pg_store, shared, "pious", player_id=ALICE)
    shared = await guess(pg_store, shared, "crane", player_id=ALICE)
    challenge = await channel_game(pg_store, "zesty", kind="custom", setter_id=ALICE, channel_id=3)
    challenge = await play(pg_store, challenge, WRONG, player_id=CAROL)
    carol_before = await pg_store.stats(GUILD, CAROL, "channel")
    bob_before = await pg_store.stats(GUILD, BOB, "channel")
    assert await rows_mentioning(pg_dsn, ALICE)

    report = await pg_store.forget_player(ALICE)
    assert report == ForgetReport(
        games_deleted=2,
        guesses_deleted=3,
        guesses_anonymised=2,
        games_anonymised=2,
        hints_deleted=2,
        stats_deleted=2,
    )
    assert await rows_mentioning(pg_dsn, ALICE) == []
    after = await pg_store.get_game(shared.id)
    assert [(g.attempt, g.player_id) for g in after.guesses] == [(1, BOB), (2, None), (3, None)]
    assert (after.status, after.solved_by) == ("won", None)
    assert [h.player_id for h in await pg_store.hints_for_game(shared.id)] == [BOB]
    assert await pg_store.stats(GUILD, CAROL, "channel") == carol_before
    assert await pg_store.stats(GUILD, BOB, "channel") == bob_before
    marks = await query(pg_dsn, "SELECT setter_mark FROM games WHERE id = $1", challenge.id)
    assert len(marks[0][0]) == 64 and set(marks[0][0]) <= set("0123456789abcdef")
    assert (await pg_store.forget_player(ALICE)).total == 0


async def test_close_answers_every_write_handed_in(pg_dsn):
    store = await PostgresStore.open(pg_dsn, pool_size=2)
    games = [await own_game(store, 200 + i, channel_id=CHANNEL + i) for i in range(30)]
    pending = [asyncio.ensure_future(guess(store, g, "slate")) for g in games]
    await asyncio.sleep(0)  # handed in
    await store.close()
    saved = await asyncio.gather(*pending)
    assert all(len(g.guesses) == 1 for g in saved)
    assert (await query(pg_dsn, "SELECT count(*) FROM guesses"))[0][0] == 30
    with pytest.raises(StorageError, match="closed"):
        await store.get_game(games[0].id)
    with pytest.raises(StorageError, match="closed"):
        await guess(store, games[0], "pious")
    await store.close()  # twice is fine
    async with await PostgresStore.open(pg_dsn) as again:
        assert len((await again.get_game(games[0].id)).guesses) == 1
    assert again.closed


async def test_the_database_rules_hold_without_the_store(pg_store, pg_dsn):
    """The constraints are the safety net: a second active own game, an attempt 0, feedback
    not as long as its word, a repeated attempt number or a won game without its finish time
    are refused by PostgreSQL itself."""
    game = await own_game(pg_store, ALICE)
    game = await guess(pg_store, game, "slate")
    conn = await asyncpg.connect(pg_dsn)
    try:
        bad = [
            (
                "INSERT INTO games (guild_id, channel_id, owner_id, scope, kind, answer, "
                "hard_mode, created_at, word_length, attempts, language) VALUES ($1, $2, $3, "
                "'own', 'random', 'crane', false, now(), 5, 6, 'en')",
                (GUILD, CHANNEL, ALICE),
                asyncpg.UniqueViolationError,
            ),
            (
                "INSERT INTO guesses VALUES ($1, 0, $2, 'crane', 'GGGGG', now())",
                (game.id, ALICE),
                asyncpg.CheckViolationError,
            ),
            (
                "INSERT INTO guesses VALUES ($1, 2, $2, 'crane', 'GGGG', now())",
                (game.id, ALICE),
                asyncpg.CheckViolationError,
            ),
            (
                "INSERT INTO guesses VALUES ($1, 1, $2, 'crane', 'GGGGG', now())",
                (game.id, ALICE),
                asyncpg.UniqueViolationError,
            ),
            (
                "UPDATE games SET status = 'won' WHERE id = $1 AND $2::bigint IS NOT NULL",
                (game.id, ALICE),
                asyncpg.CheckViolationError,
            ),
        ]
        for sql, params, error in bad:
            with pytest.raises(error):
                await conn.execute(sql, *params)
    finally:
        await conn.close()
    assert await pg_store.get_game(game.id) == game


async def test_a_guess_without_a_time_is_stamped_when_applied(pg_store):
    game = await own_game(pg_store, ALICE)
    saved = await pg_store.record_guess(
        game.id,
        attempt=1,
        player_id=ALICE,
        word="crane",
        feedback=score("crane", "crane"),
        finish="won",
        day=1,
    )
    assert saved.guesses[0].created_at == saved.finished_at
    assert saved.created_at <= saved.finished_at
    assert await pg_store.get_game(game.id) == saved


async def test_a_lost_connection_is_a_storage_error_and_the_pool_recovers(pg_store, pg_dsn):
    game = await own_game(pg_store, ALICE)
    name = pg_dsn.rsplit("/", 1)[-1]
    kill = (
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
        "WHERE datname = $1 AND pid <> pg_backend_pid()"
    )
    await query(pg_dsn, kill, name)
    outcomes = []
    for _ in range(6):  # each pool connection fails once, then is replaced
        try:
            outcomes.append(await pg_store.get_game(game.id))
        except StorageError as exc:
            outcomes.append(exc)
    assert outcomes[-1] == game
    # any failure says the database was away for a moment (answered as such, logged briefly);
    # the pool may also have replaced the ended connections before they were used (no failure)
    failures = [o for o in outcomes if isinstance(o, StorageError)]
    assert all(isinstance(o, StorageUnavailable) for o in failures), failures
    await query(pg_dsn, kill, name)
    for _ in range(6):
        try:
            game = await guess(pg_store, game, "slate")
            break
        except StorageError as exc:
            assert "database" in str(exc)
    assert [g.word for g in (await pg_store.get_game(game.id)).guesses] == ["slate"]


def test_a_full_disk_on_the_server_is_storage_full():
    from bot.storage import StorageFull

    error = public_error(asyncpg.DiskFullError("could not extend file"))
    assert isinstance(error, StorageFull) and "disk is full" in str(error)
    other = public_error(asyncpg.UniqueViolationError("duplicate key"))
    assert type(other) is StorageError


@pytest.mark.parametrize("away", [
    asyncpg.AdminShutdownError("terminating connection due to administrator command"),
    asyncpg.CannotConnectNowError("the database system is starting up"),
    asyncpg.ConnectionDoesNotExistError("connection was closed in the middle of operation"),
    asyncpg.TooManyConnectionsError("sorry, too many clients already"),
    ConnectionRefusedError(111, "Connect call failed"),
    TimeoutError(),
])
def test_a_database_away_for_a_moment_is_storage_unavailable(away: Exception):
    assert isinstance(public_error(away), StorageUnavailable)


async def _until_waiting_for_a_lock(dsn: str) -> None:
    for _ in range(500):
        waiting = await query(
            dsn,
            "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
            "AND query LIKE '%FOR UPDATE OF g%'",
        )
        if waiting[0][0]:
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the store never waited for the game's lock")


async def _behind_a_held_guess(store, dsn: str, game_id: int, *, attempt: int, player: int):
    """``record_guess`` of a winning guess while another writer (its own connection) has
    locked the game and saved Alice's attempt 1, uncommitted; that writer commits once the
    store waits for the lock. Returns what ``record_guess`` returns, or raises what it
    raises."""
    other = await asyncpg.connect(dsn)
    try:
        tx = other.transaction()
        await tx.start()
        await other.execute("SELECT 1 FROM games WHERE id = $1 FOR UPDATE", game_id)
        await other.execute(
            "INSERT INTO guesses (game_id, attempt, player_id, word, feedback, created_at) "
            "VALUES ($1, 1, $2, 'slate', $3, now())",
            game_id,
            ALICE,
            score("slate", "crane"),
        )
        waiting = asyncio.create_task(
            store.record_guess(game_id, attempt=attempt, player_id=player, word="crane",
                               feedback="GGGGG", finish="won", day=1)
        )
        await _until_waiting_for_a_lock(dsn)
        await tx.commit()
        return await asyncio.wait_for(waiting, 10)
    finally:
        await other.close()


async def test_a_guess_that_waited_for_the_lock_sees_the_guess_saved_meanwhile(pg_store, pg_dsn):
    """The store locks and reads a game in one statement, whose snapshot is older than the
    lock: a guess committed while it waited is not in that read. A guess numbered after it
    is still accepted (the game is read again), and one with its number is a conflict, not
    a second guess with that number."""
    game = await channel_game(pg_store)
    after = await _behind_a_held_guess(pg_store, pg_dsn, game.id, attempt=2, player=BOB)
    assert [(g.attempt, g.player_id) for g in after.guesses] == [(1, ALICE), (2, BOB)]
    assert after.status == "won"
    stats = await query(pg_dsn, "SELECT player_id, played FROM player_stats ORDER BY player_id")
    assert [tuple(r) for r in stats] == [(ALICE, 1), (BOB, 1)]

    game = await channel_game(pg_store, channel_id=CHANNEL + 1)
    with pytest.raises(AttemptConflict):
        await _behind_a_held_guess(pg_store, pg_dsn, game.id, attempt=1, player=CAROL)
    saved = await query(
        pg_dsn, "SELECT attempt, player_id FROM guesses WHERE game_id = $1", game.id
    )
    assert [tuple(r) for r in saved] == [(1, ALICE)]
    assert (await pg_store.get_game(game.id)).status == "active"


async def test_a_pool_the_server_refuses_is_a_clear_error(pg_cluster: Any) -> None:
    """The first connection is allowed and the pool's are not (a role's connection limit):
    a StorageError naming the database without its password, not a traceback."""
    from tests.pg import _admin

    name, _ = await asyncio.to_thread(pg_cluster.create_database)
    role = f"limited_{name[-8:]}"
    try:
        await _admin(pg_cluster.admin_dsn,
                     f"CREATE ROLE \"{role}\" LOGIN PASSWORD 'sEcr3t' CONNECTION LIMIT 2")
        await _admin(pg_cluster.admin_dsn, f'ALTER DATABASE "{name}" OWNER TO "{role}"')
        # (a database handed back for reuse has its schema made again, by the admin)
        await _admin(pg_cluster.dsn(name), f'ALTER SCHEMA public OWNER TO "{role}"')
        dsn = f"postgresql://{role}:sEcr3t@{pg_cluster.host}:{pg_cluster.port}/{name}"
        with pytest.raises(StorageError) as refused:
            await PostgresStore.open(dsn, pool_size=4)
        assert str(refused.value).startswith(f"cannot open 4 connections to postgresql://{role}"
                                             ":***@")
        assert "sEcr3t" not in str(refused.value)
        assert "too many connections" in str(refused.value)
    finally:
        await asyncio.to_thread(pg_cluster.drop_database, name)
        await _admin(pg_cluster.admin_dsn, f'DROP ROLE IF EXISTS "{role}"')
