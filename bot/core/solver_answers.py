"""A word hint people recognise: when the solver's best guess cannot be the hidden word
(HUMIT, SPROG), also the best guess among the words that could.

Both words are valued by the expected guesses still needed, the same way so they compare
fairly: exactly by the solver's search when that takes a moment (at most :data:`EXACT_MAX`
candidates, :data:`EXACT_SECONDS`), else by the one-step estimate.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from bot.core.feedback import all_green_code, pattern_count, score_matrix, words_to_array
from bot.core.revealed import Revealed
from bot.core.solver_estimate import cost_table
from bot.core.solver_hard import HardState
from bot.core.solver_history import Step
from bot.core.solver_search import HOPELESS, INFEASIBLE, Engine, SearchTimeout

if TYPE_CHECKING:
    from bot.core.solver import Solver

#: Picks remembered (by word lists, rows, word and mode): the opener's is asked most.
CACHE_SIZE = 512
_CACHE: OrderedDict[tuple[object, ...], AnswerPick | None] = OrderedDict()
_CACHE_LOCK = threading.Lock()

#: Time the exact values may take before both words are valued by the estimate instead.
EXACT_SECONDS = 0.4
#: Larger sets are valued by the estimate at once (the search would not finish in time).
EXACT_MAX = 400
#: Candidates (best by the one-step estimate) valued exactly to pick the best among them.
SHORTLIST = 4
#: Candidates (commonest letters first) valued by the estimate to pick the best among them.
POOL = 150


@dataclass(frozen=True)
class Valued:
    """A guess and the expected number of guesses still needed with it (itself included)."""

    word: str
    expected: float


@dataclass(frozen=True)
class AnswerPick:
    """The solver's best guess (not a possible answer) and the best possible answer, valued
    the same way; ``exact``: by the solver's search (else the one-step estimate)."""

    best: Valued
    answer: Valued
    exact: bool


def answer_pick(solver: Solver, history: Sequence[tuple[str, str]], best: str,
                hard_mode: bool = False, *, revealed: Revealed | None = None,
                exact: bool = True, seconds: float = EXACT_SECONDS) -> AnswerPick | None:
    """The pick for ``history`` and what hints ``revealed`` where the solver suggested
    ``best``; ``None`` when ``best`` could be the answer or at most two words are left.
    Exact values need the pattern matrix loaded already (``exact=False``: the estimate
    alone), so that a hint from a shipped strategy stays instant."""
    steps = solver.parse_history(history)
    best = best.lower()
    revealed = revealed or Revealed()
    loaded = solver.matrix_loaded
    key = (solver.lists_key, solver.variant, tuple((s.guess, s.feedback) for s in steps),
           revealed, best, hard_mode, exact and loaded)
    with _CACHE_LOCK:
        if key in _CACHE:
            _CACHE.move_to_end(key)
            return _CACHE[key]
    found = _pick(solver, steps, revealed, best, hard_mode, exact and loaded, seconds)
    with _CACHE_LOCK:
        _CACHE[key] = found
        while len(_CACHE) > CACHE_SIZE:
            _CACHE.popitem(last=False)
    return found


def _pick(solver: Solver, steps: list[Step], revealed: Revealed, best: str, hard_mode: bool,
          exact: bool, seconds: float) -> AnswerPick | None:
    subset = np.flatnonzero(solver.candidate_mask(steps, revealed))
    words = [solver.answers[i] for i in subset]
    if len(subset) <= 2 or best in words:
        return None
    history = [(s.guess, s.feedback) for s in steps]
    legal = solver.legal_guesses(history) if hard_mode else None
    pool = [w for w in words if legal is None or legal[_column(solver, w)]]
    if not pool:
        return None
    if exact and len(subset) <= EXACT_MAX:
        found = _exact_pick(solver, steps, subset, best, pool, hard_mode, seconds)
        if found is not None:
            return found
    return _estimated_pick(solver, subset, words, best, pool, hard_mode)


def _column(solver: Solver, word: str) -> int:
    column = solver.column_of(word)
    assert column is not None, "every answer is a guess"
    return column


