"""Errors a player can cause, and the checks that turn a front end's impossible ids into them.

Each error carries a :class:`Problem` code and its data, never words for people: every front end
words them for its own commands (the Discord cogs, the terminal). Nothing in the game changes
when one is raised. The ids a front end hands the service are checked at its boundary: a
:class:`Place` when it is made, every other ``..._id`` argument by :func:`ids_checked_calls`."""

from __future__ import annotations

import functools
import inspect
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final, ParamSpec, TypeVar

from bot.core.domain import Refusal
from bot.core.game import Game, Invalid
from bot.core.timezones import UnknownTimeZone
from bot.storage.errors import GameNotActive, GameNotFound, PlayerNotAllowed, StorageFull
from bot.storage.models import Unset
from bot.storage.port import MAX_ID

P = ParamSpec("P")
R = TypeVar("R")
C = TypeVar("C", bound=type)
F = TypeVar("F", bound=Callable[..., Any])


class Problem(StrEnum):
    #: No game here for this player.
    NO_GAME = "no_game"
    #: The game was deleted meanwhile ("forget me" at the same moment).
    GAME_GONE = "game_gone"
    #: The game ended meanwhile (a winning guess or a give-up at the same moment).
    GAME_ENDED = "game_ended"
    NOT_YOUR_GAME = "not_your_game"
    #: The player set the challenge's word.
    SETTER = "setter"
    #: Only the players who guessed (and the setter) may give a started channel game up.
    NOT_A_PLAYER = "not_a_player"
    #: ``invalid``: why the guess (or chosen word) was refused.
    INVALID_WORD = "invalid_word"
    #: The player's own game here stands in the way of the daily.
    OWN_GAME_RUNNING = "own_game_running"
    #: The channel already has a channel game.
    CHANNEL_GAME_RUNNING = "channel_game_running"
    #: ``puzzle_number``, ``channel_id``: the player's daily is running in another channel.
    DAILY_ELSEWHERE = "daily_elsewhere"
    #: ``puzzle_number``, ``played``: today's daily is finished.
    DAILY_DONE = "daily_done"
    HINTS_OFF = "hints_off"
    #: The server has hints on dailies turned off (``hints_in_dailies``).
    HINTS_OFF_DAILY = "hints_off_daily"
    NO_LETTER_LEFT = "no_letter_left"
    NO_POSITION_LEFT = "no_position_left"
    #: No word hint where a player chose the word (the solver may not know it).
    NO_WORD_HINT = "no_word_hint"
    BAD_START = "bad_start"
    #: A chosen word for the channel is a challenge, not a start option.
    CHALLENGE_NOT_START = "challenge_not_start"
    DAILY_NOT_IN_CHANNEL = "daily_not_in_channel"
    DAILY_WORD_FIXED = "daily_word_fixed"
    #: ``detail``: the word pack asked for (``es-9``), which is not shipped.
    UNKNOWN_PACK = "unknown_pack"
    #: The daily is played in the server's word pack.
    DAILY_PACK_FIXED = "daily_pack_fixed"
    #: ``detail``: a word to take out of (or put back among) a server's answers, which is
    #: not one of its pack's answers; out already; not out.
    NOT_AN_ANSWER = "not_an_answer"
    WORD_REMOVED_ALREADY = "word_removed_already"
    WORD_NOT_REMOVED = "word_not_removed"
    #: ``detail``: the most words a server may take out of its pack's answers.
    TOO_MANY_REMOVED = "too_many_removed"
    BAD_HINT_KIND = "bad_hint_kind"
    BAD_BUCKET = "bad_bucket"
    BAD_ORDER = "bad_order"
    BAD_LIMIT = "bad_limit"
    #: ``detail``: the time zone typed, which is no IANA name (none: another setting that
    #: cannot be used); the front ends word it with the names close to it.
    BAD_SETTING = "bad_setting"
    NOTHING_TO_ANALYSE = "nothing_to_analyse"
    #: A streak runs across periods: streak orders are for the all-time board only.
    STREAK_ALL_TIME = "streak_all_time"
    BAD_PERIOD = "bad_period"
    #: An archive start needs a puzzle: a number or a date.
    ARCHIVE_WHICH = "archive_which"
    #: ``detail``: the date as typed (not YYYY-MM-DD, or no such day).
    ARCHIVE_BAD_DATE = "archive_bad_date"
    #: The number and the date given name two different puzzles.
    ARCHIVE_MISMATCH = "archive_mismatch"
    #: ``puzzle_number``: that is today's daily (play it as the daily).
    ARCHIVE_TODAY = "archive_today"
    #: ``puzzle_number``: a puzzle whose day has not come yet on this server.
    ARCHIVE_FUTURE = "archive_future"
    #: Before puzzle 1.
    ARCHIVE_TOO_EARLY = "archive_too_early"
    #: ``puzzle_number``, ``played``: the player finished this archive puzzle already.
    ARCHIVE_DONE = "archive_done"
    #: ``puzzle_number``, ``played``: the player played this puzzle as the daily.
    ARCHIVE_PLAYED_DAILY = "archive_played_daily"
    #: A number or date was given for a game that is not from the archive.
    ARCHIVE_ONLY = "archive_only"
    #: ``puzzle_number``, ``played``: today's daily is a puzzle the player took from the
    #: archive before (the server's time zone moved back a day): it can't be their daily.
    DAILY_IN_ARCHIVE = "daily_in_archive"
    #: Too many players at once; try again.
    BUSY = "busy"
    #: Too many word hints and analyses waiting for the solver; try again in a few seconds.
    SOLVER_BUSY = "solver_busy"
    #: The solver's strategy for these word lists is still being built (an analysis).
    SOLVER_PREPARING = "solver_preparing"
    #: ``channel_id``: the bot cannot post in that channel.
    CANNOT_POST = "cannot_post"
    # -- races (bot.service.races; worded in bot.render.race_text) --
    NO_RACE = "no_race"
    #: The channel has a race on already.
    RACE_RUNNING = "race_running"
    #: A race cannot start where a channel game is being played.
    GAME_BLOCKS_RACE = "game_blocks_race"
    #: A channel game cannot start where a race is on.
    RACE_BLOCKS_GAME = "race_blocks_game"
    #: The race has ended (or its time is up).
    RACE_OVER = "race_over"
    #: The player's own board in the race is finished.
    RACE_BOARD_DONE = "race_board_done"
    #: The player was in the race before asking to be forgotten: they cannot join it again.
    RACE_LEFT = "race_left"
    NOT_IN_RACE = "not_in_race"
    RACE_NOT_STARTER = "race_not_starter"
    #: The server has hints in races turned off (the default).
    HINTS_OFF_RACE = "hints_off_race"
    BAD_RACE_MINUTES = "bad_race_minutes"
    #: Races are ranked by wins, win % or average guesses.
    RACE_ORDER = "race_order"
    #: Races are played in servers: the personal record (DMs, the terminal) has none.
    RACES_IN_SERVERS = "races_in_servers"
    #: A race leaderboard is all time (no period).
    RACE_ALL_TIME = "race_all_time"
    #: The disk holding the database is full: nothing was saved; it works again by itself.
    DISK_FULL = "disk_full"
    #: A player id no player can have (not a whole number from 0 to 2**63-1): a front end's
    #: mistake (bot.service.ids).
    BAD_PLAYER_ID = "bad_player_id"
    #: The same for a server, channel or message id.
    BAD_PLACE_ID = "bad_place_id"


