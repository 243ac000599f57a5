"""Playing from the board message with the real bot through the fake Discord: Guess opens a
modal and the board is edited in place, hints and give up from buttons, the buttons of an old
board after a restart, and refusals told only to the one who clicked."""

from __future__ import annotations

import asyncio
import re
import sqlite3
from typing import Any

import discord

from bot.cogs import board as layout
from bot.cogs.buttons import give_up_confirm
from bot.cogs.interact import untracked
from tests.discord.boards import (
    assert_board,
    fields,
    footer,
    is_board,
    lit_bar,
    note,
    stats_picture,
    title,
)
from tests.discord.conftest import Table
from tests.fakediscord import FakeMember
from tests.fakediscord.models import FakeInteraction, FakeMessage
from tests.support import ANSWERS


async def open_guess(table: Table, board: FakeMessage, member: FakeMember) -> FakeInteraction:
    """Click Guess; the bot must answer with the modal."""
    click = await table.fake.click(board, member, label="Guess")
    response = await click.first_response()
    assert response.type_name == "modal", response.text()
    modal: dict[str, Any] = response.modal or {}
    assert modal["title"].startswith("Guess · ")
    (label,) = modal["components"]
    assert label["type"] == 18  # a Label around one text input of exactly five characters
    text_input = label["component"]
    assert (text_input["custom_id"], text_input["min_length"], text_input["max_length"]) == (
        "word", 5, 5)
    return click


async def guess_on(table: Table, board: FakeMessage, member: FakeMember,
                   word: str) -> FakeInteraction:
    """Guess through the board: click, modal, submit; the board is edited in place."""
    click = await open_guess(table, board, member)
    submit = await table.fake.submit_modal(click, {"word": word})
    response = await submit.first_response()
    assert response.type_name == "update_message", response.text()
    assert response.message is board
    return submit


async def refused_click(table: Table, board: FakeMessage, member: FakeMember,
                        label: str) -> str:
    """A click the bot refuses: one private message, the board unchanged."""
    edits = board.edit_count
    click = await table.fake.click(board, member, label=label)
    response = await click.first_response()
    assert response.type_name == "message" and response.ephemeral, response.text()
    assert board.edit_count == edits
    return response.content or ""


async def test_a_whole_game_with_buttons_across_a_restart(table: Table) -> None:
    table.picker.queue.append("lemon")
    async with table.running():
        board = await table.reply(table.bob, "wordle start")
        assert_board(board, "lemon", [])
        assert not board.ephemeral and board.accent_color == layout.DEFAULT_LOOK.playing
        ids = [b["custom_id"] for b in board.buttons()]
        assert all(re.fullmatch(r"wordle:[a-z:]+\d+", i) and len(i) <= 100 for i in ids)
        assert len(board.walk_components()) <= 40

        await guess_on(table, board, table.bob, "SLATE")
        assert_board(board, "lemon", ["slate"])
        assert board.edit_count == 1 and [e.via for e in board.edits] == ["callback"]
        assert footer(board) == "Your game · /guess · 5 attempts left"

    # a new bot process: nothing in memory, only the message and the database
    async with table.running():
        await guess_on(table, board, table.bob, "melon")
        assert_board(board, "lemon", ["slate", "melon"])
        await guess_on(table, board, table.bob, "lemon")
        assert_board(board, "lemon", ["slate", "melon", "lemon"])
        assert board.accent_color == layout.DEFAULT_LOOK.won and board.buttons() == []
        assert fields(board)["Solved!"] == "In 3/6"
        assert fields(board)["Share"].startswith("Wordle practice 3/6")
        assert "Played 1 · Win % 100" in fields(board)["Statistics"]
        assert "\n3 🟩🟩" in fields(board)["Statistics"]  # this game's bar lit, as in the picture
        assert footer(board) == "Game over · 3/6"
        # the statistics screen beside the board, this game's bar lit
        assert [m.filename for m in board.media()] == ["board.png", "stats.png"]
        assert lit_bar(stats_picture(board), (0, 0, 1, 0, 0, 0)) == 3
    # one message did it all: no other posts in the channel
    assert table.fake.channel_messages(table.general) == [board]
    assert table.fake.identify_count == 2
    stats = await _stats(table, table.bob, "practice")
    assert (stats.played, stats.wins, stats.distribution[2]) == (1, 1, 1)


