"""The pattern matrix and its disk cache."""

from __future__ import annotations

import random

import numpy as np

from bot.core.feedback import encode, score
from bot.core.patterns import default_cache_dir, lists_key, pattern_matrix
from tests.solver.words import ALLOWED, ANSWERS


def test_entries_are_encoded_feedback():
    matrix, info = pattern_matrix(ANSWERS, ALLOWED, use_cache=False)
    assert matrix.dtype == np.uint8 and matrix.shape == (len(ANSWERS), len(ALLOWED))
    assert info.source == "built" and info.path is None
    rng = random.Random(3)
    for _ in range(500):
        a, g = rng.randrange(len(ANSWERS)), rng.randrange(len(ALLOWED))
        assert matrix[a, g] == encode(score(ALLOWED[g], ANSWERS[a]))


def test_second_load_comes_from_cache(tmp_path):
    built, first = pattern_matrix(ANSWERS, ALLOWED, tmp_path)
    loaded, second = pattern_matrix(ANSWERS, ALLOWED, tmp_path)
    assert first.source == "built" and second.source == "cache"
    assert first.path == second.path and second.path.exists()
    assert (built == loaded).all()


def test_cache_is_keyed_by_both_lists(tmp_path):
    pattern_matrix(ANSWERS, ALLOWED, tmp_path)
    fewer = ANSWERS[:-1]
    matrix, info = pattern_matrix(fewer, ALLOWED, tmp_path)
    assert info.source == "built" and matrix.shape[0] == len(fewer)
    assert lists_key(fewer, ALLOWED) != lists_key(ANSWERS, ALLOWED)
    assert lists_key(ANSWERS, ALLOWED[:-1]) != lists_key(ANSWERS, ALLOWED)


def test_damaged_cache_file_is_rebuilt(tmp_path):
    good, first = pattern_matrix(ANSWERS, ALLOWED, tmp_path)
    first.path.write_bytes(b"\x93NUMPY garbage")
    again, info = pattern_matrix(ANSWERS, ALLOWED, tmp_path)
    assert info.source == "built" and (again == good).all()
    assert pattern_matrix(ANSWERS, ALLOWED, tmp_path)[1].source == "cache"


def test_unwritable_cache_is_not_an_error(tmp_path):
    blocked = tmp_path / "file-not-dir"
    blocked.write_text("in the way")
    matrix, info = pattern_matrix(ANSWERS, ALLOWED, blocked / "cache")
    assert info.source == "built" and info.path is None
    assert matrix.shape == (len(ANSWERS), len(ALLOWED))


def test_cache_dir_from_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("WORDLE_BOT_CACHE_DIR", str(tmp_path / "here"))
    assert default_cache_dir() == tmp_path / "here"
    monkeypatch.delenv("WORDLE_BOT_CACHE_DIR")
    assert default_cache_dir().parts[-2:] == (".cache", "wordle-bot")


