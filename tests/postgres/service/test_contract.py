"""The service suite (tests/service), run against the PostgreSQL store: every test that uses
the store only through ``db`` or ``service`` (tests/postgres/rerun.py)."""

from __future__ import annotations

from tests.postgres.rerun import rerun

COLLECTED = rerun("tests.service", ("test_service", "test_dailies"))
globals().update(COLLECTED)


def test_the_suite_is_actually_rerun_here():
    assert len(COLLECTED) >= 25, sorted(COLLECTED)


def test_the_service_here_is_on_postgres(db, service):
    from bot.storage.postgres import PostgresStore

    assert isinstance(db, PostgresStore)
    assert any(value is db for value in vars(service).values())
