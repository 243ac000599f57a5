"""The search: exact where it claims to be, strategies that play every word, and caching."""

from __future__ import annotations

import functools
import math
from collections.abc import Iterator

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.core.feedback import score
from bot.core.game import hard_mode_problem
from bot.core.patterns import pattern_matrix
from bot.core.solver import Solver
from bot.core.solver_hard import OPEN_STATE, WordTable
from bot.core.solver_search import INFEASIBLE, Engine
from bot.core.solver_strategy import Strategy, fingerprint, play_all
from tests.solver.words import ALLOWED, ANSWERS, TINY_ALLOWED, TINY_ANSWERS


def brute_force_cost(answers: tuple[str, ...], guesses: tuple[str, ...], depth: int,
                     hard: bool) -> int:
    """Least total guesses over every strategy, by trying every guess at every node."""

    @functools.cache
    def best(subset: tuple[str, ...], depth: int, rows: tuple[tuple[str, str], ...]) -> float:
        if len(subset) == 1 and depth >= 1:
            return 1
        if depth <= 1:
            return math.inf
        result = math.inf
        for guess in guesses:
            if hard and hard_mode_problem(rows, guess) is not None:
                continue
            parts: dict[str, list[str]] = {}
            for word in subset:
                parts.setdefault(score(guess, word), []).append(word)
            if len(parts) == 1 and guess not in subset:
                continue  # learns nothing
            cost = len(subset) + sum(
                best(tuple(part), depth - 1, (*rows, (guess, fb)) if hard else ())
                for fb, part in parts.items()
                if fb != "GGGGG"
            )
            result = min(result, cost)
        return result

    return best(tuple(answers), depth, ())


def engine_for(answers, guesses, hard: bool) -> Engine:
    answers, guesses = tuple(sorted(answers)), tuple(sorted(set(guesses) | set(answers)))
    matrix, _ = pattern_matrix(answers, guesses, use_cache=False)
    columns = np.array([guesses.index(w) for w in answers])
    return Engine(matrix, columns, WordTable(guesses), hard_mode=hard, width=len(guesses))


@pytest.mark.parametrize("hard", [False, True])
@pytest.mark.parametrize("depth", [3, 4, 6])
def test_full_width_search_is_optimal_on_tiny_lists(hard: bool, depth: int):
    engine = engine_for(TINY_ANSWERS, TINY_ALLOWED, hard)
    subset = np.arange(len(TINY_ANSWERS))
    cost, _ = engine.solve(subset, depth, OPEN_STATE if hard else None)
    expected = brute_force_cost(tuple(sorted(TINY_ANSWERS)), tuple(sorted(TINY_ALLOWED)),
                                depth, hard)
    assert cost == (INFEASIBLE if expected == math.inf else expected)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    answers=st.lists(st.sampled_from(ANSWERS), min_size=3, max_size=7, unique=True),
    extra=st.lists(st.sampled_from(ALLOWED), min_size=0, max_size=6, unique=True),
    hard=st.booleans(),
)
def test_full_width_search_is_optimal_on_random_small_sets(answers, extra, hard):
    engine = engine_for(answers, extra, hard)
    cost, _ = engine.solve(np.arange(len(answers)), 6, OPEN_STATE if hard else None)
    guesses = tuple(sorted(set(extra) | set(answers)))
    assert cost == brute_force_cost(tuple(sorted(answers)), guesses, 6, hard)


def test_strategy_plays_every_answer_within_limits(solver: Solver):
    for hard in (False, True):
        strategy = solver.strategy(hard)
        lengths = play_all(strategy, solver.matrix, solver.answer_columns)
        assert lengths.min() >= 1  # every word found
        assert lengths.max() <= (5 if not hard else 6)
        assert int(lengths.sum()) == strategy.total
        # The same through the public API, checked with the reference scorer.
        for answer in ANSWERS[::7]:
            history: list[tuple[str, str]] = []
            while not history or history[-1][1] != "GGGGG":
                guess = solver.suggest(history, hard_mode=hard)
                history.append((guess, score(guess, answer)))
            assert history[-1][0] == answer


