"""/wordle leaderboard by period, through the fake Discord with the real discord.py client: the
server's time zone decides the month, your own rank shows below the top list, and a streak by
period is refused with the reason."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.cogs.wordle import WordleCog
from bot.core.periods import Period
from bot.service import Place
from tests.discord.conftest import Table
from tests.discord.test_bot_e2e import mention, refused
from tests.discord.test_choices import choices


def test_the_period_choices_are_the_domains():
    sub = {c.name: c for c in WordleCog.wordle.commands}
    assert choices(sub["leaderboard"], "period") == [p.value for p in Period]


async def win(table: Table, player: int, when: datetime, times: int = 1) -> None:
    for _ in range(times):
        table.clock.now = when
        place = Place(table.guild.id, table.general.id)
        await table.service.start(place, player)
        assert (await table.service.guess(place, player, "crane")).finish is not None


async def test_month_board_in_paris_with_your_own_rank_below_the_top_ten(table: Table):
    async with table.running():
        await table.reply(table.alice, "wordle settings", {"timezone": "Europe/Paris"})
        # 23:30 UTC on January 31 is 00:30 on February 1 in Paris: February's board.
        await win(table, table.bob.id, datetime(2026, 1, 31, 23, 30, tzinfo=UTC), times=3)
        await win(table, table.carol.id, datetime(2026, 1, 31, 22, 30, tzinfo=UTC), times=5)
        for player in range(1, 11):
            await win(table, player, datetime(2026, 2, 3, 9, 0, tzinfo=UTC), times=2)
        await win(table, table.dave.id, datetime(2026, 2, 3, 10, 0, tzinfo=UTC))

        table.clock.now = datetime(2026, 2, 5, 12, 0, tzinfo=UTC)
        board = await table.reply(table.dave, "wordle leaderboard",
                                  {"mode": "practice", "period": "month"})
        assert board.embed["title"] == (
            "Leaderboard · practice · English, 5 letters · this month · by wins")
        assert board.embed["footer"]["text"] == "February 2026 (Europe/Paris time)"
        lines = board.embed["description"].split("\n")
        assert lines[0] == f"**1.** {mention(table.bob)} · 3"
        assert mention(table.carol) not in board.embed["description"]  # January 31 in Paris
        assert len(lines) == 12 and lines[10] == "…"
        assert lines[11] == f"**12.** {mention(table.dave)} · 1 (you)"

        # All time: carol's five wins lead.
        board = await table.reply(table.dave, "wordle leaderboard", {"mode": "practice"})
        assert board.embed["title"] == "Leaderboard · practice · English, 5 letters · by wins"
        assert "footer" not in board.embed
        assert board.embed["description"].startswith(f"**1.** {mention(table.carol)} · 5")

        # This week (from Monday 2 February, Paris): bob's games were the week before.
        board = await table.reply(table.carol, "wordle leaderboard",
                                  {"mode": "practice", "period": "week",
                                   "by": "win_percent"})
        assert mention(table.bob) not in board.embed["description"]
        assert board.embed["description"].endswith("You're not on this board yet.")
        assert board.embed["footer"]["text"] == ("Monday 2 – Sunday 8 February 2026 "
                                                 "(Europe/Paris time)")

        text = await refused(table, table.bob, "wordle leaderboard",
                             {"by": "max_streak", "period": "today"})
        assert "ranked for all time only" in text
