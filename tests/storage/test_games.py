"""Games, guesses, hints, settings: behaviour through the public API, on every backend."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from bot.storage import (
    AttemptConflict,
    GameExists,
    GameNotActive,
    GameNotFound,
    GuildSettings,
    PlayerNotAllowed,
    SqliteStore,
    StorageError,
)
from bot.storage.models import DailyPostBehind
from tests.pg import StorePlace

from .helpers import BIG_PLAYER, CHANNEL, GUILD, WRONG, channel_game, guess, own_game, play

ALICE, BOB, CAROL = 1001, 1002, 1003


@pytest.mark.sqlite_only("WAL and user_version are SQLite's (PostgreSQL's schema version: "
                         "tests/postgres/test_migrations.py)")
async def test_open_gives_wal_foreign_keys_and_newest_version(db: SqliteStore, db_path: Path):
    from bot.storage import latest_version

    assert db.schema_version == latest_version() >= 2
    conn = sqlite3.connect(db_path)
    try:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("PRAGMA user_version").fetchone()[0] == latest_version()
    finally:
        conn.close()
    # Foreign keys are enforced on the bot's own connection: a guess for no game is refused.
    with pytest.raises(GameNotFound):
        await db.record_guess(
            999, attempt=1, player_id=ALICE, word="slate", feedback="BBBBB", finish=None, day=1
        )


async def test_async_with_closes(place: StorePlace):
    async with await place.open() as db:
        game = await own_game(db, ALICE)
    assert db.closed
    with pytest.raises(StorageError, match="closed"):
        await db.get_game(game.id)
    async with await place.open() as again:
        assert (await again.get_game(game.id)) == game


async def test_game_round_trip_with_big_snowflakes(db: SqliteStore, clock):
    started = clock()
    game = await db.create_game(
        guild_id=2**63 - 1,
        channel_id=2**63 - 2,
        owner_id=BIG_PLAYER,
        scope="own",
        kind="random",
        answer="crane",
        hard_mode=True,
        now=started,
    )
    assert (game.guild_id, game.channel_id, game.owner_id) == (2**63 - 1, 2**63 - 2, BIG_PLAYER)
    assert game.status == "active" and game.hard_mode and game.guesses == ()
    assert game.created_at == started and game.created_at.tzinfo is not None
    assert await db.get_game(game.id) == game

    later = clock()
    game = await guess(db, game, "slate", now=later)
    assert game.guesses[0].word == "slate"
    assert game.guesses[0].feedback == "BBGBG"
    assert game.guesses[0].player_id == BIG_PLAYER
    assert game.guesses[0].created_at == later
    assert await db.get_game(game.id) == game
    assert await db.active_own_game(2**63 - 1, 2**63 - 2, BIG_PLAYER) == game


async def test_answer_is_not_in_repr_or_messages(db: SqliteStore):
    game = await own_game(db, ALICE, "zesty")
    assert "zesty" not in repr(game)
    with pytest.raises(GameExists) as caught:
        await own_game(db, ALICE, "zesty")
    assert "zesty" not in str(caught.value)
    assert "zesty" not in repr(caught.value.existing)


async def test_win_finishes_game_and_records_solver(db: SqliteStore):
    game = await own_game(db, ALICE)
    game = await play(db, game, ["slate", "crane"])
    assert game.status == "won"
    assert game.solved_by == ALICE
    assert game.finished_at is not None
    assert [g.attempt for g in game.guesses] == [1, 2]
    assert await db.active_own_game(GUILD, CHANNEL, ALICE) is None
    with pytest.raises(GameNotActive) as caught:
        await guess(db, game, "crane")
    assert caught.value.game.status == "won"


async def test_sixth_wrong_guess_loses(db: SqliteStore):
    game = await play(db, await own_game(db, ALICE), WRONG)
    assert game.status == "lost" and game.solved_by is None
    assert len(game.guesses) == 6


async def test_attempt_must_be_the_next_one(db: SqliteStore):
    game = await own_game(db, ALICE)
    await guess(db, game, "slate")
    # A stale copy of the game (no guesses) asks for attempt 1 again.
    with pytest.raises(AttemptConflict) as caught:
        await guess(db, game, "pious")
    assert len(caught.value.game.guesses) == 1
    with pytest.raises(AttemptConflict):
        await db.record_guess(
            game.id, attempt=3, player_id=ALICE, word="pious", feedback="BBBBB", finish=None, day=1
        )
    stored = await db.get_game(game.id)
    assert stored is not None and [g.word for g in stored.guesses] == ["slate"]


async def test_own_game_only_for_its_owner_and_setter_cannot_guess(db: SqliteStore):
    game = await own_game(db, ALICE)
    with pytest.raises(PlayerNotAllowed):
        await guess(db, game, "slate", player_id=BOB)
    challenge = await channel_game(db, kind="custom", setter_id=CAROL)
    with pytest.raises(PlayerNotAllowed):
        await guess(db, challenge, "slate", player_id=CAROL)
    challenge = await guess(db, challenge, "slate", player_id=BOB)
    assert challenge.setter_id == CAROL and challenge.guesses[0].player_id == BOB


async def test_feedback_and_finish_must_be_truthful(db: SqliteStore):
    game = await own_game(db, ALICE)
    bad = [
        dict(word="slate", feedback="GGGGG", finish="won"),  # wrong feedback for the word
        dict(word="slate", feedback="BBGBG", finish="won"),  # won without all green
        dict(word="crane", feedback="GGGGG", finish=None),  # all green without finishing
        dict(word="slate", feedback="BBGBG", finish="lost"),  # lost before attempt 6
    ]
    for case in bad:
        with pytest.raises(ValueError):
            await db.record_guess(game.id, attempt=1, player_id=ALICE, day=1, **case)
    with pytest.raises(ValueError, match="attempt 6"):
        await db.record_guess(
            game.id, attempt=6, player_id=ALICE, word="slate", feedback="BBGBG", finish=None, day=1
        )
    assert (await db.get_game(game.id)).guesses == ()


@pytest.mark.parametrize(
    "word",
    [
        "",
        "CRANE",
        "cran",
        "cranes",
        "crâne",
        "🙂🙂🙂🙂🙂",
        "x" * 1000,
        "'; DROP TABLE games; --",
        None,
        5,
    ],
)
async def test_bad_words_are_refused_and_change_nothing(db: SqliteStore, place: StorePlace, word):
    game = await own_game(db, ALICE)
    before = await place.counts()
    with pytest.raises(ValueError, match="lower-case letters"):
        await db.record_guess(
            game.id, attempt=1, player_id=ALICE, word=word, feedback="BBBBB", finish=None, day=1
        )
    assert await place.counts() == before


async def test_uniqueness_rules_report_the_game_in_the_way(db: SqliteStore):
    first = await own_game(db, ALICE)
    with pytest.raises(GameExists) as caught:
        await own_game(db, ALICE, "zesty")
    assert caught.value.existing == first
    # Another player, or another channel, is fine.
    await own_game(db, BOB)
    await own_game(db, ALICE, channel_id=CHANNEL + 1)

    table = await channel_game(db)
    with pytest.raises(GameExists) as caught:
        await channel_game(db, "zesty")
    assert caught.value.existing.id == table.id

    # After the game ends a new one may start.
    await play(db, first, ["crane"])
    await own_game(db, ALICE)


@pytest.mark.sqlite_only("rows written with sqlite3 behind the store (PostgreSQL's: "
                         "tests/postgres/test_store.py, the database rules without the store)")
async def test_unique_indexes_hold_even_without_the_checks(db_path: Path, db: SqliteStore):
    """The partial unique indexes are the rule, not just the Python checks."""
    await own_game(db, ALICE, kind="daily", puzzle_number=5, channel_id=1)
    await channel_game(db)
    conn = sqlite3.connect(db_path)
    now = datetime.now(UTC).isoformat()
    insert = (
        "INSERT INTO games (guild_id, channel_id, owner_id, scope, kind, puzzle_number, answer, "
        "hard_mode, created_at, status, finished_at) VALUES (?, ?, ?, ?, ?, ?, 'crane', 0, ?, ?, ?)"
    )
    try:
        for row in [
            (GUILD, 1, ALICE, "own", "random", None, now, "active", None),  # 2nd active own
            (GUILD, 9, ALICE, "own", "daily", 5, now, "won", now),  # 2nd daily of a day
            (GUILD, CHANNEL, None, "channel", "random", None, now, "active", None),
        ]:
            with pytest.raises(sqlite3.IntegrityError):
                conn.execute(insert, row)
    finally:
        conn.close()


async def test_daily_once_per_player_and_day_whatever_its_status(db: SqliteStore):
    daily = await own_game(db, ALICE, kind="daily", puzzle_number=100)
    assert await db.daily_game(GUILD, ALICE, 100) == daily
    daily = await play(db, daily, WRONG)
    assert daily.status == "lost"
    with pytest.raises(GameExists) as caught:
        await own_game(db, ALICE, kind="daily", puzzle_number=100, channel_id=CHANNEL + 5)
    assert caught.value.existing.id == daily.id
    assert caught.value.existing.status == "lost"
    # The next day is a new daily; other servers have their own.
    await own_game(db, ALICE, kind="daily", puzzle_number=101)
    await own_game(db, ALICE, kind="daily", puzzle_number=100, guild_id=GUILD + 1)


async def test_give_up(db: SqliteStore):
    game = await guess(db, await own_game(db, ALICE), "slate")
    with pytest.raises(PlayerNotAllowed):
        await db.give_up(game.id, player_id=BOB, day=1)
    given = await db.give_up(game.id, player_id=ALICE, day=1)
    assert given.status == "given_up" and given.finished_at is not None
    assert len(given.guesses) == 1
    with pytest.raises(GameNotActive):
        await db.give_up(game.id, player_id=ALICE, day=1)
    stats = await db.stats(GUILD, ALICE, "practice")
    assert (stats.played, stats.wins, stats.current_streak) == (1, 0, 0)
    with pytest.raises(GameNotFound):
        await db.give_up(12345, player_id=ALICE, day=1)


async def test_channel_give_up_rule(db: SqliteStore):
    """Before the first guess anyone in the channel may give a channel game up; after it, a
    player who has guessed in it or the challenge's setter."""
    fresh = await channel_game(db, channel_id=1)
    assert (await db.give_up(fresh.id, player_id=CAROL, day=1)).status == "given_up"

    started = await guess(db, await channel_game(db, channel_id=2), "slate", player_id=ALICE)
    with pytest.raises(PlayerNotAllowed):
        await db.give_up(started.id, player_id=BOB, day=1)
    assert (await db.give_up(started.id, player_id=ALICE, day=1)).status == "given_up"

    challenge = await channel_game(db, "zesty", kind="custom", setter_id=CAROL, channel_id=3)
    challenge = await guess(db, challenge, "slate", player_id=ALICE)
    with pytest.raises(PlayerNotAllowed):
        await db.give_up(challenge.id, player_id=BOB, day=1)
    ended = await db.give_up(challenge.id, player_id=CAROL, day=1)
    assert ended.status == "given_up"
    # Counted for who guessed, not for the setter.
    assert (await db.stats(GUILD, ALICE, "channel")).played == 2
    assert (await db.stats(GUILD, CAROL, "channel")).played == 0


