"""A race's messages: the live race message in the channel, and each player's private race
board (see :mod:`bot.cogs.live_races`). Their buttons are :class:`~bot.cogs.buttons.BoardButton`
rows carrying the race id."""

from __future__ import annotations

import discord

from bot.cogs import board as layout
from bot.cogs.board import add_board, current_look
from bot.cogs.buttons import BoardButton
from bot.cogs.interact import Reply
from bot.cogs.messages import mention
from bot.core.domain import HintKind, Status
from bot.render.common import ENGLISH, Texts
from bot.render.race_text import (
    clock_text,
    footer_text,
    race_title,
    standings_text,
    status_text,
)
from bot.service import Game
from bot.service.race_views import RaceMove, RaceView

TITLE_ID, STATUS_ID, STANDINGS_ID, FOOTER_ID = 1, 2, 3, 4
_ON, _OVER = 0xC9B458, 0x6AAA64


def race_message(race: RaceView, hints: bool, texts: Texts = ENGLISH) -> discord.ui.LayoutView:
    """The live race message: spoiler-free while it is on, the places and the word at the end;
    in the words of ``texts`` (the server's)."""
    container: discord.ui.Container[discord.ui.LayoutView] = discord.ui.Container(
        accent_colour=_OVER if race.is_over else _ON)
    container.add_item(discord.ui.TextDisplay(f"### {race_title(race, texts)}", id=TITLE_ID))
    container.add_item(discord.ui.TextDisplay(status_text(race, mention, texts), id=STATUS_ID))
    container.add_item(discord.ui.TextDisplay(standings_text(race, mention, texts),
                                              id=STANDINGS_ID))
    container.add_item(discord.ui.TextDisplay(footer_text(race, hints, texts), id=FOOTER_ID))
    if not race.is_over:
        container.add_item(discord.ui.ActionRow(BoardButton("race:join", race.id, texts),
                                                BoardButton("race:end", race.id, texts)))
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(container)
    return view


def _board_footer(move: RaceMove, board: Game, texts: Texts = ENGLISH) -> str:
    t = texts
    me = move.race.racer(board.owner_id) if board.owner_id is not None else None
    if move.race.is_over:
        return "-# " + t._("The race is over: see the race message for the places.")
    if board.status is Status.WON and me is not None:
        return "-# " + t._("Solved in {score} · {time} · wait for the others",
                           score=f"{board.attempts_used}/{board.max_attempts}",
                           time=clock_text(me.seconds))
    if board.is_over:
        return "-# " + t._("Your board is finished · the word is shown when the race ends")
    left = board.max_attempts - board.attempts_used
    return "-# " + t.ngettext("Your race board · only you see it · {n} attempt left",
                              "Your race board · only you see it · {n} attempts left", left)


async def race_board_reply(move: RaceMove, *, note: str | None, hints: bool,
                           texts: Texts = ENGLISH) -> Reply:
    """A player's private race board, played from its buttons like any board, in the
    player's look and words; its parts have a game board's ids (:mod:`bot.cogs.board`)."""
    board, look = move.board, current_look()
    container: discord.ui.Container[discord.ui.LayoutView] = discord.ui.Container(
        accent_colour=look.accent(board))
    if note:
        container.add_item(discord.ui.TextDisplay(note[:500], id=layout.NOTE_ID))
    title = race_title(move.race, texts)
    container.add_item(discord.ui.TextDisplay(f"### {title}", id=layout.TITLE_ID))
    files, _ = await add_board(container, board, look, ids=True, texts=texts)
    if board.shown_answer and board.is_over:
        container.add_item(discord.ui.TextDisplay(
            texts._("The word: **{word}**", word=board.shown_answer), id=layout.RESULT_ID))
    container.add_item(discord.ui.TextDisplay(_board_footer(move, board, texts),
                                              id=layout.FOOTER_ID))
    if not board.is_over and not move.race.is_over:
        race_id = move.race.id
        container.add_item(discord.ui.ActionRow(BoardButton("race:guess", race_id, texts),
                                                BoardButton("race:giveup", race_id, texts)))
        if hints:
            container.add_item(discord.ui.ActionRow(
                *(BoardButton(f"race:hint:{k}", race_id, texts) for k in HintKind)))
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(container)
    return Reply(view=view, files=files, ephemeral=True)
