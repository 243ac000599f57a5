"""What the service hands back: plain data, no Discord types, no database rows.

The same result renders as emoji text, a PNG or terminal colours. A game's hidden word is only
ever filled in once the game is over (``GameView.answer``), so a front end cannot leak it by
accident.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from bot.core.game import MAX_ATTEMPTS, Row


class Scope(StrEnum):
    OWN = "own"
    CHANNEL = "channel"


class Kind(StrEnum):
    DAILY = "daily"
    RANDOM = "random"
    CUSTOM = "custom"


class HintKind(StrEnum):
    LETTER = "letter"
    POSITION = "position"
    WORD = "word"


class StatsMode(StrEnum):
    """Statistics are kept apart for dailies, own practice games and channel games."""

    DAILY = "daily"
    PRACTICE = "practice"
    CHANNEL = "channel"


@dataclass(frozen=True)
class Place:
    """Where a request comes from: a server and a channel (the terminal uses 0 and 0)."""

    guild_id: int
    channel_id: int


@dataclass(frozen=True)
class GameView:
    id: int
    scope: Scope
    kind: Kind
    puzzle_number: int | None
    hard_mode: bool
    status: str
    rows: tuple[Row, ...]
    #: Where the game counts in statistics (storage's rule: dailies, own practice, channel).
    stats_mode: StatsMode
    #: Who played each row (None once a player asked to be forgotten).
    players: tuple[int | None, ...]
    keyboard: dict[str, str]
    owner_id: int | None
    setter_id: int | None
    solved_by: int | None
    #: The hidden word, only once the game is over.
    answer: str | None
    label: str
    max_attempts: int = MAX_ATTEMPTS

    @property
    def attempts_used(self) -> int:
        return len(self.rows)

    @property
    def is_over(self) -> bool:
        return self.status != "active"

    @property
    def won(self) -> bool:
        return self.status == "won"



@dataclass(frozen=True)
class Finish:
    """How a game ended, told once with the guess (or give up) that ended it."""

    status: str
    answer: str
    share_text: str
    #: Statistics of the player who ended it, in the game's statistics mode, after the update.
    stats: Any
    hints_used: int


@dataclass(frozen=True)
class StartResult:
    game: GameView
    #: True when an existing game was handed back instead of a new one.
    resumed: bool


@dataclass(frozen=True)
class GuessResult:
    game: GameView
    row: Row
    attempt: int
    player_id: int
    finish: Finish | None = None


@dataclass(frozen=True)
class HintResult:
    game: GameView
    kind: HintKind
    #: letter hint: the letter; position hint: the letter at ``position``; word hint: the word.
    letter: str | None = None
    position: int | None = None
    word: str | None = None
    candidates_left: int | None = None

    @property
    def text(self) -> str:
        if self.kind is HintKind.LETTER:
            return f"The hidden word contains the letter {self.letter.upper()}."
        if self.kind is HintKind.POSITION:
            return f"Letter {self.position} of the hidden word is {self.letter.upper()}."
        left = self.candidates_left
        words = "word fits" if left == 1 else "words fit"
        return f"Try {self.word.upper()}: {left} possible {words} what you know so far."


@dataclass(frozen=True)
class GiveUpResult:
    game: GameView
    finish: Finish


@dataclass(frozen=True)
class AnalysisResult:
    game: GameView
    analysis: Any


@dataclass(frozen=True)
class DailySummary:
    """A server's results for one daily puzzle, for the results post."""

    guild_id: int
    puzzle_number: int
    label: str
    results: tuple[Any, ...]
    server_streak: int