@dataclass(frozen=True)
class Played:
    """A finished game a refusal points to (the daily already played), for the front end to
    draw its share grid in the reader's language: the game and the hints used in it."""

    game: Game
    hints_used: int


class PlayerError(Exception):
    """Something the player asked for that cannot be done: a :class:`Problem` and its data."""

    def __init__(self, problem: Problem, *, invalid: Invalid | None = None,
                 channel_id: int | None = None, puzzle_number: int | None = None,
                 played: Played | None = None, detail: str | None = None) -> None:
        super().__init__(problem.value)
        self.problem = problem
        self.invalid = invalid
        self.channel_id = channel_id
        self.puzzle_number = puzzle_number
        self.played = played
        self.detail = detail

    @property
    def code(self) -> str:
        return self.problem.value


class NoGame(PlayerError):
    pass


class NotYourGame(PlayerError):
    pass


class InvalidGuess(PlayerError):
    """The guess was refused (bad word, hard-mode breach, game over); it cost no attempt."""

    def __init__(self, invalid: Invalid) -> None:
        super().__init__(Problem.INVALID_WORD, invalid=invalid)


class GameAlreadyRunning(PlayerError):
    pass


class DailyAlreadyPlayed(PlayerError):
    pass


class HintsNotAllowed(PlayerError):
    pass


class NoHintLeft(PlayerError):
    pass


class BadOption(PlayerError):
    pass


_REFUSALS = {
    Refusal.GAME_OVER: (NoGame, Problem.GAME_ENDED),
    Refusal.NOT_YOUR_GAME: (NotYourGame, Problem.NOT_YOUR_GAME),
    Refusal.SETTER: (NotYourGame, Problem.SETTER),
    Refusal.NOT_A_PLAYER: (NotYourGame, Problem.NOT_A_PLAYER),
}


def zone_typed(error: UnknownTimeZone) -> str:
    """The time zone a player typed, as the refusal carries it (at most 100 characters)."""
    name = error.name if isinstance(error.name, str) else ""
    return name[:100]


def refused(refusal: Refusal) -> PlayerError:
    """The error for a rule's refusal (:mod:`bot.core.domain`)."""
    cls, problem = _REFUSALS[refusal]
    return cls(problem)


