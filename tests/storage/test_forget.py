"""A player's "forget me": every row about them goes; everyone else's history still adds up."""

from __future__ import annotations

from bot.storage import ForgetReport, SqliteStore
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


async def test_forget_me(db: SqliteStore, place: StorePlace):
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


async def test_forget_then_play_on_in_a_shared_game(db: SqliteStore):
    """Forgetting a player mid-game keeps the attempt count; if they come back and guess
    again they count as a new participant, and nobody else's numbers change."""
    game = await channel_game(db)
    game = await guess(db, game, "slate", player_id=ALICE)
    game = await guess(db, game, "pious", player_id=BOB)
    await db.forget_player(ALICE)
    game = await db.get_game(game.id)
    game = await guess(db, game, "crane", player_id=BOB)
    assert [g.attempt for g in game.guesses] == [1, 2, 3]
    assert game.guessers == {BOB}
    assert (await db.stats(GUILD, BOB, "channel")).played == 1
    assert (await db.stats(GUILD, ALICE, "channel")).played == 0


async def posts_shown(place: StorePlace) -> dict[tuple[int, int], int]:
    """How many results each day's post shows, by (server, puzzle)."""
    rows = await place.fetch("SELECT guild_id, puzzle_number, shown FROM daily_posts")
    return {(guild, number): shown for guild, number, shown in rows}


async def test_forgotten_dailies_leave_their_post_behind_at_the_next_finish(
    db: SqliteStore, place: StorePlace, clock
):
    """Forgetting a player takes their finished dailies out of what their days' posts count
    as shown, so a later finish lost to a crash still leaves the day behind. Before, ann, bob
    and cat (shown 3), cat forgotten (2 left), then dan finishing made 3 again, equal to the
    post's mark: the day did not look behind and dan never reached the post."""
    ann, bob, cat, dan = 41, 42, 43, 44
    day, other = 700, GUILD + 1

    async def finish(player: int, number: int = day, guild_id: int = GUILD) -> None:
        game = await own_game(db, player, kind="daily", puzzle_number=number,
                              guild_id=guild_id)
        await play(db, game, ["crane"], now=clock())

    for player in (ann, bob, cat):
        await finish(player)
    await finish(cat, day - 1)
    await finish(cat, day, other)
    await finish(dan, day, other)
    for guild, number, shown in ((GUILD, day, 3), (GUILD, day - 1, 1), (other, day, 2)):
        await db.set_daily_post(guild, number, CHANNEL, number)
        await db.set_daily_post_shown(guild, number, shown)
    assert await db.daily_posts_behind(day - 1) == []

    await db.forget_player(cat)
    assert await posts_shown(place) == {(GUILD, day): 2, (GUILD, day - 1): 0, (other, day): 1}
    assert await db.daily_posts_behind(day - 1) == []

    await finish(dan)  # and the bot is killed before the post is edited
    assert [(b.guild_id, b.puzzle_number, b.results, b.channel_id)
            for b in await db.daily_posts_behind(day - 1)] == [(GUILD, day, 3, CHANNEL)]


async def test_forget_changes_no_post_it_does_not_count_in(
    db: SqliteStore, place: StorePlace, clock
):
    """A player with no dailies, or whose finished dailies are in days with no post (or only
    a claim), in another server, or still being played, leaves every post as it was; a post
    showing fewer than its day's results is never lowered below 0."""
    ann, eve, fay, gus = 41, 45, 46, 47
    day, other, personal = 700, GUILD + 1, 0

    async def finish(player: int, number: int = day, guild_id: int = GUILD) -> None:
        game = await own_game(db, player, kind="daily", puzzle_number=number,
                              guild_id=guild_id)
        await play(db, game, ["crane"], now=clock())

    await finish(ann)
    await db.set_daily_post(GUILD, day, CHANNEL, 1)
    await db.set_daily_post_shown(GUILD, day, 1)
    await db.set_daily_post(GUILD, day - 1, CHANNEL, 2)  # shows nothing yet
    await db.set_daily_post(other, day - 1, CHANNEL, 3)
    await db.set_daily_post_shown(other, day - 1, 1)

    # Eve: no dailies, only a practice game and a guess in a channel game.
    await play(db, await own_game(db, eve), ["crane"])
    await guess(db, await channel_game(db), "slate", player_id=eve)
    # Fay: today's daily still being played; finished ones in days with no post.
    await finish(fay, day + 1)
    await finish(fay, day, other)
    await finish(fay, day, personal)
    if place.backend == "postgres":  # only PostgreSQL claims a post before making it
        await finish(fay, day + 2)
        assert (await db.claim_daily_post(GUILD, day + 2, claimant="shard 1")).claimed
    await guess(db, await own_game(db, fay, kind="daily", puzzle_number=day), "slate")
    # Gus: finished in a day whose post shows nothing yet (the post is behind).
    await finish(gus, day - 1)

    # (Their days' posts are marked to be edited, ``redo``: one edit more at worst.)
    shown = ("SELECT guild_id, puzzle_number, channel_id, message_id, shown FROM daily_posts "
             "ORDER BY guild_id, puzzle_number")
    before = await place.fetch(shown)
    for player in (eve, fay, gus):
        await db.forget_player(player)
        assert await place.fetch(shown) == before, player


