"""Race mode with the real bot through the fake Discord: five players finishing in different
orders and times, a race that times out, a restart in the middle of a race (and one whose time
ran out while the bot was down), twenty players joining at once, a busy race editing its
message no faster than allowed, and the live message never showing a letter before the end
(every version of it is checked). Races here last seconds: the service's minute is a second
(``RaceTiming``, not a player's option)."""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import AsyncIterator, Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from bot.app import WordleBot
from bot.service import GameService
from bot.service.races import RaceService, RaceTiming
from bot.storage import SqliteStore
from tests.discord.conftest import SALT, Table
from tests.fakediscord import FakeMember
from tests.fakediscord.components import walk
from tests.fakediscord.models import FakeMessage

EVERY = 0.4  # seconds between two edits of a race message, in these tests
TIMING = RaceTiming(minute=timedelta(seconds=1), edit_every=EVERY)
WORDS = ("slate", "trace", "crate", "react", "spine", "spite", "lemon", "melon", "those",
         "three", "there", "erase", "speed", "crane")
_SQUARES_LINE = re.compile(r"^(?:[✅❌⏳]|🏳️) <@\d+> (?:[🟩🟨⬛]{5}(?: [🟩🟨⬛]{5})*|·) · \d/6 · "
                           r"\d+:\d\d(?:\.\d)?(?: 💡)?$")


def now() -> datetime:
    return datetime.now(UTC)


@contextlib.asynccontextmanager
async def racing(table: Table, timing: RaceTiming = TIMING,
                 bots: list[WordleBot] | None = None,
                 clock: Callable[[], datetime] = now) -> AsyncIterator[RaceService]:
    """The real bot on the table's database, its races on a running clock unless ``clock``
    is given (the bot is added to ``bots`` if given)."""
    db = await SqliteStore.open(table.db_path)
    try:
        service = GameService(db, table.words, daily_salt=SALT, clock=clock,
                              choose=table.picker)
        races = RaceService.beside(service, timing)
        bot = WordleBot(service, dev_guild_id=table.guild.id, warm_solver=False, races=races)
        if bots is not None:
            bots.append(bot)
        async with table.fake.run_bot(bot):
            yield races
    finally:
        await db.close()


def texts(components: list[Any]) -> str:
    return "\n".join(str(c.get("content", "")) for c in walk(components) if c.get("type") == 10)


def versions(message: FakeMessage) -> list[str]:
    """The text of every version the message had, oldest first."""
    return [texts(s["components"]) for s in message.history] + [texts(message.components)]


def assert_spoiler_free(text: str, words: tuple[str, ...] = WORDS) -> None:
    """A live version: no played word and no answer, in any case; each player's line is
    squares, guesses and a time only."""
    for word in words:
        assert word not in text.lower(), (word, text)
    for line in text.splitlines():
        if "<@" in line and line[0] in "✅❌⏳🏳":
            assert _SQUARES_LINE.match(line), line


async def start(table: Table, member: FakeMember, channel: Any = None,
                **options: Any) -> FakeMessage:
    message = await table.reply(member, "wordle race", options, channel=channel)
    assert not message.ephemeral and message.components_v2
    assert [b["label"] for b in message.buttons()] == ["Join", "End race"]
    return message


async def join(table: Table, race: FakeMessage, member: FakeMember) -> FakeMessage:
    click = await table.fake.click(race, member, label="Join")
    (board,) = await click.wait_for_messages(1)
    assert board.ephemeral and "Guess" in board.button_labels()
    return board


async def guess_on(table: Table, board: FakeMessage, member: FakeMember, word: str) -> None:
    click = await table.fake.click(board, member, label="Guess")
    response = await click.first_response()
    assert response.type_name == "modal", response.text()
    submit = await table.fake.submit_modal(click, {"word": word})
    response = await submit.first_response()
    assert response.type_name == "update_message", response.text()


async def settled(table: Table, race: FakeMessage, predicate: Any, timeout: float = 15) -> None:
    await table.fake.wait_for(lambda: predicate(race.text()), timeout=timeout,
                              what=lambda: f"race message: {race.text()}")


