"""Ids no player, server, channel, game or race of ours can have (negative, past 2**63-1, not a
whole number, missing) given to the service by a front end: each public call that takes one
answers with a player error (the game's or race's "no longer exists", or a bad player or place
id), never a ``ValueError`` or ``TypeError``, and changes nothing. The lists below are checked
against the service's classes, so a new call taking an id must join them."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import pytest

from bot.cogs.messages import error_text as discord_text
from bot.core.domain import HintKind, Kind, Scope, mode_of
from bot.core.game import Game
from bot.core.race import RaceRecord
from bot.service import GameService, Place, PlayerError, Problem
from bot.service import prefs as prefs_module
from bot.service.moves import Moves
from bot.service.races import RaceService, RaceTiming
from bot.storage.models import GuildSettings
from bot.terminal import error_text as terminal_text
from tests.support import Clock

pytestmark = pytest.mark.sqlite_only("an impossible id never reaches the store")

HERE = Place(5, 50)
RACING = Place(5, 51)
PLAYER, STARTER = 11, 12
OWN = mode_of(Scope.OWN, Kind.RANDOM)
#: Ids no store could hold, or not ids at all.
IMPOSSIBLE: tuple[object, ...] = (-1, 2**63, 2**64, True, "11", 11.0)


@dataclass
class World:
    """A game of PLAYER's in HERE and a race in RACING with PLAYER on it."""

    service: GameService
    races: RaceService
    moves: Moves
    game: Game
    race: RaceRecord
    settings: GuildSettings

    async def state(self) -> tuple[Any, ...]:
        db = self.service.db
        return (await db.get_game(self.game.id), await db.get_race(self.race.id),
                await db.guild_settings(5), await db.player_prefs(PLAYER),
                await db.active_races())


@pytest.fixture
async def world(service: GameService, clock: Clock, picker: Any) -> World:
    picker.queue.extend(["crane", "lemon"])
    races = RaceService.beside(service, RaceTiming(minute=timedelta(seconds=60)), clock=clock)
    game = await service.start(HERE, PLAYER)
    await races.start(RACING, STARTER)
    await races.join(RACING, PLAYER)
    record = await service.db.get_game(game.game.id)
    race = await races.here(RACING)
    assert record is not None and race is not None
    return World(service, races, Moves(service, races), record, race,
                 await service.db.guild_settings(5))


Call = Callable[[World, Any], Awaitable[object] | object]


@dataclass(frozen=True)
class Case:
    """One call of the service with ``bad`` in the place of one id."""

    owner: str  # the class (or module) and the call: "GameService.guess"
    param: str
    call: Call
    #: ``None`` is a fine value here (the id is optional).
    optional: bool = False

    @property
    def id(self) -> str:
        return f"{self.owner}:{self.param}"


def c(owner: str, param: str, call: Call, optional: bool = False) -> Case:
    return Case(owner, param, call, optional)


