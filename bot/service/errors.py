"""Errors a player can cause. Each has a code for programs and a message for people; front ends
show the message (ephemerally on Discord) and nothing in the game changes."""

from __future__ import annotations

from bot.core.game import Invalid


class PlayerError(Exception):
    """Something the player asked for that cannot be done, said in plain words."""

    code = "player_error"

    def __init__(self, message: str, *, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code


class NoGame(PlayerError):
    code = "no_game"


class NotYourGame(PlayerError):
    code = "not_your_game"


class InvalidGuess(PlayerError):
    """The guess was refused (bad word, hard-mode breach, game over); it cost no attempt."""

    code = "invalid_guess"

    def __init__(self, invalid: Invalid) -> None:
        super().__init__(invalid.message, code=f"invalid_guess:{invalid.code}")
        self.invalid = invalid


class GameAlreadyRunning(PlayerError):
    code = "game_exists"


class DailyAlreadyPlayed(PlayerError):
    code = "daily_done"


class HintsNotAllowed(PlayerError):
    code = "hints_off"


class NoHintLeft(PlayerError):
    code = "no_hint"


class BadOption(PlayerError):
    code = "bad_option"