def player_lines(race: FakeMessage) -> list[str]:
    return [line for line in race.text().splitlines() if re.match(r"^\S+ <@\d+> ", line)]


async def test_five_players_finish_in_different_orders_and_times(table: Table) -> None:
    table.picker.queue.append("crane")
    fake = table.fake
    eve = fake.add_member(table.guild, "eve")
    a, b, c, d, e = table.alice, table.bob, table.carol, table.dave, eve
    async with racing(table):
        race = await start(table, a, minutes=60, hard=False)
        boards = {m.id: await join(table, race, m) for m in (a, b, c)}
        # d joins with a first guess typed in the channel: the board comes privately
        first = await table.reply(d, "guess", {"word": "slate"})
        assert first.ephemeral and "You joined the race!" in first.text()
        boards[d.id] = first
        boards[e.id] = await join(table, race, e)
        # a joined first but finishes later than c with the same number of guesses
        await guess_on(table, boards[c.id], c, "trace")
        await guess_on(table, boards[b.id], b, "crane")            # 1 guess: first
        await guess_on(table, boards[c.id], c, "crane")            # 2 guesses
        await asyncio.sleep(0.3)
        await guess_on(table, boards[a.id], a, "slate")
        await guess_on(table, boards[a.id], a, "crane")            # 2 guesses, slower
        assert "CRANE" in boards[a.id].text() and "wait for the others" in boards[a.id].text()
        await table.reply(d, "guess", {"word": "trace"})
        await table.reply(d, "guess", {"word": "crate"})
        await table.reply(d, "guess", {"word": "crane"})           # 4 guesses
        await settled(table, race, lambda t: t.count("<@") >= 5 and "⏳" in t)
        assert all(_SQUARES_LINE.match(line) for line in player_lines(race)), race.text()
        click = await fake.click(boards[e.id], e, label="Give up")  # e never solves it
        await click.first_response()
        await settled(table, race, lambda t: "Everyone finished" in t)

    final = race.text()
    assert f"👑 <@{b.id}> wins!" in final and "The word was **CRANE**." in final
    lines = player_lines(race)
    assert [re.match(r"^\S+ <@(\d+)>", line).group(1) for line in lines] == [  # type: ignore
        str(m.id) for m in (b, c, a, d, e)]
    assert lines[0].startswith(f"🥇 <@{b.id}> · 1/6 ·")
    assert lines[1].startswith(f"🥈 <@{c.id}> · 2/6 ·")
    assert lines[2].startswith(f"🥉 <@{a.id}> · 2/6 ·")
    assert lines[3].startswith(f"4. <@{d.id}> · 4/6 ·")
    assert lines[4] == f"❌ <@{e.id}> · X/6 · gave up"
    assert race.buttons() == []
    # every version before the last one is spoiler-free
    history = versions(race)
    assert len(history) >= 3
    for text in history[:-1]:
        assert_spoiler_free(text)
    async with racing(table) as races:
        stats = await races.stats(table.guild.id, b.id)
        assert (stats.played, stats.wins, stats.podiums) == (1, 1, 1)
        assert (await races.stats(table.guild.id, a.id)).podiums == 1
        board = await races.leaderboard(table.guild.id)
        assert board.rows[0].player_id == b.id
        reply = await table.reply(c, "wordle stats", {"mode": "race"})
        assert "Played 1 · Wins 0 · Win % 0 · Podiums 1 · Average guesses 2.00" in reply.text()
        reply = await table.reply(c, "wordle leaderboard", {"mode": "race"})
        assert reply.text().splitlines()[1].startswith(f"**1.** <@{b.id}> · 1")


