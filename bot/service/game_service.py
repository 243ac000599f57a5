"""The use cases: start, guess, hint, give up, board, statistics, leaderboard, analysis, settings,
forget me. Every front end (Discord, the terminal) goes through here, so the rules live in one
place. Every request is answered from the database: nothing about a game is kept in memory, so
a restart in the middle of a game changes nothing for the players.

Which game a request goes to (guess, hint, give up, board): the player's own game in this
channel first, else the channel game, else :class:`NoGame` ("start one with /wordle start").
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from bot.core import hints as core_hints
from bot.core.analysis import analyse
from bot.core.daily import daily_word, today_puzzle_number
from bot.core.feedback import ALL_GREEN
from bot.core.game import Game, Invalid, Row, Status, keyboard, validate_guess
from bot.core.share import puzzle_label, share_text
from bot.core.solver import Solver
from bot.core.words import WordLists
from bot.service.errors import (
    BadOption,
    DailyAlreadyPlayed,
    GameAlreadyRunning,
    HintsNotAllowed,
    InvalidGuess,
    NoGame,
    NoHintLeft,
    NotYourGame,
    PlayerError,
)
from bot.service.results import (
    AnalysisResult,
    DailySummary,
    Finish,
    GameView,
    GiveUpResult,
    GuessResult,
    HintKind,
    HintResult,
    Kind,
    Place,
    Scope,
    StartResult,
    StatsMode,
)
from bot.storage import (
    AttemptConflict,
    Database,
    GameExists,
    GameNotActive,
    GameRecord,
)
from bot.storage.models import LEADERBOARD_BY

log = logging.getLogger(__name__)

#: How many times a guess is re-read and retried when other players got their guesses in first.
#: A game has at most six attempts, so a handful of retries always reaches a decision.
_GUESS_RETRIES = 12


def _rows(record: GameRecord) -> tuple[Row, ...]:
    return tuple(Row(g.word, g.feedback) for g in record.guesses)


def _share(view: GameView, hints_used: int = 0) -> str:
    """The spoiler-free share grid, with a note of the hints used (if any)."""
    text = share_text(view.rows, label=view.label, won=view.won, hard_mode=view.hard_mode)
    if hints_used:
        text += f"\n💡 {hints_used} hint{'s' if hints_used != 1 else ''} used"
    return text


def game_view(record: GameRecord) -> GameView:
    """A record as plain data for front ends; the hidden word only once the game is over."""
    rows = _rows(record)
    over = record.status != Status.ACTIVE
    kind = Kind(record.kind)
    return GameView(
        id=record.id,
        scope=Scope(record.scope),
        kind=kind,
        puzzle_number=record.puzzle_number,
        hard_mode=record.hard_mode,
        status=record.status,
        rows=rows,
        stats_mode=StatsMode(record.stats_mode),
        players=tuple(g.player_id for g in record.guesses),
        keyboard=keyboard(rows),
        owner_id=record.owner_id,
        setter_id=record.setter_id,
        solved_by=record.solved_by,
        answer=record.answer if over else None,
        # A chosen word is a "challenge" when a player set it for the channel; an own game
        # with a chosen word (the terminal's --word) is practice.
        label=puzzle_label(record.puzzle_number,
                           "random" if kind is Kind.CUSTOM and record.scope == Scope.OWN
                           else kind.value),
    )


def _core_game(record: GameRecord) -> Game:
    return Game(
        answer=record.answer,
        hard_mode=record.hard_mode,
        rows=list(_rows(record)),
        status=Status(record.status),
    )


class GameService:
    """The use cases over the core rules, the solver and the database.

    ``solver`` may be a ready :class:`Solver` or ``None``: then one is built on first use (the
    word hint and the analysis need it; playing does not), in a worker thread.
    """

    def __init__(
        self,
        db: Database,
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
        self._salt = daily_salt
        self._solver = solver
        self._solver_lock = asyncio.Lock()
        self._clock = clock or (lambda: datetime.now(UTC))
        self._choose = choose or secrets.choice

    # -- helpers --------------------------------------------------------------------------

    def now(self) -> datetime:
        return self._clock()

    async def solver(self) -> Solver:
        if self._solver is None:
            async with self._solver_lock:
                if self._solver is None:
                    words = self.words
                    self._solver = await asyncio.to_thread(
                        Solver, list(words.answers), list(words.allowed_sorted)
                    )
        return self._solver

    async def today(self, guild_id: int) -> int:
        """Today's puzzle number in the server's time zone."""
        settings = await self.db.guild_settings(guild_id)
        return today_puzzle_number(self.now(), settings.timezone)

    async def _target_game(self, place: Place, player_id: int) -> GameRecord:
        own = await self.db.active_own_game(place.guild_id, place.channel_id, player_id)
        if own is not None:
            return own
        channel = await self.db.active_channel_game(place.guild_id, place.channel_id)
        if channel is not None:
            return channel
        raise NoGame("There's no game here for you. Start one with /wordle start.")

    async def _finish(self, record: GameRecord, player_id: int, today: int) -> Finish:
        """How the game ended, for the player who ended it (``today``: the server's day)."""
        hints = await self.db.hints_for_game(record.id)
        stats = None
        counted = record.scope == Scope.CHANNEL or player_id == record.owner_id
        if counted:
            stats = await self.db.stats(record.guild_id, player_id, record.stats_mode,
                                        today=today)
        return Finish(status=record.status, answer=record.answer,
                      share_text=_share(game_view(record), len(hints)), stats=stats,
                      hints_used=len(hints))

    # -- start ----------------------------------------------------------------------------

    async def start(
        self,
        place: Place,
        player_id: int,
        *,
        scope: Scope | str = Scope.OWN,
        kind: Kind | str = Kind.RANDOM,
        hard_mode: bool = False,
        word: str | None = None,
    ) -> StartResult:
        """Open a game. ``word`` sets the hidden word of an own practice game (for trying
        things out in the terminal); a channel game with a chosen word is :meth:`challenge`.

        One active own game per player per channel and one channel game per channel: starting
        again hands back the game that is running (``resumed``). One daily per player per day:
        starting it twice resumes it; a finished daily cannot be replayed.
        """
        try:
            scope, kind = Scope(scope), Kind(kind)
        except ValueError:
            raise BadOption("Choose me or channel, and daily or random.") from None
        if kind is Kind.CUSTOM:
            raise BadOption("Use /wordle challenge to set a word for the channel.")
        if kind is Kind.DAILY and scope is Scope.CHANNEL:
            raise BadOption("The daily is played on your own, so nobody spoils it for anyone. "
                            "Start a channel game with kind random instead.")
        if kind is Kind.DAILY and word is not None:
            raise BadOption("The daily's word is the same for everyone; it can't be chosen.")

        if kind is Kind.DAILY:
            return await self._start_daily(place, player_id, hard_mode)

        if word is not None:
            checked = validate_guess(word, self.words.allowed)
            if isinstance(checked, Invalid):
                raise InvalidGuess(checked)
            answer, stored_kind = checked, Kind.CUSTOM
        else:
            answer, stored_kind = self._choose(self.words.answers), Kind.RANDOM
        owner = player_id if scope is Scope.OWN else None
        try:
            record = await self.db.create_game(
                guild_id=place.guild_id, channel_id=place.channel_id, owner_id=owner,
                scope=scope.value, kind=stored_kind.value, answer=answer, hard_mode=hard_mode,
                now=self.now(),
            )
        except GameExists as exists:
            return StartResult(game_view(exists.existing), resumed=True)
        log.info("game %s started: %s %s in guild %s", record.id, scope, stored_kind,
                 place.guild_id)
        return StartResult(game_view(record), resumed=False)

    async def _start_daily(self, place: Place, player_id: int, hard_mode: bool) -> StartResult:
        number = await self.today(place.guild_id)
        existing = await self.db.daily_game(place.guild_id, player_id, number)
        if existing is not None:
            if existing.status == Status.ACTIVE:
                if existing.channel_id != place.channel_id:
                    raise GameAlreadyRunning(
                        f"Your Wordle {number:,} is in progress in <#{existing.channel_id}>; "
                        "carry on there.")
                return StartResult(game_view(existing), resumed=True)
            text = _share(game_view(existing))
            raise DailyAlreadyPlayed(
                f"You've already played Wordle {number:,} today. "
                f"A new one comes tomorrow.\n\n{text}"
            )
        answer = daily_word(number, self.words.answers, self._salt)
        try:
            record = await self.db.create_game(
                guild_id=place.guild_id, channel_id=place.channel_id, owner_id=player_id,
                scope=Scope.OWN.value, kind=Kind.DAILY.value, answer=answer, hard_mode=hard_mode,
                puzzle_number=number, now=self.now(),
            )
        except GameExists as exists:
            other = exists.existing
            if other.kind == Kind.DAILY and other.puzzle_number == number:
                # Started twice at the same moment: hand back the one that won the race.
                return StartResult(game_view(other), resumed=True)
            raise GameAlreadyRunning(
                "You already have a game going in this channel. Finish it, or /wordle giveup, "
                "then start the daily.") from None
        return StartResult(game_view(record), resumed=False)

    async def challenge(self, place: Place, setter_id: int, word: str, *,
                        hard_mode: bool = False) -> StartResult:
        """A channel game whose hidden word a player chose; that player cannot guess it."""
        checked = validate_guess(word, self.words.allowed)
        if isinstance(checked, Invalid):
            raise InvalidGuess(checked)
        try:
            record = await self.db.create_game(
                guild_id=place.guild_id, channel_id=place.channel_id, owner_id=None,
                scope=Scope.CHANNEL.value, kind=Kind.CUSTOM.value, answer=checked,
                hard_mode=hard_mode, setter_id=setter_id, now=self.now(),
            )
        except GameExists:
            raise GameAlreadyRunning(
                "This channel already has a game going. Finish it (or /wordle giveup) first."
            ) from None
        return StartResult(game_view(record), resumed=False)

    # -- guess ----------------------------------------------------------------------------

    async def guess(self, place: Place, player_id: int, raw: object) -> GuessResult:
        """Play a guess in the player's game here (own game first, else the channel game).

        An invalid guess raises :class:`InvalidGuess` and changes nothing. When other players
        get their guesses in first, the guess is checked again against the new state (the game
        may have ended, or hard mode may now ask for more) and retried.
        """
        record = await self._target_game(place, player_id)
        for _ in range(_GUESS_RETRIES):
            self._check_may_play(record, player_id)
            game = _core_game(record)
            outcome = game.guess(raw, self.words.allowed)
            if outcome.invalid is not None:
                raise InvalidGuess(outcome.invalid)
            row = outcome.row
            finish = None
            if row.feedback == ALL_GREEN:
                finish = "won"
            elif game.status is Status.LOST:
                finish = "lost"
            attempt = len(record.guesses) + 1
            # The server's day matters only to a guess that ends the game (streaks).
            day = await self.today(record.guild_id) if finish else None
            try:
                record = await self.db.record_guess(
                    record.id, attempt=attempt, player_id=player_id, word=row.word,
                    feedback=row.feedback, finish=finish, day=day, now=self.now(),
                )
            except (AttemptConflict, GameNotActive):
                # Someone else's guess landed first: look again at the game as it is now.
                fresh = await self.db.get_game(record.id)
                if fresh is None:
                    raise NoGame("That game no longer exists.") from None
                record = fresh
                continue
            result_finish = await self._finish(record, player_id, day) if day is not None else None
            return GuessResult(game_view(record), row, attempt, player_id, result_finish)
        raise PlayerError("That game is very busy right now; try your guess again.",
                          code="busy")

    def _check_may_play(self, record: GameRecord, player_id: int) -> None:
        if record.status != Status.ACTIVE:
            raise InvalidGuess(Invalid(
                "finished", "That game just ended; start a new one with /wordle start."))
        if record.scope == Scope.OWN and record.owner_id != player_id:
            raise NotYourGame("That's someone else's game; start your own with /wordle start.")
        if record.setter_id is not None and record.setter_id == player_id:
            raise NotYourGame("You chose this word, so you can't guess it. Watch the others!")

    # -- hints ----------------------------------------------------------------------------

    async def hint(self, place: Place, player_id: int, kind: HintKind | str) -> HintResult:
        """A letter, a position or a word, recorded against the game and the player."""
        try:
            kind = HintKind(kind)
        except ValueError:
            raise BadOption("A hint is a letter, a position or a word.") from None
        record = await self._target_game(place, player_id)
        self._check_may_play(record, player_id)
        if record.scope == Scope.CHANNEL:
            settings = await self.db.guild_settings(place.guild_id)
            if not settings.hints_in_channel_games:
                raise HintsNotAllowed("Hints are turned off for channel games on this server.")
        rows = list(_rows(record))
        view = game_view(record)
        earlier = [h for h in await self.db.hints_for_game(record.id) if h.kind == kind.value]
        result: HintResult
        if kind is HintKind.LETTER:
            letter = core_hints.letter_hint(record.answer, rows,
                                            already_hinted=[h.value for h in earlier])
            if letter is None:
                raise NoHintLeft("Every letter of the hidden word is already on your board.")
            result = HintResult(view, kind, letter=letter)
            value = letter
        elif kind is HintKind.POSITION:
            done = [int(h.value.split(":")[0]) for h in earlier]
            found = core_hints.position_hint(record.answer, rows, already_hinted=done)
            if found is None:
                raise NoHintLeft("Every position is already green or hinted.")
            position, letter = found
            result = HintResult(view, kind, letter=letter, position=position)
            value = f"{position}:{letter}"
        else:
            if record.kind == Kind.CUSTOM:
                # A chosen word may be outside the answer list the solver knows: its
                # suggestion could be wrong or fail, and refusing only then would give the
                # word away. So a chosen word never gets word hints.
                raise NoHintLeft("Word hints aren't available when a player chose the word; "
                                 "try a letter or position hint.")
            solver = await self.solver()
            hint = await asyncio.to_thread(core_hints.word_hint, solver, rows, record.hard_mode)
            result = HintResult(view, kind, word=hint.word,
                                candidates_left=hint.candidates_left)
            value = hint.word
        await self.db.record_hint(record.id, player_id=player_id, kind=kind.value, value=value,
                                  now=self.now())
        return result

    # -- give up, board -------------------------------------------------------------------

    async def give_up(self, place: Place, player_id: int) -> GiveUpResult:
        """End the game here as given up. An own game: only its owner. A channel game: the
        player who set it, or anyone who has guessed in it (or anyone, before the first guess).
        """
        record = await self._target_game(place, player_id)
        if record.scope == Scope.OWN and record.owner_id != player_id:
            raise NotYourGame("That's someone else's game.")
        if record.scope == Scope.CHANNEL and record.guesses:
            allowed = {g.player_id for g in record.guesses} | {record.setter_id}
            if player_id not in allowed:
                raise NotYourGame("Only players who have guessed in this game can give it up.")
        day = await self.today(place.guild_id)
        try:
            record = await self.db.give_up(record.id, player_id=player_id, day=day,
                                           now=self.now())
        except GameNotActive:
            raise NoGame("That game has already ended.") from None
        return GiveUpResult(game_view(record), await self._finish(record, player_id, day))

    async def board(self, place: Place, player_id: int) -> GameView:
        """The game a guess from this player would go to, as it stands."""
        return game_view(await self._target_game(place, player_id))

    # -- statistics and leaderboard -------------------------------------------------------

    async def stats(self, guild_id: int, player_id: int,
                    mode: StatsMode | str = StatsMode.DAILY) -> Any:
        try:
            mode = StatsMode(mode)
        except ValueError:
            raise BadOption("Statistics are for daily, practice or channel games.") from None
        return await self.db.stats(guild_id, player_id, mode.value,
                                   today=await self.today(guild_id))

    async def leaderboard(self, guild_id: int, player_id: int | None = None, *,
                          mode: StatsMode | str = StatsMode.DAILY, by: str = "wins",
                          limit: int = 10) -> Any:
        try:
            mode = StatsMode(mode)
        except ValueError:
            raise BadOption("Leaderboards are for daily, practice or channel games.") from None
        if by not in LEADERBOARD_BY:
            raise BadOption("Rank by wins, win_percent, average, current_streak or max_streak.")
        if not 1 <= limit <= 50:
            raise BadOption("Show between 1 and 50 players.")
        return await self.db.leaderboard(guild_id, mode=mode.value, by=by, limit=limit,
                                         player_id=player_id, today=await self.today(guild_id))

    # -- analysis -------------------------------------------------------------------------

    async def analyse(self, place: Place, player_id: int) -> AnalysisResult:
        """How each guess of the player's last finished game here compared with the solver's."""
        record = await self.db.last_finished_game(place.guild_id, place.channel_id, player_id)
        if record is None:
            raise NoGame("You have no finished game in this channel to analyse yet.")
        solver = await self.solver()
        rows = list(_rows(record))
        result = await asyncio.to_thread(analyse, solver, record.answer, rows, record.hard_mode)
        return AnalysisResult(game_view(record), result)

    # -- server settings, daily results, privacy -----------------------------------------

    async def settings(self, guild_id: int) -> Any:
        return await self.db.guild_settings(guild_id)

    async def update_settings(self, guild_id: int, **changes: Any) -> Any:
        try:
            return await self.db.update_guild_settings(guild_id, **changes)
        except ValueError as exc:
            raise BadOption(str(exc)) from None

    async def daily_summary(self, guild_id: int, number: int | None = None) -> DailySummary:
        today = await self.today(guild_id)
        number = today if number is None else number
        results = await self.db.daily_results(guild_id, number)
        streak = await self.db.server_streak(guild_id, today)
        return DailySummary(guild_id, number, puzzle_label(number), tuple(results), streak)

    async def results_post(self, guild_id: int, number: int) -> tuple[int, int] | None:
        """Where the server's results post for a daily is: (channel id, message id)."""
        return await self.db.daily_post(guild_id, number)

    async def remember_results_post(self, guild_id: int, number: int, channel_id: int,
                                    message_id: int) -> None:
        await self.db.set_daily_post(guild_id, number, channel_id, message_id)

    async def forget_me(self, player_id: int) -> Any:
        return await self.db.forget_player(player_id)
