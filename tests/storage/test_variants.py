"""A game's variant is stored with it (migrations 0015 and 0016), on both stores: games and
races keep their pack's language, word length and attempts and read them back as the pack's
variant; a variant this release does not play is refused clearly; no CHECK names 5 letters
or 6 attempts; the statistics have room for wins in up to 13 attempts."""

from __future__ import annotations

import re
import sqlite3
from datetime import timedelta
from typing import Any

import pytest

from bot.core.packs import pack
from bot.core.stats import DISTRIBUTION_SLOTS, record_result, to_stats
from bot.core.variant import CLASSIC, Variant
from bot.storage import StorageError
from tests.pg import StorePlace

from .helpers import GUILD, own_game
from .test_race_mode import T0, C, G

ALICE = 1001


async def write(place: StorePlace, sql: str, *args: Any) -> None:
    """A statement run beside the store, committed (``?`` placeholders)."""
    if place.backend == "sqlite":
        conn = sqlite3.connect(place.where, isolation_level=None)
        try:
            conn.execute(sql, args)
        finally:
            conn.close()
    else:
        await place.fetch(sql, *args)


async def test_games_and_races_keep_their_variant(db: Any, place: StorePlace) -> None:
    game = await own_game(db, ALICE)
    race = await db.create_race(guild_id=G, channel_id=C, starter_id=1, answer="crane",
                                hard_mode=False, ends_at=T0 + timedelta(minutes=5), now=T0)
    assert await place.fetch("SELECT word_length, attempts FROM games WHERE id = ?",
                             game.id) == [(5, 6)]
    assert await place.fetch("SELECT word_length, attempts FROM races WHERE id = ?",
                             race.id) == [(5, 6)]
    assert game.variant is CLASSIC and (await db.get_game(game.id)).variant is CLASSIC
    assert (await db.get_race(race.id)).variant is CLASSIC
    with pytest.raises(ValueError, match="5 letters"):
        await own_game(db, ALICE + 1, "planet")  # a CLASSIC game's word has 5 letters


async def test_a_variant_this_release_does_not_play_is_refused(db: Any,
                                                               place: StorePlace) -> None:
    game = await own_game(db, ALICE)
    await write(place, "UPDATE games SET answer = 'planet', word_length = 6 WHERE id = ?",
                game.id)
    with pytest.raises(StorageError, match="no variant of 6 letters in 6 attempts in 'en' is "
                                           "known"):
        await db.get_game(game.id)  # English 6 letters is played in 7 attempts
    await write(place, "UPDATE games SET answer = 'crane', word_length = 5, language = 'xx' "
                "WHERE id = ?", game.id)
    with pytest.raises(StorageError, match="in 'xx' is known"):
        await db.get_game(game.id)


@pytest.mark.parametrize(("language", "length", "word"),
                         [("es", 5, "ñandu"), ("ru", 5, "район"), ("en", 6, "planet")])
async def test_games_and_races_keep_their_pack(db: Any, place: StorePlace, language: str,
                                               length: int, word: str) -> None:
    variant = pack(language, length).variant
    game = await db.create_game(guild_id=G, channel_id=C, owner_id=ALICE, scope="own",
                                kind="random", answer=word, hard_mode=False, variant=variant,
                                now=T0)
    race = await db.create_race(guild_id=G, channel_id=C + 1, starter_id=1, answer=word,
                                hard_mode=False, ends_at=T0 + timedelta(minutes=5),
                                variant=variant, now=T0)
    assert await place.fetch("SELECT language, word_length, attempts FROM games WHERE id = ?",
                             game.id) == [(language, length, variant.attempts)]
    assert await place.fetch("SELECT language FROM races WHERE id = ?", race.id) == [(language,)]
    assert (await db.get_game(game.id)).variant == variant
    assert (await db.get_race(race.id)).variant == variant


async def test_no_check_names_a_word_length_or_a_number_of_attempts(place: StorePlace,
                                                                    db: Any) -> None:
    if place.backend == "sqlite":
        found = await place.fetch("SELECT name, sql FROM sqlite_master WHERE sql IS NOT NULL")
        checks = [(name, check) for name, sql in found
                  for check in re.findall(r"CHECK \(.*", re.sub(r"--.*", "", sql))]
    else:
        checks = await place.fetch(
            "SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint WHERE contype = 'c'")
    assert checks and [c for c in checks if re.search(r"\b[56]\b", c[1])] == []


async def test_the_statistics_have_room_for_thirteen_attempts(db: Any,
                                                              place: StorePlace) -> None:
    await write(place, "INSERT INTO player_stats (guild_id, player_id, mode, played, wins, "
                "dist_13) VALUES (?, ?, 'practice', 1, 1, 1)", GUILD, ALICE)
    stats = await db.stats(GUILD, ALICE, "practice")
    assert (stats.played, stats.wins, stats.distribution) == (1, 1, (0,) * CLASSIC.attempts)
    row = record_result(None, won=True, attempts=DISTRIBUTION_SLOTS, day=None)
    octordle = Variant(attempts=DISTRIBUTION_SLOTS)
    assert to_stats(row, "practice", variant=octordle).distribution == (0,) * 12 + (1,)
