"""The words a server took out of its answers, kept per server and pack on every store."""

from __future__ import annotations

from bot.core.removed_words import Removal

from .helpers import GUILD


async def test_removals_are_kept_per_server_and_pack_and_changed_by_key(db):
    assert await db.removals(GUILD, "en", 5) == []
    await db.save_removal(GUILD, "en", 5, Removal("crane", 40))
    await db.save_removal(GUILD, "en", 5, Removal("adieu", 41))
    await db.save_removal(GUILD, "es", 5, Removal("perro", 40))
    await db.save_removal(GUILD + 1, "en", 5, Removal("slate", 40))
    assert await db.removals(GUILD, "en", 5) == [Removal("adieu", 41), Removal("crane", 40)]
    assert await db.removals(GUILD, "es", 5) == [Removal("perro", 40)]
    assert await db.removals(GUILD, "en", 6) == []

    # a restore ends the removal it names; a second removal of the word is a row of its own
    await db.save_removal(GUILD, "en", 5, Removal("crane", 40, 45))
    await db.save_removal(GUILD, "en", 5, Removal("crane", 50))
    assert await db.removals(GUILD, "en", 5) == [
        Removal("adieu", 41), Removal("crane", 40, 45), Removal("crane", 50)]

    await db.drop_removal(GUILD, "en", 5, Removal("crane", 50))
    await db.drop_removal(GUILD, "en", 5, Removal("adieu", 41))
    assert await db.removals(GUILD, "en", 5) == [Removal("crane", 40, 45)]
    assert await db.removals(GUILD + 1, "en", 5) == [Removal("slate", 40)]