PLAYER_CASES = [
    c("GameService.today", "player_id", lambda w, b: w.service.today(0, b), optional=True),
    c("GameService.game_here", "player_id", lambda w, b: w.service.game_here(HERE, b)),
    c("GameService.game", "player_id", lambda w, b: w.service.game(HERE, b, w.game.id)),
    c("GameService.may", "player_id", lambda w, b: w.service.may(HERE, b, w.game.id, "guess")),
    c("GameService.start", "player_id", lambda w, b: w.service.start(HERE, b)),
    c("GameService.challenge", "setter_id",
      lambda w, b: w.service.challenge(Place(5, 52), b, "slate")),
    c("GameService.create", "owner_id", lambda w, b: w.service.create(
        Place(5, 53), OWN, "slate", False, owner_id=b), optional=True),
    c("GameService.create", "setter_id", lambda w, b: w.service.create(
        Place(5, 53), OWN, "slate", False, owner_id=PLAYER, setter_id=b),
      optional=True),
    c("GameService.guess", "player_id", lambda w, b: w.service.guess(HERE, b, "slate")),
    c("GameService.guess_in", "player_id", lambda w, b: w.service.guess_in(w.game, b, "slate")),
    c("GameService.hint", "player_id", lambda w, b: w.service.hint(HERE, b, "letter")),
    c("GameService.hint_in", "player_id",
      lambda w, b: w.service.hint_in(w.game, b, HintKind.LETTER)),
    c("GameService.give_up", "player_id", lambda w, b: w.service.give_up(HERE, b)),
    c("GameService.give_up_in", "player_id", lambda w, b: w.service.give_up_in(w.game, b)),
    c("GameService.board", "player_id", lambda w, b: w.service.board(HERE, b)),
    c("GameService.stats", "player_id", lambda w, b: w.service.stats(5, b)),
    c("GameService.leaderboard", "player_id", lambda w, b: w.service.leaderboard(5, b),
      optional=True),
    c("GameService.analyse", "player_id", lambda w, b: w.service.analyse(HERE, b)),
    c("GameService.today_in", "player_id", lambda w, b: w.service.today_in(w.settings, b),
      optional=True),
    c("GameService.forget_me", "player_id", lambda w, b: w.service.forget_me(b)),
    c("RaceService.start", "starter_id", lambda w, b: w.races.start(Place(5, 54), b)),
    c("RaceService.join", "player_id", lambda w, b: w.races.join(RACING, b)),
    c("RaceService.end", "player_id", lambda w, b: w.races.end(RACING, b)),
    c("RaceService.guess", "player_id", lambda w, b: w.races.guess(RACING, b, "slate")),
    c("RaceService.guess_in", "player_id", lambda w, b: w.races.guess_in(w.race, b, "slate")),
    c("RaceService.give_up", "player_id", lambda w, b: w.races.give_up(RACING, b)),
    c("RaceService.give_up_in", "player_id", lambda w, b: w.races.give_up_in(w.race, b)),
    c("RaceService.board", "player_id", lambda w, b: w.races.board(RACING, b)),
    c("RaceService.board_in", "player_id", lambda w, b: w.races.board_in(w.race, b)),
    c("RaceService.may_guess", "player_id",
      lambda w, b: w.races.may_guess(RACING, b, w.race.id)),
    c("RaceService.may_guess_in", "player_id", lambda w, b: w.races.may_guess_in(w.race, b)),
    c("RaceService.hint", "player_id", lambda w, b: w.races.hint(RACING, b, "letter")),
    c("RaceService.hint_in", "player_id",
      lambda w, b: w.races.hint_in(w.race, b, HintKind.LETTER)),
    c("RaceService.stats", "player_id", lambda w, b: w.races.stats(5, b)),
    c("RaceService.leaderboard", "player_id", lambda w, b: w.races.leaderboard(5, b),
      optional=True),
    c("Moves.target", "player_id", lambda w, b: w.moves.target(RACING, b)),
    c("Moves.guess", "player_id", lambda w, b: w.moves.guess(HERE, b, "slate")),
    c("Moves.hint", "player_id", lambda w, b: w.moves.hint(HERE, b, "letter")),
    c("Moves.give_up", "player_id", lambda w, b: w.moves.give_up(HERE, b)),
    c("Moves.board", "player_id", lambda w, b: w.moves.board(HERE, b)),
    c("Moves.may_guess", "player_id",
      lambda w, b: w.moves.may_guess(RACING, b, race_id=w.race.id)),
    c("prefs.player_prefs", "player_id",
      lambda w, b: prefs_module.player_prefs(w.service.db, b)),
    c("prefs.update_prefs", "player_id", lambda w, b: prefs_module.update_prefs(
        w.service.db, b, w.service.now(), dark=True)),
]