async def test_time_runs_out_with_players_still_playing(table: Table) -> None:
    table.picker.queue.append("lemon")
    async with racing(table):
        race = await start(table, table.alice, minutes=2)
        bob = await join(table, race, table.bob)
        carol = await join(table, race, table.carol)
        await guess_on(table, bob, table.bob, "melon")
        await guess_on(table, bob, table.bob, "lemon")
        await guess_on(table, carol, table.carol, "slate")
        await settled(table, race, lambda t: "Time's up!" in t, timeout=10)
        text = race.text()
        assert f"👑 <@{table.bob.id}> wins!" in text and "The word was **LEMON**." in text
        assert f"❌ <@{table.carol.id}> · X/6 · did not solve it" in text
        # carol's board no longer takes guesses
        click = await table.fake.click(carol, table.carol, label="Guess")
        response = await click.first_response()
        assert response.ephemeral and response.content == "That race is over."
        for version in versions(race)[:-1]:
            assert_spoiler_free(version, ("lemon", "melon", "slate"))


async def test_a_restart_in_the_middle_of_a_race(table: Table) -> None:
    table.picker.queue.extend(["crane", "spine", "those"])
    third = table.fake.add_text_channel(table.guild, "race-3")
    async with racing(table):
        race = await start(table, table.alice, minutes=60)
        bob = await join(table, race, table.bob)
        carol = await join(table, race, table.carol)
        await guess_on(table, bob, table.bob, "slate")
        # carol opens the guess modal now and submits it after the restart
        typing = await table.fake.click(carol, table.carol, label="Guess")
        assert (await typing.first_response()).type_name == "modal"
        # another channel's race is short: its time runs out while the bot is down
        short = await start(table, table.dave, minutes=1, channel=table.results)
        await join(table, short, table.dave)
        # and a third one's time runs out after the restart: its timer must carry on
        later = await start(table, table.carol, minutes=6, channel=third)
        await join(table, later, table.carol)
        edits_before = race.edit_count
    await asyncio.sleep(1.2)
    async with racing(table) as races:
        assert (await races.db.active_race(table.guild.id, third.id)) is not None
        # the overdue race is closed at start, its message finished
        await settled(table, short, lambda t: "Time's up!" in t)
        assert "Nobody solved it." in short.text() and "**SPINE**" in short.text()
        # the running one: old boards and buttons work, the live message is brought back
        await guess_on(table, bob, table.bob, "crane")
        submit = await table.fake.submit_modal(typing, {"word": "crane"})
        response = await submit.first_response()
        assert response.type_name == "update_message" and response.message is carol
        await settled(table, race, lambda t: "Everyone finished" in t)
        assert race.edit_count > edits_before
        assert f"👑 <@{table.carol.id}> wins!" in race.text()  # 1 guess against 2
        await settled(table, later, lambda t: "Time's up!" in t)
        assert "**THOSE**" in later.text() and "did not solve it" in later.text()
    for version in versions(race)[:-1]:
        assert_spoiler_free(version)


async def test_twenty_players_join_at_once(table: Table) -> None:
    table.fake.limit_edits(1, EVERY)
    members = [table.fake.add_member(table.guild, f"racer{n}") for n in range(20)]
    async with racing(table) as races:
        race = await start(table, table.alice, minutes=60)
        clicks = await asyncio.gather(*(table.fake.click(race, m, label="Join")
                                        for m in members))
        boards = await asyncio.gather(*(c.wait_for_messages(1) for c in clicks))
        assert all(b[0].ephemeral for b in boards)
        await settled(table, race, lambda t: t.count("⏳") == 20)
        stored = await races.db.active_race(table.guild.id, table.general.id)
        assert stored is not None and len(stored.racers) == 20
    assert table.fake.max_edits_within(race, EVERY) <= 1
    assert table.fake.rate_limited == []


async def test_a_busy_race_edits_its_message_at_the_allowed_rate(table: Table) -> None:
    table.fake.limit_edits(1, EVERY)
    members = [table.fake.add_member(table.guild, f"busy{n}") for n in range(8)]
    async with racing(table):
        race = await start(table, table.alice, minutes=60)
        boards = await asyncio.gather(*(join(table, race, m) for m in members))
        plays = ("slate", "trace", "crate", "react", "crane")

        async def play(member: FakeMember, board: FakeMessage, skip: int) -> None:
            for word in plays[skip:]:
                await guess_on(table, board, member, word)

        await asyncio.gather(*(play(m, b, n % 4) for n, (m, b) in enumerate(zip(
            members, boards, strict=True))))
        await settled(table, race, lambda t: "Everyone finished" in t)
    changes = len(members) + sum(len(plays) - n % 4 for n in range(len(members)))
    edits = table.fake.edits_of(race)
    assert 1 <= len(edits) < changes / 3  # many changes, few edits, the last state shown
    assert table.fake.max_edits_within(race, EVERY) <= 1
    assert table.fake.rate_limited == []
    for version in versions(race)[:-1]:
        assert_spoiler_free(version)
    assert len(player_lines(race)) == 8


