"""The rules of play as storage applies them: :mod:`bot.core.domain` decides, this module
turns a stored game into the domain's facts and a refusal into a storage error.

A forgotten challenge setter leaves no id on the game, only an anonymous mark (a keyed hash,
:func:`player_mark`), so the setter rule still applies to them (:func:`facts`).
"""

from __future__ import annotations

import hashlib
import hmac

from bot.core import domain
from bot.core.feedback import score

from .errors import AttemptConflict, GameNotActive, GameNotFound, PlayerNotAllowed
from .models import GameRecord


def player_mark(key: bytes, player_id: int) -> str:
    """An anonymous, stable mark of a player: HMAC-SHA256 of the id under the store's key.

    Privacy trade-off: it holds no id and cannot be reversed, but whoever has both the
    database (which keeps the key) and a candidate player id can check whether that player
    set a game or played a daily. That is all it can tell, and it is what keeps a forgotten
    player bound by the rules (no guessing one's own challenge, no replaying a daily)."""
    return hmac.new(key, f"player:{player_id}".encode(), hashlib.sha256).hexdigest()


def facts(game: GameRecord, player_id: int | None = None,
          mark: str | None = None) -> domain.GameFacts:
    """What the domain rules read about a stored game. ``mark`` is ``player_id``'s
    :func:`player_mark`: when it matches the game's forgotten setter, that player is the
    setter again for the rules."""
    setter = game.setter_id
    if setter is None and mark is not None and game.setter_mark == mark:
        setter = player_id
    return domain.GameFacts(
        scope=domain.Scope(game.scope),
        kind=domain.Kind(game.kind),
        status=domain.Status(game.status),
        owner_id=game.owner_id,
        setter_id=setter,
        guessers=game.participants,
        guessed=bool(game.guesses),
    )


def counted_players(game: GameRecord) -> frozenset[int]:
    """Whose statistics the game counts for once it is over."""
    return domain.counted_players(facts(game))


def refusal_error(game: GameRecord, refusal: domain.Refusal, player_id: int) -> Exception:
    if refusal is domain.Refusal.GAME_OVER:
        return GameNotActive(game)
    if refusal is domain.Refusal.NOT_YOUR_GAME:
        return PlayerNotAllowed(f"player {player_id} does not own game {game.id}")
    if refusal is domain.Refusal.SETTER:
        return PlayerNotAllowed(f"player {player_id} set the word of game {game.id}")
    return PlayerNotAllowed(f"player {player_id} has not played in game {game.id}")


def guess_error(game: GameRecord | None, game_id: int, player_id: int, mark: str | None,
                attempt: int, word: str, feedback: str) -> Exception | None:
    """Why a guess cannot be saved to ``game`` as stored now (``None``: it can)."""
    if game is None:
        return GameNotFound(game_id)
    refusal = domain.guess_refusal(facts(game, player_id, mark), player_id)
    if refusal is not None:
        return refusal_error(game, refusal, player_id)
    if attempt != len(game.guesses) + 1:
        return AttemptConflict(game, attempt)
    if score(word, game.answer) != feedback:
        return ValueError("feedback does not match the guess and the hidden word")
    return None


def hint_error(game: GameRecord | None, game_id: int, player_id: int,
               mark: str | None) -> Exception | None:
    if game is None:
        return GameNotFound(game_id)
    refusal = domain.hint_refusal(facts(game, player_id, mark), player_id)
    return None if refusal is None else refusal_error(game, refusal, player_id)


def give_up_error(game: GameRecord | None, game_id: int, player_id: int,
                  mark: str | None) -> Exception | None:
    if game is None:
        return GameNotFound(game_id)
    refusal = domain.give_up_refusal(facts(game, player_id, mark), player_id)
    return None if refusal is None else refusal_error(game, refusal, player_id)


def move_error(game: GameRecord | None, game_id: int, owner_id: int) -> Exception | None:
    """Why ``game`` cannot be moved to another channel by ``owner_id`` (``None``: it can)."""
    if game is None:
        return GameNotFound(game_id)
    if game.scope != domain.Scope.OWN or game.owner_id != owner_id:
        return PlayerNotAllowed(f"player {owner_id} does not own game {game.id}")
    if domain.Status(game.status).is_over:
        return GameNotActive(game)
    return None
