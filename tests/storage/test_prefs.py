"""Player preferences in the store (every backend): defaults, saving and reading back, bad
values refused with nothing changed, and "forget me" removing them."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta, timezone

import pytest

from bot.storage.prefs import PlayerPrefs

from .helpers import BIG_PLAYER, CHANNEL, GUILD

ANN = 301
BOB = 302
HELD = datetime(2026, 3, 11, 0, 0, 0, 123456, tzinfo=UTC)


async def test_a_player_who_never_set_anything_gets_the_defaults(db):
    prefs = await db.player_prefs(ANN)
    assert prefs == PlayerPrefs(ANN)
    assert (prefs.high_contrast, prefs.dark, prefs.text_only, prefs.timezone) == (
        False, False, False, "UTC")
    assert (prefs.held_day, prefs.held_until) == (None, None)


async def test_saved_preferences_read_back_exactly(db, clock):
    wanted = PlayerPrefs(ANN, high_contrast=True, dark=True, text_only=False,
                         timezone="Asia/Kolkata", held_day=69,
                         held_until=HELD.astimezone(timezone(timedelta(hours=5))))
    stored = await db.save_player_prefs(wanted, now=clock())
    assert stored.held_until == HELD and stored.held_until.tzinfo is not None
    read = await db.player_prefs(ANN)
    assert read == stored
    assert read.held_until is not None and read.held_until.utcoffset() == timedelta(0)
    # others are untouched; a second save replaces everything
    assert await db.player_prefs(BOB) == PlayerPrefs(BOB)
    plain = PlayerPrefs(ANN, text_only=True)
    assert await db.save_player_prefs(plain, now=clock()) == plain
    assert await db.player_prefs(ANN) == plain
    big = PlayerPrefs(BIG_PLAYER, dark=True)
    await db.save_player_prefs(big, now=clock())
    assert await db.player_prefs(BIG_PLAYER) == big


async def test_forget_me_removes_the_preferences(db, clock):
    await db.save_player_prefs(PlayerPrefs(ANN, high_contrast=True, timezone="Europe/Paris",
                                           held_day=70, held_until=HELD), now=clock())
    await db.save_player_prefs(PlayerPrefs(BOB, dark=True), now=clock())
    await db.create_game(guild_id=GUILD, channel_id=CHANNEL, owner_id=ANN, scope="own",
                         kind="random", answer="crane", hard_mode=False, now=clock())
    report = await db.forget_player(ANN)
    assert report.prefs_deleted == 1 and report.games_deleted == 1
    assert report.total == report.games_deleted + 1
    assert await db.player_prefs(ANN) == PlayerPrefs(ANN)
    assert await db.player_prefs(BOB) == PlayerPrefs(BOB, dark=True)
    assert (await db.forget_player(ANN)).total == 0


async def test_saving_the_same_preferences_twice_is_harmless(db, clock):
    prefs = PlayerPrefs(ANN, high_contrast=True, timezone="Pacific/Chatham", held_day=3,
                        held_until=HELD)
    await db.save_player_prefs(prefs, now=clock())
    await db.save_player_prefs(replace(prefs), now=clock())
    assert await db.player_prefs(ANN) == prefs


async def test_a_save_over_what_was_read_refuses_a_change_made_meanwhile(db):
    """``expected``: saved only over the row as it was read (the defaults while there is
    none); else ``PrefsChanged`` and nothing changes."""
    from bot.storage import PrefsChanged

    fresh = PlayerPrefs(BIG_PLAYER)
    dark = replace(fresh, dark=True)
    assert await db.save_player_prefs(dark, expected=fresh) == dark  # none yet: the defaults
    with pytest.raises(PrefsChanged):
        await db.save_player_prefs(replace(fresh, text_only=True), expected=fresh)
    zoned = replace(dark, timezone="Asia/Tokyo", held_day=300,
                    held_until=datetime(2026, 1, 5, 15, tzinfo=UTC))
    assert await db.save_player_prefs(zoned, expected=dark) == zoned
    with pytest.raises(PrefsChanged):
        await db.save_player_prefs(replace(dark, high_contrast=True), expected=dark)
    assert await db.player_prefs(BIG_PLAYER) == zoned
    assert await db.save_player_prefs(replace(zoned, held_day=None, held_until=None),
                                      expected=zoned) is not None
