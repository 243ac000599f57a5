"""The dialect-free parts the PostgreSQL store shares with the SQLite one, in one place.

Validation, records, the queued-write records and the rules that name a refusal come from the
SQLite store's module today; this file is the one seam to re-point when they move to shared
modules (the storage port work). The two argument checks below are the ones
``Database.create_game`` and ``Database.record_guess`` make inline, as functions both stores
can call. Who may act and whose statistics count are the rules of :mod:`bot.core.domain`;
the functions here turn their refusals into the storage errors of the port.
"""

from __future__ import annotations

from bot.core import domain
from bot.core.feedback import ALL_GREEN, WORD_LENGTH, score

from ..batching import Create as _Create
from ..batching import Guess as _Guess
from ..errors import AttemptConflict, GameNotActive, GameNotFound, PlayerNotAllowed
from ..models import (
    HINT_KINDS,
    KINDS,
    LEADERBOARD_BY,
    SCOPES,
    STATS_MODES,
    UNSET,
    GameRecord,
    Unset,
    stats_mode_for,
)
from ..stats import MAX_ATTEMPTS
from ..validation import FEEDBACK_LETTERS as _FEEDBACK
from ..validation import MAX_HINT_VALUE as _MAX_HINT_VALUE
from ..validation import check_bool as _check_bool
from ..validation import check_choice as _check_choice
from ..validation import check_day as _check_day
from ..validation import check_id as _check_id
from ..validation import check_word as _check_word
from ..validation import from_text as _dt
from ..validation import now_utc as _now
from ..validation import to_text as _ts
from ..validation import validate_timezone

__all__ = [
    "HINT_KINDS",
    "LEADERBOARD_BY",
    "MAX_ATTEMPTS",
    "MAX_HINT_VALUE",
    "STATS_MODES",
    "UNSET",
    "Create",
    "Guess",
    "Unset",
    "check_bool",
    "check_choice",
    "check_day",
    "check_guess",
    "check_id",
    "check_new_game",
    "counted_players",
    "from_text",
    "give_up_error",
    "guess_error",
    "hint_error",
    "now_utc",
    "stats_mode_for",
    "to_text",
    "validate_timezone",
]

Guess = _Guess
Create = _Create
MAX_HINT_VALUE = _MAX_HINT_VALUE
check_id = _check_id
check_day = _check_day
check_bool = _check_bool
check_choice = _check_choice
now_utc = _now
to_text = _ts
from_text = _dt


def check_new_game(
    *,
    guild_id: object,
    channel_id: object,
    owner_id: object,
    scope: object,
    kind: object,
    answer: object,
    hard_mode: object,
    puzzle_number: object,
    setter_id: object,
) -> None:
    """``ValueError`` for arguments no game can have (the checks of ``create_game``)."""
    _check_id("guild_id", guild_id)
    _check_id("channel_id", channel_id)
    _check_id("owner_id", owner_id, optional=True)
    _check_id("setter_id", setter_id, optional=True)
    _check_choice("scope", scope, SCOPES)
    _check_choice("kind", kind, KINDS)
    _check_word("answer", answer)
    _check_bool("hard_mode", hard_mode)
    _check_day("puzzle_number", puzzle_number, optional=True)
    if (scope == "own") != (owner_id is not None):
        raise ValueError("an own game needs owner_id; a channel game has none")
    if kind == "daily" and (scope != "own" or puzzle_number is None):
        raise ValueError("a daily is an own game with a puzzle_number")
    if kind != "daily" and puzzle_number is not None:
        raise ValueError("only a daily has a puzzle_number")
    if setter_id is not None and kind != "custom":
        raise ValueError("only a custom game has a setter")
    if setter_id is not None and setter_id == owner_id:
        raise ValueError("the setter of a challenge cannot be the one playing it")


def check_guess(
    *,
    game_id: object,
    attempt: object,
    player_id: object,
    word: object,
    feedback: object,
    finish: object,
    day: object,
) -> None:
    """``ValueError`` for a guess that cannot be right whatever is stored (``record_guess``)."""
    _check_id("game_id", game_id)
    _check_id("player_id", player_id)
    _check_word("word", word)
    _check_day("day", day, optional=finish is None)
    if (
        isinstance(attempt, bool)
        or not isinstance(attempt, int)
        or not 1 <= attempt <= MAX_ATTEMPTS
    ):
        raise ValueError(f"attempt must be 1 to {MAX_ATTEMPTS}, got {attempt!r:.20}")
    if (
        not isinstance(feedback, str)
        or len(feedback) != WORD_LENGTH
        or not set(feedback) <= _FEEDBACK
    ):
        raise ValueError("feedback must be 5 letters from G, Y, B")
    if finish not in (None, "won", "lost"):
        raise ValueError(f"finish must be 'won', 'lost' or None, got {finish!r:.20}")
    if (feedback == ALL_GREEN) != (finish == "won"):
        raise ValueError("finish='won' goes with, and only with, an all-green feedback")
    if finish == "lost" and attempt != MAX_ATTEMPTS:
        raise ValueError(f"a game is lost only on attempt {MAX_ATTEMPTS}")
    if attempt == MAX_ATTEMPTS and finish is None:
        raise ValueError(f"attempt {MAX_ATTEMPTS} always finishes the game")


def facts(game: GameRecord) -> domain.GameFacts:
    """What the domain rules read about a stored game."""
    return domain.GameFacts(
        scope=domain.Scope(game.scope),
        kind=domain.Kind(game.kind),
        status=domain.Status(game.status),
        owner_id=game.owner_id,
        setter_id=game.setter_id,
        guessers=game.participants,
    )


def _refusal_error(game: GameRecord, refusal: domain.Refusal, player_id: int) -> Exception:
    if refusal is domain.Refusal.GAME_OVER:
        return GameNotActive(game)
    if refusal is domain.Refusal.NOT_YOUR_GAME:
        return PlayerNotAllowed(f"player {player_id} does not own game {game.id}")
    if refusal is domain.Refusal.SETTER:
        return PlayerNotAllowed(f"player {player_id} set the word of game {game.id}")
    return PlayerNotAllowed(f"player {player_id} has not played in game {game.id}")


def guess_error(game: GameRecord | None, g: _Guess) -> Exception | None:
    """Why guess ``g`` cannot be saved to ``game`` as stored now, or ``None``."""
    if game is None:
        return GameNotFound(g.game_id)
    refusal = domain.guess_refusal(facts(game), g.player_id)
    if refusal is not None:
        return _refusal_error(game, refusal, g.player_id)
    if g.attempt != len(game.guesses) + 1:
        return AttemptConflict(game, g.attempt)
    if score(g.word, game.answer) != g.feedback:
        return ValueError("feedback does not match the guess and the hidden word")
    return None


def hint_error(game: GameRecord | None, game_id: int, player_id: int) -> Exception | None:
    if game is None:
        return GameNotFound(game_id)
    refusal = domain.hint_refusal(facts(game), player_id)
    return None if refusal is None else _refusal_error(game, refusal, player_id)


def give_up_error(game: GameRecord | None, game_id: int, player_id: int) -> Exception | None:
    if game is None:
        return GameNotFound(game_id)
    refusal = domain.give_up_refusal(facts(game), player_id)
    return None if refusal is None else _refusal_error(game, refusal, player_id)


def counted_players(game: GameRecord) -> list[int]:
    """Whose statistics a finished game counts in (the domain rule), in id order."""
    return sorted(domain.counted_players(facts(game)))