async def test_hints(db: SqliteStore, clock):
    game = await channel_game(db)
    t1, t2 = clock(), clock()
    await db.record_hint(game.id, player_id=ALICE, kind="letter", value="e", now=t1)
    await db.record_hint(game.id, player_id=BOB, kind="position", value="1:c", now=t2)
    hints = await db.hints_for_game(game.id)
    assert [(h.player_id, h.kind, h.value, h.created_at) for h in hints] == [
        (ALICE, "letter", "e", t1),
        (BOB, "position", "1:c", t2),
    ]
    own = await own_game(db, ALICE)
    with pytest.raises(PlayerNotAllowed):
        await db.record_hint(own.id, player_id=BOB, kind="word", value="crane")
    await play(db, own, ["crane"])
    with pytest.raises(GameNotActive):
        await db.record_hint(own.id, player_id=ALICE, kind="word", value="crane")
    assert len(await db.hints_for_game(game.id)) == 2
    assert await db.hints_for_game(own.id) == []


async def test_last_finished_game(db: SqliteStore, clock):
    assert await db.last_finished_game(GUILD, CHANNEL, ALICE) is None
    mine = await play(db, await own_game(db, ALICE, now=clock()), ["crane"], now=clock())
    assert (await db.last_finished_game(GUILD, CHANNEL, ALICE)).id == mine.id
    table = await channel_game(db)
    table = await guess(db, table, "slate", player_id=ALICE, now=clock())
    # Still active: the last finished one is the own game.
    assert (await db.last_finished_game(GUILD, CHANNEL, ALICE)).id == mine.id
    table = await guess(db, table, "crane", player_id=BOB, now=clock())
    assert (await db.last_finished_game(GUILD, CHANNEL, ALICE)).id == table.id
    assert (await db.last_finished_game(GUILD, CHANNEL, BOB)).id == table.id
    assert await db.last_finished_game(GUILD, CHANNEL, CAROL) is None
    assert await db.last_finished_game(GUILD, CHANNEL + 1, ALICE) is None


