"""How each player sees things (a :class:`Look`), and ``/wordle prefs``.

A player's preferences (:mod:`bot.service.prefs`) become a :class:`Look`: the picture's theme
(light or dark, high contrast or not), whether there is a picture at all, and the accent
colours. Every interaction uses its player's look (:func:`use_look_of`, once as it comes in);
what is drawn while answering it reads it with :func:`current_look` (a context variable: each
interaction is handled in its own task). Looks are kept in memory for :data:`LOOK_TTL` seconds
(another process's change shows within that time; a change made here shows at once).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import datetime

import discord

from bot.cogs.interact import Recent, Reply, send, within_deadline
from bot.render.emoji_board import feedback_line
from bot.render.themes import recolour, theme_name
from bot.service import GameService, GameView
from bot.service.prefs import PlayerPrefs, player_prefs, update_prefs
from bot.storage.errors import StorageError

log = logging.getLogger(__name__)
#: How long a look is kept in memory, in seconds.
LOOK_TTL = 30.0
#: How long reading a look may hold up a command, in seconds (see :func:`use_look_of`).
LOOK_WAIT = 0.5
#: The high-contrast accents of a board: orange when won, blue while playing.
CONTRAST_WON = 0xF5793A
CONTRAST_PLAYING = 0x85C0F9


@dataclass(frozen=True)
class Look:
    """How a board is shown: the picture's theme (``bot.render.themes.THEMES``), whether
    there is a picture at all, and the accent colour for each state of the game."""

    theme: str = "light"
    picture: bool = True
    playing: int = 0xC9B458
    won: int = 0x6AAA64
    lost: int = 0x787C7E

    @property
    def high_contrast(self) -> bool:
        """Orange and blue instead of green and yellow (pictures, emoji, alt text)."""
        return self.theme.endswith("-contrast")

    def accent(self, game: GameView) -> int:
        if game.won:
            return self.won
        return self.lost if game.is_over else self.playing


DEFAULT_LOOK = Look()
_LOOK: ContextVar[Look] = ContextVar("wordle_look", default=DEFAULT_LOOK)
#: Each player's look, for LOOK_TTL seconds (at most 100,000: players of the last LOOK_TTL
#: seconds, up to about 3,000 a second).
_CACHE: Recent[int, Look] = Recent(LOOK_TTL)
#: When each player last changed their look here, for as long as a read begun before could
#: still land (the database's query time-out is 15 s).
_CHANGED: Recent[int, float] = Recent(120.0)
#: The reads of looks under way, by player.
_READING: dict[int, asyncio.Future[PlayerPrefs]] = {}


def look_from(prefs: PlayerPrefs) -> Look:
    theme = theme_name(dark=prefs.dark, high_contrast=prefs.high_contrast)
    if prefs.high_contrast:
        return Look(theme=theme, picture=not prefs.text_only, playing=CONTRAST_PLAYING,
                    won=CONTRAST_WON)
    return Look(theme=theme, picture=not prefs.text_only)


def current_look() -> Look:
    """The look of the player whose interaction is being answered (the default if none)."""
    return _LOOK.get()


def shown(text: str, look: Look | None = None) -> str:
    """Emoji text (a share grid, statistics) in the colours of the look."""
    return recolour(text, (look or current_look()).high_contrast)


async def use_look_of(service: GameService, player_id: int) -> Look:
    """Read (or recall) the player's look and make it the current one for this interaction.

    The look is never why a command fails or misses Discord's deadline: if the database fails
    or takes longer than :data:`LOOK_WAIT`, the command goes on in the look last read for the
    player, else the default one; a slow read goes on, for the player's next commands."""
    now = time.monotonic()
    look = _CACHE.get(player_id, now)
    if look is None:
        read = _READING.get(player_id)
        if read is None:  # (one read at a time per player, however slow the database)
            read = _READING[player_id] = asyncio.ensure_future(
                player_prefs(service.db, player_id))
            read.add_done_callback(functools.partial(_keep_look, player_id, now))
        try:
            look = look_from(await asyncio.wait_for(asyncio.shield(read), LOOK_WAIT))
        except (StorageError, TimeoutError) as exc:
            log.debug("the look of user %s could not be read in time: %r", player_id, exc)
            look = _CACHE.last(player_id) or DEFAULT_LOOK
    _LOOK.set(look)
    return look


def _keep_look(player_id: int, began: float, read: asyncio.Future[PlayerPrefs]) -> None:
    """Keep the look a read brought (in time or late), unless it failed or the player changed
    their look here after the read began (it would bring back the old one)."""
    _READING.pop(player_id, None)
    if read.cancelled() or read.exception() is not None:
        return
    changed = _CHANGED.last(player_id)
    if changed is None or changed < began:
        _CACHE.put(player_id, look_from(read.result()), began)


def forget_look(player_id: int) -> None:
    """The player changed their look here: read it again at their next command."""
    _CACHE.pop(player_id)
    now = time.monotonic()
    _CHANGED.put(player_id, now, now)


def prefs_text(prefs: PlayerPrefs, zone_from: datetime | None) -> str:
    colours = "high contrast (🟧 right place, 🟦 elsewhere)" if prefs.high_contrast else \
        "standard (🟩 right place, 🟨 elsewhere)"
    picture = "none: text only" if prefs.text_only else ("dark" if prefs.dark else "light")
    zone = f"**{prefs.timezone}**"
    if zone_from is not None:
        zone += f" (your own daily follows it from <t:{int(zone_from.timestamp())}:f>)"
    example = recolour(feedback_line("crane", "GYBBB"), prefs.high_contrast)
    return "\n".join([
        f"**Colours:** {colours}",
        f"**Board picture:** {picture}",
        f"**Time zone** of your own daily (outside servers with Wordle): {zone}",
        "",
        f"Example: {example}",
        "-# These follow you everywhere you play. Change them with /wordle prefs.",
    ])


async def prefs_command(service: GameService, interaction: discord.Interaction, *,
                        high_contrast: bool | None, dark: bool | None, text_only: bool | None,
                        timezone: str | None) -> None:
    """``/wordle prefs``: change what is given, then show all of them (privately)."""
    player = interaction.user.id
    changes: dict = {}
    if high_contrast is not None:
        changes["high_contrast"] = high_contrast
    if dark is not None:
        changes["dark"] = dark
    if text_only is not None:
        changes["text_only"] = text_only
    if timezone is not None:
        changes["timezone"] = timezone.strip()
    result = await within_deadline(interaction,
                                   update_prefs(service.db, player, service.now(), **changes))
    forget_look(player)
    look = await use_look_of(service, player)
    title = "Preferences saved" if result.changed else "Your preferences"
    embed = discord.Embed(title=title, description=prefs_text(result.prefs, result.zone_from),
                          colour=look.won)
    await send(interaction, Reply(embeds=[embed], ephemeral=True))
