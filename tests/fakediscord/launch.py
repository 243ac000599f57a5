"""Run a bot in its own process against a FakeDiscord running in another process (the test).

    python -m tests.fakediscord.launch [--fake http://127.0.0.1:PORT] TARGET [ARGS...]

TARGET is ``-m package.module`` (run as ``__main__``, like ``python -m``; for example
``-m bot`` runs the real wordle-bot) or ``package.module:function`` (called with ARGS as a
list of strings; a coroutine it returns is run with ``asyncio.run``). Before the target runs,
discord.py's REST base and default gateway are pointed at the fake (``--fake``, else the
``FAKEDISCORD_URL`` environment variable). ``FakeDiscord.process_env()`` gives the environment
for such a child (``FAKEDISCORD_URL`` and the bot token as ``DISCORD_TOKEN``);
``FakeDiscord.start_process(...)`` starts one and keeps its output.
"""

from __future__ import annotations

import asyncio
import importlib
import inspect
import os
import runpy
import sys
from collections.abc import Sequence

ENV_URL = "FAKEDISCORD_URL"


def point_discord_at(base_url: str | None = None) -> str:
    """Point discord.py (this process) at a fake Discord at ``base_url``
    (``http://127.0.0.1:PORT``; default: ``$FAKEDISCORD_URL``). Returns the URL used."""
    import yarl
    from discord.gateway import DiscordWebSocket
    from discord.http import Route

    url = (base_url or os.environ.get(ENV_URL) or "").rstrip("/")
    if not url.startswith("http://127.0.0.1:"):
        raise SystemExit(f"fakediscord.launch: need --fake or ${ENV_URL} (got {url!r})")
    Route.BASE = f"{url}/api/v10"
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(url.replace("http://", "ws://") + "/gateway/")
    return url


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    url = None
    if args[:1] == ["--fake"]:
        url, args = args[1], args[2:]
    if not args:
        raise SystemExit(__doc__)
    point_discord_at(url)
    if args[0] == "-m":
        if len(args) < 2:
            raise SystemExit("fakediscord.launch: -m needs a module")
        sys.argv = [args[1], *args[2:]]
        runpy.run_module(args[1], run_name="__main__", alter_sys=True)
        return 0
    module_name, _, func_name = args[0].partition(":")
    if not func_name:
        raise SystemExit("fakediscord.launch: TARGET is -m module or module:function")
    func = getattr(importlib.import_module(module_name), func_name)
    result = func(args[1:])
    if inspect.iscoroutine(result):
        result = asyncio.run(result)
    return int(result or 0)


if __name__ == "__main__":
    sys.exit(main())
