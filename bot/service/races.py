"""Race mode, the use case (:data:`bot.core.domain.RACE`): one hidden word for a channel, each
player who joins (a Join button or their first guess) plays it on their own private board with
the usual rules (hard mode if the race is). The race ends when everyone who joined has
finished (once its join window, :data:`JOIN_WINDOW_MINUTES`, is over), when its time is up
(players still playing lose) or when its starter, or someone who can manage the server, ends
it; the players who solved it are placed by guesses, then time from joining.

Everything is answered from the store, so a restart mid-race changes nothing (the front end
resumes the message and timer from :meth:`RaceService.active`); :mod:`bot.service.race_views`
is what a front end shows."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Final

from bot.core.domain import HintKind, Kind, LeaderboardOrder
from bot.core.game import Game, Invalid
from bot.core.race import RaceBoard, RaceEnd, Racer, RaceRecord, RaceStats
from bot.core.solver import Solver
from bot.core.variant import Variant
from bot.service.errors import (
    BadOption,
    HintsNotAllowed,
    InvalidGuess,
    NoGame,
    Place,
    PlayerError,
    Problem,
    disk_full_is_a_problem,
    ids_checked_calls,
)
from bot.service.figures import race_leaderboard, race_stats
from bot.service.game_service import GameService
from bot.service.hinting import make_hint
from bot.service.pack_choice import PackLists, chosen_variant
from bot.service.race_views import (
    RaceMove,
    RacerView,
    RaceView,
    any_board,
    race_view,
)
from bot.service.removals import answers_here
from bot.service.results import HintResult
from bot.service.views import option
from bot.storage.errors import (
    BoardOver,
    ChannelGameRunning,
    NotARacer,
    NotTheStarter,
    RaceAttemptConflict,
    RaceExists,
    RaceLeft,
    RaceNotFound,
    RaceOver,
)
from bot.storage.port import Store

__all__ = ["JOIN_WINDOW_MINUTES", "RaceMove", "RaceNotFound", "RaceService", "RaceTiming",
           "RaceView", "RacerView"]

log = logging.getLogger(__name__)
_RETRIES = 8

#: A race's join window, in minutes from its start: until then it stays open to joiners even
#: when everyone who joined has finished (else a player who joins alone and solves it at once
#: ends it before anyone else could join). It waits for more players meanwhile, and ends at
#: the window's end if nobody else joined; its starter may end it at any time.
JOIN_WINDOW_MINUTES: Final = 1


@dataclass(frozen=True)
class RaceTiming:
    """How long a race's minute is (a real minute; tests make it shorter, never players), the
    choices a starter has, and how often the front end may edit a race's live message."""

    minute: timedelta = timedelta(minutes=1)
    default_minutes: int = 10
    max_minutes: int = 60
    #: Seconds between two edits of the live message (Discord's rate limits).
    edit_every: float = 5.0


