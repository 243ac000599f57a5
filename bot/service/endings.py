"""How a game ended, told with the move that ended it (:class:`~bot.service.results.Finish`):
the hints used and the players' statistics after it (the front ends draw the share grid from
the game and the hints: bot/render/share_words.py).

A guess that ends its game brings the guesser's figures back with the write, in the same
transaction (``Store.record_ending_guess``: one trip). Otherwise (a give-up, a player the game
does not count for) the move is saved before its figures are read. If the database goes away
between the two (a restart, a lost connection), the move still counted: the figures are
waited for a little (:data:`FIGURES_WAITS`), then the finish is told without them
(``Finish.figures`` false), so the player learns the result and the day's results post still
comes (it reads the hints itself).
The channel gets no share grid then: without the hints used it could pass a helped result off
as one without help.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Final

from bot.core.game import Game
from bot.core.stats import EndingFigures
from bot.service.results import Finish, PlayerStats
from bot.storage.errors import StorageUnavailable
from bot.storage.port import Store

log = logging.getLogger(__name__)

#: Seconds before each further read of a saved finish's figures while the database is away.
FIGURES_WAITS: Final[tuple[float, ...]] = (0.5, 1.0, 2.0)
#: Seconds the figures are waited for in all (a frozen database host answers each read only
#: when it times out).
FIGURES_DEADLINE: Final = 5.0


async def ending(db: Store, game: Game, player_id: int, today: int,
                 figures: EndingFigures | None = None) -> Finish:
    """How the game ended, told to ``player_id`` who ended it (``today``: the server's day):
    their statistics when the game counts for them, else those of every player it counts for
    (a challenge's setter who gave up sees the guessers'). ``figures``: the player's, read
    with the move that ended the game (``Store.record_ending_guess``); else they are read."""
    counted = game.counted_players
    stats: tuple[PlayerStats, ...]
    if figures is not None and player_id in counted:
        hints, stats = figures.hints, (PlayerStats(player_id, figures.stats),)
    else:
        shown = [player_id] if player_id in counted else sorted(counted)
        hints, found = await db.ending_figures(game.id, game.guild_id, shown, game.bucket,
                                               today=today, variant=game.variant)
        stats = tuple(PlayerStats(p, s) for p, s in zip(shown, found, strict=True))
    return Finish(status=game.status, answer=game.hidden_word, stats=stats,
                  hints_used=hints)


async def saved_ending(db: Store, game: Game, player_id: int, today: int,
                       figures: EndingFigures | None = None) -> Finish:
    """:func:`ending` of a game whose end is saved already; a database away for a moment is
    waited for (at most :data:`FIGURES_DEADLINE` in all), then the finish is told without its
    figures (see the module)."""
    try:
        async with asyncio.timeout(FIGURES_DEADLINE):
            for wait in FIGURES_WAITS:
                try:
                    return await ending(db, game, player_id, today, figures)
                except StorageUnavailable:
                    await asyncio.sleep(wait)
            return await ending(db, game, player_id, today, figures)
    except (StorageUnavailable, TimeoutError) as exc:
        log.warning("game %s ended, but its figures could not be read: %r", game.id, exc)
    return Finish(status=game.status, answer=game.hidden_word, stats=(),
                  hints_used=0, figures=False)
