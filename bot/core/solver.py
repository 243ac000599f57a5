"""The solver: candidates, the best next guess, and what a guess is worth.

``Solver(answers, allowed)`` is built once per pair of word lists and shared between threads.
Everything takes a *history*, the ``(guess, feedback)`` pairs played so far
(``[("crane", "BYBBG")]``). States the solver's own play reaches are answered by its strategy,
any other by a search with a time limit. Bad input raises :class:`HistoryError`, feedback no
word fits :class:`ImpossibleFeedbackError`, both with a message for people.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from bot.core.feedback import pattern_count, score_matrix, words_to_array
from bot.core.patterns import MatrixInfo, default_cache_dir, lists_key, pattern_matrix
from bot.core.revealed import Revealed
from bot.core.solver_hard import HardState, WordTable, legal_mask, state_from_rows
from bot.core.solver_history import (
    HistoryError,
    ImpossibleFeedbackError,
    Step,
    check_word,
    hints_impossible,
    impossible,
    parse_feedback,
    parse_history,
)
from bot.core.solver_search import Engine
from bot.core.solver_strategies import Strategies, StrategyInfo
from bot.core.solver_strategy import Strategy
from bot.core.variant import CLASSIC, Variant

__all__ = ["Assistance", "HistoryError", "ImpossibleFeedbackError", "Solver", "StrategyInfo",
           "Suggestion", "bits", "parse_feedback"]

#: Time a suggestion off the strategy may spend searching before it settles for the best
#: estimate.
ONLINE_SECONDS = 0.03
#: More time such a suggestion with three guesses left may spend looking for a guess that
#: finds every word, when none of the first ones does (see ``Engine.anytime``).
RESCUE_SECONDS = 0.25
#: Guesses searched exactly for a suggestion off the strategy.
ONLINE_WIDTH = 6
#: Sets larger than the first number rank only a shortlist of the second (by letter odds).
ONLINE_SHORTLIST = (40, 600)
#: Memo entries the search off the strategy keeps (per mode) before it starts afresh, so
#: players asking for hints cannot grow the bot's memory without end.
MEMO_LIMIT = 20_000

History = Sequence[tuple[str, str]]


@dataclass(frozen=True)
class Assistance:
    """What the solver assistant shows for a history: how many hidden words fit, a sample,
    and the next guess; or, when the history cannot be used, the ``problem`` (in English)
    and its ``error`` (its parts, for a front end to word)."""

    candidate_count: int
    sample: tuple[str, ...]
    suggestion: str | None
    solved: bool = False
    problem: str | None = None
    error: HistoryError | None = None


@dataclass(frozen=True)
class Suggestion:
    """A suggested next guess; ``provisional`` when the strategy was still being built and
    the word is the best one-step estimate instead."""

    word: str
    provisional: bool = False


class Solver:
    """Candidates and suggestions for one pair of word lists of one variant.

    ``allowed`` is every word a guess may be (the answers are added). The pattern matrix and
    the strategies come on first use, or up front with :meth:`prepare`; ``build_process``
    says where strategies are built (:class:`~bot.core.solver_strategies.Strategies`).
    """

    def __init__(
        self,
        answers: Iterable[str],
        allowed: Iterable[str],
        *,
        variant: Variant = CLASSIC,
        cache_dir: Path | str | None = None,
        use_cache: bool = True,
        build_process: bool | None = None,
    ) -> None:
        self.variant = variant
        answer_list = sorted({check_word(w, "answers", variant) for w in answers})
        if not answer_list:
            raise ValueError("the answers list is empty")
        guesses = {check_word(w, "allowed", variant) for w in allowed} | set(answer_list)
        self.answers: tuple[str, ...] = tuple(answer_list)
        self.guesses: tuple[str, ...] = tuple(sorted(guesses))
        self._column = {w: i for i, w in enumerate(self.guesses)}
        self.answer_columns = np.array([self._column[w] for w in self.answers], dtype=np.int64)
        self.cache_dir = Path(cache_dir) if cache_dir is not None else default_cache_dir()
        self.use_cache = use_cache
        self.lists_key = lists_key(self.answers, self.guesses)
        self.table = WordTable(self.guesses, variant.alphabet)
        self.strategies = Strategies(self, build_process)
        self._matrix: np.ndarray | None = None
        self._matrix_info: MatrixInfo | None = None
        self._matrix_lock = threading.Lock()
        self._online: dict[bool, Engine] = {}
        self._search_lock = threading.Lock()

    @property
    def matrix(self) -> np.ndarray:
        """The pattern matrix (loaded or built on first use)."""
        if self._matrix is None:
            with self._matrix_lock:
                if self._matrix is None:
                    self._matrix, self._matrix_info = pattern_matrix(
                        self.answers, self.guesses, self.cache_dir, use_cache=self.use_cache,
                        variant=self.variant,
                    )
        return self._matrix

    @property
    def matrix_loaded(self) -> bool:
        """Whether the pattern matrix is in memory already."""
        return self._matrix is not None

    @property
    def matrix_info(self) -> MatrixInfo:
        self.matrix  # noqa: B018 - loads it
        assert self._matrix_info is not None
        return self._matrix_info

    # -- history -----------------------------------------------------------------------------

    def parse_history(self, history: History) -> list[Step]:
        """Check and normalise a history. Raises :class:`HistoryError` naming the bad entry."""
        return parse_history(history, self.variant, self._column.get)

    def patterns_of(self, guess: str, rows: np.ndarray | None = None) -> np.ndarray:
        """Feedback patterns of ``guess`` against the hidden words ``rows`` (default: all)."""
        column = self._column.get(guess.lower())
        if column is not None and self._matrix is not None:
            return self._matrix[:, column] if rows is None else self._matrix[rows, column]
        answers = self.answer_columns if rows is None else self.answer_columns[rows]
        letters = words_to_array([guess], self.variant.alphabet)
        return score_matrix(letters, self.table.letters[answers])[0]

    def pattern_row(self, step: Step) -> np.ndarray:
        """Feedback of the step's guess against every hidden word."""
        return self.patterns_of(step.guess)

    def candidate_mask(self, history: History | list[Step],
                       revealed: Revealed | None = None) -> np.ndarray:
        """Boolean mask over :attr:`answers`: the words the feedback (and what hints
        ``revealed``) allow; raises :class:`ImpossibleFeedbackError` when empty."""
        steps = self._steps(history)
        mask = np.ones(len(self.answers), dtype=bool)
        for number, step in enumerate(steps, start=1):
            before = int(mask.sum())
            mask &= self.pattern_row(step) == step.pattern
            if not mask.any():
                raise impossible(number, step, before)
        return self._narrowed(mask, steps, revealed)

    def _narrowed(self, mask: np.ndarray, steps: list[Step],
                  revealed: Revealed | None) -> np.ndarray:
        """``mask`` without the words that disagree with what hints ``revealed``."""
        if not revealed:
            return mask
        if revealed.variant != self.variant:
            raise ValueError("the hints were given in a game of another variant")
        narrowed = mask & revealed.mask(self.answers)
        if not narrowed.any():
            raise hints_impossible(steps, int(mask.sum()))
        return narrowed

    def _steps(self, history: History | list[Step]) -> list[Step]:
        if isinstance(history, list) and all(isinstance(s, Step) for s in history):
            return history
        return self.parse_history(history)  # type: ignore[arg-type]

    def candidates(self, history: History, revealed: Revealed | None = None) -> list[str]:
        """Hidden words consistent with every ``(guess, feedback)`` pair and what hints
        ``revealed``, in list order; empty when none fits (:meth:`check` says why).
        Raises :class:`HistoryError` for malformed input."""
        try:
            mask = self.candidate_mask(history, revealed)
        except ImpossibleFeedbackError:
            return []
        return [self.answers[i] for i in np.flatnonzero(mask)]

    def check(self, history: History) -> None:
        """Raise :class:`HistoryError` / :class:`ImpossibleFeedbackError` if the history is
        malformed or no word fits it; return quietly otherwise."""
        self.candidate_mask(history)

    # -- strategies --------------------------------------------------------------------------

    def strategy_path(self, hard_mode: bool) -> Path:
        """Where the strategy for a mode is cached (it may not exist yet)."""
        return self.strategies.cache_path(hard_mode)

    def shipped_path(self, hard_mode: bool) -> Path:
        """Where a strategy shipped with the project for these lists would be."""
        return self.strategies.shipped_path(hard_mode)

    def strategy_ready(self, hard_mode: bool = False) -> bool:
        """Whether the strategy can be had without building it (memory, shipped, cache)."""
        return self.strategies.ready(hard_mode)

    def strategy_now(self, hard_mode: bool = False) -> Strategy | None:
        """The strategy if it can be had at once; otherwise start building it and return None."""
        return self.strategies.now(hard_mode)

    def strategy(self, hard_mode: bool = False) -> Strategy:
        """The strategy for a mode, waiting for it to be built if need be."""
        return self.strategies.get(hard_mode)

    def last_build_pid(self, hard_mode: bool) -> int | None:
        """The process id of the last strategy build started for a mode (None: none)."""
        return self.strategies.last_build_pid(hard_mode)

    def prepare(self, modes: Iterable[bool] = (False, True)) -> list[StrategyInfo]:
        """Load or build the strategies, then the matrix: once at start-up, off the event
        loop."""
        infos = [self.strategies.info(hard_mode) for hard_mode in modes]
        self.matrix  # noqa: B018 - loaded now rather than by the first hint off the strategy
        return infos

    # -- suggestions -------------------------------------------------------------------------

    def needs_strategy(self, history: History, hard_mode: bool = False) -> bool:
        """Whether :meth:`suggest` would consult the strategy for this history (more than two
        words fit and every guess is in the list). False for input it cannot use."""
        try:
            steps = self.parse_history(history)
            count = int(self.candidate_mask(steps).sum())
        except HistoryError:
            return False
        return count > 2 and not self._solved(steps) and all(s.column is not None for s in steps)

    def _solved(self, steps: list[Step]) -> bool:
        return bool(steps) and steps[-1].feedback == self.variant.all_green

    def suggest(self, history: History, hard_mode: bool = False,
                revealed: Revealed | None = None) -> str:
        """The next guess for the candidates the history and what hints ``revealed`` leave;
        legal in hard mode. Waits for the strategy if it is being built.

        Raises :class:`ImpossibleFeedbackError` if no word fits the history and
        :class:`HistoryError` for malformed input.
        """
        return self.suggestion(history, hard_mode, revealed=revealed).word

    def suggestion(self, history: History, hard_mode: bool = False, *, wait: bool = True,
                   revealed: Revealed | None = None) -> Suggestion:
        """:meth:`suggest` with a flag: with ``wait=False``, while the strategy for these lists
        is being built, the best one-step estimate at once (``provisional=True``)."""
        steps = self.parse_history(history)
        mask = self.candidate_mask(steps)
        narrowed = self._narrowed(mask, steps, revealed)
        subset = np.flatnonzero(narrowed)
        if len(subset) <= 2 or len(steps) >= self.variant.attempts - 1:
            # With one guess left only a word that fits can still win.
            return Suggestion(self.answers[subset[0]])
        # The strategy knows states by their feedback: it serves only when hints ruled out
        # none of the words the feedback left.
        if len(subset) == int(mask.sum()) and all(s.column is not None for s in steps):
            strategy = self.strategy(hard_mode) if wait else self.strategy_now(hard_mode)
            if strategy is None:
                return Suggestion(self.guesses[self._one_step(subset, steps, hard_mode)], True)
            node = strategy.walk([(s.column, s.pattern) for s in steps if s.column is not None])
            if node is not None:
                return Suggestion(self.guesses[int(strategy.node_guess[node])])
        return Suggestion(self.guesses[self._search(subset, steps, hard_mode)])

    def _one_step(self, subset: np.ndarray, steps: list[Step], hard_mode: bool) -> int:
        """The best guess column by the one-step estimate (no look-ahead)."""
        state = self.hard_state(steps, hard_mode)
        with self.search(hard_mode) as engine:
            columns = engine.columns(state)
            columns, estimate, _, is_candidate = engine.estimates(subset, columns)
            pos = int(engine.ranking(estimate, is_candidate, 1)[0])
        return pos if columns is None else int(columns[pos])

    @contextmanager
    def search(self, hard_mode: bool) -> Iterator[Engine]:
        """The search engine for suggestions off the strategy, held for the block (one
        search at a time: the engine and its memo are not thread-safe)."""
        with self._search_lock:
            engine = self._online.get(hard_mode)
            if engine is None or len(engine.memo) > MEMO_LIMIT:
                engine = Engine(
                    self.matrix, self.answer_columns, self.table,
                    hard_mode=hard_mode, shortlist=ONLINE_SHORTLIST,
                )
                self._online[hard_mode] = engine
            yield engine

    def hard_state(self, steps: list[Step], hard_mode: bool) -> HardState | None:
        """What hard mode demands of the next guess after ``steps`` (None: not hard mode)."""
        if not hard_mode:
            return None
        return state_from_rows(((step.guess, step.feedback) for step in steps),
                               self.variant.alphabet, self.variant.length)

    def _search(self, subset: np.ndarray, steps: list[Step], hard_mode: bool) -> int:
        """A suggestion off the strategy: a search with a time limit, else the best estimate."""
        depth = max(self.variant.attempts - len(steps), 1)
        state = self.hard_state(steps, hard_mode)
        with self.search(hard_mode) as engine:
            return engine.anytime(subset, depth, state, ONLINE_SECONDS, ONLINE_WIDTH,
                                  rescue=RESCUE_SECONDS)

    def legal_guesses(self, history: History) -> np.ndarray:
        """Boolean mask over :attr:`guesses`: the legal hard-mode guesses after ``history``."""
        state = self.hard_state(self.parse_history(history), True)
        assert state is not None
        return legal_mask(state, self.table)

    def assist(self, history: History, hard_mode: bool = False, sample: int = 10) -> Assistance:
        """The solver assistant for a game played elsewhere: candidates (count and up to
        ``sample`` of them) and the next guess. Bad input gives a ``problem``, not an error."""
        try:
            steps = self.parse_history(history)
            mask = self.candidate_mask(steps)
        except HistoryError as error:
            return Assistance(0, (), None, problem=str(error), error=error)
        subset = np.flatnonzero(mask)
        words = tuple(self.answers[i] for i in subset[: max(sample, 0)])
        if self._solved(steps):
            return Assistance(len(subset), words, steps[-1].guess, solved=True)
        return Assistance(len(subset), words, self.suggest(history, hard_mode))

    # -- information -------------------------------------------------------------------------

    def column_of(self, word: str) -> int | None:
        """The word's column among :attr:`guesses` (None if it is not one)."""
        return self._column.get(word.lower())

    def pattern_counts(self, subset: np.ndarray, word: str) -> np.ndarray:
        """How many of the ``subset`` rows get each feedback for ``word``."""
        column = self.column_of(word)
        patterns = (self.matrix[subset, column] if column is not None
                    else self.patterns_of(word, subset))
        return np.bincount(patterns, minlength=pattern_count(self.variant.length))


def bits(before: int, after: int) -> float:
    """Information gained going from ``before`` candidates to ``after``, in bits."""
    if before <= 0 or after <= 0:
        return 0.0
    return math.log2(before / after)
