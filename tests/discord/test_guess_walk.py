"""How many of the bot's modules one ``/guess`` runs code in, with the real client through the
fake Discord: few, so that a newcomer can follow a guess from the interaction to the store and
back. The Discord glue and the service are held to :data:`MOST_GLUE_AND_SERVICE`; the whole walk
is printed at the end of the run."""

from __future__ import annotations

import asyncio
import concurrent.futures
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

import bot
from bot.render.image import draw_every_part
from tests.discord.conftest import Table

#: Modules of bot/cogs and bot/service a guess in an own game may run code in.
MOST_GLUE_AND_SERVICE = 12
#: Modules of bot/cogs, and of bot/render, a guess that does not end its game may run code in
#: once the pictures' parts are drawn (as the bot's warm-up draws them).
MOST_COGS = MOST_RENDER = 3
_ROOT = str(Path(bot.__file__).resolve().parent) + "/"


async def walk_of(table: Table, word: str) -> set[str]:
    """The modules of ``bot`` whose functions ran while the bot answered a /guess of ``word``
    by bob (on the event loop and in the threads that drew the board)."""
    seen: set[str] = set()

    def note(frame: FrameType, event: str, arg: Any) -> None:
        if event == "call" and frame.f_code.co_filename.startswith(_ROOT):
            seen.add("bot/" + frame.f_code.co_filename[len(_ROOT):])

    loop = asyncio.get_running_loop()
    loop.set_default_executor(concurrent.futures.ThreadPoolExecutor(2))  # new threads: noted
    profile: Callable[..., Any] = note
    threading.setprofile(profile)
    sys.setprofile(profile)
    try:
        guess = await table.invoke(table.bob, "guess", {"word": word})
        await guess.wait_for_messages(1)
    finally:
        sys.setprofile(None)
        threading.setprofile(None)  # type: ignore[arg-type]
    return seen


async def test_a_guess_walks_through_few_modules(table: Table,
                                                 report_line: Callable[[str], None]) -> None:
    table.picker.queue.append("crane")
    async with table.running():
        await table.reply(table.bob, "wordle start")
        await table.reply(table.bob, "guess", {"word": "slate"})  # parts drawn, look read
        await asyncio.to_thread(draw_every_part, "light")
        seen = await walk_of(table, "pious")
    ours = sorted(m for m in seen if m.startswith(("bot/cogs/", "bot/service/")))
    assert "bot/cogs/play.py" in ours and "bot/service/moves.py" in ours, sorted(seen)
    assert len(ours) <= MOST_GLUE_AND_SERVICE, "\n".join(ours)
    for layer, most in (("bot/cogs/", MOST_COGS), ("bot/render/", MOST_RENDER)):
        modules = sorted(m for m in seen if m.startswith(layer))
        assert len(modules) <= most, "\n".join(modules)
    report_line(f"a /guess runs code in {len(seen)} bot modules: {', '.join(sorted(seen))}")
