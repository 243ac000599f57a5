"""Race mode attacked on purpose, through the fake Discord (helper HA, session 3): each test
is an attack that broke something, kept so it stays fixed."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.app import WordleBot
from bot.service import GameService, Place, starts
from bot.service.races import RaceService
from bot.storage import SqliteStore, StorageUnavailable
from tests.discord.conftest import SALT, Table
from tests.discord.test_race_mode import TIMING, guess_on, join, now, racing, settled


async def test_no_race_starts_where_the_bot_cannot_see_the_channel(table: Table) -> None:
    """The live message is edited through the channel: where the bot cannot see the channel
    the race ran with a message that never showed a join, its end or its word. Now refused,
    privately, saying why, and no race is stored."""
    fake = table.fake
    hidden = fake.add_text_channel(table.guild, "hidden", overwrites={
        fake.bot_member(table.guild): (None, {"view_channel": True})})
    async with racing(table) as races:
        _, response = await table.ask(table.alice, "wordle race", {"minutes": 1},
                                      channel=hidden)
        assert response.ephemeral and response.content.startswith("I can't see this channel")
        await asyncio.sleep(0.1)
        assert await races.db.active_race(table.guild.id, hidden.id) is None
        # a channel it can see still races
        _, response = await table.ask(table.alice, "wordle race", {"minutes": 1})
        assert not response.ephemeral and "Join" in response.message.button_labels()


@contextlib.asynccontextmanager
async def bot_racing(table: Table) -> AsyncIterator[tuple[WordleBot, RaceService]]:
    """As ``racing``, with the bot too."""
    db = await SqliteStore.open(table.db_path)
    try:
        service = GameService(db, table.words, daily_salt=SALT, clock=now, choose=table.picker)
        races = RaceService.beside(service, TIMING)
        bot = WordleBot(service, dev_guild_id=table.guild.id, warm_solver=False, races=races)
        async with table.fake.run_bot(bot):
            yield bot, races
    finally:
        await db.close()


async def test_a_race_landing_while_a_channel_game_starts(
        table: Table, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch):
    """A race started (by another process, or at the same moment here) between the start's
    look for a race and its insert: the store leaves the channel game out, and the player got
    the apology while a traceback was logged. Now they are told a race is on."""
    async with bot_racing(table) as (_, races):
        look = starts.refuse_beside_race

        async def a_race_lands_just_after(db: Any, place: Place) -> None:
            await look(db, place)
            await races.start(table.place(), table.carol.id, minutes=5)

        monkeypatch.setattr(starts, "refuse_beside_race", a_race_lands_just_after)
        with caplog.at_level(logging.ERROR):
            _, response = await table.ask(table.bob, "wordle start", {"who": "channel"})
            assert response.ephemeral, response.text()
            assert response.content.startswith("A race is on in this channel"), response.text()
            await races.end(table.place(), table.carol.id)
            _, response = await table.ask(table.bob, "wordle challenge", {"word": "lemon"})
            assert response.content.startswith("A race is on in this channel"), response.text()
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
        assert await races.db.active_channel_game(table.guild.id, table.general.id) is None


async def test_a_race_whose_message_could_not_be_posted_frees_the_channel(
        table: Table) -> None:
    """Discord refused the race message (the interaction expired, a server error): the race
    stayed in the store with no message and no timer, so nobody could join it, and the channel
    refused channel games and races ("already has a race on: press Join on its message") until
    a restart. Now the race is ended at once."""
    async with racing(table) as races:
        table.fake.inject_error("POST", r"/interactions/\d+/[^/]+/callback", 404, code=10062,
                                message="Unknown interaction")
        inter = await table.invoke(table.alice, "wordle race", {"minutes": 30})
        await table.fake.wait_for(lambda: table.fake._injected[0].times == 0,
                                  what="the refused callback")
        await asyncio.sleep(0.3)
        assert all(m.ephemeral for m in inter.messages)
        assert await races.db.active_race(table.guild.id, table.general.id) is None
        table.picker.queue.append("crane")
        game = await table.reply(table.bob, "wordle start", {"who": "channel"})
        assert not game.ephemeral and "channel game" in game.text()


async def test_a_word_hint_in_a_race_names_a_possible_answer_too(table: Table) -> None:
    """A race's word hint gave the solver's word alone: when that word cannot be the answer,
    the player was not told the best word that could be, as every other game's hint does."""
    table.picker.queue.append("spine")
    async with racing(table):
        await table.reply(table.alice, "wordle settings", {"hints_in_races": True})
        await table.reply(table.alice, "wordle race", {"minutes": 30})
        await table.reply(table.bob, "guess", {"word": "world"})  # joins the race
        hint = await table.reply(table.bob, "hint", {"kind": "word"})
        assert hint.ephemeral, hint.text()
        text = hint.embed["description"] if hint.embed else hint.text()
        found = re.fullmatch(
            r"Try ([A-Z]{5}): (\d+) possible words fit what you know so far\. \1 can't be the "
            r"hidden word itself; the best word that could be is ([A-Z]{5})\. Guesses still needed "
            r"on average, this one included: (\d\.\d\d) with \1, (\d\.\d\d) with \3\.", text)
        assert found, text


