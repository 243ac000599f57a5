"""Service results as Discord messages: an embed with the emoji board (always readable as text),
the PNG board attached, and short plain-text lines. No rules here: only presentation."""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.core.analysis import GameAnalysis
from bot.core.domain import MAX_ATTEMPTS, Players, Status
from bot.render.image import board_png_async
from bot.render.text import (
    Commands,
    analysis_text,
    game_text,
    hint_text,
    problem_text,
    stats_text,
)
from bot.service import DailySummary, Finish, GameView, HintResult, PlayerError

GREEN = discord.Colour.from_rgb(106, 170, 100)
YELLOW = discord.Colour.from_rgb(201, 180, 88)
GREY = discord.Colour.from_rgb(120, 124, 126)
BOARD_FILE = "board.png"
#: The answer to an error that is not the player's doing (the details go to the log).
APOLOGY = ("Sorry, something went wrong on my side. Your game is safe; please try again in a "
           "moment.")


@dataclass
class Reply:
    """What to send: content, embeds and files, and whether only the player sees it."""

    content: str | None = None
    embeds: list[discord.Embed] = field(default_factory=list)
    files: list[discord.File] = field(default_factory=list)
    ephemeral: bool = False

    def kwargs(self) -> dict[str, Any]:
        out: dict[str, Any] = {"ephemeral": self.ephemeral}
        if self.content:
            out["content"] = self.content
        if self.embeds:
            out["embeds"] = self.embeds
        if self.files:
            out["files"] = self.files
        return out


def mention(user_id: int | None) -> str:
    return f"<@{user_id}>" if user_id else "someone"


#: How the Discord front end names its commands in messages.
COMMANDS = Commands(start="/wordle start", give_up="/wordle giveup",
                    challenge="/wordle challenge", here="in this channel",
                    channel=lambda channel_id: f"<#{channel_id}>")


def error_text(error: PlayerError) -> str:
    return problem_text(error, COMMANDS)


def is_private(game: GameView) -> bool:
    """Private modes (the daily) are played in ephemeral messages so nobody spoils the word."""
    return game.private


def is_channel_game(game: GameView) -> bool:
    return game.mode.players is Players.CHANNEL


def game_title(game: GameView) -> str:
    parts = [game.label]
    if game.hard_mode:
        parts.append("hard mode")
    if is_channel_game(game):
        parts.append("channel game")
    return " · ".join(parts)


def game_footer(game: GameView) -> str:
    if game.is_over:
        return f"Game over · {game.attempts_used}/{game.max_attempts}"
    left = game.max_attempts - game.attempts_used
    who = "Everyone here can /guess" if is_channel_game(game) else "Your game · /guess"
    if game.setter_id:
        who = "Challenge · everyone but the setter can /guess"
    return f"{who} · {left} {'try' if left == 1 else 'tries'} left"


def _colour(game: GameView) -> discord.Colour:
    if game.won:
        return GREEN
    if game.is_over:
        return GREY
    return YELLOW if game.rows else GREY


async def board_reply(game: GameView, *, content: str | None = None, ephemeral: bool = False,
                      extra: list[tuple[str, str]] | None = None) -> Reply:
    """The board embed (emoji text) and the PNG of the same board."""
    embed = discord.Embed(title=game_title(game), colour=_colour(game),
                          description=game_text(game.rows, game.keyboard, game.max_attempts))
    for name, value in extra or []:
        embed.add_field(name=name, value=value, inline=False)
    embed.set_footer(text=game_footer(game))
    png = await board_png_async(game.rows, game.keyboard, game.max_attempts,
                                hard_mode=game.hard_mode, title=game.label)
    embed.set_image(url=f"attachment://{BOARD_FILE}")
    return Reply(content=content, embeds=[embed], files=[_file(png)], ephemeral=ephemeral)


def _file(png: bytes) -> discord.File:
    return discord.File(io.BytesIO(png), filename=BOARD_FILE)


def finish_fields(game: GameView, finish: Finish, ender_id: int) -> list[tuple[str, str]]:
    fields = []
    if game.won:
        fields.append(("Solved!", f"In {game.attempts_used}/{game.max_attempts}"
                       + (f" by {mention(game.solved_by)}" if is_channel_game(game) else "")))
    else:
        fields.append(("Game over", f"The word was **{(game.answer or '').upper()}**."))
    fields.append(("Share", finish.share_text))
    for shown in finish.stats:
        text = stats_text(shown.stats)
        if shown.player_id != ender_id:
            text = f"{mention(shown.player_id)}\n{text}"
        fields.append(("Statistics", text))
    return fields


def hint_embed(hint: HintResult) -> discord.Embed:
    return discord.Embed(title="💡 Hint", description=hint_text(hint), colour=YELLOW)


def analysis_embed(game: GameView, analysis: GameAnalysis) -> discord.Embed:
    text = analysis_text(analysis)
    if len(text) > 4000:
        text = text[:3990] + "\n…"
    return discord.Embed(title=f"Analysis · {game.label}", description=text, colour=GREEN)


def daily_results_text(summary: DailySummary) -> str:
    """The server's results post for one daily: who solved it in how many, and the streak."""
    lines = [f"**{summary.label} results**"]
    if summary.server_streak:
        days = "day" if summary.server_streak == 1 else "days"
        lines.append(f"🔥 Server streak: {summary.server_streak} {days}")
    groups: dict[str, list[str]] = {}
    for result in sorted(summary.results,
                         key=lambda r: (r.status != Status.WON, r.attempts)):
        won = result.status == Status.WON
        score = f"{result.attempts if won else 'X'}/{MAX_ATTEMPTS}"
        if result.hard_mode:
            score += "*"
        groups.setdefault(score, []).append(mention(result.player_id))
    if not groups:
        lines.append("Nobody has finished it yet.")
    best = next(iter(groups), "X")
    for score, people in groups.items():
        crown = "👑 " if score == best and not score.startswith("X") else ""
        lines.append(f"{crown}{score}: {', '.join(people)}")
    return "\n".join(lines)