async def test_guild_settings(db: SqliteStore):
    assert await db.guild_settings(GUILD) == GuildSettings(GUILD, "UTC", None, True)
    changed = await db.update_guild_settings(GUILD, timezone="Europe/Paris")
    assert changed == GuildSettings(GUILD, "Europe/Paris", None, True)
    changed = await db.update_guild_settings(GUILD, results_channel_id=CHANNEL)
    assert changed == GuildSettings(GUILD, "Europe/Paris", CHANNEL, True)
    changed = await db.update_guild_settings(GUILD, hints_in_channel_games=False)
    assert changed == GuildSettings(GUILD, "Europe/Paris", CHANNEL, False)
    changed = await db.update_guild_settings(GUILD, results_channel_id=None)
    assert (
        await db.guild_settings(GUILD)
        == changed
        == GuildSettings(GUILD, "Europe/Paris", None, False)
    )
    assert await db.guild_settings(GUILD + 1) == GuildSettings(GUILD + 1)


async def test_daily_results_and_post(db: SqliteStore, clock):
    day = 500
    a = await play(
        db,
        await own_game(db, ALICE, kind="daily", puzzle_number=day),
        ["slate", "crane"],
        now=clock(),
    )
    b = await play(
        db,
        await own_game(db, BOB, kind="daily", puzzle_number=day, hard_mode=True),
        WRONG,
        now=clock(),
    )
    await own_game(db, CAROL, kind="daily", puzzle_number=day)  # still playing
    results = await db.daily_results(GUILD, day)
    assert [(r.player_id, r.status, r.attempts, r.hard_mode) for r in results] == [
        (ALICE, "won", 2, False),
        (BOB, "lost", 6, True),
    ]
    assert results[0].finished_at == a.finished_at and results[1].finished_at == b.finished_at
    assert await db.daily_results(GUILD, day + 1) == []

    assert await db.daily_post(GUILD, day) is None
    await db.set_daily_post(GUILD, day, CHANNEL, 777)
    await db.set_daily_post(GUILD, day, CHANNEL, 778)  # edited/replaced
    assert await db.daily_post(GUILD, day) == (CHANNEL, 778)
    assert await db.daily_post(GUILD, day + 1) is None


