"""Dordle, Quordle and Octordle through the fake Discord with the real client (issue 30,
must show): each played to its end, one with the board's buttons and modal only, and a
Quordle daily with its results post. Every message passes the fake's checks of Discord's
limits (content, components, files)."""

from __future__ import annotations

import pytest

from bot.cogs import interact
from bot.cogs.buttons import exact_length
from bot.core.daily import board_words, server_daily_word
from bot.core.packs import pack
from bot.core.solver_boards import boards_variant
from bot.core.variant import CLASSIC
from tests.discord.boards import alt, board_text, fields, footer, title
from tests.discord.conftest import SALT, Table
from tests.discord.test_bot_e2e import wait_for_results_post
from tests.fakediscord import FakeMember
from tests.fakediscord.models import FakeMessage


@pytest.fixture(autouse=True)
def many_guesses(monkeypatch: pytest.MonkeyPatch) -> None:
    """Thirteen guesses in a row: more than the cooldown's 5 in 10 seconds allows a player."""
    monkeypatch.setattr(interact.GUESSES, "rate", 20)


async def guess_on(table: Table, board: FakeMessage, member: FakeMember, word: str) -> None:
    """Guess through the board alone: the Guess button, its modal (five letters exactly, as
    in an English Wordle), the board edited."""
    click = await table.fake.click(board, member, label="Guess")
    response = await click.first_response()
    assert response.type_name == "modal", response.text()
    modal = response.modal or {}
    assert modal["title"].startswith("Guess · Quordle")
    (label,) = modal["components"]
    assert (label["component"]["min_length"], label["component"]["max_length"]) == (5, 5)
    submit = await table.fake.submit_modal(click, {"word": word})
    response = await submit.first_response()
    assert response.type_name == "update_message" and response.message is board


OCTORDLE = ["slate", "crane", "trace", "crate", "react", "spine", "spite", "lemon"]


async def test_an_octordle_played_to_its_win(table: Table) -> None:
    table.picker.queue.extend(OCTORDLE)
    async with table.running() as run:
        start = await table.reply(table.bob, "wordle start", {"boards": 8})
        assert title(start) == "Octordle practice"
        assert footer(start) == "Your game · /guess · 13 attempts left"
        assert [a.filename for a in start.attachments] == ["board.png"]
        game = await run.db.active_own_game(table.guild.id, table.general.id, table.bob.id)
        assert game is not None and game.hidden_words == tuple(OCTORDLE)
        for n, word in enumerate(OCTORDLE[:-1], start=1):
            board = await table.reply(table.bob, "guess", {"word": word})
            assert footer(board) == f"Your game · /guess · {13 - n} attempts left"
            assert f"{n} of 13 guesses, {n} of 8 boards solved" in alt(board), alt(board)
        won = await table.invoke(table.bob, "guess", {"word": "LEMON"})
        (done,) = await won.wait_for_messages(1)
        assert fields(done)["Solved!"] == "In 8/13"
        assert fields(done)["Share"] == "Octordle practice\n\n1️⃣2️⃣3️⃣4️⃣\n5️⃣6️⃣7️⃣8️⃣"
        assert footer(done) == "Game over · 8/13" and done.buttons() == []


async def test_a_quordle_channel_game_with_the_buttons_and_modal_only(table: Table) -> None:
    table.picker.queue.extend(["lemon", "melon", "abbey", "kebab"])
    async with table.running():
        board = await table.reply(table.bob, "wordle start", {"who": "channel", "boards": 4})
        assert title(board) == "Quordle practice · channel game"
        words = ["lemon", "melon", *["slate"] * 7]
        players = [table.carol, table.dave] * 4 + [table.carol]
        for n, (player, word) in enumerate(zip(players, words, strict=True), start=1):
            if n > 1:
                left = f"{10 - n} attempt{'s' if n < 9 else ''} left"
                assert footer(board).endswith(left), footer(board)
            await guess_on(table, board, player, word)
        assert footer(board) == "Game over · X/9" and board.buttons() == []
        assert fields(board)["Game over"] == "The words were **LEMON, MELON, ABBEY, KEBAB**."
        assert fields(board)["Share"] == "Quordle practice\n\n1️⃣2️⃣\n🟥🟥"
    assert table.fake.channel_messages(table.general) == [board]


