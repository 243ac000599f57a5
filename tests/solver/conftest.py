from __future__ import annotations

from pathlib import Path

import pytest

from bot.core.solver import Solver
from tests.solver.words import ALLOWED, ANSWERS, TINY_ALLOWED, TINY_ANSWERS


@pytest.fixture(autouse=True)
def _cache_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test touches the real cache: the default cache dir points into tmp_path."""
    monkeypatch.setenv("WORDLE_BOT_CACHE_DIR", str(tmp_path / "default-cache"))


@pytest.fixture(scope="session")
def session_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("solver-cache")


@pytest.fixture(scope="session")
def solver(session_cache: Path) -> Solver:
    """A solver over the small test lists, strategies built once for the session."""
    built = Solver(ANSWERS, ALLOWED, cache_dir=session_cache)
    built.prepare()
    return built


@pytest.fixture(scope="session")
def tiny_solver(session_cache: Path) -> Solver:
    return Solver(TINY_ANSWERS, TINY_ALLOWED, cache_dir=session_cache)
