"""The board picture's alt text (its gallery item's description, read by screen readers) names
the colours the picture has in the player's look: orange and blue in high contrast, green and
yellow otherwise; on an own game's board and on a race board, through the fake Discord."""

from __future__ import annotations

from bot.cogs import board as layout
from bot.core.feedback import score
from tests.discord.conftest import Table
from tests.discord.test_race_mode import guess_on, join, racing, start
from tests.fakediscord.models import FakeMessage

CONTRAST = {"G": "orange", "Y": "blue", "B": "grey"}
NORMAL = {"G": "green", "Y": "yellow", "B": "grey"}


def alt(message: FakeMessage) -> str:
    galleries = message.find_components(12)
    assert galleries, message.text()
    description = galleries[0]["items"][0]["description"]
    assert galleries[0]["items"][0]["media"]["url"].endswith(f"/{layout.BOARD_FILE}")
    return str(description)


def row_words(word: str, answer: str, names: dict[str, str]) -> str:
    return f"{word.upper()}: " + " ".join(names[s] for s in score(word, answer))


async def test_the_alt_text_follows_high_contrast(table: Table) -> None:
    feedback = score("trace", "crane")
    assert "G" in feedback and "Y" in feedback  # both colours are named
    table.picker.queue.extend(["crane", "crane"])
    async with table.running():
        await table.reply(table.bob, "wordle prefs", {"high_contrast": True})
        await table.reply(table.bob, "wordle start")
        board = await table.reply(table.bob, "guess", {"word": "trace"})
        text = alt(board)
        assert row_words("trace", "crane", CONTRAST) in text
        assert "green" not in text and "yellow" not in text

        # carol keeps the game's colours
        await table.reply(table.carol, "wordle start")
        theirs = await table.reply(table.carol, "guess", {"word": "trace"})
        text = alt(theirs)
        assert row_words("trace", "crane", NORMAL) in text
        assert "orange" not in text and "blue" not in text

        # high contrast off again: green and yellow again
        await table.reply(table.bob, "wordle prefs", {"high_contrast": False})
        again = await table.reply(table.bob, "wordle board")
        assert row_words("trace", "crane", NORMAL) in alt(again)


async def test_a_race_board_alt_text_follows_high_contrast(table: Table) -> None:
    table.picker.queue.append("crane")
    async with racing(table):
        await table.reply(table.bob, "wordle prefs", {"high_contrast": True})
        race = await start(table, table.alice)
        board = await join(table, race, table.bob)
        await guess_on(table, board, table.bob, "trace")
        await table.fake.wait_for(lambda: "TRACE" in alt(board), timeout=10,
                                  what=lambda: alt(board))
        text = alt(board)
        assert row_words("trace", "crane", CONTRAST) in text
        assert "green" not in text and "yellow" not in text


async def test_the_alt_text_says_hard_mode_as_the_picture_does(table: Table) -> None:
    table.picker.queue.extend(["crane", "crane"])
    async with table.running():
        hard = await table.reply(table.bob, "wordle start", {"hard": True})
        assert alt(hard).startswith("Wordle practice board, hard mode, 0 of 6 guesses")
        normal = await table.reply(table.carol, "wordle start")
        assert alt(normal).startswith("Wordle practice board, 0 of 6 guesses"), alt(normal)