async def test_after_their_race_board_a_player_types_into_their_own_game_again(
        table: Table) -> None:
    """A player with their own game here who joined the race with the button: once their race
    board was finished, every /guess and /wordle giveup still went to the race ("You've
    finished this race"), so their own game could not be played by typing until the race
    ended. A finished race board no longer takes what is typed when they have a game here."""
    table.picker.queue.extend(["lemon", "crane"])
    async with racing(table):
        await table.reply(table.bob, "wordle start")  # bob's own game: LEMON
        race = await table.reply(table.alice, "wordle race", {"minutes": 30})
        board = await join(table, race, table.bob)
        carol = await join(table, race, table.carol)
        await join(table, race, table.dave)  # still playing: the race goes on
        await guess_on(table, board, table.bob, "crane")  # solved the race's word
        reply = await table.reply(table.bob, "guess", {"word": "melon"})
        assert "finished this race" not in reply.text(), reply.text()
        assert "Wordle race" not in reply.text() and reply.ephemeral is False
        # a player in the race with no game of their own still hears about the race
        await guess_on(table, carol, table.carol, "crane")
        _, response = await table.ask(table.carol, "guess", {"word": "slate"})
        assert response.content.startswith("You've finished this race"), response.text()


async def test_a_join_landing_while_the_race_message_is_posted_is_shown(table: Table) -> None:
    """Someone joined between the race message being posted and the bot noting its id: the
    message, posted before the join, was taken as up to date, so it said "Nobody has joined
    yet" until the next change (possibly the end). It is now brought up to date."""
    async with bot_racing(table) as (bot, races):
        await bot.wait_until_ready()  # and its resume of races at start is over
        await asyncio.sleep(0.1)
        note_message = races.set_message

        async def a_join_lands_first(race_id: int, message_id: int) -> None:
            await races.join(table.place(), table.bob.id, race_id)
            await note_message(race_id, message_id)

        races.set_message = a_join_lands_first  # type: ignore[method-assign]
        race = await table.reply(table.alice, "wordle race", {"minutes": 30})
        assert "Nobody has joined yet" in race.text()
        await settled(table, race, lambda t: f"<@{table.bob.id}>" in t, timeout=3)
        assert "Nobody has joined yet" not in race.text()


async def test_a_race_whose_message_failed_while_the_database_was_away_is_not_lost(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """Its message refused and, the database away too, it could not be ended: it stayed on
    with no message and no timer, blocking the channel until a restart. Now it is watched as
    any race: its first edit posts its message, and its timer ends it."""
    bots: list[WordleBot] = []
    async with racing(table, bots=bots) as races:
        resumed = bots[0].live_races._resume_task
        assert resumed is not None
        await resumed  # the start's own look at the races is over
        table.fake.inject_error("POST", r"/interactions/\d+/[^/]+/callback", 404, code=10062,
                                message="Unknown interaction")

        async def away(*args: Any, **kwargs: Any) -> Any:
            raise StorageUnavailable("database unavailable: AdminShutdownError")

        monkeypatch.setattr(races, "end", away)
        table.picker.queue.append("crane")
        await table.invoke(table.alice, "wordle race", {"minutes": 1})
        await table.fake.wait_for(lambda: any(m.components_v2 and not m.ephemeral
                                              for m in table.fake.channel_messages(
                                                  table.general)),
                                  timeout=10, what="the race's message")
        [message] = [m for m in table.fake.channel_messages(table.general) if m.components_v2]
        await table.fake.wait_for(lambda: "Time's up!" in str(message.components), timeout=10,
                                  what="the race's end")
        assert await races.db.active_race(table.guild.id, table.general.id) is None