async def test_posts_behind_their_days_results(db: SqliteStore, clock):
    """A day whose post shows fewer results than it has finished dailies, or that has none,
    is behind (a restart brings it up to date); a personal daily (server 0) has no post."""
    day, other, personal = 600, GUILD + 1, 0

    async def finish(player: int, number: int, *, guild_id: int = GUILD,
                     channel_id: int = CHANNEL) -> None:
        game = await own_game(db, player, kind="daily", puzzle_number=number,
                              guild_id=guild_id, channel_id=channel_id)
        await play(db, game, ["crane"], now=clock())

    await finish(ALICE, day)
    await finish(BOB, day, channel_id=CHANNEL + 1)  # the day's last finish, in another channel
    carol = await own_game(db, CAROL, kind="daily", puzzle_number=day)  # still playing
    await finish(ALICE, day, guild_id=other)
    await finish(ALICE, day - 1)  # before the days asked about
    await finish(BOB, day, guild_id=personal)
    await db.set_daily_post(GUILD, day - 1, CHANNEL, 1)  # it shows nothing yet

    def behind(found: list[DailyPostBehind]) -> list[tuple[int, int, int, int]]:
        return [(b.guild_id, b.puzzle_number, b.results, b.channel_id) for b in found]

    assert behind(await db.daily_posts_behind(day)) == [
        (GUILD, day, 2, CHANNEL + 1), (other, day, 1, CHANNEL)]
    assert behind(await db.daily_posts_behind(day - 1))[0] == (GUILD, day - 1, 1, CHANNEL)

    await db.set_daily_post(GUILD, day, CHANNEL, 777)
    await db.set_daily_post_shown(GUILD, day, 1)  # bob's finish is not shown
    assert behind(await db.daily_posts_behind(day))[0] == (GUILD, day, 2, CHANNEL + 1)
    await db.set_daily_post_shown(GUILD, day, 2)
    await db.set_daily_post_shown(other, day, 1)  # no post there: nothing to mark
    assert behind(await db.daily_posts_behind(day)) == [(other, day, 1, CHANNEL)]
    await db.set_daily_post_shown(GUILD, day, 1)  # an older pass, late: never lowered
    await db.set_daily_post(other, day, CHANNEL, 778)
    await db.set_daily_post_shown(other, day, 1)
    assert await db.daily_posts_behind(day) == []
    await play(db, carol, ["crane"], now=clock())
    assert behind(await db.daily_posts_behind(day)) == [(GUILD, day, 3, CHANNEL)]
    # never above the day's results now (a pass that read a result deleted since: forget-me)
    await db.set_daily_post_shown(GUILD, day, 4)  # 3 results: 3 recorded
    assert await db.daily_posts_behind(day) == []
    await finish(CAROL + 1, day)
    assert behind(await db.daily_posts_behind(day)) == [(GUILD, day, 4, CHANNEL)]


