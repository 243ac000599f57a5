"""Games in any word pack (issue 29, item 5): a start names a language and a length, else the
server's pack, else English 5; guesses are read through the pack's letters and checked against
its allowed words; the hidden word is shown with its accents at the end; the daily is in the
server's pack."""

from __future__ import annotations

import pytest

from bot.core.daily import server_daily_word
from bot.core.packs import pack
from bot.core.variant import CLASSIC
from bot.service import BadOption, InvalidGuess, Place, Problem, Status

HERE = Place(guild_id=10, channel_id=100)
ALICE = 1001


async def test_a_spanish_game_reads_its_letters_and_shows_its_accents(service, db, picker):
    picker.queue.append("arbol")
    started = await service.start(HERE, ALICE, language="es", length=5)
    game = started.game
    assert game.variant == pack("es", 5).variant
    assert (await db.get_game(game.id)).variant == game.variant
    first = await service.guess(HERE, ALICE, " ÑANDÚ ")  # Ñ a letter of its own, Ú folded
    assert (first.row.word, first.row.feedback) == ("ñandu", "BYBBB")
    with pytest.raises(InvalidGuess) as caught:
        await service.guess(HERE, ALICE, "nandu")  # N is not Ñ
    assert caught.value.invalid.message == "NANDU is not in the word list."
    won = await service.guess(HERE, ALICE, "Árbol")
    assert won.game.status is Status.WON and won.game.attempts_used == 2
    assert won.game.shown_answer == "ÁRBOL"


async def test_a_russian_game_reads_cyrillic_and_folds_yo(service, picker):
    picker.queue.append("ветер")
    await service.start(HERE, ALICE, language="ru", length=5)
    first = await service.guess(HERE, ALICE, "ЖИРАФ")
    assert (first.row.word, first.row.feedback) == ("жираф", "BBYBB")
    played = await service.guess(HERE, ALICE, "вЕтЁр")  # Ё is Е in word games
    assert played.game.status is Status.WON and played.row.word == "ветер"
    with pytest.raises(BadOption):
        await service.start(HERE, ALICE, language="ru", length=9)


async def test_an_english_six_letter_game_has_seven_attempts(service, picker):
    picker.queue.append("planet")
    started = await service.start(HERE, ALICE, length=6)
    assert (started.game.variant.length, started.game.max_attempts) == (6, 7)
    with pytest.raises(InvalidGuess) as caught:
        await service.guess(HERE, ALICE, "crane")
    assert caught.value.invalid.code == "length"
    for _ in range(6):
        lost = await service.guess(HERE, ALICE, "garden")
    assert lost.game.status is Status.ACTIVE and lost.game.attempts_left == 1
    won = await service.guess(HERE, ALICE, "PLANET")
    assert won.game.status is Status.WON and won.game.shown_answer == "PLANET"


async def test_an_unknown_pack_is_refused_and_nothing_starts(service, db):
    with pytest.raises(BadOption) as caught:
        await service.start(HERE, ALICE, language="xx", length=5)
    assert (caught.value.problem, caught.value.detail) == (Problem.UNKNOWN_PACK, "xx-5")
    assert await db.active_own_game(HERE.guild_id, HERE.channel_id, ALICE) is None
    with pytest.raises(BadOption):
        await service.update_settings(HERE.guild_id, language="fr", length=9)
    assert (await service.settings(HERE.guild_id)).language is None


async def test_the_servers_pack_is_the_default_and_its_daily(service, db, clock):
    settings = await service.update_settings(HERE.guild_id, language="fr")
    assert (settings.language, settings.word_length) == ("fr", 5)
    practice = await service.start(HERE, ALICE)
    assert practice.game.variant == pack("fr", 5).variant
    await service.give_up(HERE, ALICE)
    daily = await service.start(HERE, ALICE, kind="daily")
    assert daily.game.variant == pack("fr", 5).variant
    settings = await service.settings(HERE.guild_id)
    word = server_daily_word(daily.game.puzzle_number, pack("fr", 5).answers, "test-salt",
                             HERE.guild_id, settings.daily_order_from)
    assert (await db.get_game(daily.game.id)).hidden_word == word
    with pytest.raises(BadOption) as caught:
        await service.start(HERE, ALICE, kind="daily", language="de")
    assert caught.value.problem is Problem.DAILY_PACK_FIXED
    back = await service.update_settings(HERE.guild_id, language="en", length=5)
    assert (back.language, back.word_length) == (None, None)
    await service.give_up(HERE, ALICE)
    assert (await service.start(HERE, ALICE)).game.variant is CLASSIC


async def test_hints_in_a_pack_game(service, picker):
    """Letter and position hints read the pack's rows (Ñ, 6 letters); a word hint is a word
    of the pack (the pack's solver: tests/service/test_pack_solver.py)."""
    picker.queue.append("arbol")
    await service.start(HERE, ALICE, language="es", length=5)
    await service.guess(HERE, ALICE, "ñandú")
    letter = await service.hint(HERE, ALICE, "letter")
    assert letter.letter in set("rbol") and not letter.fallback
    word = await service.hint(HERE, ALICE, "word")
    assert word.kind == "word" and not word.fallback and pack("es", 5).is_allowed(word.word)
    await service.give_up(HERE, ALICE)
    picker.queue.append("planet")
    await service.start(HERE, ALICE, length=6)
    await service.guess(HERE, ALICE, "garden")
    position = await service.hint(HERE, ALICE, "position")
    assert position.position in range(1, 7) and position.letter == "planet"[position.position - 1]
