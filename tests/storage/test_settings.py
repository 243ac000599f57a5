"""Server settings and what they decide, on every store (re-run on PostgreSQL by
tests/postgres/storage/test_contract.py): time zone names, the server's daily order, hints in
dailies, and the hinted mark on daily results and leaderboards."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta, timezone

import pytest

from bot.core.timezones import UnknownTimeZone

from .helpers import GUILD, own_game, play

ALICE, BOB, CAROL = 1, 2, 3


async def test_time_zone_stored_in_its_canonical_spelling(db):
    assert (await db.update_guild_settings(GUILD, timezone="utc")).timezone == "UTC"
    assert (await db.guild_settings(GUILD)).timezone == "UTC"
    changed = await db.update_guild_settings(GUILD, timezone=" europe/paris ")
    assert changed.timezone == "Europe/Paris"
    assert (await db.guild_settings(GUILD)).timezone == "Europe/Paris"


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
    # both or neither: a half is refused and changes nothing
    for half in ({"held_day": 325}, {"held_until": until}, {"held_day": None,
                                                             "held_until": until}):
        with pytest.raises(ValueError, match="together"):
            await db.update_guild_settings(GUILD, timezone="UTC", **half)
    with pytest.raises(ValueError, match="timezone-aware"):
        await db.update_guild_settings(GUILD, held_day=325, held_until=datetime(2026, 11, 21))
    # the ends of datetime (PostgreSQL would keep them as -infinity/infinity, read back naive)
    for end in (datetime.min.replace(tzinfo=UTC),
                datetime.max.replace(tzinfo=UTC),
                datetime.max.replace(tzinfo=timezone(timedelta(hours=-5)))):
        with pytest.raises(ValueError, match="from 2000 to 9000"):
            await db.update_guild_settings(GUILD, held_day=325, held_until=end)
    assert (await db.guild_settings(GUILD)) == kept
    cleared = await db.update_guild_settings(GUILD, held_day=None, held_until=None)
    assert (cleared.held_day, cleared.held_until) == (None, None)
    assert (await db.guild_settings(GUILD)).timezone == "Asia/Tokyo"


@pytest.mark.parametrize("name", ["localtime", "posixrules", "Factory", "right/UTC",
                                  "posix/Europe/Paris", "/etc/localtime"])
async def test_host_specific_time_zones_refused_with_a_suggestion(db, name):
    await db.update_guild_settings(GUILD, timezone="Asia/Tokyo")
    with pytest.raises(UnknownTimeZone) as info:
        await db.update_guild_settings(GUILD, timezone=name)
    message = str(info.value)
    assert "Did you mean" in message or "such as 'UTC'" in message
    if name.startswith(("right/", "posix/")):
        assert info.value.suggestions == (name.split("/", 1)[1],)
    assert (await db.guild_settings(GUILD)).timezone == "Asia/Tokyo"


async def test_close_misspelling_suggests_the_zone(db):
    with pytest.raises(ValueError, match="Did you mean 'Europe/Paris'"):
        await db.update_guild_settings(GUILD, timezone="Europe/Pariss")
    assert (await db.guild_settings(GUILD)).timezone == "UTC"


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


async def test_daily_order_arguments_checked(db):
    with pytest.raises(ValueError):
        await db.settle_daily_order(-1, 300)
    with pytest.raises(ValueError):
        await db.settle_daily_order(GUILD, "300")
    assert (await db.guild_settings(GUILD)).daily_order_from is None


async def test_hints_in_dailies_setting(db):
    assert (await db.guild_settings(GUILD)).hints_in_dailies is False
    assert (await db.update_guild_settings(GUILD, hints_in_dailies=True)).hints_in_dailies
    assert (await db.guild_settings(GUILD)).hints_in_dailies is True
    with pytest.raises(ValueError):
        await db.update_guild_settings(GUILD, hints_in_dailies="yes")
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
