"""The board as one Components V2 message you play from (:func:`board_message`).

Component tree (ids fixed, so tests and later edits can find each part)::

    LayoutView
    └── Container                      accent: playing / won / lost (Look)
        ├── TextDisplay  NOTE_ID       who did what ("@bob guessed **SLATE** (1/6)"), if any
        ├── TextDisplay  TITLE_ID      "### Wordle 1,234 · hard mode"
        ├── MediaGallery PICTURE_ID    attachment://board.png, described in words for screen
        │                              readers; at the end, attachment://stats.png beside it
        ├── TextDisplay  BOARD_ID      or, for a text-only look, the emoji rows and keyboard
        ├── TextDisplay  RESULT_ID     solved / the word, share grid, statistics (game over)
        ├── TextDisplay  FOOTER_ID     "-# Everyone here can /guess · 5 attempts left"
        ├── ActionRow    [Guess] [Give up]                       (while the game is on)
        └── ActionRow    [💡 Letter] [💡 Position] [💡 Word]      (word: where the solver knows)

The board is shown once, as the picture or as text, never both, so the buttons stay on a
phone's first screen. At most 13 components and well under Discord's 4000 characters of text
(the statistics of many players are cut to fit).

How it looks is the player's :class:`Look`, made from their preferences
(:mod:`bot.service.prefs`): the picture's theme (light or dark, high contrast or not), whether
there is a picture at all, and the accent colours. Every interaction takes its player's look
once as it comes in (:func:`use_look_of`); what is drawn while answering it reads it with
:func:`current_look` (a context variable: each interaction is handled in its own task). Looks
are kept in memory for :data:`LOOK_TTL` seconds (another process's change shows within that
time; a change made here shows at once).

Its words are the reader's (:func:`reply_texts`): a reply only its player sees (an ephemeral
one, or any outside a server) in the player's Discord language, ``interaction.locale``; a post
everyone in a server's channel sees (a channel game's board, a race's message, the results
post, a finished daily's grid) in the server's language, Discord's own setting of the server
(``guild.preferred_locale``, which interactions carry as ``guild_locale``), else English.
:func:`server_language` is where a language a server chooses for itself goes first, once
servers can choose one.
"""

from __future__ import annotations

import asyncio
import functools
import io
import logging
import time
from collections import OrderedDict
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

import discord

from bot.cogs.buttons import BoardButton
from bot.cogs.interact import Recent, Reply
from bot.core.domain import HintKind, Scope
from bot.render.boards_game import game_boards_alt, game_boards_png, game_boards_text
from bot.render.catalogues import N_
from bot.render.common import (
    ENGLISH,
    Texts,
    game_label_text,
    keyboard_rows,
    ruled_out_text,
    texts_for,
)
from bot.render.emoji_board import game_text
from bot.render.image import BADGE_LABEL, board_png_async
from bot.render.message_parts import fit_parts, recolour
from bot.render.themes import theme_name
from bot.service import Game, GameService
from bot.service.prefs import PlayerPrefs, player_prefs
from bot.storage.errors import StorageError

BOARD_FILE = "board.png"
STATS_FILE = "stats.png"
NOTE_ID, TITLE_ID, PICTURE_ID, BOARD_ID, RESULT_ID, FOOTER_ID = 1, 2, 3, 4, 5, 6
#: Discord's limit on the text of one message's Text Displays, and what this board keeps to.
TEXT_LIMIT = 4000
_TEXT_BUDGET = 3900
#: What a game of several boards' emoji text may take of it (the rest: the note, the end).
_BOARDS_BUDGET = 3000
#: Discord's limit on a media gallery item's description (the picture's alt text).
ALT_LIMIT = 1024


# --------------------------------------------------------------------------------------------
# How each player sees things


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

    def accent(self, game: Game) -> int:
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


# --------------------------------------------------------------------------------------------
# In which words: a private reply in its player's language, a public post in its server's


def player_texts(interaction: discord.Interaction) -> Texts:
    """The words of the player of ``interaction``, for what only they see."""
    return texts_for(interaction.locale)


def server_language(guild: discord.Guild | None, guild_locale: object = None) -> object:
    """The language a server's public posts are in, as a locale: Discord's setting of the
    server (``guild``'s, else ``guild_locale`` as an interaction gives it), or None for
    English."""
    if guild is not None:
        return guild.preferred_locale
    return guild_locale


def server_texts(interaction: discord.Interaction) -> Texts:
    """The words of the server ``interaction`` came from, for what everyone there sees."""
    return texts_for(server_language(interaction.guild, interaction.guild_locale))


