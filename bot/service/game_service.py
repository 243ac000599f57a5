"""The game use cases: start, guess, hint, give up, board, statistics, leaderboard, analysis,
settings, forget me. Every front end goes through here (Discord through
:class:`~bot.service.moves.Moves`, which adds races); the rules are in :mod:`bot.core.domain`.
Every request is answered from the store, so a restart in the middle of a game changes nothing.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from datetime import UTC, datetime
from weakref import WeakValueDictionary

from bot.core.analysis import analyse_boards, analyse_when_ready
from bot.core.domain import (
    HintKind,
    HintPolicy,
    Kind,
    LeaderboardOrder,
    Mode,
    Scope,
    StatsBucket,
    give_up_refusal,
    guess_refusal,
    hint_refusal,
)
from bot.core.game import Game, Invalid
from bot.core.periods import Period
from bot.core.personal import PERSONAL
from bot.core.race import RaceBoard, RaceStats
from bot.core.solver import Solver
from bot.core.stats import EndingFigures, Leaderboard, Stats
from bot.core.variant import CLASSIC, Variant
from bot.core.words import WordLists
from bot.service import figures, starts
from bot.service.calendars import Calendars, server_calendar
from bot.service.dailies import personal_daily_here
from bot.service.endings import saved_ending
from bot.service.errors import (
    HintsNotAllowed,
    InvalidGuess,
    NoGame,
    NoHintLeft,
    Place,
    PlayerError,
    Problem,
    disk_full_is_a_problem,
    ids_checked_calls,
    refused,
    store_refusals,
)
from bot.service.hinting import boards_solver, make_hint, revealed_per_guess
from bot.service.pack_choice import PackLists, PackSolvers, server_pack
from bot.service.posts import ResultsPosts
from bot.service.prefs import personal_today
from bot.service.results import (
    AnalysisResult,
    GiveUpResult,
    GuessResult,
    HintResult,
    StartResult,
)
from bot.service.solver_lane import SOLVER_LANE
from bot.service.views import option
from bot.storage.errors import AttemptConflict, GameNotActive
from bot.storage.models import UNSET, ForgetReport, GuildSettings, Unset
from bot.storage.port import Store

log = logging.getLogger(__name__)

#: How many times a guess is re-read and retried when other players got their guesses in first.
#: A game has at most six attempts, so a handful of retries always reaches a decision.
_GUESS_RETRIES = 12
#: What :meth:`GameService.may` asks of each move.
_RULES = {"guess": guess_refusal, "hint": hint_refusal, "give_up": give_up_refusal}


def _not_allowed(game: Game) -> Problem:
    """Why the store refuses a guess or hint the service let through: in a channel game only
    the setter rule can (a setter who asked to be forgotten keeps an anonymous mark)."""
    channel = game.scope is Scope.CHANNEL
    return Problem.SETTER if channel else Problem.NOT_YOUR_GAME


@ids_checked_calls
@disk_full_is_a_problem
class GameService(ResultsPosts):
    """The use cases over the core rules, the solver and the store.

    ``solver`` may be a ready :class:`Solver` or ``None``: then one is built on first use (the
    word hint and the analysis need it; playing does not), in a worker thread. A game of
    another word pack has its pack's own solver, built the same way on its first use.
    """

    def __init__(
        self,
        db: Store,
        words: WordLists,
        *,
        daily_salt: str,
        solver: Solver | None = None,
        clock: Callable[[], datetime] | None = None,
        choose: Callable[[tuple[str, ...]], str] | None = None,
    ) -> None:
        if not daily_salt:
            raise ValueError("daily_salt must not be empty")
        self.db = db
        self.words = words
        #: The lists of a game's word pack: :class:`~bot.service.pack_choice.PackLists`.
        self.lists = PackLists(words)
        self.daily_salt = daily_salt
        #: Picks the hidden word of a random game (tests choose it).
        self.choose: Callable[[tuple[str, ...]], str] = choose or secrets.choice
        self._solvers = PackSolvers(self.lists, solver)
        self._calendars = Calendars(db)
        self._hint_locks: WeakValueDictionary[int, asyncio.Lock] = WeakValueDictionary()
        self._clock = clock or (lambda: datetime.now(UTC))

    def now(self) -> datetime:
        return self._clock()

    async def solver(self, variant: Variant = CLASSIC) -> Solver:
        """The solver of ``variant``'s words (:class:`~bot.service.pack_choice.PackSolvers`)."""
        return await self._solvers.get(variant)

    async def today(self, guild_id: int, player_id: int | None = None) -> int:
        """Today's puzzle number in the server's time zone (in the personal record, the
        player's own: :mod:`bot.core.personal`)."""
        if guild_id == PERSONAL and player_id is not None:
            return await personal_today(self.db, player_id, self.now())
        return (await self._calendars.of(guild_id)).today(self.now())

    async def today_in(self, settings: GuildSettings, player_id: int | None) -> int:
        """:meth:`today` for the server whose ``settings`` were read already (the daily and
        the archive need both: one read)."""
        if settings.guild_id == PERSONAL and player_id is not None:
            return await personal_today(self.db, player_id, self.now())
        return server_calendar(settings).today(self.now())

    # -- which game -----------------------------------------------------------------------

    async def game_here(self, place: Place, player_id: int) -> Game:
        """The game a move from this player here goes to, races aside
        (:meth:`Moves.target <bot.service.moves.Moves.target>`): their own game here, else
        outside a server their personal daily, else the channel game; else :class:`NoGame`."""
        own = await self.db.active_own_game(place.guild_id, place.channel_id, player_id)
        if own is not None:
            return own
        if place.guild_id == PERSONAL:  # no channel games; the daily goes with its player
            number = await self.today(PERSONAL, player_id)
            daily = await personal_daily_here(self.db, place, player_id, number)
            if daily is None:
                raise NoGame(Problem.NO_GAME)
            return daily
        channel = await self.db.active_channel_game(place.guild_id, place.channel_id)
        if channel is not None:
            return channel
        raise NoGame(Problem.NO_GAME)

    async def game(self, place: Place, player_id: int, game_id: int | None, *,
                   public_board: bool = False) -> Game:
        """The game ``game_id`` if it is this place's (in the personal record, the player's
        own game wherever it went), else :meth:`game_here`. ``public_board``: asked from a
        board everyone sees, never a private game's (after a restored backup, an id may name
        another game)."""
        if game_id is None:
            return await self.game_here(place, player_id)
        game = await self.db.get_game(game_id)
        if game is None or game.guild_id != place.guild_id or (
                game.channel_id != place.channel_id
                and (place.guild_id != PERSONAL or game.owner_id != player_id)) or (
                public_board and game.private):
            raise NoGame(Problem.GAME_GONE)
        return game

    async def may(self, place: Place, player_id: int, game_id: int, move: str, *,
                  public_board: bool = False) -> Game:
        """The game ``game_id`` here, if ``player_id`` may make ``move`` in it (``"guess"``,
        ``"hint"`` or ``"give_up"``); else the rule's refusal as a :class:`PlayerError`.
        Nothing changes: a front end asks before it offers the move (a button)."""
        game = await self.game(place, player_id, game_id, public_board=public_board)
        refusal = _RULES[move](game, player_id)
        if refusal is not None:
            raise refused(refusal)
        if move == "hint":
            await self._hints_allowed(game)
        return game

    # -- start (bot.service.starts) ----------------------------------------------------

    async def start(self, place: Place, player_id: int, *, scope: Scope | str = Scope.OWN,
                    kind: Kind | str = Kind.RANDOM, hard_mode: bool = False,
                    word: str | None = None, number: int | None = None,
                    date: str | None = None, language: str | None = None,
                    length: int | None = None, boards: int = 1) -> StartResult:
        """Open a game, or hand back the one running (``resumed``). ``word`` sets the hidden
        word of an own practice game (for trying things out in the terminal); a channel game
        with a chosen word is :meth:`challenge`; ``number`` or ``date``: an archive puzzle.
        ``language`` and ``length``: the word pack (:mod:`bot.service.pack_choice`);
        ``boards``: 2, 4 or 8 for a Dordle, Quordle or Octordle."""
        return await starts.start(self, place, player_id, scope=scope, kind=kind,
                                  hard_mode=hard_mode, word=word, number=number, date=date,
                                  language=language, length=length, boards=boards)

    async def challenge(self, place: Place, setter_id: int, word: str, *,
                        hard_mode: bool = False) -> StartResult:
        """A channel game whose hidden word a player chose (they cannot guess it)."""
        return await starts.challenge(self, place, setter_id, word, hard_mode=hard_mode)

    async def create(self, place: Place, mode: Mode, answer: str, hard_mode: bool, *,
                     owner_id: int | None = None, setter_id: int | None = None,
                     puzzle_number: int | None = None, variant: Variant = CLASSIC) -> Game:
        return await self.db.create_game(
            guild_id=place.guild_id, channel_id=place.channel_id, owner_id=owner_id,
            scope=mode.scope, kind=mode.kind, answer=answer, hard_mode=hard_mode,
            setter_id=setter_id, puzzle_number=puzzle_number, variant=variant, now=self.now())

    # -- guess ----------------------------------------------------------------------------

    async def guess(self, place: Place, player_id: int, raw: object, *,
                    game_id: int | None = None, public_board: bool = False) -> GuessResult:
        """Play a guess in the player's game here (:meth:`game_here`), or in the game
        ``game_id`` here (a board's button names its game; ``public_board``: see
        :meth:`game`)."""
        return await self.guess_in(
            await self.game(place, player_id, game_id, public_board=public_board), player_id,
            raw)

    async def guess_in(self, game: Game, player_id: int, raw: object) -> GuessResult:
        """Play a guess in this game. An invalid guess raises :class:`InvalidGuess` and
        changes nothing. When other players get their guesses in first, the guess is checked
        again against the new state (the game may have ended, or hard mode may now ask for
        more) and retried."""
        for _ in range(_GUESS_RETRIES):
            refusal = guess_refusal(game, player_id)
            if refusal is not None:
                raise refused(refusal)
            played = game.guess(raw, self.lists[game.variant].allowed, player_id=player_id,
                                now=self.now())
            if isinstance(played, Invalid):
                raise InvalidGuess(played)
            row, attempt, status = played.rows[-1], played.attempts_used, played.status
            # The server's day matters only to a guess that ends the game (streaks).
            day = await self.today(game.guild_id, player_id) if status.is_over else None
            figures: EndingFigures | None = None
            try:
                with store_refusals(_not_allowed(game)):
                    if day is None:
                        game = await self.db.record_guess(
                            game.id, attempt=attempt, player_id=player_id, word=row.word,
                            feedback=row.feedback, finish=None, now=self.now(),
                        )
                    else:  # the end's figures come back with the write: one trip
                        game, figures = await self.db.record_ending_guess(
                            game.id, attempt=attempt, player_id=player_id, word=row.word,
                            feedback=row.feedback, finish=status, day=day, now=self.now(),
                        )
            except (AttemptConflict, GameNotActive):
                # Someone else's guess landed first: look again at the game as it is now.
                game = await self._reread(game.id)
                continue
            result_finish = (await saved_ending(self.db, game, player_id, day, figures)
                             if day is not None else None)
            return GuessResult(game, row, attempt, player_id, result_finish)
        raise PlayerError(Problem.BUSY)

    async def _reread(self, game_id: int) -> Game:
        fresh = await self.db.get_game(game_id)
        if fresh is None:
            raise NoGame(Problem.GAME_GONE)
        return fresh

    # -- hints ----------------------------------------------------------------------------

    async def hint(self, place: Place, player_id: int, kind: HintKind | str, *,
                   game_id: int | None = None, public_board: bool = False) -> HintResult:
        """A letter, a position or a word, recorded against the game (the player's game
        here, or ``game_id``; ``public_board``: see :meth:`game`) and the player."""
        kind = option(HintKind, kind, Problem.BAD_HINT_KIND)
        return await self.hint_in(
            await self.game(place, player_id, game_id, public_board=public_board), player_id,
            kind)

    async def hint_in(self, game: Game, player_id: int, kind: HintKind) -> HintResult:
        refusal = hint_refusal(game, player_id)
        if refusal is not None:
            raise refused(refusal)
        await self._hints_allowed(game)
        if kind is HintKind.WORD and not game.mode.word_hints:
            # A chosen word may be outside the answer list the solver knows: its suggestion
            # could be wrong or fail, and refusing only then would give the word away.
            raise NoHintLeft(Problem.NO_WORD_HINT)
        # One hint of a game at a time (a game's players are served by one process: its
        # server's shard), so two asked at once are never the same letter or position.
        lock = self._hint_locks.setdefault(game.id, asyncio.Lock())
        async with lock:
            result, value = await make_hint(game, kind, await self.db.hints_for_game(game.id),
                                            self.solver)
            with store_refusals(_not_allowed(game), ended=True):
                await self.db.record_hint(game.id, player_id=player_id, kind=result.kind,
                                          value=value, now=self.now())
        return result

    async def _hints_allowed(self, game: Game) -> None:
        """``HintsNotAllowed`` where the server's settings turn hints off for this game: a
        daily follows ``hints_in_dailies``, a channel game ``hints_in_channel_games``."""
        policy = game.mode.hints
        if policy is HintPolicy.ALWAYS:
            return
        daily = policy is HintPolicy.DAILY_SETTING
        settings = await self.db.guild_settings(game.guild_id)
        if not (settings.hints_in_dailies if daily else settings.hints_in_channel_games):
            raise HintsNotAllowed(Problem.HINTS_OFF_DAILY if daily else Problem.HINTS_OFF)

    # -- give up, board -------------------------------------------------------------------

    async def give_up(self, place: Place, player_id: int, *,
                      game_id: int | None = None) -> GiveUpResult:
        """End the game here (or ``game_id``) as given up (who may:
        :func:`bot.core.domain.give_up_refusal`)."""
        return await self.give_up_in(await self.game(place, player_id, game_id), player_id)

    async def give_up_in(self, game: Game, player_id: int) -> GiveUpResult:
        refusal = give_up_refusal(game, player_id)
        if refusal is not None:
            raise refused(refusal)
        day = await self.today(game.guild_id, player_id)
        with store_refusals(Problem.NOT_A_PLAYER, ended=True):
            game = await self.db.give_up(game.id, player_id=player_id, day=day, now=self.now())
        return GiveUpResult(game, await saved_ending(self.db, game, player_id, day))

    async def board(self, place: Place, player_id: int, *,
                    game_id: int | None = None) -> Game:
        """The game a guess from this player would go to (or ``game_id``), as it stands."""
        return await self.game(place, player_id, game_id)

    # -- statistics, leaderboard, analysis ------------------------------------------------

    async def stats(self, guild_id: int, player_id: int,
                    bucket: StatsBucket | str = StatsBucket.DAILY, *,
                    language: str | None = None, length: int | None = None,
                    boards: int = 1) -> Stats | RaceStats:
        """A player's statistics in a bucket and variant (``race``: :class:`RaceStats`;
        .figures)."""
        return await figures.stats(self, guild_id, player_id, bucket, language=language,
                                   length=length, boards=boards)

    async def leaderboard(self, guild_id: int, player_id: int | None = None, *,
                          mode: StatsBucket | str = StatsBucket.DAILY,
                          by: LeaderboardOrder | str = LeaderboardOrder.WINS,
                          limit: int = 10, period: Period | str = Period.ALL,
                          language: str | None = None, length: int | None = None,
                          boards: int = 1) -> Leaderboard | RaceBoard:
        """The server's best in a bucket and variant, over all time or one period
        (.figures)."""
        return await figures.leaderboard(self, guild_id, player_id, mode=mode, by=by,
                                         limit=limit, period=period, language=language,
                                         length=length, boards=boards)

    async def analyse(self, place: Place, player_id: int) -> AnalysisResult:
        """How each guess of the player's last finished game here compared with the solver's."""
        game = await self.db.last_finished_game(place.guild_id, place.channel_id, player_id)
        if game is None:
            raise NoGame(Problem.NOTHING_TO_ANALYSE)
        if game.variant.boards > 1:  # the several-board solver's judgement, hints aside
            return AnalysisResult(game, await SOLVER_LANE.run(
                analyse_boards, await boards_solver(game, self.solver), game.hidden_words,
                [guess.word for guess in game.guesses], game.hard_mode))
        solver = await self.solver(game.variant)
        revealed = revealed_per_guess(game, await self.db.hints_for_game(game.id))
        result = await SOLVER_LANE.run(analyse_when_ready, solver, game.hidden_word,
                                       list(game.rows), game.hard_mode, revealed)
        if result is None:
            raise PlayerError(Problem.SOLVER_PREPARING)
        return AnalysisResult(game, result)

    # -- server settings, daily results, privacy -----------------------------------------

    async def settings(self, guild_id: int) -> GuildSettings:
        return await self.db.guild_settings(guild_id)

    async def update_settings(self, guild_id: int, *, timezone: str | Unset = UNSET,
                              results_channel_id: int | Unset | None = UNSET,
                              hints_in_channel_games: bool | Unset = UNSET,
                              hints_in_dailies: bool | Unset = UNSET,
                              language: str | Unset = UNSET,
                              length: int | Unset = UNSET) -> GuildSettings:
        """Change the settings given (:meth:`Calendars.update
        <bot.service.calendars.Calendars.update>`: a new time zone never changes today).
        ``language`` and ``length``: the server's word pack, checked to be shipped."""
        packs = server_pack(await self.db.guild_settings(guild_id), language, length)
        return await self._calendars.update(
            guild_id, self.now(), timezone=timezone, results_channel_id=results_channel_id,
            hints_in_channel_games=hints_in_channel_games, hints_in_dailies=hints_in_dailies,
            **packs)

    async def forget_me(self, player_id: int) -> ForgetReport:
        return await self.db.forget_player(player_id)