def test_strategy_beats_or_matches_greedy_on_test_lists(solver: Solver):
    """Sanity: the built strategy is no worse than always playing the best one-step estimate."""
    engine = Engine(solver.matrix, solver.answer_columns, solver.table, hard_mode=False)
    total = 0
    for a in range(len(solver.answers)):
        subset = np.arange(len(solver.answers))
        for attempt in range(1, 12):
            _, estimate, _, is_candidate = engine.estimates(subset, None)
            guess = int(engine.ranking(estimate, is_candidate, 1)[0])
            if guess == solver.answer_columns[a]:
                total += attempt
                break
            subset = subset[solver.matrix[subset, guess] == solver.matrix[a, guess]]
    assert solver.strategy(False).total <= total


def test_strategy_cached_and_reloaded(tmp_path):
    first = Solver(ANSWERS, ALLOWED, cache_dir=tmp_path)
    built = first.strategy(True)
    assert built.source == "built"
    assert first.strategy_path(True).exists()
    second = Solver(ANSWERS, ALLOWED, cache_dir=tmp_path)
    assert second.matrix_info.source == "cache"
    loaded = second.strategy(True)
    assert loaded.source == "cache"
    assert (loaded.node_guess == built.node_guess).all() and loaded.edges == built.edges
    assert loaded.total == built.total


def test_damaged_strategy_file_is_rebuilt(tmp_path):
    first = Solver(ANSWERS, ALLOWED, cache_dir=tmp_path)
    expected = first.suggest([("crane", "BBBBB")])
    first.strategy_path(False).write_bytes(b"not a strategy")
    again = Solver(ANSWERS, ALLOWED, cache_dir=tmp_path)
    assert again.suggest([("crane", "BBBBB")]) == expected
    assert again.strategy(False).source == "built"
    key = fingerprint(again.lists_key, False)
    assert Strategy.load(again.strategy_path(False), key) is not None  # written back


def test_suggestion_prefers_a_possible_answer_when_it_costs_nothing(solver: Solver):
    # With two candidates left, guess one of them (never a third word).
    for answer in ANSWERS[:40]:
        history = [("crane", score("crane", answer))]
        left = solver.candidates(history)
        if len(left) == 2:
            assert solver.suggest(history) in left


def test_off_book_states_get_sensible_guesses(solver: Solver):
    # Openers the strategy never plays: the online search still finds every word in time.
    for opener in ("fuzzy", "mamma", "eerie"):
        worst = 0
        for answer in ANSWERS[::2]:
            history = [(opener, score(opener, answer))]
            while history[-1][1] != "GGGGG":
                guess = solver.suggest(history)
                history.append((guess, score(guess, answer)))
            worst = max(worst, len(history))
        assert worst <= 6


def test_lists_that_cannot_be_done_in_six_still_get_suggestions(tmp_path):
    # Eleven words that differ only in the first letter, and no other guesses: one word per
    # guess is all anyone can do, so some take more than six.
    ills = ("bills", "dills", "fills", "gills", "hills", "kills", "mills", "pills", "sills",
            "tills", "wills")
    solver = Solver(ills, ills, cache_dir=tmp_path)
    for hard in (False, True):
        strategy = solver.strategy(hard)
        lengths = play_all(strategy, solver.matrix, solver.answer_columns)
        assert lengths.min() >= 1 and lengths.max() == len(ills)
        history: list[tuple[str, str]] = []
        while not history or history[-1][1] != "GGGGG":
            guess = solver.suggest(history, hard_mode=hard)
            history.append((guess, score(guess, "wills")))
        assert history[-1][0] == "wills"


def test_the_last_guess_is_always_a_word_that_fits(solver: Solver):
    # Off the strategy's book with one guess left, a word that splits the candidates but cannot
    # win (such as TIGHT here, with 4 words fitting) must never be suggested.
    import random

    rows = [("slide", "GBBBG"), ("dance", "BYBBG"), ("jewel", "BYBBB"), ("uncle", "BBBBG"),
            ("voice", "BBBBG")]
    assert len(solver.candidates(rows)) >= 3
    for hard in (False, True):
        assert solver.suggest(rows, hard) in solver.candidates(rows)
    rng = random.Random(7)
    checked = 0
    for _ in range(3000):
        answer = rng.choice(ANSWERS)
        rows = [(g, score(g, answer)) for g in rng.sample(ALLOWED, 5)]
        fits = solver.candidates(rows)
        if len(fits) >= 3:
            checked += 1
            for hard in (False, True):
                assert solver.suggest(rows, hard) in fits, (rows, hard)
    assert checked > 40


