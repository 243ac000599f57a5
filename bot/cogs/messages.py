"""Service results in words for Discord, beside the board (:mod:`bot.cogs.board`): embeds for
hints and analyses, a finished game's fields, errors, and short plain-text lines. No rules
here: only presentation."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import discord
from discord import app_commands

from bot.cogs.board import is_channel_game, shown
from bot.core.analysis import GameAnalysis
from bot.render.analysis_text import analysis_text
from bot.render.common import ORDER_NAMES
from bot.render.daily_results import daily_results_text as render_results_text
from bot.render.hint_text import hint_text
from bot.render.problems import Commands, problem_text
from bot.render.stats_text import stats_text
from bot.service import DailySummary, Finish, Game, HintResult, PlayerError

GREEN = discord.Colour.from_rgb(106, 170, 100)
YELLOW = discord.Colour.from_rgb(201, 180, 88)
GREY = discord.Colour.from_rgb(120, 124, 126)


#: Choices shown in words where the stored value is not one (the value is what is sent).
_CHOICE_NAMES = {"random": "practice", **{str(o): name for o, name in ORDER_NAMES.items()}}


def choices(values: Iterable[Any]) -> list[app_commands.Choice[str]]:
    """A slash command's choices: the domain's values, named in words."""
    return [app_commands.Choice(name=_CHOICE_NAMES.get(str(v), str(v)), value=str(v))
            for v in values]


def mention(user_id: int | None) -> str:
    return f"<@{user_id}>" if user_id else "someone"


#: How the Discord front end names its commands in messages.
COMMANDS = Commands(start="/wordle start", give_up="/wordle giveup",
                    challenge="/wordle challenge", here="in this channel",
                    channel=lambda channel_id: f"<#{channel_id}>")


def error_text(error: PlayerError) -> str:
    """The error in words (a share grid in it in the player's colours)."""
    return shown(problem_text(error, COMMANDS))


def finish_fields(game: Game, finish: Finish, ender_id: int) -> list[tuple[str, str]]:
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


def analysis_embed(game: Game, analysis: GameAnalysis) -> discord.Embed:
    text = analysis_text(analysis)
    if len(text) > 4000:
        text = text[:3990] + "\n…"
    return discord.Embed(title=f"Analysis · {game.label}", description=text, colour=GREEN)


def daily_results_text(summary: DailySummary) -> str:
    """The server's results post for one daily (worded by :mod:`bot.render.daily_results`)."""
    return render_results_text(summary, mention)