async def test_races_and_channel_games_keep_apart_and_hints_follow_the_server(
        table: Table) -> None:
    table.picker.queue.extend(["crane", "lemon"])
    async with racing(table):
        race = await start(table, table.alice, minutes=60)
        _, response = await table.ask(table.bob, "wordle start", {"who": "channel"})
        assert response.ephemeral and response.content.startswith("A race is on in this channel")
        _, response = await table.ask(table.bob, "wordle race")
        assert response.content.startswith("This channel already has a race on")
        await table.reply(table.bob, "wordle start", {"who": "channel"}, channel=table.results)
        _, response = await table.ask(table.carol, "wordle race", channel=table.results)
        assert response.content.startswith("This channel has a channel game going")

        # hints: off in races by default, then allowed by the server and marked
        board = await join(table, race, table.bob)
        assert [m.filename for m in board.media()] == ["board.png"]
        await table.reply(table.carol, "wordle prefs", {"text_only": True, "high_contrast": True})
        carols = await join(table, race, table.carol)  # her board in her own look
        assert carols.media() == [] and "Wordle race" in carols.text()
        again = await table.reply(table.bob, "wordle board")  # the race board, privately
        assert again.ephemeral and "Wordle race" in again.text()
        assert "Guess" in again.button_labels()
        _, response = await table.ask(table.bob, "hint")
        assert response.content.startswith("Hints are off in races")
        _, response = await table.ask(table.alice, "wordle settings", {"hints_in_races": True})
        assert "Hints in races: **on" in (response.embeds[0]["description"])
        _, response = await table.ask(table.bob, "hint", {"kind": "letter"})
        assert response.ephemeral
        await guess_on(table, board, table.bob, "crane")
        # bob's result is marked; only the starter may end the race
        await table.reply(table.carol, "guess", {"word": "slate"})
        click = await table.fake.click(race, table.carol, label="End race")
        assert (await click.first_response()).content.startswith("Only the player who started")
        click = await table.fake.click(race, table.alice, label="End race")
        await click.first_response()
        await settled(table, race, lambda t: "ended early" in t)
        assert f"🥇 <@{table.bob.id}> · 1/6 ·" in race.text() and "💡" in race.text()
        # the channel is free for a channel game again
        game = await table.reply(table.bob, "wordle start", {"who": "channel"})
        assert not game.ephemeral


async def test_a_deleted_race_message_is_posted_again(table: Table) -> None:
    """A moderator deletes the live message: the next update posts it again (with its
    buttons), so the race can still be followed, joined and ended, and shows its word."""
    table.picker.queue.append("lemon")
    async with racing(table) as races:
        race = await start(table, table.alice, minutes=60)
        race_id = (await races.db.active_race(table.guild.id, table.general.id)).id
        bob = await join(table, race, table.bob)
        race.deleted = True  # as Discord does when a moderator deletes it
        await guess_on(table, bob, table.bob, "melon")
        await table.fake.wait_for(
            lambda: [m for m in table.fake.channel_messages(table.general) if m.components_v2],
            what="the race message posted again")
        (again,) = [m for m in table.fake.channel_messages(table.general) if m.components_v2]
        assert again is not race and f"<@{table.bob.id}>" in again.text()
        assert_spoiler_free(again.text())
        end = await table.fake.click(again, table.alice, label="End race")
        await end.first_response()
        await settled(table, again, lambda t: "**LEMON**" in t)
        stored = await races.db.get_race(race_id)
        assert stored is not None and stored.message_id == again.id  # a restart edits it
