"""Every kind of board message shows the board once, through the fake Discord: the picture
(its description the board in words, for screen readers) for players who see pictures, the
emoji rows and keyboard for text-only players, never both. Own game, channel game, challenge,
daily, archive and race boards, and the finished game's message; the share grid a daily posts
to the channel is not a board and keeps its squares."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.core.daily import server_daily_word
from tests.discord.boards import assert_board, fields, has_emoji_board, is_board
from tests.discord.conftest import SALT, Table
from tests.discord.test_race_mode import guess_on, join, racing, start
from tests.fakediscord import FakeMember
from tests.fakediscord.models import FakeMessage

LOOKS = pytest.mark.parametrize("picture", [True, False], ids=["picture", "text-only"])


async def set_look(table: Table, members: list[FakeMember], picture: bool) -> None:
    for member in members:
        await table.reply(member, "wordle prefs", {"text_only": not picture})


def assert_share_is_no_board(share: FakeMessage) -> None:
    assert not share.ephemeral and share.content.endswith("🟩🟩🟩🟩🟩")
    assert not is_board(share) and share.attachments == [] and not has_emoji_board(share)


@LOOKS
async def test_own_channel_and_challenge_boards_show_the_board_once(
        table: Table, picture: bool) -> None:
    table.picker.queue.extend(["crane", "lemon"])
    async with table.running():
        await set_look(table, [table.alice, table.bob], picture)
        # an own game: started, a guess, won (the finished game's message)
        started = await table.reply(table.bob, "wordle start")
        assert_board(started, "crane", [], picture=picture)
        missed = await table.reply(table.bob, "guess", {"word": "slate"})
        assert_board(missed, "crane", ["slate"], picture=picture)
        again = await table.reply(table.bob, "wordle board")
        assert_board(again, "crane", ["slate"], picture=picture)
        won = await table.reply(table.bob, "guess", {"word": "crane"})
        assert_board(won, "crane", ["slate", "crane"], picture=picture)
        assert "Solved!" in fields(won)

        # a channel game, given up: the finished message shows the word
        channel = await table.reply(table.bob, "wordle start", {"who": "channel"})
        assert_board(channel, "lemon", [], picture=picture)
        guessed = await table.reply(table.bob, "guess", {"word": "melon"})
        assert_board(guessed, "lemon", ["melon"], picture=picture)
        ask = await table.invoke(table.bob, "wordle giveup")
        (lost,) = await ask.wait_for_messages(1)
        assert_board(lost, "lemon", ["melon"], picture=picture)
        assert fields(lost)["Game over"] == "The word was **LEMON**."

        # a challenge: alice sets the word, bob plays it
        inter = await table.invoke(table.alice, "wordle challenge", {"word": "spine"})
        _, challenge = await inter.wait_for_messages(2)
        assert_board(challenge, "spine", [], picture=picture)
        spite = await table.reply(table.bob, "guess", {"word": "spite"})
        assert_board(spite, "spine", ["spite"], picture=picture)


@LOOKS
async def test_daily_and_archive_boards_show_the_board_once(table: Table, picture: bool) -> None:
    table.clock.now = datetime(2026, 11, 20, 12, tzinfo=UTC)
    async with table.running():
        await set_look(table, [table.bob], picture)
        answer = table.daily_answer()
        daily = await table.reply(table.bob, "wordle start", {"kind": "daily"})
        assert daily.ephemeral
        assert_board(daily, answer, [], picture=picture)
        inter = await table.invoke(table.bob, "guess", {"word": answer})
        board, share = await inter.wait_for_messages(2)
        assert board.ephemeral
        assert_board(board, answer, [answer], picture=picture)
        assert_share_is_no_board(share)

        archive = await table.reply(table.bob, "wordle start", {"kind": "archive",
                                                                  "number": 300})
        settings = await table.service.settings(table.guild.id)
        word = server_daily_word(300, table.words.answers, SALT, table.guild.id,
                                 settings.daily_order_from or 0)
        assert_board(archive, word, [], picture=picture)
        miss = next(w for w in ("slate", "crane") if w != word)
        played = await table.reply(table.bob, "guess", {"word": miss})
        assert_board(played, word, [miss], picture=picture)


@LOOKS
async def test_a_race_board_shows_the_board_once(table: Table, picture: bool) -> None:
    table.picker.queue.append("crane")
    async with racing(table):
        await set_look(table, [table.bob], picture)
        race = await start(table, table.alice, minutes=60)
        board = await join(table, race, table.bob)
        assert_board(board, "crane", [], picture=picture, hints=False)  # off in races here
        await guess_on(table, board, table.bob, "slate")
        await table.fake.wait_for(lambda: board.edit_count >= 1, timeout=10,
                                  what=lambda: board.text())
        assert_board(board, "crane", ["slate"], picture=picture, hints=False)
        # the live race message is no board: colours only, never a picture
        assert race.find_components(12) == [] and race.attachments == []