async def test_a_dordle_in_hard_mode_and_text_only(table: Table) -> None:
    table.picker.queue.extend(["crane", "react"])
    async with table.running():
        await table.reply(table.bob, "wordle prefs", {"text_only": True})
        start = await table.reply(table.bob, "wordle start", {"boards": 2, "hard": True})
        assert title(start) == "Dordle practice · hard mode" and start.attachments == []
        board = await table.reply(table.bob, "guess", {"word": "crane"})
        assert "**Board 1** (solved in 1) · **Board 2**" in board_text(board)
        refused = await table.reply(table.bob, "guess", {"word": "spite"})
        assert refused.ephemeral and "Board 2: Hard mode:" in refused.text(), refused.text()
        won = await table.invoke(table.bob, "guess", {"word": "react"})
        (done,) = await won.wait_for_messages(1)
        assert fields(done)["Solved!"] == "In 2/7"
        assert fields(done)["Share"] == "Dordle practice*\n\n1️⃣2️⃣"
        assert done.attachments == []


async def test_a_quordle_daily_and_its_results_post(table: Table) -> None:
    number = table.daily_number()
    words = board_words(lambda n, key: server_daily_word(n, table.words.answers, key,
                                                         table.guild.id, number),
                        number, SALT, 4)
    async with table.running():
        await table.reply(table.alice, "wordle settings", {"results_channel": table.results})
        start = await table.reply(table.bob, "wordle start", {"kind": "daily", "boards": 4})
        assert start.ephemeral and title(start) == f"Quordle {number:,}"
        for word in words[:-1]:
            await table.reply(table.bob, "guess", {"word": word})
        won = await table.invoke(table.bob, "guess", {"word": words[-1]})
        board, share = await won.wait_for_messages(2)
        assert board.ephemeral and not share.ephemeral
        assert share.content.endswith(f"Quordle {number:,}\n\n1️⃣2️⃣\n3️⃣4️⃣"), share.content
        again = await table.reply(table.bob, "wordle start", {"kind": "daily", "boards": 4})
        assert "already" in again.text()
        # the Wordle daily of the same day is another game
        classic = await table.reply(table.bob, "wordle start", {"kind": "daily"})
        assert title(classic) == f"Wordle {number:,}"
        post = await wait_for_results_post(table, number)
        assert f"👑 Quordle 4/9: <@{table.bob.id}>" in post.content, post.content


def test_a_guess_is_typed_as_in_its_packs_one_board_game() -> None:
    """English of five letters takes exactly five on any number of boards; another pack takes
    a few characters per letter (accents typed apart), on one board or several."""
    assert [exact_length(boards_variant(n, CLASSIC)) for n in (1, 2, 4, 8)] == [True] * 4
    spanish = pack("es", 5).variant
    assert [exact_length(boards_variant(n, spanish)) for n in (1, 4)] == [False, False]


async def test_a_quordle_in_the_players_language(table: Table) -> None:
    """The picture's description and the text-only board of a game in a French server."""
    table.guild.locale = "fr"  # a board in the channel is in the server's language
    table.picker.queue.extend(["crane", "react", "tipsy", "dumpy"])
    async with table.running():
        await table.reply(table.bob, "wordle start", {"boards": 4, "hard": True}, locale="fr")
        board = await table.reply(table.bob, "guess", {"word": "crane"}, locale="fr")
        assert (", mode difficile, essais\u00a0: 1 sur 9, grilles résolues\u00a0: 1 sur 4. "
                in alt(board))
        assert "Grille 1, résolue en 1: CRANE tout en vert." in alt(board)
        await table.reply(table.bob, "wordle prefs", {"text_only": True}, locale="fr")
        board = await table.reply(table.bob, "guess", {"word": "react"}, locale="fr")
        assert board_text(board).startswith(
            "**Grille 1** (résolue en 1) · **Grille 2** (résolue en 2)"), board_text(board)
