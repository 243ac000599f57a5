"""The daily across servers and settings (issue 10 items 3 and 4), and the store's refusals a
player can meet (DailyPlayed, StorageFull). Re-run on PostgreSQL by
tests/postgres/service/test_contract.py."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.core.daily import daily_word, server_daily_word, today_puzzle_number
from bot.render.share_words import share_words
from bot.service import (
    DailyAlreadyPlayed,
    HintKind,
    HintsNotAllowed,
    Place,
    PlayerError,
    Problem,
    Status,
)
from bot.storage.errors import StorageFull
from tests.service.test_service import quoted
from tests.support import zone_set_long_ago

SALT = "test-salt"
EARLY = Place(guild_id=500, channel_id=5000)  # Etc/GMT-14: UTC+14, the first day to begin
LATE = Place(guild_id=600, channel_id=6000)  # Etc/GMT+12: UTC-12, the last
HERE = Place(guild_id=10, channel_id=100)
ALICE, BOB, CAROL = 1001, 1002, 1003


async def answer_of(db, started) -> str:
    return (await db.get_game(started.game.id)).hidden_word


async def test_the_early_servers_daily_tells_nothing_of_the_late_servers(service, db, clock,
                                                                       words):
    await zone_set_long_ago(service, clock, EARLY.guild_id, "Etc/GMT-14")
    await zone_set_long_ago(service, clock, LATE.guild_id, "Etc/GMT+12")
    # 12:00 UTC: the early server is on the next day already, the late one just began today.
    number = today_puzzle_number(clock(), "Etc/GMT+12") + 1
    assert today_puzzle_number(clock(), "Etc/GMT-14") == number
    early = await service.start(EARLY, ALICE, kind="daily")
    assert early.game.puzzle_number == number
    early_word = await answer_of(db, early)

    clock.advance(hours=24)  # the late server's day `number` begins
    late = await service.start(LATE, BOB, kind="daily")
    assert late.game.puzzle_number == number
    late_word = await answer_of(db, late)
    assert early_word != late_word
    assert early_word == server_daily_word(number, words.answers, SALT, EARLY.guild_id, number)
    assert late_word == server_daily_word(number, words.answers, SALT, LATE.guild_id, number)
    # ...nor any other day: the two orders are unrelated.
    days = range(number, number + 12)
    assert ([server_daily_word(n, words.answers, SALT, EARLY.guild_id, number) for n in days]
            != [server_daily_word(n, words.answers, SALT, LATE.guild_id, number) for n in days])


async def test_a_running_server_keeps_todays_word_and_its_order_starts_tomorrow(
        service, db, clock, words):
    number = today_puzzle_number(clock(), "UTC")
    shared = daily_word(number, words.answers, SALT)
    # Today's daily was served before per-server orders existed (the shared order).
    await db.create_game(guild_id=HERE.guild_id, channel_id=HERE.channel_id, owner_id=CAROL,
                         scope="own", kind="daily", answer=shared, hard_mode=False,
                         puzzle_number=number)
    started = await service.start(HERE, ALICE, kind="daily")
    assert await answer_of(db, started) == shared
    assert (await service.settings(HERE.guild_id)).daily_order_from == number + 1

    clock.advance(days=1)
    tomorrow = await service.start(HERE, BOB, kind="daily")
    assert tomorrow.game.puzzle_number == number + 1
    assert await answer_of(db, tomorrow) == server_daily_word(
        number + 1, words.answers, SALT, HERE.guild_id, number + 1)


async def test_a_server_that_has_not_played_today_starts_its_own_order_today(
        service, db, clock, words):
    # It played yesterday, in the shared order; today's shared word may already be known on a
    # server whose day began earlier, so today is dealt from its own order.
    number = today_puzzle_number(clock(), "UTC")
    await db.create_game(guild_id=HERE.guild_id, channel_id=HERE.channel_id, owner_id=CAROL,
                         scope="own", kind="daily", hard_mode=False, puzzle_number=number - 1,
                         answer=daily_word(number - 1, words.answers, SALT))
    started = await service.start(HERE, ALICE, kind="daily")
    assert (await service.settings(HERE.guild_id)).daily_order_from == number
    assert await answer_of(db, started) == server_daily_word(number, words.answers, SALT,
                                                             HERE.guild_id, number)


async def test_hints_on_a_daily_are_refused_by_default(service, db):
    started = await service.start(HERE, ALICE, kind="daily")
    assert (await service.settings(HERE.guild_id)).hints_in_dailies is False
    for kind in HintKind:
        with pytest.raises(HintsNotAllowed) as info:
            await service.hint(HERE, ALICE, kind)
        assert info.value.problem is Problem.HINTS_OFF_DAILY
    with pytest.raises(HintsNotAllowed):
        await service.may(HERE, ALICE, started.game.id, "hint")
    assert await db.hints_for_game(started.game.id) == []
    # Practice games keep their hints.
    await service.start(ELSEWHERE_PRACTICE, ALICE)
    assert (await service.hint(ELSEWHERE_PRACTICE, ALICE, "letter")).letter


ELSEWHERE_PRACTICE = Place(guild_id=10, channel_id=200)


async def test_hinted_daily_is_marked_and_ranks_after_the_same_score(service, db, clock, words):
    await service.update_settings(HERE.guild_id, hints_in_dailies=True)
    assert (await service.settings(HERE.guild_id)).hints_in_dailies is True
    number = today_puzzle_number(clock(), "UTC")
    answer = server_daily_word(number, words.answers, SALT, HERE.guild_id, number)
    wrong = next(w for w in words.answers if w != answer)

    # Alice takes a hint, then wins in 2; Bob wins in 2 without; Carol loses.
    await service.start(HERE, ALICE, kind="daily")
    await service.hint(HERE, ALICE, "position")
    await service.guess(HERE, ALICE, wrong)
    alice = await service.guess(HERE, ALICE, answer)
    assert alice.finish.status is Status.WON and "💡" in share_words(alice.game, alice.finish)
    await service.start(HERE, BOB, kind="daily")
    await service.guess(HERE, BOB, wrong)
    bob = await service.guess(HERE, BOB, answer)
    assert "💡" not in share_words(bob.game, bob.finish)
    await service.start(HERE, CAROL, kind="daily")
    await service.give_up(HERE, CAROL)

    summary = await service.daily_summary(HERE.guild_id)
    assert [(r.player_id, r.hinted) for r in summary.results] == [
        (ALICE, True), (BOB, False), (CAROL, False)]  # in the order they finished
    assert [r.player_id for r in summary.standings] == [BOB, ALICE, CAROL]
    with pytest.raises(DailyAlreadyPlayed) as done:
        await service.start(HERE, ALICE, kind="daily")
    assert "💡" in quoted(done.value)

    for by in ("wins", "win_percent", "average", "current_streak", "max_streak"):
        board = await service.leaderboard(HERE.guild_id, ALICE, mode="daily", by=by)
        ranked = [(row.player_id, row.rank, row.hinted) for row in board.rows]
        assert ranked[:2] == [(BOB, 1, 0), (ALICE, 2, 1)], by
        assert board.player_row is not None and board.player_row.hinted == 1


async def test_a_forgotten_players_daily_is_already_played(service, db):
    await service.start(HERE, ALICE, kind="daily")
    given_up = await service.give_up(HERE, ALICE)
    assert given_up.finish.status is Status.GIVEN_UP
    await service.forget_me(ALICE)
    with pytest.raises(DailyAlreadyPlayed) as info:
        await service.start(HERE, ALICE, kind="daily")
    assert info.value.problem is Problem.DAILY_DONE
    assert info.value.puzzle_number == given_up.game.puzzle_number


class FullDisk:
    """The real store, whose writes fail as on a full disk once ``full`` is set."""

    def __init__(self, db) -> None:
        self._db = db
        self.full = False

    def __getattr__(self, name):
        return getattr(self._db, name)

    async def _refuse(self, name, *args, **kwargs):
        if self.full:
            raise StorageFull("the disk is full: nothing was saved")
        return await getattr(self._db, name)(*args, **kwargs)

    async def create_game(self, *args, **kwargs):
        return await self._refuse("create_game", *args, **kwargs)

    async def record_guess(self, *args, **kwargs):
        return await self._refuse("record_guess", *args, **kwargs)


async def test_a_full_disk_is_a_problem_for_the_player_and_nothing_changes(db, make_service,
                                                                         picker):
    store = FullDisk(db)
    service = make_service(store)
    picker.queue.append("slate")
    started = await service.start(HERE, ALICE)
    store.full = True
    for attempt in (lambda: service.guess(HERE, ALICE, "crane"),
                    lambda: service.start(ELSEWHERE_PRACTICE, ALICE)):
        with pytest.raises(PlayerError) as info:
            await attempt()
        assert info.value.problem is Problem.DISK_FULL
    assert (await db.get_game(started.game.id)).guesses == ()
    store.full = False
    assert (await service.guess(HERE, ALICE, "crane")).attempt == 1


async def win_daily(service, db, player: int) -> int:
    """Start today's daily here and win it in one; its puzzle number."""
    started = await service.start(HERE, player, kind="daily")
    await service.guess(HERE, player, await answer_of(db, started))
    return started.game.puzzle_number