async def test_a_guess_typed_across_a_restart_is_played(table: Table) -> None:
    """discord.py drops the submit of a modal it does not keep (after a restart, or once its
    copy timed out), while Discord keeps a modal open for as long as the player likes: the
    bot keeps none and answers the submit by its custom id."""
    table.picker.queue.append("lemon")
    async with table.running() as run:
        board = await table.reply(table.bob, "wordle start")
        click = await open_guess(table, board, table.bob)
        await asyncio.sleep(0.05)  # the callback answered: a kept modal would be stored now
        assert run.bot._connection._view_store._modals == {}
    async with table.running():  # a new bot process while bob was still typing
        submit = await table.fake.submit_modal(click, {"word": "slate"})
        response = await submit.first_response()
        assert response.type_name == "update_message", response.text()
        assert response.message is board
        assert_board(board, "lemon", ["slate"])
        # a refusal from such a modal is private and changes nothing, as from any other
        again = await table.fake.submit_modal(click, {"word": "zzzzz"})
        response = await again.first_response()
        assert response.type_name == "message" and response.ephemeral
        assert "ZZZZZ is not in the word list." in (response.content or "")
        assert board.edit_count == 1


async def _stats(table: Table, member: FakeMember, bucket: str) -> Any:
    async with table.running() as run:
        return await run.service.stats(table.guild.id, member.id, bucket)


async def test_channel_game_from_the_board_and_who_may_act(table: Table) -> None:
    table.picker.queue.append("crane")
    async with table.running():
        board = await table.reply(table.bob, "wordle start", {"who": "channel"})
        await guess_on(table, board, table.carol, "slate")
        assert note(board) == f"<@{table.carol.id}> guessed **SLATE** (1/6)"
        assert_board(board, "crane", ["slate"])

        # dave has not guessed: the started channel game is not his to give up
        text = await refused_click(table, board, table.dave, "Give up")
        assert text.startswith("Only players who have guessed in this game")

        # the board of bob's own game is bob's alone: carol is told why, privately
        own = await table.reply(table.bob, "wordle start", channel=table.results)
        for label in ("Guess", "Give up", "Letter"):
            text = await refused_click(table, own, table.carol, label)
            assert text == "That's someone else's game; start your own with /wordle start."
        assert_board(own, "crane", [])

        await guess_on(table, board, table.dave, "crane")
        assert note(board) == f"🎉 <@{table.dave.id}> solved it!"
        assert fields(board)["Solved!"] == f"In 2/6 by <@{table.dave.id}>"
        assert board.buttons() == [] and board.accent_color == layout.DEFAULT_LOOK.won
        game = await table.service.db.last_finished_game(table.guild.id, table.general.id,
                                                         table.dave.id)
        assert game is not None
        assert [(g.player_id, g.word) for g in game.guesses] == [
            (table.carol.id, "slate"), (table.dave.id, "crane")]


async def test_two_players_with_the_guess_modal_open_on_one_channel_board(table: Table) -> None:
    table.picker.queue.append("crane")
    async with table.running():
        board = await table.reply(table.bob, "wordle start", {"who": "channel"})
        clicks = [await open_guess(table, board, member) for member in (table.carol, table.dave)]
        for click, word in zip(clicks, ("slate", "pious"), strict=True):  # both were open
            submit = await table.fake.submit_modal(click, {"word": word})
            response = await submit.first_response()  # each modal reached the bot, answered
            assert response.type_name == "update_message", response.text()
        game = await table.service.board(table.place(), table.bob.id)
        assert sorted(zip(game.players, (row.word for row in game.rows), strict=True)) == sorted(
            [(table.carol.id, "slate"), (table.dave.id, "pious")])


