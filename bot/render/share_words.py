"""The share grid of a finished game as its reader sees it: the game's name and the hints used
in the reader's language (``Wordle ES · práctica 4/6``, ``💡 1 pista usada``), the squares as
the core draws them (:func:`bot.core.share.game_share_text`, a game of several boards too)."""

from __future__ import annotations

from bot.core.share import game_share_text
from bot.render.common import ENGLISH, Texts, game_label_text
from bot.service import Finish, Game
from bot.service.errors import Played


def share_words(game: Game, finish: Finish, texts: Texts = ENGLISH) -> str:
    """The share grid of ``game``, ended with ``finish``, in the language of ``texts``; the
    note of the hints used only when the finish has its figures (as the service's grid)."""
    return grid_words(game, finish.hints_used if finish.figures else 0, texts)


def played_words(played: Played, texts: Texts = ENGLISH) -> str:
    """The share grid of a finished game a refusal quotes (the daily played already)."""
    return grid_words(played.game, played.hints_used, texts)


def grid_words(game: Game, hints_used: int, texts: Texts = ENGLISH) -> str:
    """The share grid of ``game`` with a note of the ``hints_used`` (if any)."""
    t = texts
    text = game_share_text(game, game_label_text(game, t))
    if hints_used:
        text += "\n💡 " + t.ngettext("{n} hint used", "{n} hints used", hints_used)
    return text
