"""Server settings and what they decide, on every store (re-run on PostgreSQL by
tests/postgres/storage/test_contract.py): time zone names, the server's daily order, hints in
dailies, and the hinted mark on daily results and leaderboards."""

from __future__ import annotations

import pytest

from bot.core.timezones import UnknownTimeZone

from .helpers import GUILD


async def test_time_zone_stored_in_its_canonical_spelling(db):
    assert (await db.update_guild_settings(GUILD, timezone="utc")).timezone == "UTC"
    assert (await db.guild_settings(GUILD)).timezone == "UTC"
    changed = await db.update_guild_settings(GUILD, timezone=" europe/paris ")
    assert changed.timezone == "Europe/Paris"
    assert (await db.guild_settings(GUILD)).timezone == "Europe/Paris"


@pytest.mark.parametrize("name", ["localtime", "posixrules", "Factory", "right/UTC",
                                  "posix/Europe/Paris", "/etc/localtime"])
async def test_host_specific_time_zones_refused_with_a_suggestion(db, name):
    await db.update_guild_settings(GUILD, timezone="Asia/Tokyo")
    with pytest.raises(UnknownTimeZone) as info:
        await db.update_guild_settings(GUILD, timezone=name)
    message = str(info.value)
    assert "did you mean" in message or "such as 'UTC'" in message
    if name.startswith(("right/", "posix/")):
        assert info.value.suggestions == (name.split("/", 1)[1],)
    assert (await db.guild_settings(GUILD)).timezone == "Asia/Tokyo"


async def test_close_misspelling_suggests_the_zone(db):
    with pytest.raises(ValueError, match="did you mean 'Europe/Paris'"):
        await db.update_guild_settings(GUILD, timezone="Europe/Pariss")
    assert (await db.guild_settings(GUILD)).timezone == "UTC"