def guild_texts(client: discord.Client, guild_id: int | None) -> Texts:
    """The words of server ``guild_id`` for a post made without an interaction (the results
    post, a race's message moved on by its timer); English for a server not in the cache."""
    guild = client.get_guild(guild_id) if guild_id else None
    return texts_for(server_language(guild))


def reply_texts(interaction: discord.Interaction, *, ephemeral: bool) -> Texts:
    """The words of a reply: the player's when only they see it (``ephemeral``, or outside a
    server), else the server's."""
    if ephemeral or interaction.guild_id is None:
        return player_texts(interaction)
    return server_texts(interaction)


# --------------------------------------------------------------------------------------------
# The board


def is_channel_game(game: Game) -> bool:
    return game.scope is Scope.CHANNEL


def game_title(game: Game, texts: Texts = ENGLISH) -> str:
    parts = [game_label_text(game, texts)]
    if game.hard_mode:
        parts.append(texts._("hard mode"))
    if is_channel_game(game):
        parts.append(texts._("channel game"))
    return " · ".join(parts)


def game_footer(game: Game, texts: Texts = ENGLISH) -> str:
    t = texts
    if game.is_over:
        return t._("Game over · {score}", score=f"{game.attempts_used if game.won else 'X'}/"
                                                f"{game.max_attempts}")
    left = game.max_attempts - game.attempts_used
    guess = t.command("guess")
    who = t._("Everyone here can {guess}", guess=guess) if is_channel_game(game) else \
        t._("Your game · {guess}", guess=guess)
    if game.setter_id:
        who = t._("Challenge · everyone but the setter can {guess}", guess=guess)
    return f"{who} · " + t.ngettext("{n} attempt left", "{n} attempts left", left)


#: The tiles' colours in words, as the picture shows them: normal and high contrast.
TILE_NAMES = {False: {"G": N_("green"), "Y": N_("yellow"), "B": N_("grey")},
              True: {"G": N_("orange"), "Y": N_("blue"), "B": N_("grey")}}


def alt_text(game: Game, look: Look = DEFAULT_LOOK, texts: Texts = ENGLISH) -> str:
    """The picture in words, for screen readers: each row with the colours the picture has
    in ``look``, then what its keyboard shows struck out, the letters not in the word.
    Within :data:`ALT_LIMIT` characters (a board of six rows takes under 500)."""
    t = texts
    names = {state: t._(name) for state, name in TILE_NAMES[look.high_contrast].items()}
    rows = [f"{row.word.upper()}: " + " ".join(names[s] for s in row.feedback)
            for row in game.rows]
    label = game_label_text(game, t)
    values = {"label": label, "used": game.attempts_used, "attempts": game.max_attempts}
    head = (t._("{label} board, hard mode, {used} of {attempts} guesses", **values)
            if game.hard_mode else t._("{label} board, {used} of {attempts} guesses", **values))
    out = ruled_out_text(game.keyboard, game.variant, texts=t)
    text = ". ".join([head, *rows, *([out] if out else [])])
    return text if len(text) <= ALT_LIMIT else text[:ALT_LIMIT - 1] + "…"


#: The buttons of boards lately sent, by (game id, word hints, language): a board is sent
#: again after every guess with the same buttons (they hold nothing but their labels and
#: custom ids, and discord.py only reads them to build the message, so one set serves every
#: board of a game in a language).
_ROWS: OrderedDict[tuple[int, bool, str], tuple[discord.ui.ActionRow[Any], ...]] = \
    OrderedDict()
_ROWS_KEPT = 1024


def action_rows(game_id: int, word_hints: bool, texts: Texts = ENGLISH
                ) -> tuple[discord.ui.ActionRow[Any], ...]:
    """[Guess] [Give up], then the hint buttons (the word hint where the solver knows)."""
    key = (game_id, word_hints, texts.language)
    rows = _ROWS.get(key)
    if rows is None:
        kinds = [k for k in HintKind if k is not HintKind.WORD or word_hints]
        rows = (discord.ui.ActionRow(BoardButton("guess", game_id, texts),
                                     BoardButton("giveup", game_id, texts)),
                discord.ui.ActionRow(*(BoardButton(f"hint:{k}", game_id, texts)
                                       for k in kinds)))
        _ROWS[key] = rows
        if len(_ROWS) > _ROWS_KEPT:
            _ROWS.popitem(last=False)
    else:
        _ROWS.move_to_end(key)
    return rows


def result_text(fields: list[tuple[str, str]], budget: int, texts: Texts = ENGLISH) -> str:
    """The finish fields as bold-titled paragraphs, as many as fit in ``budget`` characters."""
    return fit_parts([f"**{name}**\n{value}" for name, value in fields], budget, "\n\n",
                     texts)


