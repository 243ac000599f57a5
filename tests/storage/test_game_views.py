"""Views and facts of a stored game follow the record they are asked for: the same record
gives the same view, a changed game a new one."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

from bot.core.domain import Kind, Scope, Status
from bot.service.views import facts, game_view
from bot.storage import GameRecord, GuessRecord

AT = datetime(2026, 11, 23, 10, 0, tzinfo=UTC)


def test_views_and_facts_follow_their_record() -> None:
    record = GameRecord(5, 1, 2, 3, Scope.OWN, Kind.RANDOM, None, "crane", False, Status.ACTIVE,
                        None, None, AT, None, (GuessRecord(1, 3, "slate", "BBYBG", AT),))
    view = game_view(record)
    assert game_view(record) is view and view.answer is None and view.attempts_used == 1
    over = replace(record, status=Status.LOST)
    assert game_view(over).answer == "crane" and game_view(over).is_over
    assert facts(record).status is Status.ACTIVE and facts(over).status is Status.LOST
    assert game_view(record) is view