async def test_a_forgotten_players_game_ids_are_never_given_again(db: SqliteStore):
    """Boards carry their game's id in their buttons: once a player is forgotten, a new game
    must not take the id of one of theirs (the newest game's, on SQLite before migration
    0012), or an old public board of theirs would come to play someone's private daily."""
    kept = await own_game(db, BOB, channel_id=1)
    gone = [await own_game(db, ALICE, channel_id=c) for c in (2, 3)]
    await db.forget_player(ALICE)
    assert [await db.get_game(g.id) for g in gone] == [None, None]
    new = await own_game(db, CAROL, kind="daily", puzzle_number=9)
    assert new.id > max(g.id for g in gone) > kept.id


async def test_the_results_posts_that_showed_the_player_are_marked_to_be_edited(
        db: SqliteStore):
    """Oldest first: the days of their finished dailies that have a post (even one that
    shows nothing yet: it may have gone out with them just before); not their daily still
    on, not their practice games. A mark is cleared only as it was read: a forget-me that came
    meanwhile leaves it to be edited again."""
    for number, guild in ((7, GUILD), (8, GUILD), (8, GUILD + 1), (9, GUILD)):
        await play(db, await own_game(db, ALICE, kind="daily", puzzle_number=number,
                                      guild_id=guild, channel_id=number), ["crane"], day=number)
        await db.set_daily_post(guild, number, number, 500 + number)
        await db.set_daily_post_shown(guild, number, 1)
    await play(db, await own_game(db, BOB, kind="daily", puzzle_number=9), ["crane"], day=9)
    await db.set_daily_post_shown(GUILD, 9, 2)
    await play(db, await own_game(db, ALICE, kind="daily", puzzle_number=6), ["crane"], day=6)
    await db.set_daily_post(GUILD, 6, CHANNEL, 506)  # its count not set yet
    await own_game(db, ALICE, kind="daily", puzzle_number=10, channel_id=10)  # still on
    await db.set_daily_post(GUILD, 10, 10, 510)
    await guess(db, await own_game(db, ALICE, channel_id=11), "slate")
    assert await db.daily_posts_to_redo() == []
    await db.forget_player(ALICE)
    assert await db.daily_posts_to_redo() == [(GUILD, 6, 1), (GUILD, 7, 1), (GUILD, 8, 1),
                                              (GUILD + 1, 8, 1), (GUILD, 9, 1)]
    await db.daily_post_redone(GUILD, 6, 1)
    await db.daily_post_redone(GUILD, 7, 1)
    await db.forget_player(BOB)  # (bob's day 9 comes in while day 9 is being edited)
    await db.daily_post_redone(GUILD, 9, 1)  # read before bob's forget-me: stays
    assert await db.daily_posts_to_redo() == [(GUILD, 8, 1), (GUILD + 1, 8, 1), (GUILD, 9, 2)]
    await db.daily_post_redone(GUILD, 9, 2)
    assert (GUILD, 9, 2) not in await db.daily_posts_to_redo()


async def test_a_post_made_from_results_read_before_a_forget_me_is_marked(db: SqliteStore):
    """The bot read the day's results, then the player was forgotten, then its post went out
    showing them: the count it says it shows is more than the day has, so the post is marked
    to be edited again."""
    await play(db, await own_game(db, ALICE, kind="daily", puzzle_number=7), ["crane"], day=7)
    await play(db, await own_game(db, BOB, kind="daily", puzzle_number=7), ["crane"], day=7)
    await db.forget_player(ALICE)  # no post yet: nothing marked
    await db.set_daily_post(GUILD, 7, CHANNEL, 507)
    await db.set_daily_post_shown(GUILD, 7, 2)  # alice and bob, as read before
    assert await db.daily_posts_to_redo() == [(GUILD, 7, 1)]
    await db.daily_post_redone(GUILD, 7, 1)
    await db.set_daily_post_shown(GUILD, 7, 1)  # the edit without her
    assert await db.daily_posts_to_redo() == []
