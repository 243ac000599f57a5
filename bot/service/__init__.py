"""The use cases every front end calls: see :class:`GameService`."""

from bot.core.domain import HintKind, Kind, LeaderboardOrder, Scope, StatsBucket, Status
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
    Problem,
)
from bot.service.game_service import GameService, game_view
from bot.service.results import (
    AnalysisResult,
    DailySummary,
    Finish,
    GameView,
    GiveUpResult,
    GuessResult,
    HintResult,
    Place,
    PlayerStats,
    StartResult,
)

__all__ = [
    "AnalysisResult",
    "BadOption",
    "DailyAlreadyPlayed",
    "DailySummary",
    "Finish",
    "GameAlreadyRunning",
    "GameService",
    "GameView",
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
    "game_view",
]
