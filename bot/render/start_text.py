"""What starting a game says above its board: a new game, or the one already going here
handed back (``/wordle start``)."""

from __future__ import annotations

from typing import Protocol

from bot.core.domain import Kind, Scope
from bot.core.variant import Variant
from bot.render.common import ENGLISH, Texts, game_label_text


class StartedGame(Protocol):
    """What the words read of the game (``bot.core.game.Game`` and the service's views fit)."""

    @property
    def scope(self) -> Scope: ...
    @property
    def kind(self) -> Kind: ...
    @property
    def puzzle_number(self) -> int | None: ...
    @property
    def private(self) -> bool: ...
    @property
    def hard_mode(self) -> bool: ...
    @property
    def variant(self) -> Variant: ...


def start_text(game: StartedGame, *, resumed: bool, other_kind: bool, hard_asked: bool,
               starter: str, texts: Texts = ENGLISH) -> str:
    """The note above the board of ``game`` after a start: ``resumed`` when it was already
    going (``other_kind``: not the kind asked for), ``hard_asked`` whether hard mode was asked
    for (a game keeps its own), ``starter`` the player who started it, as mentioned."""
    t = texts
    guess = t.command("guess")
    channel_game = game.scope is Scope.CHANNEL
    if resumed and channel_game:
        return t._("This channel already has a game going; join in: press Guess or {guess}.",
                   guess=guess)
    if resumed and other_kind:
        return t._("You already have another game going here, so here it is: finish it, or "
                   "give it up with {giveup}, before starting a new one.",
                   giveup=t.command("wordle giveup"))
    if resumed:
        text = t._("You already have this game going here; carry on: press Guess or {guess}.",
                   guess=guess)
        if game.hard_mode != hard_asked:  # chosen at the start, not changed by this one
            text += " " + (t._("It is in hard mode, as it started.") if game.hard_mode else
                           t._("It is not in hard mode: that is chosen when a game starts."))
        return text
    if channel_game:
        return t._("{player} started a channel game! Everyone here can press Guess or "
                   "{guess}.", player=starter, guess=guess)
    if game.private:
        return t._("{game}: only you can see this board. Press Guess or {guess} a "
                   "{length}-letter word.", game=game_label_text(game, t), guess=guess,
                   length=game.variant.length)
    return t._("Your game is on: press Guess or {guess} a {length}-letter word.",
               guess=guess, length=game.variant.length)
