"""The suggestion core: candidates, the best next guess, and what a guess is worth.

``Solver(answers, allowed)`` is built once and shared (it is safe to call from several threads).
Everything takes a *history*: the ``(guess, feedback)`` pairs played so far, feedback as a
``G``/``Y``/``B`` string (``[("crane", "BYBBG")]``). :func:`parse_feedback` also reads digits
and coloured squares for people typing in results from a game played elsewhere.

* :meth:`Solver.candidates`: the hidden words consistent with the history. A word stays exactly
  when ``score(guess, word) == feedback`` for every pair, so repeated letters are always right.
* :meth:`Solver.suggest`: the next guess. States the solver's own play reaches come from a
  precomputed strategy (:mod:`bot.core.solver_strategy`, built once per word lists and mode by
  the bounded exact search of :mod:`bot.core.solver_search`, then cached on disk); any other
  state gets a time-boxed search (about 40 ms) that falls back to the best one-step estimate.
  Hard-mode suggestions are always legal hard-mode guesses.
* Feedback that no word in the list can give raises :class:`ImpossibleFeedbackError`, which
  says which guess broke it; malformed input raises :class:`HistoryError`. Both are
  ``ValueError`` with a message meant for people.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from bot.core.feedback import (
    ALL_GREEN,
    GREEN,
    GREY,
    PATTERN_COUNT,
    WORD_LENGTH,
    YELLOW,
    encode,
    score_matrix,
)
from bot.core.patterns import default_cache_dir, lists_key, pattern_matrix
from bot.core.solver_hard import HardState, WordTable, legal_mask, state_from_rows
from bot.core.solver_search import Engine
from bot.core.solver_strategy import BUILD_WIDTH, Strategy, build_strategy, settings_key

MAX_GUESSES = 6
#: Time an off-book suggestion may spend searching before it settles for the best estimate.
ONLINE_SECONDS = 0.03
#: Guesses searched exactly for an off-book suggestion.
ONLINE_WIDTH = 6
#: Off-book sets larger than this rank only a shortlist of this many guesses (by letter odds).
ONLINE_SHORTLIST = (40, 600)
#: Off-book memo entries kept before the memo is cleared.
_MEMO_LIMIT = 300_000

History = Sequence[tuple[str, str]]

_SQUARES = {
    "🟩": GREEN,
    "🟧": GREEN,  # high-contrast colours
    "🟨": YELLOW,
    "🟦": YELLOW,
    "⬛": GREY,
    "⬜": GREY,
    "⬛️": GREY,
    "⬜️": GREY,
}
_DIGITS = {"2": GREEN, "1": YELLOW, "0": GREY}
_ORDINAL = ("1st", "2nd", "3rd", "4th", "5th")


class HistoryError(ValueError):
    """A history the solver cannot read (bad word, bad feedback); ``step`` is 1-based or None."""

    def __init__(self, message: str, step: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.step = step


class ImpossibleFeedbackError(HistoryError):
    """No word in the list fits the history. ``step`` (1-based), ``guess`` and ``feedback`` name
    the guess that left no candidates; ``candidates_before`` is how many fitted before it."""

    def __init__(self, message: str, step: int, guess: str, feedback: str,
                 candidates_before: int) -> None:
        super().__init__(message, step)
        self.guess = guess
        self.feedback = feedback
        self.candidates_before = candidates_before


def parse_feedback(text: str) -> str:
    """Feedback typed by a person to a ``G``/``Y``/``B`` string.

    Accepts letters (``GYB``, any case; ``.``/``-``/``X`` also mean grey), digits (``0`` grey,
    ``1`` yellow, ``2`` green) or squares (🟩 green, 🟨 yellow, ⬛/⬜ grey; the high-contrast
    🟧/🟦 as green/yellow). Raises :class:`HistoryError` with a readable message otherwise.
    """
    if not isinstance(text, str):
        raise HistoryError("Feedback must be text such as GYBBB, 21000 or 🟩🟨⬛⬛⬛.")
    raw = text.strip().replace("\ufe0f", "")
    out = []
    for char in raw:
        upper = char.upper()
        if upper in (GREEN, YELLOW, GREY):
            out.append(upper)
        elif upper in ".-X":
            out.append(GREY)
        elif char in _DIGITS:
            out.append(_DIGITS[char])
        elif char in _SQUARES:
            out.append(_SQUARES[char])
        elif char.isspace():
            continue
        else:
            shown = char if char.isprintable() else f"U+{ord(char):04X}"
            raise HistoryError(
                f"Feedback can only use G/Y/B, 2/1/0 or 🟩🟨⬛: {shown!r} is none of them."
            )
    if len(out) != WORD_LENGTH:
        raise HistoryError(f"Feedback needs {WORD_LENGTH} marks, one per letter; got {len(out)}.")
    return "".join(out)


def _self_contradiction(word: str, feedback: str) -> str | None:
    """Why no word at all could give this feedback (a grey copy of a letter before a yellow
    copy: yellows are handed out left to right), or None."""
    for i, (letter, state) in enumerate(zip(word, feedback, strict=True)):
        if state != GREY:
            continue
        for j in range(i + 1, WORD_LENGTH):
            if word[j] == letter and feedback[j] == YELLOW:
                return (
                    f"the {letter.upper()} in the {_ORDINAL[i]} place is grey but a later "
                    f"{letter.upper()} (in the {_ORDINAL[j]} place) is yellow, which never "
                    "happens: yellows go to the leftmost copies first"
                )
    return None


@dataclass(frozen=True)
class Step:
    """One parsed history entry: ``column`` is the guess's column (None if not in the list)."""

    guess: str
    feedback: str
    pattern: int
    column: int | None


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
class StrategyInfo:
    """How a mode's strategy was obtained and how good it is on the whole answer list."""

    hard_mode: bool
    source: str  # "cache" or "built"
    seconds: float  # time to load it, or to build it
    average: float
    max_guesses: int
    first_guess: str