def _estimated_pick(solver: Solver, subset: np.ndarray, words: list[str], best: str,
                    pool: list[str], hard_mode: bool) -> AnswerPick:
    """Both words valued by the one-step estimate, from their feedback on the candidates."""
    n = len(subset)
    alphabet = solver.variant.alphabet
    pool = _shortlist(pool, words, POOL, alphabet)
    patterns = score_matrix(words_to_array([best, *pool], alphabet),
                            words_to_array(words, alphabet))
    costs = cost_table(n, hard_mode)
    length = solver.variant.length
    values = []
    for row in patterns:
        counts = np.bincount(row, minlength=pattern_count(length))
        counts[all_green_code(length)] = 0  # that word needs no more guesses
        values.append(1.0 + float(costs[counts].sum()) / n)
    top = int(np.argmin(values[1:]))
    return AnswerPick(Valued(best, values[0]), Valued(pool[top], values[1 + top]), False)


def _shortlist(pool: list[str], words: list[str], keep: int, alphabet: str) -> list[str]:
    """The ``keep`` words of ``pool`` with the commonest letters among ``words`` (by place,
    and anywhere), in their list order; all of them when there are few."""
    if len(pool) <= keep:
        return pool
    size = len(alphabet)
    letters = words_to_array(words, alphabet).astype(np.int64)
    length = letters.shape[1]
    share = np.stack([np.bincount(letters[:, i], minlength=size) for i in range(length)])
    present = np.zeros((len(words), size), dtype=np.int64)
    present[np.arange(len(words))[:, None], letters] = 1
    anywhere = present.sum(axis=0)
    mine = words_to_array(pool, alphabet).astype(np.int64)
    in_place = sum(share[i, mine[:, i]] for i in range(length))
    has = np.zeros((len(pool), size), dtype=np.int64)
    has[np.arange(len(pool))[:, None], mine] = 1
    scores = in_place + has @ anywhere
    chosen = np.sort(np.argsort(-scores, kind="stable")[:keep])
    return [pool[i] for i in chosen.tolist()]


def _exact_pick(solver: Solver, steps: list[Step], subset: np.ndarray, best: str,
                pool: list[str], hard_mode: bool, seconds: float) -> AnswerPick | None:
    """Both words valued by the solver's search; the best of the :data:`SHORTLIST`
    candidates by estimate; ``None`` if that takes longer than ``seconds``."""
    n = len(subset)
    depth = max(solver.variant.attempts - len(steps), 1)
    state = solver.hard_state(steps, hard_mode)
    best_column = solver.column_of(best)
    columns = np.array(sorted(_column(solver, w) for w in pool))
    if best_column is None:
        return None
    with solver.search(hard_mode) as engine:
        ranked_columns, estimate, _, _ = engine.estimates(subset, columns)
        shown = columns if ranked_columns is None else ranked_columns
        ranked = [int(shown[pos]) for pos in np.argsort(estimate, kind="stable")[:SHORTLIST]]
        valued = _exact(engine, subset, depth, state, best_column, ranked, seconds)
    if valued is None:
        return None
    best_cost, column, cost = valued
    return AnswerPick(Valued(best, best_cost / n), Valued(solver.guesses[column], cost / n),
                      True)


def _exact(engine: Engine, subset: np.ndarray, depth: int, state: HardState | None, best: int,
           ranked: list[int], seconds: float) -> tuple[int, int, int] | None:
    """``(cost of best, best candidate column, its cost)`` by the search, or ``None`` when
    it takes longer than ``seconds`` or a word cannot finish every candidate in time."""
    engine.deadline = time.perf_counter() + seconds
    try:
        best_cost = _cost(engine, subset, best, depth, state)
        found: tuple[int, int] | None = None
        for column in ranked:
            cost = _cost(engine, subset, column, depth, state)
            if found is None or cost < found[1]:
                found = (column, cost)
    except SearchTimeout:
        return None
    finally:
        engine.deadline = None
    if found is None or max(best_cost, found[1]) >= HOPELESS:
        return None
    return best_cost, found[0], found[1]


def _cost(engine: Engine, subset: np.ndarray, column: int, depth: int,
          state: HardState | None) -> int:
    """Total guesses over the candidates when ``column`` is played now and the solver after."""
    cost, _ = engine.evaluate(subset, column, depth, state, INFEASIBLE)
    return cost
