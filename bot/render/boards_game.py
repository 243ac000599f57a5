"""A game of several boards drawn for a front end: the picture, its description for screen
readers and the emoji text, from the :class:`~bot.core.game.Game` (its boards as
:func:`bot.render.boards.boards_of` gives them), in the keyboard of its pack's language and
the words of the reader's (a :class:`~bot.render.common.Texts`)."""

from __future__ import annotations

from bot.core.game import Game
from bot.render.boards import boards_of
from bot.render.boards_image import boards_png_async
from bot.render.boards_text import TEXT_LIMIT, boards_alt_text, boards_emoji_text
from bot.render.common import ENGLISH, Texts, keyboard_rows


async def game_boards_png(game: Game, theme: str, title: str, texts: Texts = ENGLISH) -> bytes:
    """The picture of every board of ``game`` in ``theme``, titled ``title``."""
    boards = boards_of(game)
    return await boards_png_async(boards.guesses, boards.feedback, game.variant,
                                  layout=keyboard_rows(game.variant), theme=theme, title=title,
                                  hard_mode=game.hard_mode, texts=texts)


def game_boards_alt(game: Game, title: str, high_contrast: bool, texts: Texts = ENGLISH) -> str:
    """The picture of :func:`game_boards_png` in words."""
    boards = boards_of(game)
    return boards_alt_text(boards.guesses, boards.feedback, game.variant, label=title,
                           hard_mode=game.hard_mode, high_contrast=high_contrast, texts=texts)


def game_boards_text(game: Game, high_contrast: bool, limit: int = TEXT_LIMIT,
                     texts: Texts = ENGLISH) -> str:
    """Every board of ``game`` as emoji text, within ``limit`` characters."""
    boards = boards_of(game)
    return boards_emoji_text(boards.guesses, boards.feedback, game.variant,
                             layout=keyboard_rows(game.variant), high_contrast=high_contrast,
                             limit=limit, texts=texts)