def test_with_two_guesses_left_the_suggestion_finds_the_most_words(solver: Solver):
    # With two guesses left, a guess finds as many hidden words as it has different feedbacks on
    # the candidates (its own word at once, a word left alone on the last guess). Ranking by
    # expected guesses instead can find fewer.
    import random

    def found(rows: list[tuple[str, str]], guess: str) -> int:
        return len({score(guess, word) for word in solver.candidates(rows)})

    def histories() -> Iterator[list[tuple[str, str]]]:
        # Two where ranking by expected guesses finds fewer (GREET finds 10 of 12 words, SNAKE
        # 7 of 9), then a seeded sweep.
        yield [("lunch", "BBBBB"), ("virus", "BBYBB"), ("climb", "BBBBB"), ("minus", "BBBBB")]
        yield [("price", "BBBBG"), ("dream", "BBYYB"), ("grief", "BBBYB"), ("crude", "BBBBG")]
        rng = random.Random(11)
        while True:
            answer = rng.choice(ANSWERS)
            yield [(g, score(g, answer)) for g in rng.sample(ALLOWED, 4)]

    checked = 0
    for rows in histories():
        if len(solver.candidates(rows)) < 3:
            continue
        checked += 1
        for hard in (False, True):
            legal = [g for g in ALLOWED if not hard or hard_mode_problem(rows, g) is None]
            best = max(found(rows, g) for g in legal)
            suggestion = solver.suggest(rows, hard)
            assert suggestion in legal
            assert found(rows, suggestion) == best, (rows, hard, suggestion, best)
        if checked == 40:
            break
    assert checked == 40


def test_with_three_guesses_left_a_guess_that_finds_every_word_is_looked_for():
    # When no guess searched in the time given finds every word within three guesses, the full
    # search looks further for one that does. Here the search may try one guess only: GREET,
    # the best by estimate, which leaves some words to chance; TREND finds them all.
    answers = ("apply", "bench", "entry", "every", "extra", "final", "given", "greet", "hedge",
               "horse", "known", "llama", "patch", "prize", "round", "seven", "stake", "sweat",
               "teeth", "tight", "trend", "trick", "venue", "vocal")
    guesses = tuple(sorted({*answers, "break", "early"}))
    engine = engine_for(answers, guesses, hard=False)
    engine.width = 10
    everything = np.arange(len(answers))

    def finds_every_word(guess: str) -> bool:
        parts: dict[str, list[str]] = {}
        for word in answers:
            parts.setdefault(score(guess, word), []).append(word)
        return all(len(part) == 1 or any(len({score(g, w) for w in part}) == len(part)
                                         for g in guesses)
                   for feedback, part in parts.items() if feedback != "GGGGG")

    first = guesses[engine.anytime(everything, 3, None, seconds=60, width=1)]
    assert not finds_every_word(first)
    looked_further = guesses[engine.anytime(everything, 3, None, seconds=60, width=1, rescue=60)]
    assert finds_every_word(looked_further), looked_further


def test_the_off_book_memo_is_bounded(session_cache, monkeypatch: pytest.MonkeyPatch):
    # Every word hint off the book adds entries; past the limit the memo starts afresh, so
    # players asking for hints cannot grow the bot's memory without end.
    import itertools
    import random

    import bot.core.solver as solver_module

    # the real bound keeps the memo to tens of megabytes (see docs/performance.md)
    assert solver_module.MEMO_LIMIT <= 50_000
    monkeypatch.setattr(solver_module, "MEMO_LIMIT", 10)
    fresh = Solver(ANSWERS, ALLOWED, cache_dir=session_cache)
    fresh.prepare()
    rng = random.Random(4)
    sizes = []
    for _ in range(40):
        answer, guess = rng.choice(ANSWERS), rng.choice(ALLOWED)
        fresh.suggest([(guess, score(guess, answer))], hard_mode=True)
        sizes.append(len(fresh._online[True].memo))
    assert max(sizes) > 10  # the searches did fill it past the limit...
    assert any(later < earlier for earlier, later in itertools.pairwise(sizes))  # ...afresh
    assert max(sizes) < 10 + 100  # never far beyond it
