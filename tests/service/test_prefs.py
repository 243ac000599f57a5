"""Preferences and the personal daily through the service (every backend): the player's own
word and day outside servers, time zone changes that neither hand out a word early nor reopen
a day, and the personal record kept apart from servers'."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.core.daily import server_daily_word, today_puzzle_number
from bot.core.personal import PERSONAL, player_daily_word
from bot.render.common import texts_for
from bot.render.problems import Commands, problem_text
from bot.service import (
    BadOption,
    DailyAlreadyPlayed,
    GameAlreadyRunning,
    NoGame,
    Place,
    Problem,
)
from bot.service.prefs import PlayerPrefs, player_prefs, update_prefs

SALT = "test-salt"
DM = Place(guild_id=PERSONAL, channel_id=7000)  # a DM with the bot
ELSEWHERE = Place(guild_id=PERSONAL, channel_id=7100)  # a server that never added the bot
SERVER = Place(guild_id=10, channel_id=100)
ALICE, BOB = 1001, 1002
COMMANDS = Commands(start="/wordle start", give_up="/wordle giveup",
                    challenge="/wordle challenge", here="here", channel=str)


async def finish(service, place, player, answer):
    return await service.guess(place, player, answer)


async def test_preferences_change_only_what_is_given(service, db, clock):
    assert await player_prefs(db, ALICE) == PlayerPrefs(ALICE)
    result = await update_prefs(db, ALICE, clock(), high_contrast=True, text_only=True)
    assert result.changed and result.zone_from is None
    assert (result.prefs.high_contrast, result.prefs.dark, result.prefs.text_only) == (
        True, False, True)
    result = await update_prefs(db, ALICE, clock(), dark=True)
    assert (result.prefs.high_contrast, result.prefs.dark, result.prefs.text_only) == (
        True, True, True)
    assert await player_prefs(db, ALICE) == result.prefs
    again = await update_prefs(db, ALICE, clock(), dark=True)
    assert not again.changed
    assert await player_prefs(db, BOB) == PlayerPrefs(BOB)


async def test_a_bad_time_zone_is_refused_with_close_names_and_changes_nothing(service, db,
                                                                             clock):
    await update_prefs(db, ALICE, clock(), high_contrast=True)
    before = await player_prefs(db, ALICE)
    with pytest.raises(BadOption) as caught:
        await update_prefs(db, ALICE, clock(), dark=True, timezone="Europe/Pariss")
    assert caught.value.problem is Problem.BAD_SETTING
    assert caught.value.detail == "Europe/Pariss"  # as typed: no English in the service
    german = problem_text(caught.value, COMMANDS, texts_for("de"))
    assert german.startswith("Unbekannte Zeitzone 'Europe/Pariss'. Meintest du "
                             "'Europe/Paris', "), german
    assert german.endswith("? Verwende einen IANA-Namen wie 'UTC', 'Europe/Paris' oder "
                           "'America/New_York'."), german
    assert await player_prefs(db, ALICE) == before
    result = await update_prefs(db, ALICE, clock(), timezone="europe/paris")
    assert result.prefs.timezone == "Europe/Paris"


async def test_the_personal_daily_is_each_players_own(service, db, clock, words):
    number = today_puzzle_number(clock(), "UTC")
    alice = await service.start(DM, ALICE, kind="daily")
    bob = await service.start(DM, BOB, kind="daily")
    assert alice.game.puzzle_number == bob.game.puzzle_number == number
    alice_word = (await db.get_game(alice.game.id)).hidden_word
    bob_word = (await db.get_game(bob.game.id)).hidden_word
    assert alice_word == player_daily_word(number, words.answers, SALT, ALICE)
    assert bob_word == player_daily_word(number, words.answers, SALT, BOB)
    assert alice_word != bob_word
    # not the word of a server's daily (a server's own order, or the personal record's)
    server = await service.start(SERVER, ALICE, kind="daily")
    server_word = (await db.get_game(server.game.id)).hidden_word
    assert server_word == server_daily_word(number, words.answers, SALT, SERVER.guild_id,
                                            number)
    assert alice_word != server_word
    # one personal daily a day, wherever the player is outside servers: it comes along
    # (test_the_personal_daily_follows_its_player)
    moved = await service.start(ELSEWHERE, ALICE, kind="daily")
    assert moved.resumed and moved.game.id == alice.game.id


async def test_the_personal_daily_follows_its_player(service, db, picker):
    """Outside servers a channel is just where the player is: the daily begun in one is
    resumed in another (by /wordle start daily, or a guess there), and played on there. (It
    may have begun in a server where only the player had the app, which has added the bot
    since: there the server's record is played, and the personal daily could be reached
    nowhere else.) Not onto an own game running there; and a server's daily stays in the
    channel where it began."""
    started = await service.start(DM, ALICE, kind="daily")
    answer = (await db.get_game(started.game.id)).hidden_word
    first, second, third = [w for w in ("crane", "slate", "pious", "house") if w != answer][:3]
    await service.guess(DM, ALICE, first)
    moved = await service.start(ELSEWHERE, ALICE, kind="daily")
    assert moved.resumed and moved.game.id == started.game.id and len(moved.game.rows) == 1
    assert (await db.get_game(started.game.id)).channel_id == ELSEWHERE.channel_id
    assert len((await service.guess(ELSEWHERE, ALICE, second)).game.rows) == 2
    # its board left in the DM still plays it, where it is now; only for alice
    assert (await service.may(DM, ALICE, started.game.id, "guess")).id == started.game.id
    with pytest.raises(NoGame):
        await service.may(DM, BOB, started.game.id, "guess")
    back = await service.guess(DM, ALICE, third)  # a guess brings it along too
    assert back.game.id == started.game.id and len(back.game.rows) == 3
    assert (await db.get_game(started.game.id)).channel_id == DM.channel_id
    picker.queue.append("house")
    practice = await service.start(ELSEWHERE, ALICE)  # an own game there: the daily stays
    with pytest.raises(GameAlreadyRunning) as running:
        await service.start(ELSEWHERE, ALICE, kind="daily")
    assert running.value.problem is Problem.OWN_GAME_RUNNING
    assert (await service.guess(ELSEWHERE, ALICE, first)).game.id == practice.game.id
    assert (await db.get_game(started.game.id)).channel_id == DM.channel_id
    with pytest.raises(NoGame):
        await service.guess(Place(PERSONAL, 7200), BOB, first)  # bob has nothing on
    await service.start(SERVER, ALICE, kind="daily")
    there = Place(SERVER.guild_id, SERVER.channel_id + 1)
    with pytest.raises(GameAlreadyRunning) as elsewhere:
        await service.start(there, ALICE, kind="daily")
    assert elsewhere.value.problem is Problem.DAILY_ELSEWHERE


async def test_moving_east_gives_no_word_early(service, db, clock, words):
    # 12:00 UTC: Etc/GMT-14 is already on tomorrow (02:00)
    today = today_puzzle_number(clock(), "UTC")
    started = await service.start(DM, ALICE, kind="daily")
    await finish(service, DM, ALICE, (await db.get_game(started.game.id)).hidden_word)
    result = await update_prefs(db, ALICE, clock(), timezone="Etc/GMT-14")
    assert result.prefs.held_day == today
    assert result.zone_from == clock().replace(hour=0) + timedelta(days=1)
    with pytest.raises(DailyAlreadyPlayed) as caught:
        await service.start(DM, ALICE, kind="daily")
    assert caught.value.puzzle_number == today
    clock.advance(hours=11, minutes=59)  # 23:59 UTC: still today
    with pytest.raises(DailyAlreadyPlayed):
        await service.start(DM, ALICE, kind="daily")
    clock.advance(minutes=1)  # midnight UTC: tomorrow, and 14:00 of it in Etc/GMT-14
    tomorrow = await service.start(DM, ALICE, kind="daily")
    assert tomorrow.game.puzzle_number == today + 1
    assert (await db.get_game(tomorrow.game.id)).hidden_word == player_daily_word(
        today + 1, words.answers, SALT, ALICE)
    # from then on Etc/GMT-14's calendar: the next day begins at 10:00 UTC
    clock.advance(hours=9, minutes=59)
    same = await service.start(DM, ALICE, kind="daily")
    assert same.resumed and same.game.puzzle_number == today + 1
    await finish(service, DM, ALICE, (await db.get_game(same.game.id)).hidden_word)
    clock.advance(minutes=1)
    assert (await service.start(DM, ALICE, kind="daily")).game.puzzle_number == today + 2


async def test_moving_west_does_not_reopen_a_day(service, db, clock):
    clock.advance(hours=-7)  # 05:00 UTC
    today = today_puzzle_number(clock(), "UTC")
    started = await service.start(DM, ALICE, kind="daily")
    await finish(service, DM, ALICE, (await db.get_game(started.game.id)).hidden_word)
    # Etc/GMT+12 is still on yesterday (17:00 of it): that day is not offered, today stays
    assert today_puzzle_number(clock(), "Etc/GMT+12") == today - 1
    await update_prefs(db, ALICE, clock(), timezone="Etc/GMT+12")
    with pytest.raises(DailyAlreadyPlayed) as caught:
        await service.start(DM, ALICE, kind="daily")
    assert caught.value.puzzle_number == today
    # back and forth: still today, never yesterday nor tomorrow
    await update_prefs(db, ALICE, clock(), timezone="Etc/GMT-14")
    await update_prefs(db, ALICE, clock(), timezone="UTC")
    await update_prefs(db, ALICE, clock(), timezone="Etc/GMT+12")
    with pytest.raises(DailyAlreadyPlayed) as caught:
        await service.start(DM, ALICE, kind="daily")
    assert caught.value.puzzle_number == today
    # tomorrow begins when it begins in Etc/GMT+12: 12:00 UTC the next day
    clock.advance(hours=30, minutes=59)
    with pytest.raises(DailyAlreadyPlayed):
        await service.start(DM, ALICE, kind="daily")
    clock.advance(minutes=1)
    assert (await service.start(DM, ALICE, kind="daily")).game.puzzle_number == today + 1


async def test_servers_keep_their_own_day_whatever_the_players_zone(service, db, clock):
    await update_prefs(db, ALICE, clock(), timezone="Etc/GMT-14")
    clock.advance(days=1)  # the change has taken effect: Alice's own day is a day ahead
    assert await service.today(PERSONAL, ALICE) == today_puzzle_number(clock(), "Etc/GMT-14")
    started = await service.start(SERVER, ALICE, kind="daily")
    assert started.game.puzzle_number == today_puzzle_number(clock(), "UTC")


async def test_personal_statistics_are_kept_apart(service, db, clock):
    started = await service.start(DM, ALICE, kind="daily")
    result = await finish(service, DM, ALICE, (await db.get_game(started.game.id)).hidden_word)
    assert result.finish is not None
    mine = result.finish.stats[0].stats
    assert (mine.played, mine.wins, mine.current_streak) == (1, 1, 1)
    assert (await service.stats(PERSONAL, ALICE, "daily")).played == 1
    assert (await service.stats(SERVER.guild_id, ALICE, "daily")).played == 0
    # a streak by the player's own calendar: the next personal day keeps it going
    await update_prefs(db, ALICE, clock(), timezone="Asia/Tokyo")
    clock.advance(days=1)
    nxt = await service.start(DM, ALICE, kind="daily")
    result = await finish(service, DM, ALICE, (await db.get_game(nxt.game.id)).hidden_word)
    assert result.finish is not None and result.finish.stats[0].stats.current_streak == 2


async def test_a_change_made_meanwhile_through_another_process_is_kept(db, clock):
    """Two /wordle prefs at the same moment through two shard processes: each saves over
    what it read, so the one that comes second reads again, and neither change is lost."""
    save = db.save_player_prefs
    meanwhile = True

    async def another_process_first(prefs, **kwargs):
        nonlocal meanwhile
        if meanwhile:  # between this one's read and its save, another sets the time zone
            meanwhile = False
            await update_prefs(db, ALICE, clock(), timezone="Asia/Tokyo")
        return await save(prefs, **kwargs)

    db.save_player_prefs = another_process_first
    try:
        result = await update_prefs(db, ALICE, clock(), dark=True)
    finally:
        del db.save_player_prefs
    stored = await player_prefs(db, ALICE)
    assert result.changed and stored.dark and stored.timezone == "Asia/Tokyo"
