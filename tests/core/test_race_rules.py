"""The race rules a store asks before it saves a guess or a give-up (bot.core.race)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.core import race as rules
from bot.core.domain import Status
from bot.core.feedback import score
from bot.core.race import RaceGuess, Racer, RaceRecord, RaceRefusal

START = datetime(2026, 3, 1, 12, tzinfo=UTC)
ALICE, BOB = 1, 2


def a_race(*racers: Racer) -> RaceRecord:
    return RaceRecord(7, 10, 20, ALICE, "crane", False, START, START + timedelta(minutes=10),
                      START, racers=racers)


def alice(*guesses: str) -> Racer:
    played = tuple(RaceGuess(n, word, score(word, "crane"), START + timedelta(seconds=n))
                   for n, word in enumerate(guesses, start=1))
    return Racer(ALICE, START, Status.ACTIVE, None, guesses=played)


def test_a_guess_is_refused_unless_it_is_the_racers_next_attempt() -> None:
    race, at = a_race(alice("slate")), START + timedelta(minutes=1)
    fits = ("trace", score("trace", "crane"), None)
    assert rules.guess_refusal(race, ALICE, 2, *fits, at) is None
    assert rules.guess_refusal(race, ALICE, 1, *fits, at) is RaceRefusal.NOT_NEXT
    assert rules.guess_refusal(race, ALICE, 3, *fits, at) is RaceRefusal.NOT_NEXT
    assert rules.guess_refusal(race, BOB, 1, *fits, at) is RaceRefusal.NOT_A_RACER
    assert rules.guess_refusal(race, ALICE, 2, *fits, START + timedelta(minutes=10)) is (
        RaceRefusal.OVER)


def test_a_guess_the_board_could_not_have_is_bad_input() -> None:
    race = a_race(alice())
    with pytest.raises(ValueError, match="feedback"):
        rules.guess_refusal(race, ALICE, 1, "trace", "GGGGG", None, START)
    with pytest.raises(ValueError, match="won"):
        rules.guess_refusal(race, ALICE, 1, "trace", score("trace", "crane"), Status.WON,
                            START)


def test_a_move_never_lands_before_the_boards_latest_time() -> None:
    race = a_race(alice("slate", "trace"))
    behind, ahead = START, START + timedelta(minutes=5)
    assert rules.move_time(race, ALICE, behind) == START + timedelta(seconds=2)
    assert rules.move_time(race, ALICE, ahead) == ahead
    assert rules.move_time(race, BOB, behind) == behind


def test_giving_up_finishes_only_that_board() -> None:
    bob = Racer(BOB, START, Status.ACTIVE, None)
    at = START + timedelta(minutes=2)
    after = rules.gave_up(a_race(alice("slate"), bob), ALICE, at)
    mine, theirs = after.racer(ALICE), after.racer(BOB)
    assert mine is not None and (mine.status, mine.finished_at) == (Status.GIVEN_UP, at)
    assert mine.guesses == alice("slate").guesses
    assert theirs == bob
