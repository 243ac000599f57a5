"""The share grid of a finished game as its reader sees it: the game's name and the hints used
in the reader's language (``Wordle ES · práctica 4/6``, ``💡 1 pista usada``), the squares as
the core draws them (:func:`bot.core.share.game_share_text`, a game of several boards too)."""

from __future__ import annotations

from bot.core.share import game_share_text
from bot.render.common import ENGLISH, Texts, game_label_text
from bot.service import Finish, Game


def share_words(game: Game, finish: Finish, texts: Texts = ENGLISH) -> str:
    """The share grid of ``game``, ended with ``finish``, in the language of ``texts``; the
    note of the hints used only when the finish has its figures (as the service's grid)."""
    t = texts
    text = game_share_text(game, game_label_text(game, t))
    if finish.figures and finish.hints_used:
        text += "\n💡 " + t.ngettext("{n} hint used", "{n} hints used", finish.hints_used)
    return text