GAME_CASES = [
    c("GameService.game", "game_id", lambda w, b: w.service.game(HERE, PLAYER, b),
      optional=True),
    c("GameService.may", "game_id", lambda w, b: w.service.may(HERE, PLAYER, b, "guess")),
    c("GameService.guess", "game_id",
      lambda w, b: w.service.guess(HERE, PLAYER, "slate", game_id=b), optional=True),
    c("GameService.hint", "game_id",
      lambda w, b: w.service.hint(HERE, PLAYER, "letter", game_id=b), optional=True),
    c("GameService.give_up", "game_id", lambda w, b: w.service.give_up(HERE, PLAYER, game_id=b),
      optional=True),
    c("GameService.board", "game_id", lambda w, b: w.service.board(HERE, PLAYER, game_id=b),
      optional=True),
    c("Moves.guess", "game_id", lambda w, b: w.moves.guess(HERE, PLAYER, "slate", game_id=b),
      optional=True),
    c("Moves.hint", "game_id", lambda w, b: w.moves.hint(HERE, PLAYER, "letter", game_id=b),
      optional=True),
    c("Moves.give_up", "game_id", lambda w, b: w.moves.give_up(HERE, PLAYER, game_id=b),
      optional=True),
    c("Moves.may_guess", "game_id", lambda w, b: w.moves.may_guess(HERE, PLAYER, game_id=b),
      optional=True),
]

RACE_CASES = [
    c("RaceService.current", "race_id", lambda w, b: w.races.current(b)),
    c("RaceService.race", "race_id", lambda w, b: w.races.race(RACING, b), optional=True),
    c("RaceService.end_shown", "race_id", lambda w, b: w.races.end_shown(b)),
    c("RaceService.set_message", "race_id", lambda w, b: w.races.set_message(b, 77)),
    c("RaceService.join", "race_id", lambda w, b: w.races.join(RACING, PLAYER, b),
      optional=True),
    c("RaceService.end", "race_id", lambda w, b: w.races.end(RACING, STARTER, b),
      optional=True),
    c("RaceService.close_if_due", "race_id", lambda w, b: w.races.close_if_due(b)),
    c("RaceService.guess", "race_id", lambda w, b: w.races.guess(RACING, PLAYER, "slate", b),
      optional=True),
    c("RaceService.give_up", "race_id", lambda w, b: w.races.give_up(RACING, PLAYER, b),
      optional=True),
    c("RaceService.board", "race_id", lambda w, b: w.races.board(RACING, PLAYER, b),
      optional=True),
    c("RaceService.may_guess", "race_id", lambda w, b: w.races.may_guess(RACING, PLAYER, b)),
    c("RaceService.hint", "race_id", lambda w, b: w.races.hint(RACING, PLAYER, "letter", b),
      optional=True),
    c("Moves.guess", "race_id",
      lambda w, b: w.moves.guess(RACING, PLAYER, "slate", race_id=b), optional=True),
    c("Moves.hint", "race_id", lambda w, b: w.moves.hint(RACING, PLAYER, "letter", race_id=b),
      optional=True),
    c("Moves.give_up", "race_id", lambda w, b: w.moves.give_up(RACING, PLAYER, race_id=b),
      optional=True),
    c("Moves.may_guess", "race_id", lambda w, b: w.moves.may_guess(RACING, PLAYER, race_id=b),
      optional=True),
]