async def test_challenge_setter_may_not_guess_from_the_board(table: Table) -> None:
    async with table.running():
        inter = await table.invoke(table.alice, "wordle challenge", {"word": "spine"})
        _, board = await inter.wait_for_messages(2)
        assert title(board) == "Wordle challenge · channel game"
        # no word hint where a player chose the word
        assert board.button_labels() == ["Guess", "Give up", "Letter", "Position"]
        text = await refused_click(table, board, table.alice, "Guess")
        assert text == "You chose this word, so you can't guess it. Watch the others!"
        text = await refused_click(table, board, table.alice, "Letter")
        assert text == "You chose this word, so you can't guess it. Watch the others!"
        assert (await table.service.board(table.place(), table.bob.id)).rows == ()


async def test_invalid_guesses_from_the_modal_are_private_and_change_nothing(
        table: Table) -> None:
    table.picker.queue.append("crane")
    async with table.running():
        board = await table.reply(table.bob, "wordle start", {"hard": True})
        await guess_on(table, board, table.bob, "slate")  # A and E green
        public = len(table.fake.channel_messages(table.general))
        for word, reason in [("zzzzz", "ZZZZZ is not in the word list."),
                             ("12345", "Use only the letters A to Z"),
                             ("lemon", "Hard mode: the 3rd letter must be A.")]:
            click = await open_guess(table, board, table.bob)
            submit = await table.fake.submit_modal(click, {"word": word})
            response = await submit.first_response()
            assert response.type_name == "message" and response.ephemeral
            assert reason in (response.content or "")
            assert board.edit_count == 1
        assert len(table.fake.channel_messages(table.general)) == public
        view = await table.service.board(table.place(), table.bob.id)
        assert [r.word for r in view.rows] == ["slate"]
        assert_board(board, "crane", ["slate"], header=True)


async def test_give_up_asks_first(table: Table) -> None:
    table.picker.queue.append("lemon")
    async with table.running():
        board = await table.reply(table.bob, "wordle start")
        await guess_on(table, board, table.bob, "melon")

        ask = await table.fake.click(board, table.bob, label="Give up")
        confirm = (await ask.first_response()).message
        assert confirm is not None and confirm.ephemeral
        assert confirm.content == ("Give up Wordle practice? It counts as a loss, and the word "
                                   "is shown to everyone here.")
        assert confirm.button_labels() == ["Yes, give up", "Keep playing"]
        keep = await table.fake.click(confirm, table.bob, label="Keep playing")
        assert (await keep.first_response()).type_name == "update_message"
        assert confirm.content == "Carry on!" and confirm.buttons() == []
        assert (await table.service.board(table.place(), table.bob.id)).status == "active"

        ask = await table.fake.click(board, table.bob, label="Give up")
        confirm = (await ask.first_response()).message
        assert confirm is not None
        yes = await table.fake.click(confirm, table.bob, label="Yes, give up")
        last, = [m for m in await yes.wait_for_messages(2) if m is not confirm]
        assert confirm.content == "You gave up." and confirm.buttons() == []
        assert is_board(last) and not last.ephemeral and last.buttons() == []
        assert fields(last)["Game over"] == "The word was **LEMON**."
        assert last.accent_color == layout.DEFAULT_LOOK.lost
        assert lit_bar(stats_picture(last), (0,) * 6) is None  # a loss lights no bar
        # the old board's buttons now say the game is over, privately
        text = await refused_click(table, board, table.bob, "Guess")
        assert text == "That game just ended; start a new one with /wordle start."


async def test_hints_from_the_board(table: Table) -> None:
    table.picker.queue.append("lemon")
    async with table.running():
        board = await table.reply(table.bob, "wordle start")
        await guess_on(table, board, table.bob, "slate")
        click = await table.fake.click(board, table.bob, label="Letter")
        (hint,) = await click.wait_for_messages(1)
        found = re.fullmatch(r"The hidden word contains the letter ([A-Z])\.",
                             hint.embed["description"])
        assert found and found.group(1).lower() in "mon"
        click = await table.fake.click(board, table.bob, label="Word")
        (hint,) = await click.wait_for_messages(1)
        assert hint.embed["description"].startswith("Try ")
        game = await table.service.board(table.place(), table.bob.id)
        hints = await table.service.db.hints_for_game(game.id)
        assert [h.kind for h in hints] == ["letter", "word"] and len(game.rows) == 1
        assert board.edit_count == 1  # a hint leaves the board as it is


