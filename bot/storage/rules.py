"""The rules of play as a store's moves apply them, to games and to races: :mod:`bot.core.domain`
decides on the stored :class:`~bot.core.game.Game`; this module turns a refusal into a storage
error. A racer's board is a game of the race mode, played by its racer alone
(:meth:`RaceRecord.board <bot.storage.races.RaceRecord.board>`).

A forgotten challenge setter leaves no id on the game, only an anonymous mark (a keyed hash,
:func:`player_mark`), so the setter rule still applies to them.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable, Iterable
from dataclasses import replace
from datetime import datetime

from bot.core import domain
from bot.core.domain import Status
from bot.core.feedback import score
from bot.core.game import Game
from bot.core.variant import Variant

from .errors import AttemptConflict, GameNotActive, GameNotFound, PlayerNotAllowed
from .races import (
    BoardOver,
    NotARacer,
    NotTheStarter,
    RaceAttemptConflict,
    RaceEnd,
    RaceGuess,
    RaceNotFound,
    RaceOver,
    Racer,
    RaceRecord,
    result_key,
)


def player_mark(key: bytes, player_id: int) -> str:
    """An anonymous, stable mark of a player: HMAC-SHA256 of the id under the store's key.

    Privacy trade-off: it holds no id and cannot be reversed, but whoever has both the
    database (which keeps the key) and a candidate player id can check whether that player
    set a game or played a daily. That is all it can tell, and it is what keeps a forgotten
    player bound by the rules (no guessing one's own challenge, no replaying a daily)."""
    return hmac.new(key, f"player:{player_id}".encode(), hashlib.sha256).hexdigest()


def refused(rule: Callable[[Game, int, str | None], domain.Refusal | None],
            game: Game | None, game_id: int, player_id: int,
            mark: str | None) -> Exception | None:
    """Why ``player_id`` (whose :func:`player_mark` is ``mark``) may not make a move on
    ``game`` as stored now, as ``rule`` (one of :mod:`bot.core.domain`'s refusals) decides;
    ``None``: they may."""
    if game is None:
        return GameNotFound(game_id)
    refusal = rule(game, player_id, mark)
    if refusal is None:
        return None
    if refusal is domain.Refusal.GAME_OVER:
        return GameNotActive(game)
    why = {domain.Refusal.NOT_YOUR_GAME: "does not own", domain.Refusal.SETTER: "set the word of"}
    return PlayerNotAllowed(f"player {player_id} {why.get(refusal, 'has not played in')} game "
                            f"{game.id}")


def board_move_error(variant: Variant, hidden_word: str, attempt: int, word: str,
                     feedback: str, finish: str | None) -> ValueError | None:
    """Why a guess (already of the right shape: ``validation.check_move``) cannot be played
    on a board of ``variant`` whose hidden word is ``hidden_word`` (``None``: it can)."""
    if len(word) != variant.length or word.strip(variant.alphabet):
        return ValueError(f"word must be {variant.length} lower-case letters of the variant")
    if len(feedback) != variant.length:
        return ValueError(f"feedback must be {variant.length} letters from G, Y, B")
    if attempt > variant.attempts:
        return ValueError(f"attempt must be 1 to {variant.attempts}")
    if finish == "lost" and attempt != variant.attempts:
        return ValueError(f"a game is lost only on attempt {variant.attempts}")
    if attempt == variant.attempts and finish is None:
        return ValueError(f"attempt {variant.attempts} always finishes the game")
    if score(word, hidden_word) != feedback:
        return ValueError("feedback does not match the guess and the hidden word")
    return None


def guess_error(game: Game | None, game_id: int, player_id: int, mark: str | None,
                attempt: int, word: str, feedback: str,
                finish: str | None) -> Exception | None:
    """Why a guess cannot be saved to ``game`` as stored now (``None``: it can)."""
    error = refused(domain.guess_refusal, game, game_id, player_id, mark)
    if error is not None or game is None:
        return error
    wrong = board_move_error(game.variant, game.hidden_word, attempt, word, feedback, finish)
    if wrong is not None:
        return wrong
    return None if attempt == len(game.guesses) + 1 else AttemptConflict(game, attempt)


def move_error(game: Game | None, game_id: int, owner_id: int) -> Exception | None:
    """Why ``game`` cannot be moved to another channel by ``owner_id`` (``None``: it can)."""
    if game is None:
        return GameNotFound(game_id)
    if game.scope != domain.Scope.OWN or game.owner_id != owner_id:
        return PlayerNotAllowed(f"player {owner_id} does not own game {game.id}")
    if game.is_over:
        return GameNotActive(game)
    return None


# -- races ------------------------------------------------------------------------------


def join_error(race: RaceRecord | None, race_id: int, now: datetime) -> Exception | None:
    if race is None:
        return RaceNotFound(race_id)
    if race.is_over or race.due(now):
        return RaceOver(race)
    return None


def race_guess_error(race: RaceRecord | None, race_id: int, player_id: int, attempt: int,
                     word: str, feedback: str, finish: str | None,
                     now: datetime) -> Exception | None:
    """Why a guess cannot be saved to the race as stored now (``None``: it can)."""
    problem = player_error(race, race_id, player_id, now)
    if problem is not None or race is None:
        return problem
    racer = race.racer(player_id)
    assert racer is not None
    wrong = board_move_error(race.variant, race.answer, attempt, word, feedback, finish)
    if wrong is not None:
        return wrong
    return None if attempt == racer.attempts + 1 else RaceAttemptConflict(race, attempt)


def player_error(race: RaceRecord | None, race_id: int, player_id: int,
                 now: datetime) -> Exception | None:
    """Why the player cannot act on their board (a guess, a hint, giving up) now."""
    problem = join_error(race, race_id, now)
    if problem is not None or race is None:
        return problem
    racer = race.racer(player_id)
    if racer is None:
        return NotARacer(race, player_id)
    refusal = domain.guess_refusal(race.board(racer), player_id)
    if refusal is domain.Refusal.GAME_OVER:
        return BoardOver(race, player_id)
    return None if refusal is None else NotARacer(race, player_id)


def with_racer(race: RaceRecord, racer: Racer) -> RaceRecord:
    racers = tuple(racer if r.player_id == racer.player_id else r for r in race.racers)
    if race.racer(racer.player_id) is None:
        racers = (*racers, racer)
    return replace(race, racers=racers)


def after_guess(race: RaceRecord, player_id: int, attempt: int, word: str, feedback: str,
                finish: str | None, now: datetime) -> RaceRecord:
    racer = race.racer(player_id)
    assert racer is not None
    racer = replace(racer, guesses=(*racer.guesses, RaceGuess(attempt, word, feedback, now)))
    if finish is not None:
        racer = replace(racer, status=Status(finish), finished_at=now)
    return with_racer(race, racer)


def places(racers: Iterable[Racer]) -> dict[int, int]:
    """The place of every player who solved it: by guesses, then time; equal results share a
    place (1, 2, 2, 4)."""
    solved = sorted((r for r in racers if r.status is Status.WON), key=result_key)
    out: dict[int, int] = {}
    for i, racer in enumerate(solved):
        same = i and result_key(solved[i - 1]) == result_key(racer)
        out[racer.player_id] = out[solved[i - 1].player_id] if same else i + 1
    return out


def finished_race(race: RaceRecord, end: RaceEnd, now: datetime) -> RaceRecord:
    """The race ended now: players still playing lose, the solvers get their places."""
    racers = [r if r.finished else replace(r, status=Status.LOST, finished_at=now)
              for r in race.racers]
    placed = places(racers)
    racers = [replace(r, place=placed.get(r.player_id)) for r in racers]
    return replace(race, finished_at=now, end=end, racers=tuple(racers))


def end_error(race: RaceRecord | None, race_id: int, end: RaceEnd, by: int | None,
              now: datetime) -> Exception | None:
    """Why the race may not end now for ``end`` (``None``: it may; an ended race is not an
    error, the caller gets it back as it is)."""
    if race is None:
        return RaceNotFound(race_id)
    if race.is_over:
        return None
    if end is RaceEnd.ENDED and by is not None and by != race.starter_id:
        return NotTheStarter(race, by)
    if end is RaceEnd.TIME and not race.due(now):
        return ValueError("the race's time is not up yet")
    if end is RaceEnd.ALL_FINISHED and not race.all_finished:
        return ValueError("not every player has finished")
    if end is RaceEnd.ALL_FINISHED and not race.ends_all_finished(now):
        return ValueError("the race's join window is not over yet")
    return None
