"""Decoded games are kept by their JSON text, and views and facts by record: the same text
gives the same record, a changed game a new one; views follow the record they are asked for."""

from __future__ import annotations

import json
from dataclasses import replace

from bot.core.domain import Status
from bot.service.views import facts, game_view
from bot.storage.sqlite import sql


def game_text(guesses: list[list[object]], status: str = "active") -> str:
    return json.dumps([5, 1, 2, 3, "own", "random", None, "crane", 0, status, None, None,
                       "2026-11-23T10:00:00+00:00", None, None, guesses])


def test_the_same_text_gives_the_same_record_and_a_new_guess_a_new_one() -> None:
    one = [[1, 3, "slate", "BBYBG", "2026-11-23T10:00:01+00:00"]]
    first = sql.game_from_json(game_text(one))
    assert sql.game_from_json(game_text(one)) is first
    later = [*one, [2, 3, "pious", "BBBBB", "2026-11-23T10:00:02+00:00"]]
    two = sql.game_from_json(game_text(later))
    assert [g.word for g in two.guesses] == ["slate", "pious"]
    assert [g.word for g in first.guesses] == ["slate"]
    assert sql.game_from_json(game_text(one, "lost")).status == "lost"


def test_the_kept_records_are_bounded() -> None:
    for i in range(sql._DECODED_KEPT + 10):
        when = f"2026-11-23T10:00:{i % 60:02}.{i:06}+00:00"
        sql.game_from_json(game_text([[1, 3, "slate", "BBYBG", when]]))
    assert len(sql._DECODED) == sql._DECODED_KEPT


def test_views_and_facts_follow_their_record() -> None:
    record = sql.game_from_json(game_text([[1, 3, "slate", "BBYBG", "2026-11-23T10:00:01+00:00"]]))
    view = game_view(record)
    assert game_view(record) is view and view.answer is None and view.attempts_used == 1
    over = replace(record, status=Status.LOST)
    assert game_view(over).answer == "crane" and game_view(over).is_over
    assert facts(record).status is Status.ACTIVE and facts(over).status is Status.LOST
    assert game_view(record) is view
