"""Server settings and what they decide, on every store: the held day, the server's daily
order, hints in dailies, and the hinted mark on daily results and leaderboards."""

from __future__ import annotations

import asyncio
from datetime import datetime, timedelta, timezone

from .helpers import GUILD, own_game, play

ALICE, BOB, CAROL = 1, 2, 3


async def test_the_held_day_is_stored_with_its_end_and_cleared_together(db):
    until = datetime(2026, 11, 21, 9, 30, tzinfo=timezone(timedelta(hours=9)))
    saved = await db.update_guild_settings(GUILD, timezone="Asia/Tokyo", held_day=324,
                                           held_until=until)
    for settings in (saved, await db.guild_settings(GUILD)):
        assert (settings.held_day, settings.held_until) == (324, until)
        assert settings.held_until.utcoffset() == timedelta(0)  # read back in UTC
    # other settings leave it alone
    kept = await db.update_guild_settings(GUILD, hints_in_dailies=True)
    assert (kept.held_day, kept.held_until) == (324, until)
    cleared = await db.update_guild_settings(GUILD, held_day=None, held_until=None)
    assert (cleared.held_day, cleared.held_until) == (None, None)
    assert (await db.guild_settings(GUILD)).timezone == "Asia/Tokyo"


async def test_daily_order_is_settled_once(db):
    assert (await db.guild_settings(GUILD)).daily_order_from is None
    # A server that never had a daily starts its own order today...
    assert await db.settle_daily_order(GUILD, 300) == 300
    # ...and keeps it, whatever is asked later.
    assert await db.settle_daily_order(GUILD, 305) == 300
    settings = await db.guild_settings(GUILD)
    assert settings.daily_order_from == 300
    assert (settings.timezone, settings.hints_in_channel_games) == ("UTC", True)
    # Other settings leave it alone.
    changed = await db.update_guild_settings(GUILD, timezone="Asia/Tokyo")
    assert changed.daily_order_from == 300


async def test_daily_order_starts_after_every_day_already_started(db):
    other = GUILD + 1
    await own_game(db, 7, kind="daily", puzzle_number=300, guild_id=GUILD)
    await own_game(db, 8, kind="daily", puzzle_number=298, guild_id=GUILD)
    await db.update_guild_settings(GUILD, results_channel_id=5)  # a settings row exists
    assert await db.settle_daily_order(GUILD, 300) == 301  # today's word stays
    await own_game(db, 7, kind="daily", puzzle_number=298, guild_id=other)
    assert await db.settle_daily_order(other, 300) == 300  # nobody saw today's here yet
    assert (await db.guild_settings(GUILD)).results_channel_id == 5


async def test_a_forgotten_players_daily_still_counts_as_started(db):
    await own_game(db, 7, kind="daily", puzzle_number=300)
    await db.forget_player(7)
    assert await db.get_game(1) is None or (await db.get_game(1)).owner_id != 7
    assert await db.settle_daily_order(GUILD, 300) == 301


async def test_daily_order_settled_once_under_racing_callers(db):
    found = await asyncio.gather(*(db.settle_daily_order(GUILD, 300 + n % 3)
                                   for n in range(12)))
    assert len(set(found)) == 1
    assert (await db.guild_settings(GUILD)).daily_order_from == found[0]


async def test_hints_in_dailies_setting(db):
    assert (await db.guild_settings(GUILD)).hints_in_dailies is False
    assert (await db.update_guild_settings(GUILD, hints_in_dailies=True)).hints_in_dailies
    assert (await db.guild_settings(GUILD)).hints_in_dailies is True


async def test_hinted_dailies_are_marked_and_rank_after_the_same_score(db):
    day = 300
    # Alice (hinted) and Bob both win in 2; Carol wins in 3.
    for player, hinted, words in ((ALICE, True, ["slate", "crane"]),
                                  (BOB, False, ["slate", "crane"]),
                                  (CAROL, False, ["slate", "pious", "crane"])):
        game = await own_game(db, player, kind="daily", puzzle_number=day)
        if hinted:
            await db.record_hint(game.id, player_id=player, kind="position", value="1:c")
        await play(db, game, words, day=day)
    results = await db.daily_results(GUILD, day)
    assert [(r.player_id, r.hinted) for r in results] == [
        (ALICE, True), (BOB, False), (CAROL, False)]
    board = await db.leaderboard(GUILD, mode="daily", by="wins", today=day, player_id=ALICE)
    assert [(r.player_id, r.rank, r.hinted) for r in board.rows] == [
        (BOB, 1, 0), (CAROL, 1, 0), (ALICE, 3, 1)]
    assert board.player_row is not None and board.player_row.rank == 3
    board = await db.leaderboard(GUILD, mode="daily", by="average", today=day)
    assert [(r.player_id, r.rank) for r in board.rows] == [(BOB, 1), (ALICE, 2), (CAROL, 3)]
    # Practice games are not marked.
    practice = await own_game(db, ALICE)
    await db.record_hint(practice.id, player_id=ALICE, kind="letter", value="c")
    await play(db, practice, ["crane"])
    board = await db.leaderboard(GUILD, mode="practice", by="wins")
    assert [r.hinted for r in board.rows] == [0]