@ids_checked_calls
@disk_full_is_a_problem
class RaceService:
    """Races over the store; shares the game service's store, word lists of each pack,
    clock and solver."""

    def __init__(self, db: Store, lists: PackLists, *, clock: Callable[[], datetime],
                 choose: Callable[[tuple[str, ...]], str],
                 solver: Callable[[Variant], Awaitable[Solver]] | None = None,
                 timing: RaceTiming | None = None) -> None:
        self.db = db
        self.lists = lists
        self._clock = clock
        self._choose = choose
        self._solver = solver
        self.timing = timing or RaceTiming()
        #: The race on in each channel, by (server, channel), as far as this process knows:
        #: every race it started, moved or read, and, once ``races_on_read``, those on when
        #: it first looked (:meth:`active`). Where none is known, a move goes to a game with
        #: no look at the store (all of a server's moves reach one process: its shard):
        #: :class:`~bot.service.moves.Moves` routes by it.
        self.races_on: dict[tuple[int, int], int] = {}
        self.races_on_read = False

    @classmethod
    def beside(cls, games: GameService, timing: RaceTiming | None = None,
               clock: Callable[[], datetime] | None = None) -> RaceService:
        """Races over the game service's store, word packs, clock (unless ``clock``), word
        picker and solver."""
        return cls(games.db, games.lists, clock=clock or games.now, choose=games.choose,
                   solver=games.solver, timing=timing)

    def now(self) -> datetime:
        return self._clock()

    def view(self, race: RaceRecord) -> RaceView:
        self._note(race)
        return race_view(race, self.now())

    def _note(self, race: RaceRecord) -> None:
        key = (race.guild_id, race.channel_id)
        if not race.is_over:
            self.races_on[key] = race.id
        elif self.races_on.get(key) == race.id:
            del self.races_on[key]

    async def current(self, race_id: int) -> RaceView | None:
        """The race as it is now (what a front end shows: the word only once it is over)."""
        race = await self.db.get_race(race_id)
        return None if race is None else self.view(race)

    # -- finding a race -------------------------------------------------------------------

    async def here(self, place: Place) -> RaceRecord | None:
        race = await self.db.active_race(place.guild_id, place.channel_id)
        if race is None:
            self.races_on.pop((place.guild_id, place.channel_id), None)
        else:
            self._note(race)
        return race

    async def race(self, place: Place, race_id: int | None) -> RaceRecord:
        """The race ``race_id`` if it is this channel's, else (``None``) the race here; else
        :class:`NoGame` (``NO_RACE``)."""
        race = (await self.here(place) if race_id is None
                else await self.db.get_race(race_id))
        if race is None or (race.guild_id, race.channel_id) != (place.guild_id, place.channel_id):
            raise NoGame(Problem.NO_RACE)
        return race

    async def active(self) -> list[RaceRecord]:
        """Every race not ended yet (a restart resumes them)."""
        races = await self.db.active_races()
        for race in races:
            self.races_on.setdefault((race.guild_id, race.channel_id), race.id)
        self.races_on_read = True
        return races

    async def ended_unshown(self) -> list[RaceView]:
        """Every race that ended while its message still showed it running (a restart
        brings those up to date)."""
        return [self.view(race) for race in await self.db.races_to_show_ended()]

    async def end_shown(self, race_id: int) -> None:
        """The race's message shows its end, or never can: not brought up to date again."""
        await self.db.set_race_end_shown(race_id)

    # -- start, join, end ---------------------------------------------------------------

    async def start(self, place: Place, starter_id: int, *, minutes: int | None = None,
                    hard_mode: bool = False, language: str | None = None,
                    length: int | None = None) -> RaceView:
        """Start a race here. ``language`` and ``length``: its word pack, each the server's
        when not given, then the bot's default (:mod:`bot.service.pack_choice`); its word is
        one of the pack's answers the server kept."""
        timing = self.timing
        minutes = timing.default_minutes if minutes is None else minutes
        if isinstance(minutes, bool) or not isinstance(minutes, int) or \
                not 1 <= minutes <= timing.max_minutes:
            raise BadOption(Problem.BAD_RACE_MINUTES)
        now = self.now()
        ends_at = now + timing.minute * minutes
        variant = chosen_variant(await self.db.guild_settings(place.guild_id), language,
                                 length)
        answer = self._choose(await answers_here(self.db, place.guild_id, variant,
                                                 self.lists[variant].answers))
        try:
            race = await self.db.create_race(
                guild_id=place.guild_id, channel_id=place.channel_id, starter_id=starter_id,
                answer=answer, hard_mode=hard_mode, ends_at=ends_at,
                join_window_ends_at=min(now + timing.minute * JOIN_WINDOW_MINUTES, ends_at),
                variant=variant, now=now)
        except RaceExists:
            raise PlayerError(Problem.RACE_RUNNING) from None
        except ChannelGameRunning:
            raise PlayerError(Problem.GAME_BLOCKS_RACE) from None
        log.info("race %s started in guild %s (%s min, %s-%s)", race.id, place.guild_id,
                 minutes, variant.language, variant.length)
        return self.view(race)

    async def set_message(self, race_id: int, message_id: int) -> None:
        await self.db.set_race_message(race_id, message_id)

    async def join(self, place: Place, player_id: int,
                   race_id: int | None = None) -> RaceMove:
        race = await self.race(place, race_id)
        try:
            race, joined = await self.db.join_race(race.id, player_id, now=self.now())
        except RaceOver:
            raise PlayerError(Problem.RACE_OVER) from None
        except RaceLeft:
            raise PlayerError(Problem.RACE_LEFT) from None
        racer = race.racer(player_id)
        assert racer is not None
        return RaceMove(self.view(race), race.board(racer), joined=joined)

    async def end(self, place: Place, player_id: int, race_id: int | None = None, *,
                  may_manage: bool = False) -> RaceMove:
        """End the race early (players still playing lose): its starter may, and anyone who
        can manage the server (``may_manage``: the front end knows) may end any race."""
        race = await self.race(place, race_id)
        by = None if may_manage else player_id  # (the store lets ``None`` end any race)
        try:
            race, ended = await self.db.end_race(race.id, end=RaceEnd.ENDED, by=by,
                                                 now=self.now())
        except NotTheStarter:
            raise PlayerError(Problem.RACE_NOT_STARTER) from None
        if not ended:
            raise PlayerError(Problem.RACE_OVER)
        return RaceMove(self.view(race), any_board(race), ended=True)

    async def close_if_due(self, race_id: int) -> tuple[RaceView | None, bool]:
        """End the race if its time is up, or if everyone who joined has finished and its join
        window is over (``True`` when this call ended it); the race as it is now, ``None`` if
        it is gone."""
        race = await self.db.get_race(race_id)
        if race is None:
            return None, False
        now = self.now()
        end = (None if race.is_over
               else RaceEnd.ALL_FINISHED if race.ends_all_finished(now)  # (even if due)
               else RaceEnd.TIME if race.due(now) else None)
        if end is None:
            return self.view(race), False
        try:
            race, ended = await self.db.end_race(race_id, end=end, now=now)
        except ValueError:
            if end is not RaceEnd.ALL_FINISHED:
                raise
            again = await self.db.get_race(race_id)  # someone joined since: they play on
            return (None if again is None else self.view(again)), False
        return self.view(race), ended

    # -- playing --------------------------------------------------------------------------

    async def guess(self, place: Place, player_id: int, raw: object,
                    race_id: int | None = None) -> RaceMove:
        """Play a guess on the player's board (joining the race with it if need be)."""
        return await self.guess_in(await self.race(place, race_id), player_id, raw)

    async def guess_in(self, race: RaceRecord, player_id: int, raw: object) -> RaceMove:
        joined = False
        for _ in range(_RETRIES):
            racer = race.racer(player_id)
            if racer is None and not race.is_over and not race.due(self.now()):
                checked = Game(kind=Kind.RACE, hidden_word=race.answer, hard_mode=race.hard_mode,
                               created_at=race.created_at, variant=race.variant,
                               ).check(raw, self.lists[race.variant].allowed)
                if isinstance(checked, Invalid):  # a refused word joins nobody
                    raise InvalidGuess(checked)
                try:  # the first guess joins the race
                    race, joined = (await self.db.join_race(race.id, player_id,
                                                            now=self.now()))[0], True
                except RaceOver as over:
                    race = over.race
                except RaceLeft:
                    raise PlayerError(Problem.RACE_LEFT) from None
                racer = race.racer(player_id)
            self._playable(race, racer)
            assert racer is not None
            played = race.board(racer).guess(raw, self.lists[race.variant].allowed,
                                             player_id=player_id, now=self.now())
            if isinstance(played, Invalid):
                raise InvalidGuess(played)
            row, attempt = played.rows[-1], played.attempts_used
            finish = played.status if played.is_over else None
            try:
                after = await self.db.record_race_guess(
                    race.id, player_id=player_id, attempt=attempt, word=row.word,
                    feedback=row.feedback, finish=finish, now=self.now())
            except RaceAttemptConflict:
                race = await self._reread(race.id)
                continue
            except (RaceOver, BoardOver, NotARacer) as refused:  # ended, or forgotten
                race = refused.race
                self._playable(race, race.racer(player_id))
                raise PlayerError(Problem.RACE_OVER) from None
            me = after.racer(player_id)
            assert me is not None
            return RaceMove(self.view(after), after.board(me), row=row, joined=joined,
                            ended=after.is_over)
        raise PlayerError(Problem.BUSY)

    def _playable(self, race: RaceRecord, racer: Racer | None) -> None:
        if race.is_over or race.due(self.now()):
            raise PlayerError(Problem.RACE_OVER)
        if racer is None:
            raise PlayerError(Problem.NOT_IN_RACE)
        if racer.finished:
            raise PlayerError(Problem.RACE_BOARD_DONE)

    async def _reread(self, race_id: int) -> RaceRecord:
        race = await self.db.get_race(race_id)
        if race is None:
            raise NoGame(Problem.NO_RACE)
        return race

    async def give_up(self, place: Place, player_id: int,
                      race_id: int | None = None) -> RaceMove:
        return await self.give_up_in(await self.race(place, race_id), player_id)

    async def give_up_in(self, race: RaceRecord, player_id: int) -> RaceMove:
        self._playable(race, race.racer(player_id))
        try:
            after = await self.db.give_up_race(race.id, player_id=player_id, now=self.now())
        except (RaceOver, BoardOver, NotARacer):
            raise PlayerError(Problem.RACE_OVER) from None
        me = after.racer(player_id)
        assert me is not None
        return RaceMove(self.view(after), after.board(me), ended=after.is_over)

    async def board(self, place: Place, player_id: int,
                    race_id: int | None = None) -> RaceMove:
        """The player's board in the race here (``NOT_IN_RACE`` before they join)."""
        return self.board_in(await self.race(place, race_id), player_id)

    def board_in(self, race: RaceRecord, player_id: int) -> RaceMove:
        racer = race.racer(player_id)
        if racer is None:
            raise PlayerError(Problem.NOT_IN_RACE)
        return RaceMove(self.view(race), race.board(racer))

    async def may_guess(self, place: Place, player_id: int, race_id: int) -> Game:
        """The player's board, if they may guess on it now (else the refusal)."""
        return self.may_guess_in(await self.race(place, race_id), player_id)

    def may_guess_in(self, race: RaceRecord, player_id: int) -> Game:
        racer = race.racer(player_id)
        self._playable(race, racer)
        assert racer is not None
        return race.board(racer)

    async def hint(self, place: Place, player_id: int, kind: HintKind | str,
                   race_id: int | None = None) -> HintResult:
        """A hint on the player's board, where the server allows hints in races; the result
        is then marked as hinted."""
        kind = option(HintKind, kind, Problem.BAD_HINT_KIND)
        return await self.hint_in(await self.race(place, race_id), player_id, kind)

    async def hint_in(self, race: RaceRecord, player_id: int, kind: HintKind) -> HintResult:
        racer = race.racer(player_id)
        self._playable(race, racer)
        assert racer is not None
        if not (await self.db.guild_settings(race.guild_id)).hints_in_races:
            raise HintsNotAllowed(Problem.HINTS_OFF_RACE)
        result, value = await make_hint(race.board(racer), kind,
                                        await self.db.race_hints(race.id, player_id),
                                        self._solver)
        try:
            await self.db.record_race_hint(race.id, player_id=player_id, kind=result.kind,
                                           value=value, now=self.now())
        except (RaceOver, BoardOver, NotARacer):
            raise PlayerError(Problem.RACE_OVER) from None
        return result

    # -- statistics and settings ----------------------------------------------------------

    async def stats(self, guild_id: int, player_id: int) -> RaceStats:
        """As ``GameService.stats`` with the ``race`` bucket (bot.service.figures)."""
        return await race_stats(self.db, guild_id, player_id)

    async def leaderboard(self, guild_id: int, player_id: int | None = None, *,
                          by: LeaderboardOrder | str = LeaderboardOrder.WINS,
                          limit: int = 10) -> RaceBoard:
        """As ``GameService.leaderboard`` with the ``race`` bucket (bot.service.figures)."""
        return await race_leaderboard(self.db, guild_id, player_id, by=by, limit=limit)

    async def hints_allowed(self, guild_id: int) -> bool:
        return (await self.db.guild_settings(guild_id)).hints_in_races

    async def allow_hints(self, guild_id: int, allowed: bool) -> None:
        await self.db.update_guild_settings(guild_id, hints_in_races=allowed)
