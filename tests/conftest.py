"""Settings for the whole test run."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

from bot.core.words import WordLists
from tests.pg import pg_cluster, pg_dsn  # noqa: F401  (throwaway PostgreSQL, see tests/pg.py)
from tests.support import ANSWERS, EXTRA, Clock

# No time limit per example: machines here are shared and noisy, and a pause of the machine is
# not a slow rule (speed is measured by benchmarks/, never by tests).
settings.register_profile("shared-machine", deadline=None)
settings.load_profile("shared-machine")


@pytest.fixture(autouse=True, scope="session")
def _solver_cache_in_tmp(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Solvers built by tests keep their pattern matrices and strategies in a temporary folder,
    never in the user's ~/.cache/wordle-bot (tests that care set their own folder)."""
    if "WORDLE_BOT_CACHE_DIR" not in os.environ:
        os.environ["WORDLE_BOT_CACHE_DIR"] = str(tmp_path_factory.mktemp("solver-cache"))


@pytest.fixture
def words() -> WordLists:
    """The small word lists of tests/support.py."""
    return WordLists.from_words(ANSWERS, EXTRA)


@pytest.fixture
def clock() -> Clock:
    return Clock()
