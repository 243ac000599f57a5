"""Exceptions raised by :mod:`bot.storage`. None of their messages contain a hidden word."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.core.game import Game

if TYPE_CHECKING:
    from bot.core.race import RaceRecord


class StorageError(Exception):
    """Base class of every storage failure."""


class SchemaTooNew(StorageError):
    """The database file was written by a newer wordle-bot than this one."""

    def __init__(self, path: str, found: int, known: int) -> None:
        self.path = path
        self.found = found
        self.known = known
        super().__init__(
            f"database {path!r} has schema version {found}, but this wordle-bot only knows "
            f"versions up to {known}. It was written by a newer release: upgrade wordle-bot "
            f"(or point it at another database file). Nothing was changed."
        )


class StorageFull(StorageError):
    """The database's disk is full: nothing was saved; writes work again once there is room."""


class StorageUnavailable(StorageError):
    """The database could not be reached or did not answer in time; it passes by itself."""


class MigrationError(StorageError):
    """A migration file could not be applied (the database is left at the previous version)."""


class GameExists(StorageError):
    """Creating the game would break a uniqueness rule; ``existing`` is the game in the way."""

    def __init__(self, existing: Game) -> None:
        self.existing = existing
        what = "daily" if existing.kind == "daily" else f"{existing.scope} game"
        super().__init__(f"there is already a {what} here (game {existing.id}, {existing.status})")


class GameNotFound(StorageError):
    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        super().__init__(f"game {game_id} does not exist")


class GameNotActive(StorageError):
    """The game is already over (won, lost or given up)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        super().__init__(f"game {game.id} is over ({game.status})")


class AttemptConflict(StorageError):
    """The attempt number is not the next one: someone else guessed first. Re-read and retry."""

    def __init__(self, game: Game, attempt: int) -> None:
        self.game = game
        self.attempt = attempt
        super().__init__(
            f"game {game.id}: attempt {attempt} is not the next one "
            f"({len(game.guesses)} guesses so far)"
        )


class PlayerNotAllowed(StorageError):
    """The player may not act in this game (not its owner, or its setter)."""


class PrefsChanged(StorageError):
    """A player's preferences changed meanwhile: nothing was saved; read them again."""


class DailyPlayed(StorageError):
    """A forgotten player's daily here: its game is gone, but a daily is played only once."""

    def __init__(self, guild_id: int, puzzle_number: int) -> None:
        self.guild_id = guild_id
        self.puzzle_number = puzzle_number
        super().__init__(f"daily {puzzle_number} was already played in guild {guild_id}")


class RaceNotFound(StorageError):
    def __init__(self, race_id: int) -> None:
        self.race_id = race_id
        super().__init__(f"race {race_id} does not exist")


class RaceRefused(StorageError):
    """A move the race refused: ``race`` is the race as it is now."""

    #: The message after the race's id (``{player}``: the player's id; ``{attempt}``).
    why = "the move is refused"

    def __init__(self, race: RaceRecord, player_id: int = 0, attempt: int = 0) -> None:
        self.race, self.attempt = race, attempt
        super().__init__(f"race {race.id}: {self.why.format(player=player_id, attempt=attempt)}")


class RaceOver(RaceRefused):
    """The race has ended, or its time is up."""

    why = "it is over"


class RaceLeft(RaceRefused):
    """A forgotten player was in this race: their mark stays with it, so they cannot rejoin."""

    why = "a forgotten player was in it"


class NotARacer(RaceRefused):
    why = "player {player} has not joined it"


class BoardOver(RaceRefused):
    """The player's board in the race is finished (won, lost or given up)."""

    why = "player {player} has finished it"


class RaceAttemptConflict(RaceRefused):
    """Not the player's next attempt (another guess of theirs landed first): re-read."""

    why = "attempt {attempt} is not the next one"


class NotTheStarter(RaceRefused):
    why = "player {player} did not start it"


class RaceExists(StorageError):
    """The channel already has an active race (``existing``)."""

    def __init__(self, existing: RaceRecord) -> None:
        self.existing = existing
        super().__init__(f"channel {existing.channel_id} already has race {existing.id}")


class ChannelGameRunning(StorageError):
    """A race cannot start where a channel game is being played."""

    def __init__(self, game_id: int) -> None:
        self.game_id = game_id
        super().__init__(f"channel game {game_id} is being played here")
