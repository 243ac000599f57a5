"""Stopping the bot during a race, with the real bot through the fake Discord and a real
``python -m bot``: a stop (SIGTERM, Ctrl-C: :func:`bot.app.drain`) lets the race messages'
pending edits go out at once instead of waiting out the spacing between edits, so the message
shows the race as it is before the bot closes (a race's end never waits for the spacing); it
does not wait for the race timers (they sleep until their race ends)."""

from __future__ import annotations

import os
import signal
from datetime import timedelta
from pathlib import Path

from bot.app import WordleBot, drain
from bot.service.races import RaceTiming
from tests.discord.conftest import Table
from tests.discord.test_race_mode import guess_on, join, racing, start
from tests.discord.test_stop_signal import bot_env
from tests.fakediscord import FakeDiscord

#: Edits so far apart that a stop would never see the next one without being hurried.
SLOW_EDITS = RaceTiming(minute=timedelta(seconds=1), edit_every=60.0)


async def test_a_stop_lets_a_pending_race_edit_go_out_and_not_the_timers(
        table: Table) -> None:
    table.picker.queue.extend(["crane", "lemon"])
    bots: list[WordleBot] = []
    async with racing(table, SLOW_EDITS, bots=bots):
        race = await start(table, table.alice, minutes=60)
        board = await join(table, race, table.bob)  # its edit waits out the spacing
        await guess_on(table, board, table.bob, "slate")
        other = await start(table, table.carol, minutes=60, channel=table.results)
        await table.fake.settle(quiet=0.3)
        assert f"<@{table.bob.id}>" not in race.text()
        cog = bots[0].live_races
        assert len(cog.timers) == 2
        assert await drain(5.0) == 0  # the timers (an hour to go) are not waited for
        assert f"⏳ <@{table.bob.id}> ⬛⬛🟩⬛🟩 · 1/6 ·" in race.text()
        assert [b["label"] for b in race.buttons()] == ["Join", "End race"]
        assert [not t.done() for t in cog.timers.values()] == [True, True]
        assert "Nobody has joined yet" in other.text()


async def test_sigterm_lets_a_pending_race_edit_go_out(tmp_path: Path) -> None:
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Stops")
        channel = fake.add_text_channel(guild, "races")
        alice = fake.add_member(guild, "alice")
        bob = fake.add_member(guild, "bob")
        async with fake.start_process("bot", "--env-file", os.devnull, "--sync-global",
                                      env=bot_env(tmp_path), stop_timeout=20.0) as proc:
            await fake.wait_for(lambda: "wordle race" in fake.command_paths(), 60,
                                "/wordle race synced")
            started = await fake.invoke(channel, alice, "wordle race", {"minutes": 60})
            (race,) = await started.wait_for_messages(1, timeout=20)
            joined = await fake.click(race, bob, label="Join")
            await joined.wait_for_messages(1, timeout=20)
            # the edit showing Bob waits out the 5 s between edits: stop meanwhile
            assert f"<@{bob.id}>" not in race.text()
            assert proc.proc is not None
            proc.proc.send_signal(signal.SIGTERM)
            assert await proc.wait(timeout=20) == 0, proc.output()
            assert f"⏳ <@{bob.id}> · · 0/6 ·" in race.text(), proc.output()
            assert "Traceback" not in proc.output()
