"""The commands' cooldown: the bot's buckets (``bot.cogs.interact.cooldown``) beside
discord.py's ``app_commands.checks.cooldown``, per use, at a given rate of guesses.

    uv run python benchmarks/cooldowns.py [--rates 10,100,300,1000] [--seconds 20]

Each rate is guesses a second from different players (a busy bot: each player guesses about
once in the cooldown's 10 s), so that many buckets are alive at once. Both checks see the
same interactions; the figure is the event loop's time per use, after one period to fill the
buckets. ``--cpu-per-guess`` (the bot's CPU per guess in milliseconds, as
``discord_latency.py`` prints it) turns each figure into a share of a guess.
"""

from __future__ import annotations

import argparse
import asyncio
import time
from collections.abc import Callable
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

from discord import app_commands

from bot.cogs.interact import Buckets, cooldown, player_key

RATE, PER = 5, 10.0


def check_of(decorator: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """The check a cooldown decorator puts on a command."""
    async def command(interaction: Any) -> None: ...
    return decorator(command).__discord_app_commands_checks__[0]


def interactions(rate: int, seconds: float) -> list[Any]:
    """``rate`` interactions a second for ``seconds``, each player's once per period."""
    players = max(1, int(rate * PER))
    start = 1_700_000_000.0
    return [SimpleNamespace(user=SimpleNamespace(id=i % players), guild_id=1,
                            created_at=datetime.fromtimestamp(start + i / rate, UTC))
            for i in range(int(rate * seconds))]


async def per_use(check: Callable[[Any], Any], uses: list[Any], warm: int) -> float:
    """Microseconds per use of ``check`` over ``uses[warm:]``."""
    async def use(interaction: Any) -> None:
        try:
            result = check(interaction)
            if asyncio.iscoroutine(result):
                await result
        except app_commands.CommandOnCooldown:
            pass

    for interaction in uses[:warm]:
        await use(interaction)
    began = time.perf_counter()
    for interaction in uses[warm:]:
        await use(interaction)
    return (time.perf_counter() - began) / max(1, len(uses) - warm) * 1e6


async def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rates", default="10,100,300,1000",
                        help="guesses a second, comma-separated")
    parser.add_argument("--seconds", type=float, default=20.0,
                        help="seconds of guesses at each rate (the first 10 fill the buckets)")
    parser.add_argument("--cpu-per-guess", type=float, default=2.5,
                        help="the bot's CPU per guess in ms, for the share")
    args = parser.parse_args()
    seconds = max(args.seconds, PER + 1)
    for rate in (int(r) for r in args.rates.split(",")):
        uses = interactions(rate, seconds)
        warm = int(rate * PER)
        ours = await per_use(check_of(cooldown(Buckets(RATE, PER))), uses, warm)
        theirs = await per_use(check_of(app_commands.checks.cooldown(RATE, PER, key=player_key)),
                               uses, warm)
        share = 1000 * args.cpu_per_guess
        print(f"{rate:,} guesses/s ({int(rate * PER):,} buckets alive): bot {ours:.1f} us "
              f"({ours / share:.1%} of a guess), discord.py {theirs:.1f} us "
              f"({theirs / share:.1%} of a guess) per use")
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
