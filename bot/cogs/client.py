"""The bot as its cogs and buttons see it: a client holding the service and the parts a click
reaches, typed, so a button finds what it calls on ``interaction.client``."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from bot.shards import owns_guild

if TYPE_CHECKING:
    from bot.cogs.live_races import LiveRaces
    from bot.cogs.play import PlayCog
    from bot.cogs.results_post import ResultsPost
    from bot.service import GameService
    from bot.service.races import RaceService


class WordleClient(commands.AutoShardedBot):
    """What :func:`bot.cogs.add_cogs` puts on the bot: the game and race services, the moves
    of players (:class:`~bot.cogs.play.PlayCog`), the live race messages and the daily
    results post."""

    service: GameService
    races: RaceService
    play: PlayCog
    live_races: LiveRaces
    results_post: ResultsPost

    def owns_guild(self, guild_id: int | None) -> bool:
        """Whether this process runs the shard of that server (its background work is ours)."""
        return owns_guild(guild_id, self.shard_count, self.shard_ids)


def wordle_client(interaction: discord.Interaction) -> WordleClient:
    """The bot an interaction came to (a button's or a modal's)."""
    client = interaction.client
    if not isinstance(client, WordleClient):
        raise RuntimeError("the Wordle cogs are not on this client")
    return client