PLACE_CASES = [
    c("Place", "guild_id", lambda w, b: Place(b, 50)),
    c("Place", "channel_id", lambda w, b: Place(5, b)),
    c("GameService.today", "guild_id", lambda w, b: w.service.today(b)),
    c("GameService.stats", "guild_id", lambda w, b: w.service.stats(b, PLAYER)),
    c("GameService.leaderboard", "guild_id", lambda w, b: w.service.leaderboard(b)),
    c("GameService.settings", "guild_id", lambda w, b: w.service.settings(b)),
    c("GameService.update_settings", "guild_id",
      lambda w, b: w.service.update_settings(b, hints_in_dailies=False)),
    c("GameService.update_settings", "results_channel_id",
      lambda w, b: w.service.update_settings(5, results_channel_id=b), optional=True),
    c("GameService.daily_summary", "guild_id", lambda w, b: w.service.daily_summary(b)),
    c("GameService.results_post", "guild_id", lambda w, b: w.service.results_post(b, 3)),
    c("GameService.results_post_made", "guild_id",
      lambda w, b: w.service.results_post_made(b, 3)),
    c("GameService.results_redone", "guild_id", lambda w, b: w.service.results_redone(b, 3, 0)),
    c("GameService.remember_results_post", "guild_id",
      lambda w, b: w.service.remember_results_post(b, 3, 50, 77)),
    c("GameService.remember_results_post", "channel_id",
      lambda w, b: w.service.remember_results_post(5, 3, b, 77)),
    c("GameService.remember_results_post", "message_id",
      lambda w, b: w.service.remember_results_post(5, 3, 50, b)),
    c("GameService.results_shown", "guild_id", lambda w, b: w.service.results_shown(b, 3, 1)),
    c("RaceService.set_message", "message_id",
      lambda w, b: w.races.set_message(w.race.id, b)),
    c("RaceService.stats", "guild_id", lambda w, b: w.races.stats(b, PLAYER)),
    c("RaceService.leaderboard", "guild_id", lambda w, b: w.races.leaderboard(b)),
    c("RaceService.hints_allowed", "guild_id", lambda w, b: w.races.hints_allowed(b)),
    c("RaceService.allow_hints", "guild_id", lambda w, b: w.races.allow_hints(b, True)),
]


async def refused_unchanged(world: World, case: Case, code: str) -> None:
    """Every impossible value (and ``None`` where the id is needed) gets the player error
    ``code``; nothing changes."""
    before = await world.state()
    for bad in IMPOSSIBLE + (() if case.optional else (None,)):
        with pytest.raises(PlayerError) as error:
            result = case.call(world, bad)
            if inspect.isawaitable(result):
                await result
        assert error.value.code == code, (case.id, bad)
    assert await world.state() == before


@pytest.mark.parametrize("case", PLAYER_CASES, ids=lambda case: case.id)
async def test_an_impossible_player_id_is_a_player_error(world: World, case: Case) -> None:
    await refused_unchanged(world, case, "bad_player_id")


@pytest.mark.parametrize("case", GAME_CASES, ids=lambda case: case.id)
async def test_an_impossible_game_id_is_a_game_gone(world: World, case: Case) -> None:
    await refused_unchanged(world, case, "game_gone")


@pytest.mark.parametrize("case", RACE_CASES, ids=lambda case: case.id)
async def test_an_impossible_race_id_is_no_race(world: World, case: Case) -> None:
    await refused_unchanged(world, case, "no_race")


@pytest.mark.parametrize("case", PLACE_CASES, ids=lambda case: case.id)
async def test_an_impossible_server_channel_or_message_id_is_a_player_error(
        world: World, case: Case) -> None:
    await refused_unchanged(world, case, "bad_place_id")


def _id_params(owner: str, function: Callable[..., object]) -> set[tuple[str, str]]:
    return {(owner, name) for name in inspect.signature(function).parameters
            if name.endswith("_id")}


def test_every_call_taking_an_id_is_covered() -> None:
    """The service's public calls that take an id, found by their parameters' names."""
    found: set[tuple[str, str]] = set()
    for cls in (GameService, RaceService, Moves):
        for name, member in inspect.getmembers(cls, inspect.isfunction):
            if not name.startswith("_"):
                found |= _id_params(f"{cls.__name__}.{name}", member)
    for name in ("player_prefs", "update_prefs"):
        found |= _id_params(f"prefs.{name}", getattr(prefs_module, name))
    covered = {(case.owner, case.param)
               for case in PLAYER_CASES + GAME_CASES + RACE_CASES + PLACE_CASES
               if case.owner != "Place"}
    assert found == covered


def test_both_front_ends_word_the_new_problems() -> None:
    for problem in (Problem.BAD_PLAYER_ID, Problem.BAD_PLACE_ID):
        text = discord_text(PlayerError(problem))
        assert "2^63-1" in text and "\n" not in text
        assert terminal_text(PlayerError(problem)) == text