def _disk_full_refused(method: Callable[P, Awaitable[R]]) -> Callable[P, Awaitable[R]]:
    @functools.wraps(method)
    async def guarded(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return await method(*args, **kwargs)
        except StorageFull:
            raise PlayerError(Problem.DISK_FULL) from None

    return guarded


def disk_full_is_a_problem(cls: C) -> C:
    """Class decorator: every public coroutine method of ``cls`` answers the store's
    :class:`~bot.storage.errors.StorageFull` with ``PlayerError(DISK_FULL)`` (nothing was
    saved; the store writes again by itself once there is room), so each front end words it
    like any other problem instead of failing."""
    for name, member in list(vars(cls).items()):
        if not name.startswith("_") and inspect.iscoroutinefunction(member):
            setattr(cls, name, _disk_full_refused(member))
    return cls


@contextmanager
def store_refusals(not_allowed: Problem, *, ended: bool = False) -> Iterator[None]:
    """The store's refusals of a move, when another move landed first, as player errors: the
    game was deleted ("forget me"), the player may not act (``not_allowed``), or, with
    ``ended``, the game ended meanwhile (a winning guess or a give-up)."""
    try:
        yield
    except GameNotFound:
        raise NoGame(Problem.GAME_GONE) from None
    except PlayerNotAllowed:
        raise NotYourGame(not_allowed) from None
    except GameNotActive:
        if not ended:
            raise
        raise NoGame(Problem.GAME_ENDED) from None


# -- ids a front end hands the service: whole numbers from 0 to 2**63-1, the stores' keys;
# any other is no player, place, game or race of ours (a forged button), refused as a player
# error before anything is read.

#: What an impossible id of each name gets: the game or race is no longer there (a forged
#: or stale button), or the player or the place cannot be one.
_KINDS: Final[dict[str, tuple[type[PlayerError], Problem]]] = {
    "game_id": (NoGame, Problem.GAME_GONE),
    "race_id": (NoGame, Problem.NO_RACE),
    **{name: (PlayerError, Problem.BAD_PLAYER_ID)
       for name in ("player_id", "owner_id", "setter_id", "starter_id")},
    **{name: (PlayerError, Problem.BAD_PLACE_ID)
       for name in ("guild_id", "channel_id", "results_channel_id", "message_id")},
}


def possible_id(value: object) -> bool:
    """Whether ``value`` can be an id of ours or Discord's (``True`` is not ``1``)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_ID


def check_id(name: str, value: object) -> None:
    """The player error for ``value`` as the id ``name`` (a key of :data:`_KINDS`), if it is
    not a :func:`possible_id`."""
    if not possible_id(value):
        error, problem = _KINDS[name]
        raise error(problem)


def ids_checked(function: F) -> F:
    """``function`` (a coroutine function or not) with its ``..._id`` arguments checked before
    it runs (:func:`check_id`); ``None`` where the parameter allows it, and ``UNSET``, pass.
    Where each id comes in (its place among the positional arguments, or only by keyword) is
    worked out once, not on every call."""
    params = list(inspect.signature(function).parameters.values())
    positional = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    # name, its place among the positional arguments (None: keyword only), None allowed
    checked = [(p.name, n if p.kind in positional else None, "None" in str(p.annotation))
               for n, p in enumerate(params) if p.name.endswith("_id")]
    unknown = {name for name, _, _ in checked} - set(_KINDS)
    if unknown:  # a new kind of id: say what it gets in _KINDS
        raise TypeError(f"{function.__qualname__}: no kind for {', '.join(sorted(unknown))}")
    if not checked:
        return function

    def check(args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        for name, place, optional in checked:
            if name in kwargs:
                value = kwargs[name]
            elif place is not None and place < len(args):
                value = args[place]
            else:
                continue  # its default (or a call that says itself what is wrong with it)
            if isinstance(value, Unset) or (value is None and optional):
                continue
            check_id(name, value)

    if inspect.iscoroutinefunction(function):
        @functools.wraps(function)
        async def checked_call(*args: Any, **kwargs: Any) -> Any:
            check(args, kwargs)
            return await function(*args, **kwargs)

        return checked_call  # type: ignore[return-value]

    @functools.wraps(function)
    def checked_sync_call(*args: Any, **kwargs: Any) -> Any:
        check(args, kwargs)
        return function(*args, **kwargs)

    return checked_sync_call  # type: ignore[return-value]


def ids_checked_calls(cls: C) -> C:
    """Class decorator: every public method of ``cls`` (its own, not inherited ones) is
    :func:`ids_checked`."""
    for name, member in list(vars(cls).items()):
        if not name.startswith("_") and inspect.isfunction(member):
            setattr(cls, name, ids_checked(member))
    return cls


@dataclass(frozen=True)
class Place:
    """Where a request comes from: a server and a channel (the terminal uses 0 and 0). An id
    neither Discord nor we could give is a player error (``BAD_PLACE_ID``)."""

    guild_id: int
    channel_id: int

    def __post_init__(self) -> None:
        check_id("guild_id", self.guild_id)
        check_id("channel_id", self.channel_id)
