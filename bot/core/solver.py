"""The suggestion core: candidates, the best next guess, and what a guess is worth.

``Solver(answers, allowed)`` is built once and shared (it is safe to call from several threads).
Everything takes a *history*: the ``(guess, feedback)`` pairs played so far, feedback as a
``G``/``Y``/``B`` string (``[("crane", "BYBBG")]``). :func:`parse_feedback` also reads digits
and coloured squares for people typing in results from a game played elsewhere.

* :meth:`Solver.candidates`: the hidden words consistent with the history. A word stays exactly
  when ``score(guess, word) == feedback`` for every pair, so repeated letters are always right.
* :meth:`Solver.suggest`: the next guess. States the solver's own play reaches come from a
  precomputed strategy (:mod:`bot.core.solver_strategy`, built once per word lists and mode by
  the bounded exact search of :mod:`bot.core.solver_search`, then cached on disk; shipped in
  the repository for the shipped lists); any other state gets a time-boxed search (about
  40 ms) that falls back to the best one-step estimate. Hard-mode suggestions are always legal
  hard-mode guesses.
* :meth:`Solver.suggestion` with ``wait=False`` never waits for a strategy being built (other
  word lists, first start): it answers at once with the best one-step estimate and marks it
  ``provisional``. The build runs in a separate process and logs its progress.
* The pattern matrix is loaded (or built, a second or two) on first need, not at
  construction: a suggestion the strategy answers needs only the guesses' own feedback.
* Letters and positions that hints revealed (:class:`bot.core.revealed.Revealed`) narrow the
  candidates further (``revealed=``). The strategy is keyed by feedback alone, so when they
  rule out a word the suggestion comes from the search over the narrowed candidates; hints
  never constrain hard-mode guesses.
* Feedback that no word in the list can give raises :class:`ImpossibleFeedbackError`, which
  says which guess broke it; malformed input raises :class:`HistoryError`. Both are
  ``ValueError`` with a message meant for people.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from bot.core.domain import MAX_ATTEMPTS
from bot.core.feedback import (
    ALL_GREEN,
    PATTERN_COUNT,
    WORD_LENGTH,
    encode,
    score_matrix,
)
from bot.core.patterns import MatrixInfo, default_cache_dir, lists_key, pattern_matrix
from bot.core.revealed import Revealed
from bot.core.solver_hard import HardState, WordTable, legal_mask, state_from_rows
from bot.core.solver_history import (
    HistoryError,
    ImpossibleFeedbackError,
    Step,
    _check_word,
    hints_impossible,
    impossible,
    parse_feedback,
)
from bot.core.solver_search import Engine
from bot.core.solver_strategy import (
    BUILD_WIDTH,
    Build,
    Strategy,
    build_strategy,
    file_name,
    fingerprint,
    shipped_dir,
    start_build,
)

MAX_GUESSES = 6
#: Lists with at most this many answers build their strategy in this process (well under a
#: second); larger ones in a separate process.
INLINE_BUILD_ANSWERS = 300
#: Time an off-book suggestion may spend searching before it settles for the best estimate.
ONLINE_SECONDS = 0.03
#: More time an off-book suggestion with three guesses left may spend looking for a guess that
#: finds every word, when none of the first ones does (see ``Engine.anytime``).
RESCUE_SECONDS = 0.25
#: Guesses searched exactly for an off-book suggestion.
ONLINE_WIDTH = 6
#: Off-book sets larger than this rank only a shortlist of this many guesses (by letter odds).
ONLINE_SHORTLIST = (40, 600)
#: Off-book memo entries kept (per mode) before the memo is cleared. Each entry costs about
#: 0.9 KB of the process's memory; a search adds a few dozen, so this is some 600 word hints'
#: worth, at most about 18 MB a mode (300,000 let it grow to about 500 MB in all).
_MEMO_LIMIT = 20_000

History = Sequence[tuple[str, str]]
log = logging.getLogger("bot.solver")

@dataclass(frozen=True)
class Assistance:
    """What the solver assistant shows for a history: how many hidden words fit, a sample of
    them, and the suggested next guess. When the history cannot be used, ``problem`` says why
    and the other fields are empty."""

    candidate_count: int
    sample: tuple[str, ...]
    suggestion: str | None
    solved: bool = False
    problem: str | None = None


@dataclass(frozen=True)
class Suggestion:
    """A suggested next guess. ``provisional`` is true when the strategy for these lists was
    still being built and the word is the best one-step estimate instead (good, not the
    solver's best); ask again later for the real one."""

    word: str
    provisional: bool = False


@dataclass(frozen=True)
class StrategyInfo:
    """How a mode's strategy was obtained and how good it is on the whole answer list."""

    hard_mode: bool
    source: str  # "shipped", "cache" or "built"
    seconds: float  # time to load it, or to build it
    average: float
    max_guesses: int
    first_guess: str


class Solver:
    """Candidates and suggestions for one pair of word lists.

    ``answers`` are the possible hidden words, ``allowed`` every word a guess may be (answers
    are added if missing). The pattern matrix (loaded, or built in a second or two) and the
    strategies (shipped, cached, or built in another process) come on first use, or up front
    with :meth:`prepare`. ``cache_dir`` defaults to ``$WORDLE_BOT_CACHE_DIR`` or
    ``~/.cache/wordle-bot``. ``build_process`` forces (True) or forbids (False) building a
    strategy in a separate process; by default only lists of more than
    :data:`INLINE_BUILD_ANSWERS` answers do.
    """

    def __init__(
        self,
        answers: Iterable[str],
        allowed: Iterable[str],
        *,
        cache_dir: Path | str | None = None,
        use_cache: bool = True,
        build_process: bool | None = None,
    ) -> None:
        answer_list = sorted({_check_word(w, "answers") for w in answers})
        if not answer_list:
            raise ValueError("the answers list is empty")
        guess_list = sorted({_check_word(w, "allowed") for w in allowed} | set(answer_list))
        self.answers: tuple[str, ...] = tuple(answer_list)
        self.guesses: tuple[str, ...] = tuple(guess_list)
        self._column = {w: i for i, w in enumerate(self.guesses)}
        self.answer_columns = np.array([self._column[w] for w in self.answers], dtype=np.int64)
        self.cache_dir = Path(cache_dir) if cache_dir is not None else default_cache_dir()
        self.use_cache = use_cache
        self.lists_key = lists_key(self.answers, self.guesses)
        self.build_process = (len(self.answers) > INLINE_BUILD_ANSWERS if build_process is None
                              else build_process)
        self._matrix: np.ndarray | None = None
        self._matrix_info: MatrixInfo | None = None
        self._matrix_lock = threading.Lock()
        self.table = WordTable(self.guesses)
        self._strategies: dict[bool, Strategy] = {}
        self._builds: dict[bool, Build] = {}
        self._online: dict[bool, Engine] = {}
        self._strategy_lock = threading.Lock()
        self._search_lock = threading.Lock()

    @property
    def matrix(self) -> np.ndarray:
        """The pattern matrix (loaded or built on first use)."""
        if self._matrix is None:
            with self._matrix_lock:
                if self._matrix is None:
                    self._matrix, self._matrix_info = pattern_matrix(
                        self.answers, self.guesses, self.cache_dir, use_cache=self.use_cache
                    )
        return self._matrix

    @property
    def matrix_info(self) -> MatrixInfo:
        self.matrix  # noqa: B018 - loads it
        assert self._matrix_info is not None
        return self._matrix_info

    # -- history -----------------------------------------------------------------------------

    def parse_history(self, history: History) -> list[Step]:
        """Check and normalise a history. Raises :class:`HistoryError` naming the bad entry."""
        steps = []
        if isinstance(history, (str, bytes)):
            raise HistoryError("The history must be a list of (guess, feedback) pairs.")
        for number, entry in enumerate(history, start=1):
            try:
                guess, feedback = entry
            except (TypeError, ValueError):
                raise HistoryError(
                    f"Guess {number} must be a (word, feedback) pair.", number
                ) from None
            if not isinstance(guess, str):
                raise HistoryError(f"Guess {number} must be a 5-letter word.", number)
            word = guess.strip().lower()
            if len(word) != WORD_LENGTH or not (word.isascii() and word.isalpha()):
                shown = word[:20] + ("…" if len(word) > 20 else "")
                raise HistoryError(
                    f"Guess {number} must be a 5-letter word of A-Z, not {shown!r}.", number
                )
            try:
                marks = parse_feedback(feedback)
            except HistoryError as error:
                raise HistoryError(f"Guess {number} ({word.upper()}): {error}", number) from None
            steps.append(Step(word, marks, encode(marks), self._column.get(word)))
        return steps

    def pattern_row(self, step: Step) -> np.ndarray:
        """Feedback of the step's guess against every hidden word."""
        if step.column is not None and self._matrix is not None:
            return self._matrix[:, step.column]
        return score_matrix([step.guess], self.answers)[0]  # a few hundred microseconds

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
        narrowed = mask & revealed.mask(self.answers)
        if not narrowed.any():
            raise hints_impossible(steps, int(mask.sum()))
        return narrowed

    def _steps(self, history: History | list[Step]) -> list[Step]:
        if isinstance(history, list) and all(isinstance(s, Step) for s in history):
            return history
        return self.parse_history(history)  # type: ignore[arg-type]

    def candidates(self, history: History, revealed: Revealed | None = None) -> list[str]:
        """Hidden words consistent with every ``(guess, feedback)`` pair (and with what hints
        ``revealed``), in list order.

        An empty list means no word fits (use :meth:`check` or :meth:`suggest` for the reason).
        Raises :class:`HistoryError` for malformed input.
        """
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
        return self.cache_dir / file_name(self.lists_key, hard_mode)

    def shipped_path(self, hard_mode: bool) -> Path:
        """Where a strategy shipped with the project for these lists would be."""
        return shipped_dir() / file_name(self.lists_key, hard_mode)

    def _load(self, hard_mode: bool) -> Strategy | None:
        """The strategy from memory, the shipped files or the cache, if it is there and was
        made for these lists (the caller holds the strategy lock)."""
        found = self._strategies.get(hard_mode)
        if found is not None:
            return found
        start = time.perf_counter()
        key = fingerprint(self.lists_key, hard_mode)
        sources = [("shipped", self.shipped_path(hard_mode))]
        if self.use_cache:
            sources.append(("cache", self.strategy_path(hard_mode)))
        for source, path in sources:
            strategy = Strategy.load(path, key) if path.is_file() else None
            if strategy is not None and strategy.fits(len(self.answers), len(self.guesses)):
                strategy.source = source
                strategy.build_seconds = time.perf_counter() - start
                self._strategies[hard_mode] = strategy
                return strategy
        build = self._builds.get(hard_mode)
        if build is not None and build.done.is_set() and build.strategy is not None:
            self._keep(hard_mode, build.strategy)
            return build.strategy
        return None

    def _keep(self, hard_mode: bool, strategy: Strategy) -> None:
        self._strategies[hard_mode] = strategy
        if self.use_cache:
            strategy.save(self.strategy_path(hard_mode), fingerprint(self.lists_key, hard_mode))

    def strategy_ready(self, hard_mode: bool = False) -> bool:
        """Whether the strategy can be had without building it (memory, shipped, cache)."""
        with self._strategy_lock:
            return self._load(hard_mode) is not None

    def strategy_now(self, hard_mode: bool = False) -> Strategy | None:
        """The strategy if it is ready; otherwise start building it in another process (if
        not already under way) and return None at once."""
        with self._strategy_lock:
            found = self._load(hard_mode)
            if found is None and not self.build_process:
                found = self._build_here(hard_mode)
            elif found is None and hard_mode not in self._builds and self._running() is None:
                self._start(hard_mode)  # one build process at a time (the other mode waits)
            return found

    def _running(self) -> Build | None:
        """A build still under way, if any (the caller holds the strategy lock)."""
        return next((b for b in self._builds.values() if not b.done.is_set()), None)

    def _start(self, hard_mode: bool) -> Build:
        log.info("building the %s strategy for these word lists in a separate process "
                 "(a few minutes for lists the size of ours; `wordle-bot prepare` does it "
                 "ahead)", _mode(hard_mode))
        build = start_build(self.answers, self.guesses,
                            self.cache_dir if self.use_cache else None, self.use_cache,
                            hard_mode, fingerprint(self.lists_key, hard_mode))
        self._builds[hard_mode] = build
        return build

    def _build_here(self, hard_mode: bool) -> Strategy:
        engine = Engine(self.matrix, self.answer_columns, self.table,
                        hard_mode=hard_mode, width=BUILD_WIDTH)
        strategy = build_strategy(engine)
        self._keep(hard_mode, strategy)
        return strategy

    def strategy(self, hard_mode: bool = False) -> Strategy:
        """The precomputed strategy for a mode: from memory, the shipped files, the disk cache,
        or built now (in another process for large lists: a minute or two for lists the size
        of ours, waiting for it). ``RuntimeError`` if the build fails."""
        while True:
            found = self.strategy_now(hard_mode)
            if found is not None:
                return found
            with self._strategy_lock:
                build = self._builds.get(hard_mode)
                other = self._running() if build is None else None
                if build is None and other is None:
                    build = self._start(hard_mode)
            if build is not None:
                break
            assert other is not None
            other.done.wait()  # the other mode's build first, then this one
        strategy = build.wait(_mode(hard_mode))
        with self._strategy_lock:
            if hard_mode not in self._strategies:
                self._keep(hard_mode, strategy)
            return self._strategies[hard_mode]

    def last_build_pid(self, hard_mode: bool) -> int | None:
        """The process id of the last strategy build started for a mode (None: none)."""
        build = self._builds.get(hard_mode)
        return None if build is None else build.pid

    def prepare(self, modes: Iterable[bool] = (False, True)) -> list[StrategyInfo]:
        """Load or build the strategies now, then load the matrix (call once at start-up, off
        the event loop). Builds run in another process, one after the other."""
        infos = []
        for hard_mode in modes:
            strategy = self.strategy(hard_mode)
            infos.append(
                StrategyInfo(
                    hard_mode=hard_mode,
                    source=strategy.source,
                    seconds=strategy.build_seconds,
                    average=strategy.average,
                    max_guesses=strategy.max_guesses,
                    first_guess=self.guesses[int(strategy.node_guess[0])],
                )
            )
        self.matrix  # noqa: B018 - loaded now rather than by the first off-book hint
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
        solved = bool(steps) and steps[-1].feedback == ALL_GREEN
        return count > 2 and not solved and all(s.column is not None for s in steps)

    def suggest(self, history: History, hard_mode: bool = False,
                revealed: Revealed | None = None) -> str:
        """The next guess to play, for the candidates the history (and what hints
        ``revealed``) leave. In hard mode it is always a legal hard-mode guess.

        Waits for the strategy if it is being built. Raises :class:`ImpossibleFeedbackError`
        if no word fits the history and :class:`HistoryError` for malformed input.
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
        if len(subset) <= 2 or len(steps) >= MAX_ATTEMPTS - 1:
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
        state = self._state(steps, hard_mode)
        with self._search_lock:
            engine = self._engine(hard_mode)
            columns = engine.columns(state)
            columns, estimate, _, is_candidate = engine.estimates(subset, columns)
            pos = int(engine.ranking(estimate, is_candidate, 1)[0])
        return pos if columns is None else int(columns[pos])

    def _engine(self, hard_mode: bool) -> Engine:
        """The off-book search engine (the caller holds the search lock)."""
        engine = self._online.get(hard_mode)
        if engine is None or len(engine.memo) > _MEMO_LIMIT:
            engine = Engine(
                self.matrix, self.answer_columns, self.table,
                hard_mode=hard_mode, shortlist=ONLINE_SHORTLIST,
            )
            self._online[hard_mode] = engine
        return engine

    def _state(self, steps: list[Step], hard_mode: bool) -> HardState | None:
        if not hard_mode:
            return None
        return state_from_rows((step.guess, step.feedback) for step in steps)

    def _search(self, subset: np.ndarray, steps: list[Step], hard_mode: bool) -> int:
        """Off-book suggestion: a time-boxed exact search, else the best estimate."""
        depth = max(MAX_GUESSES - len(steps), 1)
        state = self._state(steps, hard_mode)
        with self._search_lock:
            engine = self._engine(hard_mode)
            return engine.anytime(subset, depth, state, ONLINE_SECONDS, ONLINE_WIDTH,
                                  rescue=RESCUE_SECONDS)

    def legal_guesses(self, history: History) -> np.ndarray:
        """Boolean mask over :attr:`guesses`: the legal hard-mode guesses after ``history``."""
        steps = self.parse_history(history)
        return legal_mask(state_from_rows((s.guess, s.feedback) for s in steps), self.table)

    def assist(self, history: History, hard_mode: bool = False, sample: int = 10) -> Assistance:
        """The solver assistant: candidates (count and up to ``sample`` of them) and the next
        guess for a game played elsewhere. Never raises for bad input: ``problem`` says what
        is wrong instead."""
        try:
            steps = self.parse_history(history)
            mask = self.candidate_mask(steps)
        except HistoryError as error:
            return Assistance(0, (), None, problem=str(error))
        subset = np.flatnonzero(mask)
        words = tuple(self.answers[i] for i in subset[: max(sample, 0)])
        solved = bool(steps) and steps[-1].feedback == ALL_GREEN
        if solved:
            return Assistance(len(subset), words, steps[-1].guess, solved=True)
        return Assistance(len(subset), words, self.suggest(steps_to_history(steps), hard_mode))

    # -- information -------------------------------------------------------------------------

    def column_of(self, word: str) -> int | None:
        return self._column.get(word.lower())

    def pattern_counts(self, subset: np.ndarray, word: str) -> np.ndarray:
        """How many of the ``subset`` rows get each of the 243 feedbacks for ``word``."""
        column = self.column_of(word)
        if column is not None:
            patterns = self.matrix[subset, column]
        else:
            patterns = score_matrix([word.lower()], [self.answers[i] for i in subset])[0]
        return np.bincount(patterns, minlength=PATTERN_COUNT)


def _mode(hard_mode: bool) -> str:
    return "hard-mode" if hard_mode else "normal-mode"


def steps_to_history(steps: list[Step]) -> list[tuple[str, str]]:
    return [(s.guess, s.feedback) for s in steps]


def bits(before: int, after: int) -> float:
    """Information gained going from ``before`` candidates to ``after``, in bits."""
    if before <= 0 or after <= 0:
        return 0.0
    return math.log2(before / after)
