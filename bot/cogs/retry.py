"""Trying again a public message the bot keeps up to date (a race's message, the daily results
post) when Discord or the database fails for a moment.

discord.py itself retries a rate limit (429) and a few server errors, for about 25 s at most;
a 503, or a longer outage, reaches the bot as an exception. Such a message changes only when a
player moves, so without another try the last state of a finished race or the day's last
finisher would never be shown.
"""

from __future__ import annotations

import aiohttp
import discord

from bot.storage.errors import StorageError

#: Seconds before each further try (about 8 minutes in all), after which the bot gives up.
RETRY_DELAYS: tuple[float, ...] = (5.0, 15.0, 45.0, 120.0, 300.0)


def passing(error: BaseException) -> bool:
    """Whether ``error`` may pass if tried again later: Discord's server errors and rate
    limits, a network failure or time-out, a moment without the database. Not a missing
    permission, a deleted channel or a refused message, which another try would not change."""
    if isinstance(error, discord.HTTPException):
        return error.status >= 500 or error.status == 429
    return isinstance(error, aiohttp.ClientError | OSError | TimeoutError | StorageError)


def retry_delay(failures: int) -> float | None:
    """Seconds to wait after the ``failures``-th failure in a row (1 for the first), or
    ``None`` once the tries are used up."""
    return RETRY_DELAYS[failures - 1] if failures <= len(RETRY_DELAYS) else None

