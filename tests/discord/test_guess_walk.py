"""How many of the bot's modules one ``/guess`` runs code in, with the real client through the
fake Discord: few, so that a newcomer can follow a guess from the interaction to the store and
back. Each layer is held to at most :data:`MOST_PER_LAYER` modules in a guess that does not end
its game, the whole walk to :data:`MOST_IN_ALL`, and the service and core to
:data:`MOST_WHEN_WON` in the guess that wins it; the whole
walk is printed at the end of the run."""

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

#: Modules of each layer a guess that does not end its game may run code in, once the
#: pictures' parts are drawn (as the bot's warm-up draws them). The words of the messages are
#: render's: the catalogues and the texts of a language are in ``bot/render/``.
MOST_PER_LAYER = {"bot/cogs/": 3, "bot/render/": 3, "bot/service/": 3, "bot/core/": 3,
                  "bot/storage/": 3}
#: The layers; a guess runs code in no module outside them, so each module it runs counts.
LAYERS = ("bot/cogs/", "bot/render/", "bot/service/", "bot/core/", "bot/storage/")
#: The modules of all layers a guess may run code in.
MOST_IN_ALL = 15
#: Service and core modules the guess that wins may run code in (it also saves the end, reads
#: the statistics and makes the share grid).
MOST_WHEN_WON = {"bot/service/": 5, "bot/core/": 6}
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


def counted(seen: set[str], layer: str) -> list[str]:
    """The modules of ``layer`` in ``seen`` that count against its limit."""
    return sorted(m for m in seen if m.startswith(layer))


async def test_a_guess_walks_through_few_modules(table: Table,
                                                 report_line: Callable[[str], None]) -> None:
    table.picker.queue.append("crane")
    async with table.running():
        await table.reply(table.bob, "wordle start")
        await table.reply(table.bob, "guess", {"word": "slate"})  # parts drawn, look read
        await asyncio.to_thread(draw_every_part, "light")
        seen = await walk_of(table, "pious")
        won = await walk_of(table, "crane")
    assert {"bot/cogs/play.py", "bot/service/moves.py", "bot/core/game.py"} <= seen, sorted(seen)
    outside = sorted(m for m in seen | won if not m.startswith(LAYERS))
    assert not outside, "\n".join(outside)
    for layer, most in MOST_PER_LAYER.items():
        modules = counted(seen, layer)
        assert len(modules) <= most, "\n".join(modules)
    assert len(seen) <= MOST_IN_ALL, "\n".join(sorted(seen))
    for layer, most in MOST_WHEN_WON.items():
        modules = counted(won, layer)
        assert len(modules) <= most, "\n".join(modules)
    report_line(f"a /guess runs code in {len(seen)} bot modules: {', '.join(sorted(seen))}")
