"""What the service hands back: plain data, no Discord types, no database rows, no words for
people (the front ends word them).

The same result renders as emoji text, a PNG or terminal colours. A game is the core's
:class:`~bot.core.game.Game`: front ends read its ``answer``, filled in only once the game is
over, so a front end cannot leak the hidden word by accident.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.core.analysis import BoardsAnalysis, GameAnalysis
from bot.core.domain import HintKind, Row, Status
from bot.core.game import Game
from bot.core.solver_answers import AnswerPick
from bot.core.stats import DailyResult, Stats


@dataclass(frozen=True)
class PlayerStats:
    player_id: int
    stats: Stats


@dataclass(frozen=True)
class Finish:
    """How a game ended, told once with the guess (or give up) that ended it."""

    status: Status
    answer: str
    #: Statistics after the update, in the game's bucket: of the player who ended it when the
    #: game counts for them, else of every player it counts for (a challenge's setter gave up).
    stats: tuple[PlayerStats, ...]
    hints_used: int
    #: False: the end is saved, but the statistics and the hints used could not be read (the
    #: database went away just after): ``stats`` is empty and ``hints_used`` 0 (the share grid
    #: then has no hint note).
    figures: bool = True


@dataclass(frozen=True)
class StartResult:
    game: Game
    #: True when an existing game was handed back instead of a new one.
    resumed: bool
    #: Resumed, and of another kind than the one asked for (a practice start that found the
    #: player's daily or challenge running here): to finish or give up first.
    other_kind: bool = False


@dataclass(frozen=True)
class GuessResult:
    game: Game
    row: Row
    attempt: int
    player_id: int
    finish: Finish | None = None


@dataclass(frozen=True)
class HintResult:
    """A hint, worded by each front end: ``letter`` (a letter in the word), ``position``
    (the letter at ``position``), or ``word`` (the solver's guess, ``candidates_left``);
    ``fallback``: a word hint could not be given, so a letter hint came instead;
    ``provisional``: the solver's strategy was still being built, so the word is the best
    one-step estimate. In a game of several boards a letter or position hint names its
    ``board``."""

    game: Game
    kind: HintKind
    letter: str | None = None
    position: int | None = None
    word: str | None = None
    candidates_left: int | None = None
    fallback: bool = False
    provisional: bool = False
    #: A word hint whose word cannot be the answer: also the best word that could be, both
    #: with the guesses still needed (bot.core.solver_answers).
    pick: AnswerPick | None = None
    #: In a game of several boards: the board (from 1) a letter or position hint is about.
    board: int | None = None
    #: In a game of several boards, a word hint: each open board (from 1) with the words
    #: still possible there (``candidates_left`` is then their sum).
    board_candidates: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class GiveUpResult:
    game: Game
    finish: Finish


@dataclass(frozen=True)
class AnalysisResult:
    """A finished game's analysis (a game of several boards: a ``BoardsAnalysis``)."""

    game: Game
    analysis: GameAnalysis | BoardsAnalysis


@dataclass(frozen=True)
class DailySummary:
    """A server's results for one daily puzzle, for the results post."""

    guild_id: int
    puzzle_number: int
    results: tuple[DailyResult, ...]
    server_streak: int

    @property
    def standings(self) -> tuple[DailyResult, ...]:
        """Best first: wins by fewest attempts, a result helped by hints after the same score
        without them, then losses; equal results in the order they finished. The daily of
        one board first, then each of several boards (Dordle, Quordle, Octordle) apart."""
        return tuple(sorted(self.results, key=lambda r: (
            r.boards, r.status is not Status.WON, r.attempts if r.status is Status.WON else 0,
            r.hinted)))
