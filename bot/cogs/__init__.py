"""Discord glue: the cogs that turn interactions into service calls and results into messages
(:func:`add_cogs` puts them on the bot)."""

from __future__ import annotations

from bot.cogs.client import WordleClient
from bot.cogs.live_races import LiveRaces
from bot.cogs.play import PlayCog
from bot.cogs.results_post import ResultsPost
from bot.cogs.wordle import WordleCog
from bot.service.moves import Moves


async def add_cogs(bot: WordleClient) -> None:
    """Put the cogs on ``bot`` (its ``service`` and ``races`` set), with the parts its buttons
    reach as its typed attributes."""
    bot.results_post = ResultsPost(bot, bot.service)
    bot.live_races = LiveRaces(bot, bot.races)
    bot.play = PlayCog(bot, Moves(bot.service, bot.races))
    for cog in (bot.results_post, bot.live_races, bot.play, WordleCog(bot)):
        await bot.add_cog(cog)