async def test_server_streak(db: SqliteStore):
    # Days 10, 11, 12 solved by someone; 13 only lost; 14 solved.
    for day, player, words in [
        (10, ALICE, ["crane"]),
        (11, BOB, ["crane"]),
        (12, ALICE, ["crane"]),
        (12, BOB, WRONG),
        (13, ALICE, WRONG),
        (14, BOB, ["slate", "crane"]),
    ]:
        await play(db, await own_game(db, player, kind="daily", puzzle_number=day), words, day=day)
    assert await db.server_streak(GUILD, 12) == 3
    assert await db.server_streak(GUILD, 13) == 3  # nobody solved today yet: up to yesterday
    assert await db.server_streak(GUILD, 14) == 1
    assert await db.server_streak(GUILD, 15) == 1
    assert await db.server_streak(GUILD, 16) == 0
    assert await db.server_streak(GUILD + 1, 12) == 0


async def test_times_are_stored_in_utc(db: SqliteStore):
    paris = datetime(2026, 7, 1, 0, 30, tzinfo=ZoneInfo("Europe/Paris"))
    game = await own_game(db, ALICE, now=paris)
    assert game.created_at == paris
    assert game.created_at.utcoffset() == timedelta(0)
    assert (await db.get_game(game.id)).created_at.isoformat() == "2026-06-30T22:30:00+00:00"


async def test_an_active_own_game_moves_to_another_channel_of_its_owner(db: SqliteStore):
    daily = await guess(db, await own_game(db, ALICE, kind="daily", puzzle_number=9,
                                           channel_id=1), "slate")
    moved = await db.move_game(daily.id, owner_id=ALICE, channel_id=2)
    assert (moved.id, moved.channel_id, [g.word for g in moved.guesses]) == (daily.id, 2,
                                                                               ["slate"])
    assert await db.get_game(daily.id) == moved
    assert await db.active_own_game(GUILD, 2, ALICE) == moved
    assert await db.active_own_game(GUILD, 1, ALICE) is None
    assert await db.move_game(daily.id, owner_id=ALICE, channel_id=2) == moved  # there already
    # It is played on where it is now, and counted once.
    won = await guess(db, moved, "crane", day=9)
    assert won.status == "won" and won.channel_id == 2
    assert (await db.stats(GUILD, ALICE, "daily", today=9)).played == 1


async def test_a_game_is_moved_only_by_its_owner_while_it_runs_and_never_onto_another(
        db: SqliteStore):
    practice = await own_game(db, ALICE, channel_id=1)
    running = await own_game(db, ALICE, channel_id=3)
    shared = await channel_game(db, channel_id=4)
    with pytest.raises(PlayerNotAllowed):
        await db.move_game(practice.id, owner_id=BOB, channel_id=2)
    with pytest.raises(PlayerNotAllowed):
        await db.move_game(shared.id, owner_id=ALICE, channel_id=2)
    with pytest.raises(GameExists) as exists:
        await db.move_game(practice.id, owner_id=ALICE, channel_id=3)
    assert exists.value.existing == running
    with pytest.raises(GameNotFound):
        await db.move_game(99_999, owner_id=ALICE, channel_id=2)
    over = await db.give_up(practice.id, player_id=ALICE, day=1)
    with pytest.raises(GameNotActive):
        await db.move_game(over.id, owner_id=ALICE, channel_id=2)
    assert [(await db.get_game(g.id)).channel_id for g in (practice, running, shared)] == [1, 3, 4]
