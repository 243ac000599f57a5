"""Service results as Discord messages: the board as a Components V2 message (the PNG, or emoji
text for a text-only look, and the buttons: :mod:`bot.cogs.board`), embeds for hints,
statistics and analyses, and short plain-text lines. No rules here: only presentation."""

from __future__ import annotations

import io

import discord

from bot.cogs.board import (
    BOARD_FILE,
    STATS_FILE,
    Look,
    board_message,
    game_footer,
    game_title,
    is_channel_game,
)
from bot.cogs.interact import APOLOGY, Reply
from bot.cogs.prefs import current_look, shown
from bot.core.analysis import GameAnalysis
from bot.render.analysis_text import analysis_text
from bot.render.hint_text import hint_text
from bot.render.problems import Commands, problem_text
from bot.render.results import daily_results_text as render_results_text
from bot.render.stats_text import stats_text
from bot.service import DailySummary, Finish, GameView, HintResult, PlayerError

GREEN = discord.Colour.from_rgb(106, 170, 100)
YELLOW = discord.Colour.from_rgb(201, 180, 88)
GREY = discord.Colour.from_rgb(120, 124, 126)


def mention(user_id: int | None) -> str:
    return f"<@{user_id}>" if user_id else "someone"


#: How the Discord front end names its commands in messages.
COMMANDS = Commands(start="/wordle start", give_up="/wordle giveup",
                    challenge="/wordle challenge", here="in this channel",
                    channel=lambda channel_id: f"<#{channel_id}>")


def error_text(error: PlayerError) -> str:
    """The error in words (a share grid in it in the player's colours)."""
    return shown(problem_text(error, COMMANDS))


def is_private(game: GameView) -> bool:
    """Private modes (the daily) are played in ephemeral messages so nobody spoils the word."""
    return game.private


async def board_reply(game: GameView, *, content: str | None = None, ephemeral: bool = False,
                      extra: list[tuple[str, str]] | None = None, look: Look | None = None,
                      stats_png: bytes | None = None) -> Reply:
    """The board as a Components V2 message (:func:`bot.cogs.board.board_message`):
    ``content`` becomes its note line; ``stats_png`` a statistics picture beside the board.
    ``look``: the player's (:func:`bot.cogs.prefs.current_look`) unless given."""
    look = look or current_look()
    if not look.picture:
        stats_png = None
    view, files = await board_message(game, note=content, extra=extra, look=look,
                                      stats_picture=stats_png is not None)
    if stats_png is not None:
        files.append(stats_file(stats_png))
    return Reply(view=view, files=files, ephemeral=ephemeral)


def stats_file(png: bytes) -> discord.File:
    return discord.File(io.BytesIO(png), filename=STATS_FILE)


def finish_fields(game: GameView, finish: Finish, ender_id: int) -> list[tuple[str, str]]:
    fields = []
    if game.won:
        fields.append(("Solved!", f"In {game.attempts_used}/{game.max_attempts}"
                       + (f" by {mention(game.solved_by)}" if is_channel_game(game) else "")))
    else:
        fields.append(("Game over", f"The word was **{(game.answer or '').upper()}**."))
    fields.append(("Share", shown(finish.share_text)))
    lit = game.attempts_used if game.won else None  # this game's bar, as in the picture
    for player in finish.stats:
        text = shown(stats_text(player.stats, highlight=lit))
        if player.player_id != ender_id:
            text = f"{mention(player.player_id)}\n{text}"
        fields.append(("Statistics", text))
    if not finish.figures:
        fields.append(("Statistics", "Your statistics can't be loaded right now; check "
                                     "/wordle stats in a moment."))
    return fields


def hint_embed(hint: HintResult) -> discord.Embed:
    return discord.Embed(title="💡 Hint", description=hint_text(hint), colour=YELLOW)


def analysis_embed(game: GameView, analysis: GameAnalysis) -> discord.Embed:
    text = analysis_text(analysis)
    if len(text) > 4000:
        text = text[:3990] + "\n…"
    return discord.Embed(title=f"Analysis · {game.label}", description=text, colour=GREEN)


def daily_results_text(summary: DailySummary) -> str:
    """The server's results post for one daily (worded by :mod:`bot.render.results`)."""
    return render_results_text(summary, mention)


__all__ = [
    "APOLOGY", "BOARD_FILE", "COMMANDS", "GREEN", "GREY", "STATS_FILE", "YELLOW", "Reply",
    "analysis_embed",
    "board_reply", "daily_results_text", "error_text", "finish_fields", "game_footer",
    "game_title", "hint_embed", "is_channel_game", "is_private", "mention", "stats_file",
]
