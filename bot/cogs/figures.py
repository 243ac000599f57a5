"""The replies of ``/wordle stats`` and ``/wordle leaderboard``: the service's figures of the
bucket and game asked for (:func:`~bot.cogs.pack_options.figures_options`), as an embed that
names which game they are of, with the statistics picture when the player sees pictures."""

from __future__ import annotations

import discord

from bot.cogs.board import STATS_FILE, current_look, reply_texts, shown, stats_file
from bot.cogs.interact import Reply, place_of, within_deadline
from bot.cogs.messages import mention
from bot.core.periods import Period
from bot.core.race import RaceBoard, RaceStats
from bot.core.stats import Stats
from bot.render.leaderboard_text import board_text, board_title, period_span
from bot.render.race_text import race_board_text, race_board_title, race_stats_text
from bot.render.stats_image import stats_png_async
from bot.render.stats_text import stats_text, stats_title
from bot.service import GameService, LeaderboardOrder
from bot.service.views import latest_win


async def stats_reply(service: GameService, interaction: discord.Interaction,
                      who: discord.User | discord.Member, mode: str, *,
                      language: str | None, length: int | None, boards: int) -> Reply:
    """``who``'s statistics of ``mode`` in the game asked for, the bar of their latest win
    here lit."""
    place = place_of(interaction)
    look = current_look()
    t = reply_texts(interaction, ephemeral=False)

    async def work() -> tuple[Stats | RaceStats, int | None, bytes | None]:
        stats = await service.stats(place.guild_id, who.id, mode, language=language,
                                    length=length, boards=boards)
        if isinstance(stats, RaceStats):  # races: their own figures, as text
            return stats, None, None
        lit = await latest_win(service.db, place, who.id, mode, stats.variant)
        png = await stats_png_async(stats, highlight=lit, theme=look.theme, texts=t,
                                    variant=stats.variant) if look.picture else None
        return stats, lit, png

    stats, lit, png = await within_deadline(interaction, work(), ephemeral=False)
    # The text stays beside the picture, for screen readers.
    if isinstance(stats, RaceStats):
        title, text = stats_title(mode, t, None), race_stats_text(stats, t)
    else:
        title = stats_title(mode, t, stats.variant)
        text = shown(stats_text(stats, highlight=lit, texts=t))
    embed = discord.Embed(title=title, description=f"{mention(who.id)}\n\n{text}")
    if png is not None:
        embed.set_image(url=f"attachment://{STATS_FILE}")
    return Reply(embeds=[embed], files=[stats_file(png)] if png else [])


async def leaderboard_reply(service: GameService, interaction: discord.Interaction,
                            guild_id: int, *, by: str, mode: str, period: str,
                            language: str | None, length: int | None, boards: int) -> Reply:
    """The server's board of ``mode`` in the game asked for, ranked ``by``, over ``period``."""
    player = interaction.user.id
    board = await within_deadline(interaction, service.leaderboard(
        guild_id, player, mode=mode, by=by, period=period, language=language, length=length,
        boards=boards), ephemeral=False)
    t = reply_texts(interaction, ephemeral=False)
    if isinstance(board, RaceBoard):  # all time: first places, win % or average guesses
        order = LeaderboardOrder(by)
        embed = discord.Embed(title=race_board_title(order, t),
                              description=race_board_text(board, order, player, mention, t))
    else:
        embed = discord.Embed(title=board_title(mode, by, period, t, board.variant),
                              description=board_text(board, player, mention, period, t))
    if period != Period.ALL.value:  # which days, on the server's calendar
        zone_name = (await service.settings(guild_id)).timezone
        embed.set_footer(text=period_span(period, service.now(), zone_name, t))
    return Reply(embeds=[embed])
