"""A per-player cooldown for app commands that costs the same with ten players or ten thousand.

``app_commands.checks.cooldown`` behaves as wanted (a bucket of ``rate`` uses per ``per``
seconds for each key, refused with ``CommandOnCooldown``), but each use first walks every
bucket it holds to drop the expired ones: every player who used the command in the last
``per`` seconds, on the event loop.

:func:`cooldown` keeps discord.py's buckets (:class:`discord.app_commands.Cooldown`) and its
error, so the refusal reads the same; its buckets are kept in a
:class:`bot.cogs.recent.Recent`, where each expired one is dropped once.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

import discord
from discord import app_commands

from bot.cogs.recent import Recent

T = TypeVar("T")


class Buckets:
    """Each key's bucket, forgotten once unused for ``per`` seconds (it is full again then)."""

    def __init__(self, rate: int, per: float) -> None:
        if rate < 1 or per <= 0:
            raise ValueError("a cooldown needs a rate of at least 1 and a positive period")
        self.rate = rate
        self.per = per
        self._buckets: Recent[Hashable, app_commands.Cooldown] = Recent(per)

    def __len__(self) -> int:
        return len(self._buckets)

    def use(self, key: Hashable, now: float) -> tuple[app_commands.Cooldown, float] | None:
        """Take one use of ``key``'s bucket at ``now`` (seconds): None if it had one left,
        else the bucket and the seconds until it has."""
        bucket = self._buckets.get(key, now)
        if bucket is None:
            bucket = app_commands.Cooldown(self.rate, self.per)
        self._buckets.put(key, bucket, now)
        retry_after = bucket.update_rate_limit(now)
        return None if retry_after is None else (bucket, retry_after)


#: A player's guesses and hints, per server: 5 guesses and 3 hints in 10 seconds, spent alike
#: by /guess and /hint and by the board's modal and hint buttons (:func:`spend`).
GUESSES = Buckets(5, 10.0)
HINTS = Buckets(3, 10.0)
#: A player's analyses (each one a solver search per guess), per server: 2 in 30 seconds.
ANALYSES = Buckets(2, 30.0)
#: A player's leaderboards (each ranks every player of the server), per server: 3 in 10 s.
LEADERBOARDS = Buckets(3, 10.0)


def player_key(interaction: discord.Interaction) -> Hashable:
    return (interaction.guild_id, interaction.user.id)


def spend(buckets: Buckets, interaction: discord.Interaction,
          key: Callable[[discord.Interaction], Hashable] = player_key) -> None:
    """Take one use of the interaction's bucket, else raise
    :class:`discord.app_commands.CommandOnCooldown` (as ``app_commands.checks.cooldown``).
    Times are the interactions' own (``created_at``)."""
    spent = buckets.use(key(interaction), interaction.created_at.timestamp())
    if spent is not None:
        raise app_commands.CommandOnCooldown(*spent)


def cooldown(buckets: Buckets,
             key: Callable[[discord.Interaction], Hashable] = player_key) -> Callable[[T], T]:
    """An app command check that spends one use of ``buckets`` (:func:`spend`)."""

    def predicate(interaction: discord.Interaction) -> bool:
        spend(buckets, interaction, key)
        return True

    return app_commands.check(predicate)
