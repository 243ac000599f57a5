"""Service results in words for Discord, beside the board (:mod:`bot.cogs.board`): embeds for
hints and analyses, a finished game's fields, errors, and short plain-text lines. No rules
here: only presentation."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import discord
from discord import app_commands

from bot.cogs.board import is_channel_game, shown
from bot.core.analysis import BoardsAnalysis, GameAnalysis
from bot.render.analysis_text import analysis_text
from bot.render.common import ENGLISH, Texts, game_label_text
from bot.render.daily_results import daily_results_text as render_results_text
from bot.render.hint_text import hint_text
from bot.render.leaderboard_text import ORDER_NAMES
from bot.render.problems import Commands, problem_text
from bot.render.share_words import share_words
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


def commands_for(texts: Texts = ENGLISH) -> Commands:
    """How the Discord front end names its commands in messages, in a language."""
    return Commands(start=texts.command("wordle start"), give_up=texts.command("wordle giveup"),
                    challenge=texts.command("wordle challenge"),
                    here=texts._("in this channel"),
                    channel=lambda channel_id: f"<#{channel_id}>")


#: How the Discord front end names its commands in English messages.
COMMANDS = commands_for()


def error_text(error: PlayerError, texts: Texts = ENGLISH) -> str:
    """The error in words (a share grid in it in the player's colours)."""
    return shown(problem_text(error, commands_for(texts), texts))


def finish_fields(game: Game, finish: Finish, ender_id: int,
                  texts: Texts = ENGLISH) -> list[tuple[str, str]]:
    t = texts
    fields = []
    if game.won:
        score = f"{game.attempts_used}/{game.max_attempts}"
        solved = (t._("In {score} by {player}", score=score, player=mention(game.solved_by))
                  if is_channel_game(game) else t._("In {score}", score=score))
        if game.shown_answer not in (None, game.hidden_word.upper()) and game.variant.boards == 1:
            solved += "\n" + t._("The word: **{word}**", word=game.shown_answer)
        fields.append((t._("Solved!"), solved))
    elif game.variant.boards > 1:  # (every board's word, solved or not)
        fields.append((t._("Game over"), t._("The words were **{words}**.",
                                             words=game.shown_answer or "")))
    else:
        fields.append((t._("Game over"), t._("The word was **{word}**.",
                                             word=game.shown_answer or "")))
    fields.append((t._("Share"), shown(share_words(game, finish, t))))
    lit = game.attempts_used if game.won else None  # this game's bar, as in the picture
    for player in finish.stats:
        text = shown(stats_text(player.stats, highlight=lit, texts=t))
        if player.player_id != ender_id:
            text = f"{mention(player.player_id)}\n{text}"
        fields.append((t._("Statistics"), text))
    if not finish.figures:
        fields.append((t._("Statistics"), t._(
            "Your statistics can't be loaded right now; check {stats} in a moment.",
            stats=t.command("wordle stats"))))
    return fields


def hint_embed(hint: HintResult, texts: Texts = ENGLISH) -> discord.Embed:
    return discord.Embed(title="💡 " + texts._("Hint"), description=hint_text(hint, texts),
                         colour=YELLOW)


def analysis_embed(game: Game, analysis: GameAnalysis | BoardsAnalysis,
                   texts: Texts = ENGLISH) -> discord.Embed:
    text = analysis_text(analysis, texts, game.variant)
    if len(text) > 4000:
        text = text[:3990] + "\n…"
    return discord.Embed(title=texts._("Analysis · {game}", game=game_label_text(game, texts)),
                         description=text, colour=GREEN)


def daily_results_text(summary: DailySummary, texts: Texts = ENGLISH) -> str:
    """The server's results post for one daily (worded by :mod:`bot.render.daily_results`)."""
    return render_results_text(summary, mention, texts=texts)
