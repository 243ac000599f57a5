"""The archive through the service, on SQLite and PostgreSQL (the ``service`` fixture runs each
test on both): past dailies by number or date, never today or the future (by the server's time
zone), the server's own daily words, played once, kept out of the daily streaks and results."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

import bot.service.calendars as calendars
from bot.core.daily import puzzle_number, server_daily_word, today_puzzle_number
from bot.core.feedback import score
from bot.core.periods import Period
from bot.render.share_words import share_words
from bot.service import BadOption, DailyAlreadyPlayed, GameAlreadyRunning, Place, Problem
from bot.service.archive import archive_number
from tests.service.test_service import quoted
from tests.support import zone_set_long_ago

HERE = Place(guild_id=10, channel_id=100)
THERE = Place(guild_id=10, channel_id=101)
ALICE, BOB = 1001, 1002
SALT = "test-salt"  # tests/service/conftest.py


def at(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


async def word_of(service, number: int, guild: int = HERE.guild_id) -> str:
    order_from = (await service.settings(guild)).daily_order_from
    assert order_from is not None, "the order is settled by the first daily or archive game"
    return server_daily_word(number, service.words.answers, SALT, guild, order_from)


async def problem(call) -> Problem:
    with pytest.raises((BadOption, DailyAlreadyPlayed, GameAlreadyRunning)) as refused:
        await call
    return refused.value.problem


def test_a_puzzle_by_number_or_date():
    assert archive_number(300, None) == 300
    assert archive_number(None, "2026-10-27") == 300 == puzzle_number(date(2026, 10, 27))
    assert archive_number(1, "2026-01-01") == 1
    for number, on, expected in [
        (None, None, Problem.ARCHIVE_WHICH),
        (301, "2026-10-27", Problem.ARCHIVE_MISMATCH),
        (None, "2026-13-01", Problem.ARCHIVE_BAD_DATE),
        (None, "yesterday", Problem.ARCHIVE_BAD_DATE),
        (None, "20261027", Problem.ARCHIVE_BAD_DATE),
        (0, None, Problem.ARCHIVE_TOO_EARLY),
        (None, "2025-12-31", Problem.ARCHIVE_TOO_EARLY),
        (True, None, Problem.ARCHIVE_WHICH),
        ("300", None, Problem.ARCHIVE_WHICH),
    ]:
        with pytest.raises(BadOption) as refused:
            archive_number(number, on)
        assert refused.value.problem is expected, (number, on)


async def test_an_archive_puzzle_is_the_servers_daily_word_of_that_day(service, clock):
    clock.now = at(2026, 10, 27, 9)  # day 300: bob plays the daily
    daily = (await service.start(HERE, BOB, kind="daily")).game
    assert daily.puzzle_number == 300
    bob_word = (await service.db.get_game(daily.id)).hidden_word
    clock.now = at(2026, 11, 20, 12)  # day 324: alice plays 300 from the archive
    started = await service.start(HERE, ALICE, kind="archive", number=300)
    game = started.game
    assert not started.resumed and game.label == "Wordle 300 · archive"
    assert game.mode.private and game.puzzle_number == 300 and game.answer is None
    record = await service.db.get_game(game.id)
    assert record.hidden_word == bob_word == await word_of(service, 300)
    # By date, the same puzzle for another player.
    other = (await service.start(THERE, 1003, kind="archive", date="2026-10-27")).game
    assert (await service.db.get_game(other.id)).hidden_word == bob_word


async def test_never_today_nor_the_future_by_the_servers_time_zone(service, clock):
    clock.now = at(2026, 1, 31, 23, 30)  # already 1 February (puzzle 32) in Paris
    await zone_set_long_ago(service, clock, 20, "Europe/Paris")
    paris, utc = Place(20, 1), Place(21, 1)
    assert await problem(service.start(utc, ALICE, kind="archive", number=31)) \
        is Problem.ARCHIVE_TODAY
    assert await problem(service.start(utc, ALICE, kind="archive", number=32)) \
        is Problem.ARCHIVE_FUTURE
    assert (await service.start(paris, ALICE, kind="archive", number=31)).game.puzzle_number \
        == 31
    assert await problem(service.start(paris, BOB, kind="archive", date="2026-02-01")) \
        is Problem.ARCHIVE_TODAY
    # The ends of the earth at one instant: Kiritimati (UTC+14) is a day ahead of Baker Island.
    clock.now = at(2026, 11, 20, 12)
    await zone_set_long_ago(service, clock, 22, "Pacific/Kiritimati")
    await zone_set_long_ago(service, clock, 23, "Etc/GMT+12")
    assert today_puzzle_number(clock.now, "Pacific/Kiritimati") == 325
    assert (await service.start(Place(22, 1), BOB, kind="archive", number=324)).game.label \
        == "Wordle 324 · archive"
    assert await problem(service.start(Place(23, 1), BOB, kind="archive", number=324)) \
        is Problem.ARCHIVE_TODAY


async def test_bad_starts_are_refused_and_change_nothing(service):
    for kwargs, expected in [
        ({"kind": "archive"}, Problem.ARCHIVE_WHICH),
        ({"kind": "archive", "number": 0}, Problem.ARCHIVE_TOO_EARLY),
        ({"kind": "random", "number": 5}, Problem.ARCHIVE_ONLY),
        ({"kind": "daily", "date": "2026-02-01"}, Problem.ARCHIVE_ONLY),
        ({"kind": "archive", "number": 5, "scope": "channel"}, Problem.DAILY_NOT_IN_CHANNEL),
        ({"kind": "archive", "number": 5, "word": "crane"}, Problem.DAILY_WORD_FIXED),
    ]:
        assert await problem(service.start(HERE, ALICE, **kwargs)) is expected, kwargs
    assert await service.db.active_own_game(HERE.guild_id, HERE.channel_id, ALICE) is None


async def test_played_once_resumed_while_running_and_kept_apart(service, clock):
    started = await service.start(HERE, ALICE, kind="archive", number=300)
    again = await service.start(HERE, ALICE, kind="archive", number=300)
    assert again.resumed and again.game.id == started.game.id
    assert await problem(service.start(THERE, ALICE, kind="archive", number=300)) \
        is Problem.DAILY_ELSEWHERE
    answer = await word_of(service, 300)
    miss = next(w for w in service.words.answers if w != answer)
    await service.guess(HERE, ALICE, miss)
    result = await service.guess(HERE, ALICE, answer)
    assert result.finish is not None and result.game.won
    assert share_words(result.game, result.finish).startswith("Wordle 300 · archive 2/6")
    assert score(miss, answer) in "".join(r.feedback for r in result.game.rows)

    with pytest.raises(DailyAlreadyPlayed) as done:
        await service.start(HERE, ALICE, kind="archive", number=300)
    assert done.value.problem is Problem.ARCHIVE_DONE
    assert quoted(done.value) == share_words(result.game, result.finish)

    # Its own statistics bucket; nothing in the dailies, their streaks or their results.
    archive = await service.stats(HERE.guild_id, ALICE, "archive")
    assert (archive.played, archive.wins, archive.distribution[1]) == (1, 1, 1)
    assert (await service.stats(HERE.guild_id, ALICE, "daily")).played == 0
    assert (await service.db.daily_results(HERE.guild_id, 300)) == []
    assert (await service.daily_summary(HERE.guild_id, 300)).results == ()
    assert await service.db.server_streak(HERE.guild_id, 324) == 0
    board = await service.leaderboard(HERE.guild_id, ALICE, mode="archive")
    assert [row.player_id for row in board.rows] == [ALICE]
    assert (await service.leaderboard(HERE.guild_id, mode="daily")).rows == []
    week = await service.leaderboard(HERE.guild_id, mode="archive", period=Period.TODAY)
    assert [row.player_id for row in week.rows] == [ALICE]


async def test_a_puzzle_played_as_the_daily_is_not_in_the_archive(service, clock):
    clock.now = at(2026, 11, 19, 12)  # day 323
    await service.start(HERE, BOB, kind="daily")
    clock.now = at(2026, 11, 20, 12)  # 324: bob's daily of 323 is still running
    resumed = await service.start(HERE, BOB, kind="archive", number=323)
    assert resumed.resumed and resumed.game.kind.value == "daily"
    answer = await word_of(service, 323)
    await service.guess(HERE, BOB, answer)
    with pytest.raises(DailyAlreadyPlayed) as played:
        await service.start(HERE, BOB, kind="archive", number=323)
    assert played.value.problem is Problem.ARCHIVE_PLAYED_DAILY
    assert quoted(played.value).startswith("Wordle 323 1/6")


async def test_after_forget_me_the_daily_stays_played_but_the_archive_opens(service, clock):
    clock.now = at(2026, 11, 19, 12)  # day 323
    await service.start(HERE, BOB, kind="daily")
    await service.guess(HERE, BOB, await word_of(service, 323))
    await service.forget_me(BOB)
    clock.now = at(2026, 11, 20, 12)
    game = (await service.start(HERE, BOB, kind="archive", number=323)).game
    assert game.label == "Wordle 323 · archive"
    record = await service.db.get_game(game.id)
    assert record.hidden_word == await word_of(service, 323)


async def test_in_the_personal_record_the_archive_is_the_players_own_order(service, clock):
    from bot.core.personal import PERSONAL, player_daily_word

    dm = Place(PERSONAL, 555)
    today = await service.today(PERSONAL, ALICE)
    game = (await service.start(dm, ALICE, kind="archive", number=today - 1)).game
    record = await service.db.get_game(game.id)
    assert record.hidden_word == player_daily_word(today - 1, service.words.answers, SALT, ALICE)
    assert await problem(service.start(dm, BOB, kind="archive", number=today)) \
        is Problem.ARCHIVE_TODAY


async def test_in_the_personal_record_an_archive_game_goes_with_its_player(service):
    """As the personal daily does (test_prefs): started again elsewhere outside servers, the
    archive game comes along, and plays there."""
    from bot.core.personal import PERSONAL

    dm, group = Place(PERSONAL, 555), Place(PERSONAL, 556)
    number = await service.today(PERSONAL, ALICE) - 3
    begun = (await service.start(dm, ALICE, kind="archive", number=number)).game
    again = await service.start(group, ALICE, kind="archive", number=number)
    assert again.resumed and again.game.id == begun.id
    assert (await service.db.get_game(begun.id)).channel_id == group.channel_id
    played = await service.guess(group, ALICE, "crane")
    assert played.game.id == begun.id and len(played.game.rows) == 1


async def test_two_starts_at_once_make_one_archive_game(service):
    import asyncio

    first, second = await asyncio.gather(
        service.start(HERE, ALICE, kind="archive", number=200),
        service.start(HERE, ALICE, kind="archive", number=200))
    assert first.game.id == second.game.id
    assert sorted([first.resumed, second.resumed]) == [False, True]


async def test_a_puzzle_taken_from_the_archive_is_never_the_daily_later(service, clock,
                                                                        monkeypatch):
    # The server is in Etc/GMT-14: on 2026-11-20 10:00 UTC its day is 325, so 324 is past.
    clock.now = at(2026, 11, 20, 10)
    await zone_set_long_ago(service, clock, HERE.guild_id, "Etc/GMT-14")
    await service.start(HERE, ALICE, kind="archive", number=324)
    await service.guess(HERE, ALICE, await word_of(service, 324))  # won, word known
    # The time zone moves back to UTC: day 324 is today there, and its word is alice's. (The
    # service holds today after a change of zone, so only the store itself can do this now;
    # the service sees it once it reads the server's calendar again, at most a minute later.)
    await service.db.update_guild_settings(HERE.guild_id, timezone="UTC")
    monkeypatch.setattr(calendars, "KEEP_SECONDS", 0.0)
    assert await service.today(HERE.guild_id, ALICE) == 324
    with pytest.raises(DailyAlreadyPlayed) as refused:
        await service.start(HERE, ALICE, kind="daily")
    assert refused.value.problem is Problem.DAILY_IN_ARCHIVE
    assert quoted(refused.value).startswith("Wordle 324 · archive 1/6")
    assert await service.db.daily_game(HERE.guild_id, ALICE, 324) is None  # nothing started
    await service.start(HERE, BOB, kind="daily")  # others play day 324 as usual
