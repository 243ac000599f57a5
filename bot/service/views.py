"""Small helpers the use cases share: an option checked against its enum, and the win a
statistics picture lights."""

from __future__ import annotations

from enum import StrEnum
from typing import TypeVar

from bot.core.domain import StatsBucket
from bot.core.stats import stats_key
from bot.core.variant import CLASSIC, Variant
from bot.service.errors import BadOption, Place, Problem
from bot.storage.port import Store

E = TypeVar("E", bound=StrEnum)


def option(enum: type[E], value: object, problem: Problem) -> E:
    """``value`` as a member of ``enum``, else :class:`BadOption` with ``problem``."""
    if isinstance(value, str):
        try:
            return enum(value)
        except ValueError:
            pass
    raise BadOption(problem)


async def latest_win(store: Store, place: Place, player_id: int,
                     bucket: StatsBucket | str, variant: Variant = CLASSIC) -> int | None:
    """The attempts of the player's last finished game here, when it was won and counts in
    ``bucket`` and ``variant`` (the bar a statistics picture lights), else ``None``."""
    game = await store.last_finished_game(place.guild_id, place.channel_id, player_id)
    if (game is None or not game.won
            or stats_key(game.bucket, game.variant) != stats_key(bucket, variant)):
        return None
    return game.attempts_used
