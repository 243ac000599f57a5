"""Settings for the whole test run."""

from __future__ import annotations

import os
from collections.abc import Generator

import pytest
from hypothesis import settings

from bot.core.words import WordLists
from bot.storage.sqlite import room
from tests.pg import (  # noqa: F401  (the throwaway PostgreSQL's fixtures, see tests/pg.py)
    fold_pg_skip,
    pg_cluster,
    pg_dsn,
)
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


@pytest.fixture(autouse=True)
def _small_sqlite_reserve(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test's SQLite file keeps 64 KiB beside it for checkpoints on a full disk, not the
    real size: thousands of test databases would take gigabytes of the shared temporary
    folder. A test module that sets ``REAL_SQLITE_RESERVE = True`` keeps the real size."""
    if not getattr(request.module, "REAL_SQLITE_RESERVE", False):
        monkeypatch.setattr(room, "RESERVE_BYTES", 64 * 1024)


@pytest.fixture(autouse=True, scope="session")
def _english_terminal() -> None:
    """``wordle-bot play`` speaks the language of LC_ALL, LC_MESSAGES or LANG: the commands
    tests run speak English, whatever the language of the machine running them (tests of
    another language set their own)."""
    for name in ("LC_ALL", "LC_MESSAGES"):
        os.environ.pop(name, None)
    os.environ["LANG"] = "C.UTF-8"


@pytest.fixture
def words() -> WordLists:
    """The small word lists of tests/support.py."""
    return WordLists.from_words(ANSWERS, EXTRA)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]
                              ) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Tests skipped for want of PostgreSQL: one line in the summary (tests/pg.py)."""
    report = yield
    fold_pg_skip(report, call)
    return report
