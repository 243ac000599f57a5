"""Statistics and leaderboards for every front end, in every bucket, races included.

:meth:`GameService.stats <bot.service.game_service.GameService.stats>` and
:meth:`~bot.service.game_service.GameService.leaderboard` are answered here: the game buckets
from the statistics (or, for a period, :mod:`bot.service.leaderboards`), the ``race`` bucket
from the race figures, which :class:`~bot.service.races.RaceService` answers with too, so
whichever way a front end asks, it gets the same figures and the same refusals. Races are
a server's (a channel plays them): the personal record (server 0: DMs, the terminal) has none
and says so, and a race leaderboard is all time (no period).

The game buckets are kept per variant (:func:`bot.core.stats.stats_key`): a front end names the
language, length and boards it wants, else the server's pack on one board
(:func:`stats_variant`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.core.domain import LeaderboardOrder, StatsBucket
from bot.core.multiboard import BOARDS
from bot.core.periods import Period
from bot.core.personal import PERSONAL
from bot.core.race import RACE_ORDERS, RaceBoard, RaceStats
from bot.core.stats import Leaderboard, Stats
from bot.core.variant import Variant, boards_variant
from bot.service.errors import BadOption, Problem
from bot.service.leaderboards import period_leaderboard
from bot.service.pack_choice import chosen_variant
from bot.service.views import option
from bot.storage.port import Store

if TYPE_CHECKING:
    from bot.service.game_service import GameService


async def stats_variant(db: Store, guild_id: int, language: str | None = None,
                        length: int | None = None, boards: int = 1) -> Variant:
    """The variant whose statistics are asked for: ``language`` and ``length`` each given,
    else the server's pack, else English in 5 letters (``BadOption`` ``UNKNOWN_PACK`` for a
    pack not shipped), on ``boards`` boards."""
    if boards not in BOARDS:
        raise BadOption(Problem.BAD_BUCKET)
    variant = chosen_variant(await db.guild_settings(guild_id), language, length)
    return variant if boards == 1 else boards_variant(boards, variant)


async def stats(service: GameService, guild_id: int, player_id: int,
                bucket: StatsBucket | str, *, language: str | None = None,
                length: int | None = None, boards: int = 1) -> Stats | RaceStats:
    """A player's statistics in a bucket and variant (:func:`stats_variant`); for ``race``,
    their :class:`RaceStats`."""
    bucket = option(StatsBucket, bucket, Problem.BAD_BUCKET)
    if bucket is StatsBucket.RACE:
        return await race_stats(service.db, guild_id, player_id)
    variant = await stats_variant(service.db, guild_id, language, length, boards)
    return await service.db.stats(guild_id, player_id, bucket, variant=variant,
                                  today=await service.today(guild_id, player_id))


async def leaderboard(service: GameService, guild_id: int, player_id: int | None, *,
                      mode: StatsBucket | str, by: LeaderboardOrder | str, limit: int,
                      period: Period | str, language: str | None = None,
                      length: int | None = None, boards: int = 1) -> Leaderboard | RaceBoard:
    """The server's best in a bucket and variant (:func:`stats_variant`), over all time or
    one period; for ``race``, the race leaderboard (all time)."""
    bucket = option(StatsBucket, mode, Problem.BAD_BUCKET)
    if bucket is StatsBucket.RACE:
        return await race_leaderboard(service.db, guild_id, player_id, by=by, limit=limit,
                                      period=period)
    order = option(LeaderboardOrder, by, Problem.BAD_ORDER)
    when = option(Period, period, Problem.BAD_PERIOD)
    if not 1 <= limit <= 50:
        raise BadOption(Problem.BAD_LIMIT)
    variant = await stats_variant(service.db, guild_id, language, length, boards)
    if when is not Period.ALL:
        return await period_leaderboard(service.db, service.now(), guild_id, player_id,
                                        limit=limit, bucket=bucket, order=order, period=when,
                                        variant=variant)
    return await service.db.leaderboard(guild_id, mode=bucket, by=order, limit=limit,
                                        player_id=player_id, today=await service.today(guild_id),
                                        variant=variant)


def _in_a_server(guild_id: int) -> None:
    if guild_id == PERSONAL:
        raise BadOption(Problem.RACES_IN_SERVERS)


async def race_stats(db: Store, guild_id: int, player_id: int) -> RaceStats:
    """A player's race statistics in a server: played, first places, podiums, average."""
    _in_a_server(guild_id)
    return await db.race_stats(guild_id, player_id)


async def race_leaderboard(db: Store, guild_id: int, player_id: int | None = None, *,
                           by: LeaderboardOrder | str = LeaderboardOrder.WINS,
                           limit: int = 10,
                           period: Period | str = Period.ALL) -> RaceBoard:
    """A server's best racers, all time, by first places, win % or average guesses."""
    order = option(LeaderboardOrder, by, Problem.BAD_ORDER)
    when = option(Period, period, Problem.BAD_PERIOD)
    _in_a_server(guild_id)
    if order not in RACE_ORDERS:
        raise BadOption(Problem.RACE_ORDER)
    if when is not Period.ALL:
        raise BadOption(Problem.RACE_ALL_TIME)
    if not 1 <= limit <= 50:
        raise BadOption(Problem.BAD_LIMIT)
    return await db.race_leaderboard(guild_id, by=order, limit=limit, player_id=player_id)


__all__ = ["RaceBoard", "RaceStats", "leaderboard", "race_leaderboard", "race_stats",
           "stats", "stats_variant"]
