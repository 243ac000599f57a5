"""A player's "forget me": every row about them goes; everyone else's history still adds up."""

from __future__ import annotations

from bot.storage import Database, ForgetReport
from tests.pg import StorePlace

from .helpers import CHANNEL, GUILD, WRONG, channel_game, guess, own_game, play

ALICE, BOB, CAROL = 31, 32, 33


async def rows_mentioning(place: StorePlace, player: int) -> list[tuple]:
    """Every row in any table with the player's id in any id column."""
    found = []
    for table in await place.tables():
        for column in await place.columns(table):
            if column.endswith("_id") or column in ("solved_by",):
                if column in ("guild_id", "channel_id", "game_id", "message_id", "id"):
                    continue
                hits = await place.fetch(f"SELECT * FROM {table} WHERE {column} = ?", player)
                found += [(table, column, *hit) for hit in hits]
    return found


async def test_forget_me(db: Database, place: StorePlace):
    # Alice: two own games (one daily, one active), hints, a challenge she set, and guesses in
    # two channel games with Bob and Carol, one of which she solved.
    daily = await own_game(db, ALICE, kind="daily", puzzle_number=9, channel_id=1)
    await play(db, daily, ["slate", "crane"], day=9)
    practice = await guess(db, await own_game(db, ALICE), "slate")
    await db.record_hint(practice.id, player_id=ALICE, kind="letter", value="r")

    shared = await channel_game(db, channel_id=2)
    await db.record_hint(shared.id, player_id=ALICE, kind="word", value="crate")
    await db.record_hint(shared.id, player_id=BOB, kind="letter", value="e")
    shared = await guess(db, shared, "slate", player_id=BOB)
    shared = await guess(db, shared, "pious", player_id=ALICE)
    shared = await guess(db, shared, "crane", player_id=ALICE)
    assert shared.solved_by == ALICE

    challenge = await channel_game(db, "zesty", kind="custom", setter_id=ALICE, channel_id=3)
    challenge = await play(db, challenge, WRONG, player_id=CAROL)

    bob_own = await play(db, await own_game(db, BOB, channel_id=4), ["crane"])

    bob_before = {m: await db.stats(GUILD, BOB, m) for m in ("daily", "practice", "channel")}
    carol_before = await db.stats(GUILD, CAROL, "channel")
    assert await rows_mentioning(place, ALICE)

    report = await db.forget_player(ALICE)
    assert report == ForgetReport(
        games_deleted=2,
        guesses_deleted=3,  # two in the daily, one in the practice game
        guesses_anonymised=2,
        games_anonymised=2,  # solver of one channel game, setter of the challenge
        hints_deleted=2,
        stats_deleted=2,  # daily and channel
    )
    assert await rows_mentioning(place, ALICE) == []

    # Alice is gone...
    assert await db.get_game(daily.id) is None
    assert await db.get_game(practice.id) is None
    assert await db.daily_game(GUILD, ALICE, 9) is None
    assert await db.active_own_game(GUILD, CHANNEL, ALICE) is None
    assert (await db.stats(GUILD, ALICE, "daily")).played == 0
    assert await db.last_finished_game(GUILD, 2, ALICE) is None
    # ...but the channel games still read right for everyone else.
    shared_after = await db.get_game(shared.id)
    assert [(g.attempt, g.player_id, g.word) for g in shared_after.guesses] == [
        (1, BOB, "slate"),
        (2, None, "pious"),
        (3, None, "crane"),
    ]
    assert (shared_after.status, shared_after.solved_by) == ("won", None)
    assert [h.player_id for h in await db.hints_for_game(shared.id)] == [BOB]
    challenge_after = await db.get_game(challenge.id)
    assert challenge_after.setter_id is None and len(challenge_after.guesses) == 6
    assert await db.get_game(bob_own.id) == bob_own
    assert {m: await db.stats(GUILD, BOB, m) for m in bob_before} == bob_before
    assert await db.stats(GUILD, CAROL, "channel") == carol_before
    assert [r.player_id for r in (await db.leaderboard(GUILD, mode="channel")).rows] == [
        BOB,
        CAROL,
    ]

    # Nothing left to forget the second time; the database is still sound.
    assert (await db.forget_player(ALICE)).total == 0
    if place.backend == "sqlite":  # PostgreSQL checks its foreign keys at every statement
        assert await place.fetch("PRAGMA integrity_check") == [("ok",)]
        assert await place.fetch("PRAGMA foreign_key_check") == []


async def test_forget_then_play_on_in_a_shared_game(db: Database):
    """Forgetting a player mid-game keeps the attempt count; if they come back and guess
    again they count as a new participant, and nobody else's numbers change."""
    game = await channel_game(db)
    game = await guess(db, game, "slate", player_id=ALICE)
    game = await guess(db, game, "pious", player_id=BOB)
    await db.forget_player(ALICE)
    game = await db.get_game(game.id)
    game = await guess(db, game, "crane", player_id=BOB)
    assert [g.attempt for g in game.guesses] == [1, 2, 3]
    assert game.participants == {BOB}
    assert (await db.stats(GUILD, BOB, "channel")).played == 1
    assert (await db.stats(GUILD, ALICE, "channel")).played == 0
