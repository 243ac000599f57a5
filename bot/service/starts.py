"""Starting a game: an own practice game, a channel game, a challenge, the daily (an archive
puzzle is :mod:`bot.service.archive`).

One active own game per player per channel and one channel game per channel: starting again
hands back the game that is running (``resumed``). One daily per player per day and number of
boards: starting it twice resumes it; a finished daily cannot be replayed. No channel game
where a race is on. A game of several boards (Dordle, Quordle, Octordle: ``boards``) has a
different hidden word on each board.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from bot.core.domain import Kind, Scope, mode_of
from bot.core.game import Game, Invalid, validate_guess
from bot.core.multiboard import BOARDS, join_words
from bot.core.variant import CLASSIC, Variant, boards_variant
from bot.service.archive import start_archive
from bot.service.dailies import daily_answer, refuse_if_archived, resume_daily
from bot.service.errors import (
    BadOption,
    DailyAlreadyPlayed,
    GameAlreadyRunning,
    InvalidGuess,
    Place,
    PlayerError,
    Problem,
)
from bot.service.pack_choice import chosen_variant
from bot.service.removals import answers_here
from bot.service.results import StartResult
from bot.service.views import option
from bot.storage.errors import DailyPlayed, GameExists, RaceExists
from bot.storage.port import Store

if TYPE_CHECKING:
    from bot.service.game_service import GameService

log = logging.getLogger(__name__)


async def start(service: GameService, place: Place, player_id: int, *, scope: Scope | str,
                kind: Kind | str, hard_mode: bool, word: str | None, number: int | None,
                date: str | None, language: str | None = None,
                length: int | None = None, boards: int = 1) -> StartResult:
    """:meth:`GameService.start <bot.service.game_service.GameService.start>`: in the word
    pack asked for, else the server's (a daily or archive puzzle: always the server's), on
    ``boards`` boards (an archive puzzle: one)."""
    if boards not in BOARDS:
        raise BadOption(Problem.BAD_START)
    scope = option(Scope, scope, Problem.BAD_START)
    kind = option(Kind, kind, Problem.BAD_START)
    if scope is Scope.CHANNEL:
        await refuse_beside_race(service.db, place)
    if kind is Kind.CHOSEN:
        raise BadOption(Problem.CHALLENGE_NOT_START)
    if kind is Kind.RACE:  # a race is bot.service.races
        raise BadOption(Problem.BAD_START)
    if kind in (Kind.DAILY, Kind.ARCHIVE) and scope is Scope.CHANNEL:
        raise BadOption(Problem.DAILY_NOT_IN_CHANNEL)
    if kind in (Kind.DAILY, Kind.ARCHIVE) and word is not None:
        raise BadOption(Problem.DAILY_WORD_FIXED)
    if scope is Scope.CHANNEL and word is not None:  # a challenge, with its setter
        raise BadOption(Problem.CHALLENGE_NOT_START)
    numbered = kind is Kind.ARCHIVE or number is not None or date is not None
    if numbered or kind is Kind.DAILY:
        if language is not None or length is not None:  # only the server's pack
            settings = await service.db.guild_settings(place.guild_id)
            if chosen_variant(settings, language, length) != chosen_variant(settings, None,
                                                                              None):
                raise BadOption(Problem.DAILY_PACK_FIXED)
    else:
        variant = chosen_variant(await service.db.guild_settings(place.guild_id), language,
                                 length)
    if numbered and boards == 1:
        return await start_archive(service, service.daily_salt, place, player_id, kind=kind,
                                   hard_mode=hard_mode, number=number, on=date)
    if numbered:
        raise BadOption(Problem.BAD_START)
    if kind is Kind.DAILY:
        return await _start_daily(service, place, player_id, hard_mode, boards)

    if word is not None and boards == 1:
        answer, kind = checked_word(service, word, variant), Kind.CHOSEN
    elif word is not None:
        raise BadOption(Problem.BAD_START)
    else:
        pool = await answers_here(service.db, place.guild_id, variant,
                                  service.lists[variant].answers)
        answer = join_words(_distinct(service.choose, pool, boards))
    if boards > 1:
        variant = boards_variant(boards, variant)
    mode = mode_of(scope, kind)
    creating = service.create(place, mode, answer, hard_mode, variant=variant,
                              owner_id=player_id if scope is Scope.OWN else None)
    try:
        game = await _beside_race(creating)
    except GameExists as exists:
        existing = exists.existing
        return StartResult(existing, resumed=True, other_kind=existing.kind != mode.kind
                           or existing.variant.boards != boards)
    log.debug("game %s started: %s in guild %s", game.id, mode.name, place.guild_id)
    return StartResult(game, resumed=False)


async def challenge(service: GameService, place: Place, setter_id: int, word: str, *,
                    hard_mode: bool) -> StartResult:
    """A channel game whose hidden word a player chose, in the server's word pack; that
    player cannot guess it."""
    await refuse_beside_race(service.db, place)
    variant = chosen_variant(await service.db.guild_settings(place.guild_id), None, None)
    answer = checked_word(service, word, variant)
    try:
        game = await _beside_race(service.create(
            place, mode_of(Scope.CHANNEL, Kind.CHOSEN), answer, hard_mode, setter_id=setter_id,
            variant=variant))
    except GameExists:
        raise GameAlreadyRunning(Problem.CHANNEL_GAME_RUNNING) from None
    return StartResult(game, resumed=False)


def checked_word(service: GameService, word: str, variant: Variant = CLASSIC) -> str:
    """A chosen hidden word, if it is a word the game allows."""
    checked = validate_guess(word, service.lists[variant].allowed, variant)
    if isinstance(checked, Invalid):
        raise InvalidGuess(checked)
    return checked


def _distinct(choose: Callable[[tuple[str, ...]], str], pool: tuple[str, ...],
              boards: int) -> list[str]:
    """``boards`` different words chosen from ``pool``, each from the words not chosen yet."""
    words: list[str] = []
    for _ in range(boards):
        rest = tuple(word for word in pool if word not in words)
        if not rest:  # (a pack of fewer answers than boards)
            raise BadOption(Problem.BAD_START)
        word = choose(rest)
        words.append(word if word not in words else rest[0])
    return words


async def _start_daily(service: GameService, place: Place, player_id: int,
                       hard_mode: bool, boards: int = 1) -> StartResult:
    db = service.db
    settings = await db.guild_settings(place.guild_id)
    number = await service.today_in(settings, player_id)
    existing = await db.daily_game(place.guild_id, player_id, number, boards)
    if existing is not None:
        return await resume_daily(db, existing, place)
    if boards == 1:  # (the archive has the daily of one board)
        await refuse_if_archived(db, place, player_id, number)
    variant = chosen_variant(settings, None, None)
    answer = await daily_answer(db, service.lists[variant], service.daily_salt, settings,
                                number, player_id, boards=boards)
    if boards > 1:
        variant = boards_variant(boards, variant)
    try:
        game = await service.create(place, mode_of(Scope.OWN, Kind.DAILY), answer,
                                      hard_mode, owner_id=player_id, puzzle_number=number,
                                      variant=variant)
    except GameExists as exists:
        other = exists.existing
        if other.kind == Kind.DAILY and other.puzzle_number == number:
            # Started twice at the same moment: the start that won the race decides.
            return await resume_daily(db, other, place)
        raise GameAlreadyRunning(Problem.OWN_GAME_RUNNING) from None
    except DailyPlayed:  # played before "forget me": still played
        raise DailyAlreadyPlayed(Problem.DAILY_DONE, puzzle_number=number) from None
    return StartResult(game, resumed=False)


async def refuse_beside_race(db: Store, place: Place) -> None:
    """No channel game where a race is on (nor a race beside a channel game: the race's
    start says so)."""
    if await db.active_race(place.guild_id, place.channel_id) is not None:
        raise PlayerError(Problem.RACE_BLOCKS_GAME)


async def _beside_race(creating: Awaitable[Game]) -> Game:
    """A channel game's insert: where a race started after :func:`refuse_beside_race` looked
    (another process, or a race started at the same moment here), the store names the race in
    the way, and that is the race's refusal, not a failure."""
    try:
        return await creating
    except RaceExists:
        raise PlayerError(Problem.RACE_BLOCKS_GAME) from None
