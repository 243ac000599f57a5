"""The storage suite (tests/storage), run against the PostgreSQL store.

Every test of these modules that uses the store only through ``db`` is collected here again
(tests/postgres/rerun.py), with ``db`` a :class:`PostgresStore`. Left out: tests that open the
SQLite file themselves or look inside the SQLite store; tests/postgres has PostgreSQL's own
versions of what they check (migrations, races across pools and processes).
"""

from __future__ import annotations

from tests.postgres.rerun import rerun

MODULES = (
    "test_games",
    "test_stats",
    "test_forget",
    "test_forget_rules",
    "test_grouped",
    "test_order",
    "test_race",
    "test_disk_full",
    "test_settings",
)
COLLECTED = rerun("tests.storage", MODULES)
globals().update(COLLECTED)


def test_the_suite_is_actually_rerun_here():
    assert len(COLLECTED) >= 40, sorted(COLLECTED)
