"""``/wordle prefs`` through the fake Discord: high contrast changes the board's emoji, picture,
accent, share grid and statistics picture; a dark picture; text only sends no picture; a bad
time zone is refused; other players keep their own look."""

from __future__ import annotations

from bot.cogs import board as layout
from bot.cogs.board import CONTRAST_PLAYING, CONTRAST_WON
from bot.core.feedback import score
from bot.render import stats_image as stats_pic
from bot.render.image import DARK, LIGHT, tile_box
from bot.render.themes import DARK_CONTRAST, LIGHT_CONTRAST
from tests.discord.boards import alt, board_text, fields, stats_picture
from tests.discord.conftest import Table
from tests.fakediscord.models import FakeMessage

ORANGE, BLUE = LIGHT_CONTRAST.green, LIGHT_CONTRAST.yellow


def tile_colour(message: FakeMessage, row: int, column: int) -> tuple[int, int, int]:
    png = next(m for m in message.media() if m.filename == "board.png")
    left, top, _, _ = tile_box(row, column, header=True)
    return png.image().convert("RGB").getpixel((left + 4, top + 4))


async def test_high_contrast_changes_board_picture_share_and_statistics(table: Table) -> None:
    table.picker.queue.append("crane")
    async with table.running():
        saved = await table.reply(table.bob, "wordle prefs", {"high_contrast": True})
        assert saved.ephemeral and saved.embed["title"] == "Preferences saved"
        assert "high contrast" in saved.embed["description"]
        assert "🟧" in saved.embed["description"]  # the example row

        await table.reply(table.bob, "wordle start")
        board = await table.reply(table.bob, "guess", {"word": "trace"})
        feedback = score("trace", "crane")  # YGGBG... letters in and out of place
        assert "Y" in feedback and "G" in feedback
        text = alt(board)
        assert "TRACE: " + " ".join({"G": "orange", "Y": "blue", "B": "grey"}[s]
                                    for s in feedback) in text
        assert "green" not in text and "yellow" not in text
        assert board.accent_color == CONTRAST_PLAYING
        for column, state in enumerate(feedback):
            assert tile_colour(board, 0, column) == LIGHT_CONTRAST.state(state)

        inter = await table.invoke(table.bob, "guess", {"word": "crane"})
        (done,) = await inter.wait_for_messages(1)
        assert done.accent_color == CONTRAST_WON
        share = fields(done)["Share"]
        assert share.endswith("🟧🟧🟧🟧🟧") and "🟩" not in share and "🟨" not in share
        assert "🟦" in share
        # the statistics picture beside it lights this game's bar (2 guesses) orange
        picture = stats_picture(done).convert("RGB")
        left, top, _, _ = stats_pic.bar_box(2, 1, 1)
        assert picture.getpixel((left + 2, top + 2)) == ORANGE

        # carol never set anything: the game's colours
        table.picker.queue.append("crane")
        await table.reply(table.carol, "wordle start")
        theirs = await table.reply(table.carol, "guess", {"word": "trace"})
        assert "green" in alt(theirs) and "orange" not in alt(theirs)
        assert tile_colour(theirs, 0, 1) == LIGHT.green
        assert theirs.accent_color == layout.DEFAULT_LOOK.playing


async def test_dark_picture_and_text_only(table: Table) -> None:
    table.picker.queue.extend(["crane", "crane"])
    async with table.running():
        await table.reply(table.bob, "wordle prefs", {"dark": True})
        await table.reply(table.bob, "wordle start")
        board = await table.reply(table.bob, "guess", {"word": "slate"})
        png = next(m for m in board.media() if m.filename == "board.png").image().convert("RGB")
        assert png.getpixel((2, 2)) == DARK.background
        assert tile_colour(board, 0, 2) == DARK.green  # the A of SLATE is in place

        both = await table.reply(table.bob, "wordle prefs", {"high_contrast": True})
        assert "dark" in both.embed["description"]
        board = await table.reply(table.bob, "guess", {"word": "trace"})
        assert tile_colour(board, 1, 1) == DARK_CONTRAST.green == ORANGE

        # text only: no picture on the board, none with the statistics; the text stays
        await table.reply(table.bob, "wordle prefs", {"text_only": True})
        board = await table.reply(table.bob, "wordle board")
        assert board.attachments == [] and board.media() == []
        assert board.find_components(12) == []  # no gallery
        text = board_text(board)
        assert text.splitlines()[0].startswith(
            "".join({"G": "🟧", "Y": "🟦", "B": "⬛"}[s] for s in score("slate", "crane")))
        assert "🟩" not in text and "🟨" not in text
        inter = await table.invoke(table.bob, "guess", {"word": "crane"})
        (done,) = await inter.wait_for_messages(1)
        assert done.attachments == [] and "🟧🟧🟧🟧🟧" in fields(done)["Share"]
        stats = await table.reply(table.bob, "wordle stats", {"mode": "practice"})
        assert stats.attachments == [] and "image" not in stats.embed
        assert "Played" in stats.text() or "played" in stats.text().lower()

        # and back to a picture
        await table.reply(table.bob, "wordle prefs", {"text_only": False})
        stats = await table.reply(table.bob, "wordle stats", {"mode": "practice"})
        assert [a.filename for a in stats.attachments] == ["stats.png"]
        picture = stats.attachments[0].image().convert("RGB")
        assert picture.getpixel((2, 2)) == DARK_CONTRAST.background


async def test_the_daily_share_grid_in_the_channel_follows_the_player(table: Table) -> None:
    answer = table.daily_answer()
    async with table.running():
        await table.reply(table.bob, "wordle prefs", {"high_contrast": True})
        await table.reply(table.bob, "wordle start", {"kind": "daily"})
        inter = await table.invoke(table.bob, "guess", {"word": answer})
        board, share = await inter.wait_for_messages(2)
        assert board.ephemeral and not share.ephemeral
        assert share.content.endswith("🟧🟧🟧🟧🟧")
        # the grid told again when the daily is started twice is in the same colours
        again = await table.reply(table.bob, "wordle start", {"kind": "daily"})
        assert "already played" in again.content and again.content.endswith("🟧🟧🟧🟧🟧")


async def test_a_bad_time_zone_is_refused_and_nothing_changes(table: Table) -> None:
    async with table.running():
        await table.reply(table.bob, "wordle prefs", {"high_contrast": True})
        refused = await table.reply(table.bob, "wordle prefs",
                                    {"timezone": "Europe/Pariss", "dark": True})
        assert refused.ephemeral and "Europe/Paris" in refused.content
        shown = await table.reply(table.bob, "wordle prefs")
        assert shown.embed["title"] == "Your preferences"
        assert "high contrast" in shown.embed["description"]
        assert "light" in shown.embed["description"] and "**UTC**" in shown.embed["description"]
