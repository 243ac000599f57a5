"""/wordle start kind:archive through the fake Discord with the real discord.py client: a past
daily by number or date, private, labelled as the archive, never posted to the channel or the
daily results, played once; today's and future puzzles refused with the reason."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.core.daily import server_daily_word
from tests.discord.boards import assert_board, note, title
from tests.discord.conftest import SALT, Table
from tests.discord.test_bot_e2e import EPHEMERAL, public_text, refused
from tests.support import ANSWERS


async def test_an_archive_puzzle_by_number_and_by_date(table: Table):
    table.clock.now = datetime(2026, 11, 20, 12, tzinfo=UTC)  # day 324 in UTC
    async with table.running():
        await table.reply(table.alice, "wordle settings", {"results_channel": table.results})
        start = await table.reply(table.bob, "wordle start", {"kind": "archive", "number": 300})
        assert start.ephemeral and start.flags & EPHEMERAL
        assert title(start) == "Wordle 300 · archive"
        assert note(start) == ("Wordle 300 · archive: only you can see this board. "
                               "Press Guess or /guess a 5-letter word.")
        settings = await table.service.settings(table.guild.id)
        answer = server_daily_word(300, table.words.answers, SALT, table.guild.id,
                                   settings.daily_order_from or 0)
        miss = next(w for w in ANSWERS if w != answer)
        inter, resp = await table.ask(table.bob, "guess", {"word": miss})
        assert resp.ephemeral
        assert_board(resp.message, answer, [miss])
        inter, resp = await table.ask(table.bob, "guess", {"word": answer})
        assert resp.ephemeral
        [board] = await inter.wait_for_messages(1)
        assert_board(board, answer, [miss, answer])
        # Nothing in the channel, nothing in the results channel.
        everything = public_text(table) + public_text(table, table.results)
        assert "archive" not in everything and answer.upper() not in everything.upper()
        assert table.fake.channel_messages(table.results) == []

        # Played once; today's puzzle is the daily; the future is not out yet.
        text = await refused(table, table.bob, "wordle start", {"kind": "archive",
                                                                 "number": 300})
        assert text.startswith("You've already played Wordle 300 from the archive; each archive "
                               "puzzle is played once.")
        assert "Wordle 300 · archive 2/6" in text
        text = await refused(table, table.bob, "wordle start", {"kind": "archive",
                                                                 "date": "2026-11-20"})
        assert text == "Wordle 324 is today's daily: play it with /wordle start kind:daily."
        text = await refused(table, table.carol, "wordle start", {"kind": "archive",
                                                                   "number": 400})
        assert text.startswith("Wordle 400 hasn't come out yet")
        text = await refused(table, table.carol, "wordle start", {"kind": "archive",
                                                                   "date": "20/11/2026"})
        assert text == "'20/11/2026' isn't a date: write it as YYYY-MM-DD, like 2026-03-15."

        # By date, in Paris: 23:30 UTC on 31 January is 1 February there, so 31 January is past.
        await table.reply(table.alice, "wordle settings", {"timezone": "Europe/Paris"})
        table.clock.now = datetime(2026, 1, 31, 23, 30, tzinfo=UTC)
        start = await table.reply(table.carol, "wordle start", {"kind": "archive",
                                                                 "date": "2026-01-31"})
        assert title(start) == "Wordle 31 · archive"
        stats = await table.reply(table.bob, "wordle stats", {"mode": "archive"})
        assert "Played 1 · Win % 100" in stats.embed["description"]