async def test_daily_from_its_private_board(table: Table) -> None:
    answer = table.daily_answer()
    other = next(w for w in ANSWERS if w != answer)
    async with table.running():
        board = await table.reply(table.bob, "wordle start", {"kind": "daily"})
        assert board.ephemeral and is_board(board)
        click = await table.fake.click(board, table.bob, label="Position")
        (refusal,) = await click.wait_for_messages(1)  # hints on dailies are off by default
        assert refusal.ephemeral and refusal.text().startswith("Hints are turned off for the daily")
        await table.reply(table.alice, "wordle settings", {"hints_in_dailies": True})
        click = await table.fake.click(board, table.bob, label="Position")
        (hint,) = await click.wait_for_messages(1)
        assert hint.ephemeral  # a daily's hint is private like its board
        await guess_on(table, board, table.bob, other)
        submit = await guess_on(table, board, table.bob, answer)
        (share,) = [m for m in await submit.wait_for_messages(2) if m is not board]
        assert board.ephemeral and board.buttons() == []
        assert fields(board)["Solved!"] == "In 2/6"
        assert not share.ephemeral
        assert share.content.endswith("🟩🟩🟩🟩🟩\n💡 1 hint used")
        await table.fake.wait_for(
            lambda: any(m.via == "channel" and "results" in m.content
                        for m in table.fake.channel_messages(table.general)),
            what="the daily results post")
        (post,) = [m for m in table.fake.channel_messages(table.general)
                   if m.via == "channel" and "results" in m.content]
        assert f"2/6💡: <@{table.bob.id}>" in post.content  # a hinted result is marked
        assert answer.upper() not in "\n".join(
            m.text() for m in table.fake.channel_messages(table.general)).upper()


def view_timeouts() -> list[Any]:
    """The sent views discord.py waits on for a timeout (keeping each in memory until then).
    Modals are left out: an open Guess modal is kept until it is submitted or times out."""
    found = []
    for task in asyncio.all_tasks():
        frame = getattr(task.get_coro(), "cr_frame", None)
        owner = frame.f_locals.get("self") if frame is not None else None
        if "timeout_task_impl" in repr(task.get_coro()) and not isinstance(
                owner, discord.ui.Modal):
            found.append(owner)
    return found


async def test_private_boards_are_not_kept_by_discord_py(table: Table) -> None:
    """discord.py gives the view of a private message a 15-minute timeout and keeps it until
    then; a board's buttons are dynamic items, so the bot sends its views stopped."""
    answer = table.daily_answer()
    first, second = [w for w in ANSWERS if w != answer][:2]
    async with table.running() as run:
        kept = discord.ui.View(timeout=900)  # what discord.py does with a view it keeps:
        run.bot._connection.store_view(kept)  # view_timeouts() must see it
        assert view_timeouts() == [kept]
        kept.stop()
        board = await table.reply(table.bob, "wordle start", {"kind": "daily"})
        again = await table.reply(table.bob, "guess", {"word": first})  # a new private board
        assert board.ephemeral and again.ephemeral and again.buttons()
        ask = await table.fake.click(board, table.bob, label="Give up")
        confirm = (await ask.first_response()).message
        assert confirm is not None and confirm.ephemeral
        assert view_timeouts() == []
        # their buttons still answer: the old board, the new one and the confirmation
        await guess_on(table, board, table.bob, second)
        await guess_on(table, again, table.bob, answer)
        assert fields(again)["Solved!"] == "In 3/6"
        keep = await table.fake.click(confirm, table.bob, label="Keep playing")
        assert (await keep.first_response()).type_name == "update_message"
        assert view_timeouts() == []