async def add_board(container: discord.ui.Container[discord.ui.LayoutView], game: Game,
                    look: Look, *, stats_picture: bool = False, ids: bool = False,
                    texts: Texts = ENGLISH) -> tuple[list[discord.File], str]:
    """Add the board of ``game`` in ``look`` to ``container``, once: the picture with the
    board in words as its description (with :data:`STATS_FILE` beside it if
    ``stats_picture``), or for a text-only look the emoji rows and keyboard. Returns the files
    to attach and the text added ("" with a picture). ``ids``: give them :data:`PICTURE_ID`
    and :data:`BOARD_ID`. A game of several boards: :mod:`bot.render.boards_game`."""
    several, title = game.variant.boards > 1, game_label_text(game, texts)
    if look.picture and several:
        png = await game_boards_png(game, look.theme, title, texts)
        alt = game_boards_alt(game, title, look.high_contrast, texts)
    elif look.picture:
        png = await board_png_async(game.rows, game.keyboard, game.variant,
                                    layout=keyboard_rows(game.variant), hard_mode=game.hard_mode,
                                    title=title, theme=look.theme,
                                    badge=texts._(BADGE_LABEL))
        alt = alt_text(game, look, texts)
    if look.picture:
        items = [discord.MediaGalleryItem(f"attachment://{BOARD_FILE}", description=alt)]
        if stats_picture:
            items.append(discord.MediaGalleryItem(
                f"attachment://{STATS_FILE}",
                description=texts._("Statistics: the same numbers as the text below")))
        container.add_item(discord.ui.MediaGallery(*items, id=PICTURE_ID if ids else None))
        return [discord.File(io.BytesIO(png), filename=BOARD_FILE)], ""
    board = (game_boards_text(game, look.high_contrast, _BOARDS_BUDGET, texts) if several
             else recolour(game_text(game.rows, game.keyboard, game.variant,
                                     layout=keyboard_rows(game.variant), texts=texts),
                           look.high_contrast))
    container.add_item(discord.ui.TextDisplay(board, id=BOARD_ID if ids else None))
    return [], board


async def board_message(game: Game, *, note: str | None = None,
                        extra: list[tuple[str, str]] | None = None,
                        look: Look = DEFAULT_LOOK, stats_picture: bool = False,
                        texts: Texts = ENGLISH
                        ) -> tuple[discord.ui.LayoutView, list[discord.File]]:
    """The board of ``game`` as a V2 view and its files (the PNG unless the look is text
    only). ``note`` says who did what; ``extra`` are the finish fields (name, text);
    ``stats_picture``: the gallery also shows :data:`STATS_FILE` (the caller attaches it)."""
    container: discord.ui.Container[discord.ui.LayoutView] = discord.ui.Container(
        accent_colour=look.accent(game))
    if note:
        container.add_item(discord.ui.TextDisplay(note[:500], id=NOTE_ID))
    container.add_item(discord.ui.TextDisplay(f"### {game_title(game, texts)}", id=TITLE_ID))
    files, board = await add_board(container, game, look, stats_picture=stats_picture,
                                   ids=True, texts=texts)
    footer = f"-# {game_footer(game, texts)}"
    if extra:
        budget = _TEXT_BUDGET - len(board) - len(footer) - len(note or "") - 100
        container.add_item(discord.ui.TextDisplay(result_text(extra, budget, texts),
                                                  id=RESULT_ID))
    container.add_item(discord.ui.TextDisplay(footer, id=FOOTER_ID))
    if not game.is_over:
        for row in action_rows(game.id, game.mode.word_hints, texts):
            container.add_item(row)
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(container)
    return view, files


async def board_reply(game: Game, *, content: str | None = None, ephemeral: bool = False,
                      extra: list[tuple[str, str]] | None = None, look: Look | None = None,
                      stats_png: bytes | None = None, texts: Texts = ENGLISH) -> Reply:
    """The board as a reply (:func:`board_message`) in the words of ``texts``: ``content``
    becomes its note line; ``stats_png`` a statistics picture beside the board. ``look``: the
    player's (:func:`current_look`) unless given."""
    look = look or current_look()
    if not look.picture:
        stats_png = None
    view, files = await board_message(game, note=content, extra=extra, look=look,
                                      stats_picture=stats_png is not None, texts=texts)
    if stats_png is not None:
        files.append(stats_file(stats_png))
    return Reply(view=view, files=files, ephemeral=ephemeral)


def stats_file(png: bytes) -> discord.File:
    return discord.File(io.BytesIO(png), filename=STATS_FILE)
