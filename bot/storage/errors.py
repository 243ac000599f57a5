"""Exceptions raised by :mod:`bot.storage`. None of their messages contain a hidden word."""

from __future__ import annotations

from bot.core.game import Game


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
    """The disk holding the database is full: nothing was saved. Writes work again by
    themselves once there is room (no restart needed)."""


class StorageUnavailable(StorageError):
    """The database could not be reached, or did not answer in time (a server restarting,
    a lost connection): it works again by itself once the database is back."""


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
    """The player may not act in this game (not the owner of an own game, or the setter)."""


class PrefsChanged(StorageError):
    """A player's preferences were not as expected (changed meanwhile, through another
    process): nothing was saved; read them again."""


class DailyPlayed(StorageError):
    """The player already played this daily here, and then asked to be forgotten: the game
    is gone, but a daily is still played only once."""

    def __init__(self, guild_id: int, puzzle_number: int) -> None:
        self.guild_id = guild_id
        self.puzzle_number = puzzle_number
        super().__init__(f"daily {puzzle_number} was already played in guild {guild_id}")
