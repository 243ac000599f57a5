"""Slow work and Discord's 3-second deadline: the bot defers in time, and what it then sends
still goes to the right audience (a daily board never public, a refusal always private).

To stay fast the tests shrink both sides: the bot defers after ``DEFER_AFTER`` = 0.05 s and
the fake's deadline is 0.6 s, while the service call takes 0.8 s.
"""

from __future__ import annotations

import asyncio
import functools
from typing import Any

import pytest

import bot.cogs.interact as interact
from bot.service import BadOption, HintsNotAllowed, Problem
from tests.discord.boards import note
from tests.discord.conftest import Table

SLOW = 0.8


@pytest.fixture(autouse=True)
def quick_deadline(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(interact, "DEFER_AFTER", 0.05)
    table.fake.callback_deadline = 0.6


def slow_down(monkeypatch: pytest.MonkeyPatch, service: Any, name: str,
              error: Exception | None = None) -> None:
    """Make ``service.name`` take SLOW seconds (then do its work, or raise ``error``)."""
    real = getattr(service, name)

    @functools.wraps(real)
    async def slow(*args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(SLOW)
        if error is not None:
            raise error
        return await real(*args, **kwargs)

    monkeypatch.setattr(service, name, slow)


async def test_slow_daily_guess_defers_privately(table: Table,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    answer = table.daily_answer()
    async with table.running() as run:
        await table.reply(table.bob, "wordle start", {"kind": "daily"})
        slow_down(monkeypatch, run.service, "guess_in")
        inter, resp = await table.ask(table.bob, "guess", {"word": answer})
        assert resp.deferred and resp.ephemeral and resp.latency < 0.6
        board, share = await inter.wait_for_messages(2)
        # the placeholder became the private board; the share grid is public
        assert board is inter.original and board.ephemeral and board.components_v2
        assert not share.ephemeral and share.content.endswith("🟩🟩🟩🟩🟩")
        assert inter.rejected_callbacks == []
        assert answer.upper() not in "\n".join(
            m.text() for m in table.fake.channel_messages(table.general)).upper()


async def test_slow_channel_guess_replaces_the_private_placeholder(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    table.picker.queue.append("crane")
    async with table.running() as run:
        await table.reply(table.bob, "wordle start", {"who": "channel"})
        slow_down(monkeypatch, run.service, "guess_in")
        inter, resp = await table.ask(table.carol, "guess", {"word": "slate"})
        assert resp.deferred and resp.ephemeral  # not known yet whose game: private first
        await inter.wait_for(lambda i: i.followups, what="the public board")
        assert inter.original.deleted
        (board,) = inter.visible_messages
        assert not board.ephemeral and note(board).endswith("guessed **SLATE** (1/6)")
        assert board in table.fake.channel_messages(table.general)


async def test_refusal_fills_a_private_placeholder(table: Table,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    table.picker.queue.append("crane")
    async with table.running() as run:
        await table.reply(table.bob, "wordle start", {"who": "channel"})
        slow_down(monkeypatch, run.service, "hint_in",
                  HintsNotAllowed(Problem.HINTS_OFF))
        inter, resp = await table.ask(table.carol, "hint", {"kind": "word"})
        assert resp.deferred and resp.ephemeral
        (message,) = await inter.wait_for_messages(1)
        assert message.ephemeral and message.content.startswith("Hints are turned off")


async def test_public_placeholder_and_a_refusal(table: Table,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    async with table.running() as run:
        slow_down(monkeypatch, run.service, "stats")
        inter, resp = await table.ask(table.bob, "wordle stats")
        assert resp.deferred and not resp.ephemeral  # statistics are public
        (stats,) = await inter.wait_for_messages(1)
        assert stats is inter.original and stats.embed["title"] == (
            "Daily statistics · English, 5 letters")

        slow_down(monkeypatch, run.service, "leaderboard", BadOption(Problem.BAD_LIMIT))
        inter, resp = await table.ask(table.bob, "wordle leaderboard")
        assert resp.deferred and not resp.ephemeral
        await inter.wait_for(lambda i: i.followups, what="the refusal")
        # the public "thinking..." is removed; the refusal is only for bob
        assert inter.original.deleted
        (refusal,) = inter.visible_messages
        assert refusal.ephemeral and refusal.content == "Show between 1 and 50 players."
        assert [m.text() for m in table.fake.channel_messages(table.general)] == [stats.text()]


async def test_word_hint_while_the_solver_is_built(table: Table) -> None:
    """The first word hint builds the solver in a thread (small lists: quick); the answer
    comes in time either way, and the hint is one of the allowed words."""
    table.picker.queue.append("lemon")
    async with table.running():
        await table.reply(table.bob, "wordle start")
        await table.reply(table.bob, "guess", {"word": "slate"})
        inter, resp = await table.ask(table.bob, "hint", {"kind": "word"})
        assert resp.latency < 0.6
        (hint,) = await inter.wait_for_messages(1)
        word = hint.embed["description"].split()[1].rstrip(":").lower()
        assert word in table.words.allowed


async def test_a_slow_race_board_is_deferred_for_every_move(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """A race move is saved, then the player's board is made (the server's hint setting and
    the player's look read, the picture drawn): both within the deadline, for Join, /guess,
    /wordle board and /wordle giveup alike (the board came after the deadline's watch)."""
    import bot.cogs.play as play
    from tests.discord.test_race_mode import racing, start

    async with racing(table) as races:
        race = await start(table, table.alice, minutes=60)
        slow_down(monkeypatch, play, "race_board_reply")
        moves = [await table.fake.click(race, table.bob, label="Join")]
        for command, options in (("guess", {"word": "slate"}),  # carol joins with it
                                 ("wordle board", {}), ("wordle giveup", {})):
            await moves[-1].wait_for_messages(1)
            moves.append(await table.invoke(table.carol, command, options))
        await moves[-1].wait_for_messages(1)
        for move in moves:
            assert move.rejected_callbacks == [], move.rejected_callbacks
            assert move.responses[0].type_name == "deferred_message", move.responses[0].text()
        stored = await races.db.active_race(table.guild.id, table.general.id)
        assert {r.player_id for r in stored.racers} == {table.bob.id, table.carol.id}


async def test_a_slow_last_board_after_giving_up_is_deferred(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """/wordle giveup: the give-up is saved, then the last board and the statistics picture
    are made (in a thread when the numbers are new, behind other work): in time as well."""
    import bot.cogs.play as play

    table.picker.queue.append("crane")
    async with table.running():
        await table.reply(table.bob, "wordle start")
        slow_down(monkeypatch, play, "stats_png_async")
        inter, resp = await table.ask(table.bob, "wordle giveup")
        assert inter.rejected_callbacks == [], inter.rejected_callbacks
        assert resp.deferred and resp.latency < 0.6
        (board,) = await inter.wait_for_messages(1)
        assert "CRANE" in board.text()
