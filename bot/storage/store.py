"""The store over one database, made of its parts: each call of the port is one part's
method, written once for both databases; the backends only open it."""

from __future__ import annotations

from collections.abc import Sequence
from types import TracebackType
from typing import TYPE_CHECKING, Final, Self

from .database import Database, Outcome, Together, Tx
from .errors import MigrationError
from .games import Games, Guesses, GuessMove
from .new_games import NewGames, StartMove, Starts
from .prefs import Prefs
from .privacy import Privacy
from .racing import Races
from .settings import Settings
from .stats import Statistics

if TYPE_CHECKING:
    from .port import Store


async def play_moves(tx: Tx, moves: Sequence[GuessMove | StartMove]) -> list[Outcome]:
    """A write batch's guesses and starts, an outcome each, each as it would be alone: the
    games they touch read (locked), each decided in turn, then what they wrote saved."""
    guesses = await Guesses.read(tx, [move for move in moves if isinstance(move, GuessMove)])
    starts = await Starts.read(tx, [move for move in moves if isinstance(move, StartMove)],
                               guesses.games)
    outcomes = [guesses.decide(move) if isinstance(move, GuessMove) else starts.decide(n, move)
                for n, move in enumerate(moves)]
    await guesses.save(tx, moves, outcomes)
    await starts.save(tx, outcomes)
    return outcomes


#: The moves one write batch plays together, on either database.
TOGETHER: Final[dict[type, Together]] = {GuessMove: play_moves, StartMove: play_moves}


class SqlStore:
    """A store over one database (implements :class:`bot.storage.Store`)."""

    def __init__(self, db: Database, key: bytes, version: int) -> None:
        # Each backend's ``open`` makes it; ``key`` makes forgotten players' marks.
        self._db = db
        self.schema_version = version
        self._games = games = Games(db, key)
        stats, settings = Statistics(db), Settings(db)
        prefs, races, privacy = Prefs(db), Races(db, key), Privacy(db, key)
        # games
        self.create_game = NewGames(db, key).create_game
        self.get_game = games.get_game
        self.active_own_game = games.active_own_game
        self.active_channel_game = games.active_channel_game
        self.daily_game = games.daily_game
        self.archive_game = games.archive_game
        self.last_finished_game = games.last_finished_game
        self.record_guess = games.record_guess
        self.record_ending_guess = games.record_ending_guess
        self.give_up = games.give_up
        self.record_hint = games.record_hint
        self.move_game = games.move_game
        self.hints_for_game = games.hints_for_game
        # statistics
        self.stats = stats.stats
        self.ending_figures = stats.ending_figures
        self.leaderboard = stats.leaderboard
        self.period_leaderboard = stats.period_leaderboard
        # server settings, daily results and their posts
        self.guild_settings = settings.guild_settings
        self.update_guild_settings = settings.update_guild_settings
        self.settle_daily_order = settings.settle_daily_order
        self.daily_results = settings.daily_results
        self.daily_post = settings.daily_post
        self.set_daily_post = settings.set_daily_post
        self.set_daily_post_shown = settings.set_daily_post_shown
        self.daily_posts_behind = settings.daily_posts_behind
        self.daily_posts_to_redo = settings.daily_posts_to_redo
        self.daily_post_redone = settings.daily_post_redone
        self.server_streak = settings.server_streak
        self.removals = settings.removals  # words a server took out of its answers
        self.save_removal = settings.save_removal
        self.drop_removal = settings.drop_removal
        # player preferences
        self.player_prefs = prefs.player_prefs
        self.save_player_prefs = prefs.save_player_prefs
        # races
        self.create_race = races.create_race
        self.get_race = races.get_race
        self.active_race = races.active_race
        self.active_races = races.active_races
        self.set_race_message = races.set_race_message
        self.races_to_show_ended = races.races_to_show_ended
        self.set_race_end_shown = races.set_race_end_shown
        self.join_race = races.join_race
        self.record_race_guess = races.record_race_guess
        self.give_up_race = races.give_up_race
        self.record_race_hint = races.record_race_hint
        self.race_hints = races.race_hints
        self.end_race = races.end_race
        self.race_stats = races.race_stats
        self.race_leaderboard = races.race_leaderboard
        # privacy
        self.forget_player = privacy.forget_player

    @property
    def closed(self) -> bool:
        return self._db.closed

    async def close(self) -> None:
        await self._games.finish_reads()
        await self._db.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        await self.close()


async def store_key(db: Database, name: str) -> bytes:
    """The key the database ``name`` got at its first migration; else it is closed."""
    try:
        rows = await db.fetch("SELECT key FROM store_key")
        if len(rows) != 1:
            raise MigrationError(f"database {name} has no store key")
    except BaseException:
        await db.close()
        raise
    return bytes(rows[0][0])


def _implements_the_port(store: SqlStore) -> Store:
    return store  # mypy checks that the store has every call of the port