class Solver:
    """Candidates and suggestions for one pair of word lists.

    ``answers`` are the possible hidden words, ``allowed`` every word a guess may be (answers
    are added if missing). Construction loads (or builds, a second or two) the pattern matrix;
    the strategies are loaded or built on first use, or up front with :meth:`prepare`.
    ``cache_dir`` defaults to ``$WORDLE_BOT_CACHE_DIR`` or ``~/.cache/wordle-bot``.
    """

    def __init__(
        self,
        answers: Iterable[str],
        allowed: Iterable[str],
        *,
        cache_dir: Path | str | None = None,
        use_cache: bool = True,
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
        self.matrix, self.matrix_info = pattern_matrix(
            self.answers, self.guesses, self.cache_dir, use_cache=use_cache
        )
        self.table = WordTable(self.guesses)
        self._strategies: dict[bool, Strategy] = {}
        self._online: dict[bool, Engine] = {}
        self._strategy_lock = threading.Lock()
        self._search_lock = threading.Lock()

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
        if step.column is not None:
            return self.matrix[:, step.column]
        return score_matrix([step.guess], self.answers)[0]

    def candidate_mask(self, history: History | list[Step]) -> np.ndarray:
        """Boolean mask over :attr:`answers`; raises :class:`ImpossibleFeedbackError` when empty."""
        steps = self._steps(history)
        mask = np.ones(len(self.answers), dtype=bool)
        for number, step in enumerate(steps, start=1):
            before = int(mask.sum())
            mask &= self.pattern_row(step) == step.pattern
            if not mask.any():
                raise self._impossible(number, step, before)
        return mask

    def _impossible(self, number: int, step: Step, before: int) -> ImpossibleFeedbackError:
        shown = f"guess {number}, {step.guess.upper()} {step.feedback}"
        reason = _self_contradiction(step.guess, step.feedback)
        if reason is not None:
            message = f"No word can give that feedback: in {shown}, {reason}."
        elif step.feedback == ALL_GREEN:
            message = (
                f"No word in the list fits: {shown} says {step.guess.upper()} is the hidden "
                "word, but it is not in the list of hidden words"
                + (f" (or not among the {before:,} words that fitted before it)." if number > 1
                   else ".")
            )
        elif number == 1:
            message = (
                f"No word in the list fits: {shown} fits none of the {before:,} hidden words. "
                "Check the feedback was typed correctly."
            )
        else:
            message = (
                f"No word in the list fits: {shown} rules out all {before:,} words that "
                "fitted the guesses before it. Check the feedback was typed correctly."
            )
        return ImpossibleFeedbackError(message, number, step.guess, step.feedback, before)

    def _steps(self, history: History | list[Step]) -> list[Step]:
        if isinstance(history, list) and all(isinstance(s, Step) for s in history):
            return history
        return self.parse_history(history)

    def candidates(self, history: History) -> list[str]:
        """Hidden words consistent with every ``(guess, feedback)`` pair, in list order.

        An empty list means no word fits (use :meth:`check` or :meth:`suggest` for the reason).
        Raises :class:`HistoryError` for malformed input.
        """
        try:
            mask = self.candidate_mask(history)
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
        mode = "hard" if hard_mode else "normal"
        return self.cache_dir / f"strategy-{self.lists_key}-{mode}-{settings_key()}.npy"

    def strategy(self, hard_mode: bool = False) -> Strategy:
        """The precomputed strategy for a mode: from memory, the disk cache, or built now
        (seconds for small lists, a minute or two for the full NYT-sized lists)."""
        with self._strategy_lock:
            found = self._strategies.get(hard_mode)
            if found is not None:
                return found
            start = time.perf_counter()
            path = self.strategy_path(hard_mode)
            strategy = Strategy.load(path) if self.use_cache else None
            if strategy is not None and not strategy.fits(len(self.answers), len(self.guesses)):
                strategy = None
            if strategy is not None:
                strategy.build_seconds = time.perf_counter() - start
            else:
                engine = Engine(
                    self.matrix, self.answer_columns, self.table,
                    hard_mode=hard_mode, width=BUILD_WIDTH,
                )
                strategy = build_strategy(engine)
                if self.use_cache:
                    strategy.save(path)
            self._strategies[hard_mode] = strategy
            return strategy

    def prepare(self, modes: Iterable[bool] = (False, True)) -> list[StrategyInfo]:
        """Load or build the strategies now (call once at start-up, off the event loop)."""
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
        return infos

    # -- suggestions -------------------------------------------------------------------------

    def suggest(self, history: History, hard_mode: bool = False) -> str:
        """The next guess to play. In hard mode it is always a legal hard-mode guess.

        Raises :class:`ImpossibleFeedbackError` if no word fits the history and
        :class:`HistoryError` for malformed input.
        """
        steps = self.parse_history(history)
        mask = self.candidate_mask(steps)
        subset = np.flatnonzero(mask)
        if len(subset) <= 2:
            return self.answers[subset[0]]
        if all(s.column is not None for s in steps):
            strategy = self.strategy(hard_mode)
            node = strategy.walk([(s.column, s.pattern) for s in steps if s.column is not None])
            if node is not None:
                return self.guesses[int(strategy.node_guess[node])]
        return self.guesses[self._search(subset, steps, hard_mode)]

    def _state(self, steps: list[Step], hard_mode: bool) -> HardState | None:
        if not hard_mode:
            return None
        return state_from_rows((step.guess, step.feedback) for step in steps)

    def _search(self, subset: np.ndarray, steps: list[Step], hard_mode: bool) -> int:
        """Off-book suggestion: a time-boxed exact search, else the best estimate."""
        depth = max(MAX_GUESSES - len(steps), 1)
        state = self._state(steps, hard_mode)
        with self._search_lock:
            engine = self._online.get(hard_mode)
            if engine is None or len(engine.memo) > _MEMO_LIMIT:
                engine = Engine(
                    self.matrix, self.answer_columns, self.table,
                    hard_mode=hard_mode, shortlist=ONLINE_SHORTLIST,
                )
                self._online[hard_mode] = engine
            return engine.anytime(subset, depth, state, ONLINE_SECONDS, ONLINE_WIDTH)

    def legal_guesses(self, history: History) -> np.ndarray:
        """Boolean mask over :attr:`guesses`: the legal hard-mode guesses after ``history``."""
        steps = self.parse_history(history)
        return legal_mask(self._state(steps, True), self.table)

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


def steps_to_history(steps: list[Step]) -> list[tuple[str, str]]:
    return [(s.guess, s.feedback) for s in steps]


def bits(before: int, after: int) -> float:
    """Information gained going from ``before`` candidates to ``after``, in bits."""
    if before <= 0 or after <= 0:
        return 0.0
    return math.log2(before / after)


def _check_word(word: object, source: str) -> str:
    if not isinstance(word, str):
        raise ValueError(f"{source}: every word must be a string, not {word!r}")
    clean = word.strip().lower()
    if len(clean) != WORD_LENGTH or not (clean.isascii() and clean.isalpha()):
        raise ValueError(f"{source}: {word!r} is not a 5-letter word of a-z")
    return clean
