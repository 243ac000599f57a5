""""Forget me" deletes a player's data but not the rules that bind them (issue 10, 1 and 2)."""

from __future__ import annotations

import pytest

from bot.storage import DailyPlayed, PlayerNotAllowed, SqliteStore
from tests.pg import StorePlace

from .helpers import CHANNEL, GUILD, WRONG, channel_game, guess, own_game, play

SETTER, PLAYER, OTHER = 41, 42, 43


async def test_a_forgotten_setter_still_cannot_guess_or_take_a_hint(db: SqliteStore) -> None:
    game = await channel_game(db, "zesty", kind="custom", setter_id=SETTER)
    game = await guess(db, game, "slate", player_id=PLAYER)
    await db.forget_player(SETTER)

    with pytest.raises(PlayerNotAllowed):
        await guess(db, game, "zesty", player_id=SETTER)
    with pytest.raises(PlayerNotAllowed):
        await db.record_hint(game.id, player_id=SETTER, kind="letter", value="z")
    after = await db.get_game(game.id)
    assert after is not None and after.status == "active" and len(after.guesses) == 1
    assert after.setter_id is None  # the id itself is gone
    assert await db.stats(GUILD, SETTER, "channel") == (await db.stats(GUILD, 0, "channel"))
    # Everyone else plays on.
    after = await guess(db, after, "zesty", player_id=OTHER)
    assert after.status == "won"


async def test_a_forgotten_setter_keeps_no_id_on_the_game(db: SqliteStore, place: StorePlace):
    game = await channel_game(db, "zesty", kind="custom", setter_id=SETTER)
    await db.forget_player(SETTER)
    [row] = await place.fetch("SELECT * FROM games WHERE id = ?", game.id)
    assert SETTER not in row and str(SETTER) not in map(str, row)


@pytest.mark.parametrize("finish", ["given_up", "lost", "won", "active"])
async def test_forget_me_does_not_reopen_a_daily(db: SqliteStore, finish: str) -> None:
    daily = await own_game(db, PLAYER, kind="daily", puzzle_number=9)
    if finish == "given_up":
        await db.give_up(daily.id, player_id=PLAYER, day=9)
    elif finish == "lost":
        await play(db, daily, WRONG, day=9)
    elif finish == "won":
        await play(db, daily, ["slate", "crane"], day=9)
    else:
        await guess(db, daily, "slate", day=9)
    results_before = await db.daily_results(GUILD, 9)
    await db.forget_player(PLAYER)

    with pytest.raises(DailyPlayed):
        await own_game(db, PLAYER, kind="daily", puzzle_number=9)
    # Only that daily: the next day's, another server's and another player's are open.
    await own_game(db, PLAYER, kind="daily", puzzle_number=10, channel_id=CHANNEL + 1)
    await own_game(db, PLAYER, kind="daily", puzzle_number=9, guild_id=GUILD + 1)
    await own_game(db, OTHER, kind="daily", puzzle_number=9)
    assert [r.player_id for r in await db.daily_results(GUILD, 9)] == [
        r.player_id for r in results_before if r.player_id != PLAYER
    ]


async def test_the_played_mark_is_not_the_players_id(db: SqliteStore, place: StorePlace) -> None:
    daily = await own_game(db, PLAYER, kind="daily", puzzle_number=9)
    await db.give_up(daily.id, player_id=PLAYER, day=9)
    await db.forget_player(PLAYER)
    tables = await place.tables()
    assert "games" in tables
    for table in tables:
        for row in await place.fetch(f"SELECT * FROM {table}"):
            assert PLAYER not in row and str(PLAYER) not in map(str, row), table


async def test_the_marks_hold_after_a_restart(place: StorePlace) -> None:
    async with await place.open() as db:
        game = await channel_game(db, "zesty", kind="custom", setter_id=SETTER)
        daily = await own_game(db, PLAYER, kind="daily", puzzle_number=9)
        await db.give_up(daily.id, player_id=PLAYER, day=9)
        await db.forget_player(SETTER)
        await db.forget_player(PLAYER)
    async with await place.open() as db:
        with pytest.raises(PlayerNotAllowed):
            await guess(db, game, "zesty", player_id=SETTER)
        with pytest.raises(DailyPlayed):
            await own_game(db, PLAYER, kind="daily", puzzle_number=9)
    # Each database has a key of its own: the same player's mark differs between databases.
    other = place.another()
    async with await other.open():
        pass
    keys = [bytes((await at.fetch("SELECT key FROM store_key"))[0][0]) for at in (place, other)]
    assert len(keys[0]) == 32 and keys[0] != keys[1]
