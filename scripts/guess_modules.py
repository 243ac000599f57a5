"""The modules of ``bot/`` whose code runs while the bot answers one ``/guess``.

    uv run python scripts/guess_modules.py

The real bot runs in this process against the fake Discord of ``tests/fakediscord``, with the
pictures' parts drawn ahead as the bot's warm-up draws them (``bot.app.warm_up``; the solver
is not loaded). After one guess to get first-use work done, a profiler hook on every thread
notes each file under ``bot/`` that runs while the bot answers a guess, then the guess that
wins; both lists are printed by layer, for ``docs/architecture.md``.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.app import WordleBot  # noqa: E402
from bot.core.words import load_word_lists  # noqa: E402
from bot.render.image import draw_every_part  # noqa: E402
from bot.render.stats_image import draw_common_parts  # noqa: E402
from bot.render.themes import THEMES  # noqa: E402
from bot.service import GameService  # noqa: E402
from bot.storage import SqliteStore  # noqa: E402
from tests.fakediscord import FakeDiscord  # noqa: E402
from tests.support import Clock, Picker  # noqa: E402

BOT = str(ROOT / "bot") + "/"
HIDDEN, WRONG, WARM_UP = "crane", "slate", "pious"
LAYERS = ("bot/cogs", "bot/render", "bot/service", "bot/core", "bot/storage")


class Seen:
    """The files under ``bot/`` that ran code while ``recording``, from any thread."""

    def __init__(self) -> None:
        self.recording = False
        self.files: set[str] = set()

    def hook(self, frame: FrameType, event: str, _arg: Any) -> None:
        if self.recording and event == "call" and frame.f_code.co_filename.startswith(BOT):
            self.files.add(frame.f_code.co_filename)

    @contextmanager
    def record(self) -> Iterator[set[str]]:
        self.files = set()
        self.recording = True
        try:
            yield self.files
        finally:
            self.recording = False


def modules(files: set[str]) -> list[str]:
    return sorted(str(Path(f).relative_to(ROOT)) for f in files)


def layer(module: str) -> str:
    return next((name for name in LAYERS if module.startswith(name + "/")), "bot")


def report(title: str, files: set[str]) -> None:
    found = modules(files)
    counts = {name: sum(layer(m) == name for m in found) for name in ("bot", *LAYERS)}
    print(f"{title}: {len(found)} modules "
          f"({', '.join(f'{n} {name}' for name, n in counts.items() if n)})")
    for module in found:
        print(f"  {module}")


async def main() -> int:
    seen = Seen()
    threading.setprofile(seen.hook)  # threads started from now on (the database's, workers)
    sys.setprofile(seen.hook)
    words = load_word_lists()
    for theme in THEMES:  # as bot.app.warm_up does before the first players come
        draw_every_part(theme)
        draw_common_parts(theme)
    picker = Picker(default=HIDDEN)
    with tempfile.TemporaryDirectory() as folder:
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Wordle Club")
            channel = fake.add_text_channel(guild, "general")
            player = fake.add_member(guild, "alice")
            db = await SqliteStore.open(Path(folder) / "wordle.sqlite3")
            try:
                service = GameService(db, words, daily_salt="guess-modules", clock=Clock(),
                                      choose=picker)
                bot = WordleBot(service, dev_guild_id=guild.id, warm_solver=False)
                async with fake.run_bot(bot):
                    for turn in range(2):  # the second game is the one recorded
                        start = await fake.invoke(channel, player, "wordle start")
                        await start.wait_for_messages(1)
                        first = WARM_UP if turn == 0 else WRONG
                        with seen.record() if turn else _nothing() as ongoing:
                            await _guess(fake, channel, player, first)
                        with seen.record() if turn else _nothing() as winning:
                            await _guess(fake, channel, player, HIDDEN)
                        await fake.settle(quiet=0.1)
            finally:
                await db.close()
    sys.setprofile(None)
    threading.setprofile(None)
    report("a guess that does not end the game", ongoing)
    report("the guess that wins it", winning)
    report("either", ongoing | winning)
    return 0


@contextmanager
def _nothing() -> Iterator[set[str]]:
    yield set()


async def _guess(fake: FakeDiscord, channel: Any, player: Any, word: str) -> None:
    interaction = await fake.invoke(channel, player, "guess", {"word": word})
    await interaction.wait_for_messages(1)
    await fake.settle(quiet=0.1)


if __name__ == "__main__":
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()
    sys.exit(asyncio.run(main()))
