"""A server takes a word out of its own answers (issue 29 item 2): practice games and races
leave it out at once, the dailies from the server's next day on; today's and past dailies never
change, and bad input changes nothing. Runs on every store."""

from __future__ import annotations

import pytest

from bot.core.daily import server_daily_word
from bot.service import InvalidGuess, Place, PlayerError, Problem
from bot.service.removals import remove_word, removed_words, restore_word
from tests.support import ANSWERS

HERE = Place(guild_id=10, channel_id=100)
ALICE, BOB = 1001, 1002


async def hidden(db, started) -> str:
    return (await db.get_game(started.game.id)).hidden_word


async def order_word(service, number: int) -> str:
    """The server's daily of ``number`` as its order deals it with nothing removed."""
    settings = await service.db.guild_settings(HERE.guild_id)
    return server_daily_word(number, tuple(sorted(ANSWERS)), service.daily_salt,
                             HERE.guild_id, settings.daily_order_from)


async def test_tomorrows_daily_skips_a_word_removed_today_and_today_keeps_its_own(
        service, db, clock):
    today = await service.start(HERE, ALICE, kind="daily")
    number, todays = today.game.puzzle_number, await hidden(db, today)
    tomorrows = await order_word(service, number + 1)

    await remove_word(service, HERE.guild_id, tomorrows.upper())
    await remove_word(service, HERE.guild_id, todays)
    # today's daily stays what it was for a player who starts it after the removals
    assert await hidden(db, await service.start(HERE, BOB, kind="daily")) == todays
    await service.give_up(HERE, ALICE)
    await service.give_up(HERE, BOB)

    clock.advance(days=1)
    next_day = await service.start(HERE, ALICE, kind="daily")
    assert next_day.game.puzzle_number == number + 1
    assert await hidden(db, next_day) == await order_word(service, number + 2)
    await service.give_up(HERE, ALICE)
    # the archive replays yesterday's word, removed or not
    replay = await service.start(HERE, 1003, kind="archive", number=number)
    assert await hidden(db, replay) == todays


async def test_a_removed_word_is_never_a_practice_answer_and_comes_back_restored(
        make_service, db):
    offered: list[tuple[str, ...]] = []

    def choose(answers: tuple[str, ...]) -> str:
        offered.append(answers)
        return answers[0]

    service = make_service(db)
    service.choose = choose
    first = sorted(ANSWERS)[0]
    removed = await remove_word(service, HERE.guild_id, first)
    assert (removed.changed, removed.words) == (first, (first,))
    started = await service.start(HERE, ALICE, scope="own", kind="random")
    assert first not in offered[-1] and len(offered[-1]) == len(ANSWERS) - 1
    assert await hidden(db, started) != first
    await service.give_up(HERE, ALICE)

    restored = await restore_word(service, HERE.guild_id, first)
    assert (restored.changed, restored.words) == (first, ())
    await service.start(HERE, ALICE, scope="own", kind="random")
    assert first in offered[-1]
    assert (await removed_words(service, HERE.guild_id)).words == ()


async def test_removed_today_and_restored_today_leaves_tomorrow_as_it_was(service, db, clock):
    today = await service.start(HERE, ALICE, kind="daily")
    tomorrows = await order_word(service, today.game.puzzle_number + 1)
    await remove_word(service, HERE.guild_id, tomorrows)
    await restore_word(service, HERE.guild_id, tomorrows)
    assert await db.removals(HERE.guild_id, "en", 5) == []
    await service.give_up(HERE, ALICE)
    clock.advance(days=1)
    assert await hidden(db, await service.start(HERE, ALICE, kind="daily")) == tomorrows


@pytest.mark.parametrize(("word", "problem"), [
    ("qajaq", Problem.NOT_AN_ANSWER),  # a word one may guess, never a hidden word
    ("sla", None),  # not a word of the pack at all
])
async def test_a_word_that_is_no_answer_is_refused_and_changes_nothing(service, db, word,
                                                                       problem):
    with pytest.raises(PlayerError) as refused:
        await remove_word(service, HERE.guild_id, word)
    if problem is None:
        assert isinstance(refused.value, InvalidGuess)
    else:
        assert refused.value.problem is problem
    assert await db.removals(HERE.guild_id, "en", 5) == []


async def test_twice_out_not_out_and_too_many_are_refused(service, db):
    await remove_word(service, HERE.guild_id, "slate")
    with pytest.raises(PlayerError) as twice:
        await remove_word(service, HERE.guild_id, "SLATE")
    assert twice.value.problem is Problem.WORD_REMOVED_ALREADY
    with pytest.raises(PlayerError) as not_out:
        await restore_word(service, HERE.guild_id, "crane")
    assert not_out.value.problem is Problem.WORD_NOT_REMOVED
    others = [w for w in ANSWERS if w != "slate"]
    for word in others[:8]:  # 20 answers: at most 9 out, so that most stay
        await remove_word(service, HERE.guild_id, word)
    before = await db.removals(HERE.guild_id, "en", 5)
    with pytest.raises(PlayerError) as too_many:
        await remove_word(service, HERE.guild_id, others[8])
    assert too_many.value.problem is Problem.TOO_MANY_REMOVED
    assert await db.removals(HERE.guild_id, "en", 5) == before