async def test_only_views_of_dynamic_items_are_sent_stopped() -> None:
    own = discord.ui.View(timeout=None)  # a button with a callback of its own
    own.add_item(discord.ui.Button(label="Delete", custom_id="forget:yes"))
    assert not untracked(own).is_finished()
    assert untracked(give_up_confirm(7)).is_finished()
    board = discord.ui.LayoutView(timeout=None)
    board.add_item(discord.ui.Container(discord.ui.TextDisplay("a board"),
                                        *layout.action_rows(7, word_hints=True)))
    assert untracked(board).is_finished()


async def test_the_board_spends_the_same_cooldown_as_the_commands(table: Table) -> None:
    """5 guesses and 3 hints per 10 s, however they are played: the modal and the hint
    buttons used to skip the limit (8 guesses in 0.16 s went through)."""
    table.picker.queue.append("lemon")
    misses = [w for w in ANSWERS if w != "lemon" and len(set(w)) == 5][:6]
    async with table.running():
        board = await table.reply(table.bob, "wordle start")
        for word in misses[:4]:
            await guess_on(table, board, table.bob, word)
        slash = await table.invoke(table.bob, "guess", {"word": misses[4]})  # the 5th
        await slash.wait_for_messages(1)
        click = await open_guess(table, board, table.bob)
        submit = await table.fake.submit_modal(click, {"word": misses[5]})
        refusal = await submit.first_response()
        assert refusal.ephemeral and (refusal.content or "").startswith("Slow down a little")
        assert len((await table.service.board(table.place(), table.bob.id)).rows) == 5
        hints = [await table.fake.click(board, table.bob, label="Letter") for _ in range(4)]
        answers = [await hint.first_response() for hint in hints]
        assert answers[3].ephemeral and (answers[3].content or "").startswith("Slow down")
        assert not any((a.content or "").startswith("Slow") for a in answers[:3])


async def forget(table: Table, member: FakeMember) -> None:
    ask = await table.reply(member, "wordle forgetme")
    yes = await table.fake.click(ask, member, label="Yes, forget me")
    await yes.first_response()
    await table.fake.settle(quiet=0.1)


async def guess_refused_as_gone(table: Table, board: FakeMessage, member: FakeMember) -> None:
    """Guess on ``board`` is refused to ``member`` as a game that is gone; the board stays."""
    shown = board.text()
    click = await table.fake.click(board, member, label="Guess")
    refusal = await click.first_response()
    assert refusal.ephemeral and refusal.text() == "That game no longer exists."
    await table.fake.settle(quiet=0.1)
    assert board.text() == shown


async def test_the_board_of_a_forgotten_players_game_never_plays_another_game(
        table: Table) -> None:
    """A board left in the channel keeps its game's id in its buttons after its player was
    forgotten: a new game must not take that id (SQLite gave the highest id again before
    migration 0012) and be played from that board."""
    async with table.running():
        old = await table.reply(table.alice, "wordle start")
        assert not old.ephemeral
        await forget(table, table.alice)
        await table.reply(table.bob, "wordle start")  # public too
        await guess_refused_as_gone(table, old, table.bob)


async def test_a_public_board_never_shows_a_private_game_even_when_its_id_comes_again(
        table: Table) -> None:
    """Ids can still come again from outside: a database restored from a backup made before
    a board's game began gives that game's id to the next game. When that is someone's daily,
    the old public board refuses to play it (else the daily, word and all, would be shown in
    it to the whole channel)."""
    backup = table.db_path.with_name("backup.sqlite3")
    async with table.running():
        with sqlite3.connect(table.db_path) as live, sqlite3.connect(backup) as copy:
            live.backup(copy)
        old = await table.reply(table.alice, "wordle start")
        assert not old.ephemeral
    for leftover in table.db_path.parent.glob(table.db_path.name + "*"):
        leftover.unlink()
    backup.rename(table.db_path)  # the backup restored, the bot started again
    async with table.running() as run:
        await table.reply(table.bob, "wordle start", {"kind": "daily"})
        daily = await run.db.daily_game(table.guild.id, table.bob.id, table.daily_number())
        ids = [c.get("custom_id") for c in old.walk_components()]
        assert daily is not None and f"wordle:guess:{daily.id}" in ids  # the id came again
        await guess_refused_as_gone(table, old, table.bob)
        assert (await run.db.get_game(daily.id)).guesses == ()
