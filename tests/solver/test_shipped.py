"""Strategies shipped with the word lists, checked when loaded; builds in another process."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

import bot.core.solver_strategies as strategies_module
from bot.core.feedback import score
from bot.core.hints import word_hint
from bot.core.solver import Solver
from bot.core.solver_strategy import Strategy, fingerprint
from bot.core.words import load_word_lists
from tests.solver.words import ALLOWED, ANSWERS


@pytest.fixture
def ship(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, solver: Solver) -> Path:
    """A shipped-strategies folder holding the test lists' strategies (built once)."""
    folder = tmp_path / "shipped"
    folder.mkdir()
    for hard_mode in (False, True):
        key = fingerprint(solver.lists_key, hard_mode)
        assert solver.strategy(hard_mode).save(folder / solver.shipped_path(hard_mode).name, key)
    monkeypatch.setattr(strategies_module, "shipped_dir", lambda: folder)
    return folder


def test_fresh_cache_loads_the_shipped_strategy(ship: Path, tmp_path: Path, solver: Solver):
    cache = tmp_path / "empty-cache"
    fresh = Solver(ANSWERS, ALLOWED, cache_dir=cache)
    assert fresh.strategy_ready(False) and fresh.strategy_ready(True)
    for hard_mode in (False, True):
        loaded = fresh.strategy(hard_mode)
        assert loaded.source == "shipped"
        assert (loaded.node_guess == solver.strategy(hard_mode).node_guess).all()
    assert not cache.exists() or not any(cache.glob("strategy-*"))  # nothing built or written


def test_tampered_shipped_strategy_is_not_used(ship: Path, tmp_path: Path, solver: Solver):
    path = ship / solver.shipped_path(False).name
    data = np.load(path)
    data[12] = (data[12] + 1) % len(solver.guesses)  # the root's guess: still a valid column
    np.save(path, data)
    fresh = Solver(ANSWERS, ALLOWED, cache_dir=tmp_path / "cache")
    assert not fresh.strategy_ready(False)
    assert fresh.strategy_ready(True)  # the other file is intact
    rebuilt = fresh.strategy(False)
    assert rebuilt.source == "built"
    assert (rebuilt.node_guess == solver.strategy(False).node_guess).all()


def test_strategy_of_other_lists_is_not_used(ship: Path, tmp_path: Path, solver: Solver):
    # the test lists' file under the name the same lists minus one answer would look for
    other = Solver(ANSWERS[1:], ALLOWED, cache_dir=tmp_path / "cache")
    (ship / solver.shipped_path(False).name).rename(ship / other.shipped_path(False).name)
    assert not other.strategy_ready(False)
    key = fingerprint(other.lists_key, False)
    assert Strategy.load(ship / other.shipped_path(False).name, key) is None


def test_build_runs_in_another_process_and_hints_do_not_wait(tmp_path: Path, solver: Solver):
    fresh = Solver(ANSWERS, ALLOWED, cache_dir=tmp_path / "cache", build_process=True)
    rows = [("crane", score("crane", "sheep"))]
    hint = word_hint(fresh, rows)
    assert hint.provisional  # answered without waiting for the strategy being built
    assert hint.word in fresh.guesses and hint.candidates_left == len(solver.candidates(rows))
    pid = fresh.last_build_pid(False)
    assert pid is not None and pid != os.getpid()
    built = fresh.strategy(False)  # waits for the other process
    assert built.source == "built"
    assert (built.node_guess == solver.strategy(False).node_guess).all()
    assert fresh.strategy_path(False).is_file()  # kept in the cache
    final = word_hint(fresh, rows)
    assert not final.provisional and final.word == solver.suggest(rows)


def test_provisional_hard_mode_hint_is_a_legal_guess(tmp_path: Path, solver: Solver):
    fresh = Solver(ANSWERS, ALLOWED, cache_dir=tmp_path / "cache", build_process=True)
    rows = [("crane", score("crane", "sheep"))]
    hint = fresh.suggestion(rows, True, wait=False)
    assert hint.provisional
    legal = solver.legal_guesses(rows)
    assert legal[solver.guesses.index(hint.word)]
    fresh.strategy(True)  # let the build finish before the folder goes


def test_shipped_lists_answer_at_once_from_an_empty_cache(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("WORDLE_BOT_CACHE_DIR", str(tmp_path / "empty"))
    words = load_word_lists()
    real = Solver(words.answers, words.allowed_sorted)
    for hard_mode in (False, True):
        assert real.shipped_path(hard_mode).is_file(), (
            "run `wordle-bot prepare --output wordlists/strategies` and commit the files")
    opener = word_hint(real, [])
    hint = word_hint(real, [(opener.word, score(opener.word, words.answers[100]))])
    assert not opener.provisional and not hint.provisional
    assert real.strategy(False).source == "shipped" and real.strategy(True).source == "shipped"
    assert not (tmp_path / "empty").exists() or not any((tmp_path / "empty").iterdir())


def test_one_build_process_at_a_time(tmp_path: Path, solver: Solver):
    fresh = Solver(ANSWERS, ALLOWED, cache_dir=tmp_path / "cache", build_process=True)
    assert fresh.strategy_now(False) is None  # normal mode starts building
    assert fresh.strategy_now(True) is None
    assert fresh.last_build_pid(True) is None  # hard mode waits for it
    assert fresh.suggestion([], True, wait=False).provisional
    hard = fresh.strategy(True)  # waits for the normal build, then builds hard mode
    assert hard.source == "built"
    assert (hard.node_guess == solver.strategy(True).node_guess).all()
    assert fresh.last_build_pid(True) not in (None, fresh.last_build_pid(False))
    assert fresh.strategy(False).source == "built"
