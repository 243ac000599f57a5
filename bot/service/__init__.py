"""The use cases every front end calls: see :class:`GameService`."""

from bot.core.domain import HintKind, Kind, LeaderboardOrder, Scope, StatsBucket, Status
from bot.core.game import Game
from bot.service.errors import (
    BadOption,
    DailyAlreadyPlayed,
    GameAlreadyRunning,
    HintsNotAllowed,
    InvalidGuess,
    NoGame,
    NoHintLeft,
    NotYourGame,
    Place,
    PlayerError,
    Problem,
)
from bot.service.game_service import GameService
from bot.service.results import (
    AnalysisResult,
    DailySummary,
    Finish,
    GiveUpResult,
    GuessResult,
    HintResult,
    PlayerStats,
    StartResult,
)

__all__ = [
    "AnalysisResult",
    "BadOption",
    "DailyAlreadyPlayed",
    "DailySummary",
    "Finish",
    "Game",
    "GameAlreadyRunning",
    "GameService",
    "GiveUpResult",
    "GuessResult",
    "HintKind",
    "HintResult",
    "HintsNotAllowed",
    "InvalidGuess",
    "Kind",
    "LeaderboardOrder",
    "NoGame",
    "NoHintLeft",
    "NotYourGame",
    "Place",
    "PlayerError",
    "PlayerStats",
    "Problem",
    "Scope",
    "StartResult",
    "StatsBucket",
    "Status",
]
