"""Interaction latency over 100 guesses, printed at the end of the test run for the CI log.

No timing is asserted beyond Discord's own rule (a first answer within 3 s); the figures are
for reading. ``benchmarks/discord_latency.py`` measures the same on the shipped word lists.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from benchmarks.discord_latency import GUESSES_PER_PLAYER, make_plans, measure, summary
from tests.discord.conftest import Table

GUESSES = 100


async def test_latency_of_100_guesses(table: Table, report_line: Callable[[str], None]) -> None:
    players = [table.fake.add_member(table.guild, f"player{i}")
               for i in range(GUESSES // GUESSES_PER_PLAYER)]
    plans, picks = make_plans(players, table.words, table.daily_answer(), random.Random(7))
    table.picker.queue.extend(picks)
    async with table.running() as run:
        latencies = await measure(table.fake, table.general, plans)
        assert len(latencies) == GUESSES
        assert max(latencies) < 3.0  # Discord's deadline for the first answer

        # every game was played to the end and counted
        for plan in plans:
            mode = "daily" if plan.kind == "daily" else "practice"
            stats = await run.service.stats(table.guild.id, plan.player.id, mode)
            assert (stats.played, stats.wins) == (1, 1), plan
        summary_post = [m for m in table.fake.channel_messages(table.general)
                        if m.via == "channel"]
        assert len(summary_post) == 1  # one results post for the daily, edited as people finish
        assert summary_post[0].edit_count == sum(p.kind == "daily" for p in plans) - 1
    report_line(summary(latencies, f"discord interaction latency over {GUESSES} guesses "
                                   "(first answer, one at a time)"))