async def test_a_new_server_time_zone_never_ends_today_early(service, db, clock):
    clock.now = datetime(2026, 11, 19, 12, tzinfo=UTC)
    yesterday = await win_daily(service, db, BOB)  # bob has a streak going
    clock.now = datetime(2026, 11, 20, 20, tzinfo=UTC)  # the 21st in Tokyo already
    today = await service.today(HERE.guild_id)
    assert today == yesterday + 1 == today_puzzle_number(clock(), "Asia/Tokyo") - 1
    settings = await service.update_settings(HERE.guild_id, timezone="Asia/Tokyo")
    # Today lasts until it would have ended on UTC: bob may still play it, streak and all.
    assert settings.timezone == "Asia/Tokyo"
    assert (settings.held_day, settings.held_until) == (today, datetime(2026, 11, 21,
                                                                        tzinfo=UTC))
    clock.now = datetime(2026, 11, 20, 23, 59, tzinfo=UTC)
    assert await win_daily(service, db, BOB) == today
    assert (await service.stats(HERE.guild_id, BOB, "daily")).current_streak == 2
    clock.now = datetime(2026, 11, 21, tzinfo=UTC)  # 09:00 in Tokyo: its day from now on
    assert await service.today(HERE.guild_id) == today + 1
    assert await win_daily(service, db, BOB) == today + 1
    assert (await service.stats(HERE.guild_id, BOB, "daily")).current_streak == 3
    # Setting the same zone again changes nothing; setting it back to UTC now holds Tokyo's
    # day until UTC's next one begins.
    again = await service.update_settings(HERE.guild_id, timezone="asia/tokyo")
    assert (again.held_day, again.held_until) == (settings.held_day, settings.held_until)
    back = await service.update_settings(HERE.guild_id, timezone="UTC")
    assert (back.held_day, back.held_until) == (today + 1, datetime(2026, 11, 22, tzinfo=UTC))


async def test_a_new_server_time_zone_never_goes_back_to_a_day_that_is_over(service, db,
                                                                             clock):
    await zone_set_long_ago(service, clock, HERE.guild_id, "Asia/Tokyo")
    clock.now = datetime(2026, 11, 20, 16, tzinfo=UTC)  # 01:00 on the 21st in Tokyo
    today = await win_daily(service, db, ALICE)
    assert today == today_puzzle_number(clock(), "UTC") + 1
    await service.update_settings(HERE.guild_id, timezone="UTC")  # still the 20th there
    assert await service.today(HERE.guild_id) == today  # not the day before: it is over
    with pytest.raises(DailyAlreadyPlayed):
        await service.start(HERE, ALICE, kind="daily")
    clock.now = datetime(2026, 11, 21, 23, 59, tzinfo=UTC)
    assert await service.today(HERE.guild_id) == today
    clock.now = datetime(2026, 11, 22, tzinfo=UTC)
    assert await win_daily(service, db, ALICE) == today + 1
    assert (await service.stats(HERE.guild_id, ALICE, "daily")).current_streak == 2
