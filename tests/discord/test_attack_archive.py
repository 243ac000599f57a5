"""The archive attacked on purpose through the fake Discord (helper HA, session 3): odd
numbers and dates get a clear refusal and start nothing."""

from __future__ import annotations

from datetime import UTC, datetime

from tests.discord.conftest import Table
from tests.discord.test_bot_e2e import refused


async def test_only_a_plain_date_picks_an_archive_puzzle(table: Table) -> None:
    """Python's ``date.fromisoformat`` also reads ISO week dates, ten characters like a plain
    date: ``2026-W10-1`` started the puzzle of 2 March. Only YYYY-MM-DD is a date here."""
    table.clock.now = datetime(2026, 11, 20, 12, tzinfo=UTC)
    async with table.running():
        for text in ("2026-W10-1", "2026W101", "2026-03-0２", "2026-02-30", " 2026-3-15"):
            answer = await refused(table, table.bob, "wordle start",
                                   {"kind": "archive", "date": text})
            why = ("there is no such day." if text == "2026-02-30"  # written right, no day
                   else "write it as YYYY-MM-DD, like 2026-03-15.")
            assert answer.endswith(f"isn't a date: {why}"), (text, answer)
        early = "The archive starts at Wordle 1 (2026-01-01)."
        for number, expected in ((0, early), (-5, early), (
                2**53 - 1, "Wordle 9,007,199,254,740,991 hasn't come out yet here; the archive "
                           "holds past puzzles only.")):
            answer = await refused(table, table.bob, "wordle start",
                                   {"kind": "archive", "number": number})
            assert answer == expected, (number, answer)
        answer = await refused(table, table.bob, "wordle start",
                               {"kind": "archive", "date": "0001-01-01"})
        assert answer == early
        assert await table.service.db.archive_game(table.guild.id, table.bob.id, 61) is None
        # a plain date still works
        board = await table.reply(table.bob, "wordle start", {"kind": "archive",
                                                              "date": "2026-03-02"})
        assert board.ephemeral and "Wordle 61 · archive" in board.text()
