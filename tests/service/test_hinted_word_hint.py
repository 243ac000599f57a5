"""A word hint counts what earlier letter and position hints revealed, and so does the analysis
(issue 26 item 1): "Try ABYSS: 9 possible words fit" after hints had said Y and a second S,
where only ASSAY fits. Through the service, in own games and races, on both stores."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from bot.core.domain import HintKind
from bot.core.feedback import score
from bot.core.revealed import Revealed
from bot.render.hint_text import hint_text
from bot.service import GameService, Place
from bot.service.races import RaceService, RaceTiming
from bot.storage.models import HintRecord
from tests.support import ANSWERS, Clock

HERE = Place(guild_id=10, channel_id=100)
ALICE = 1001
#: QAJAQ against SPITE is all grey: 11 words fit, and any letter or position of SPITE a hint
#: can reveal rules some of them out.
ANSWER, OPENER = "spite", "qajaq"


def fitting(rows: list[tuple[str, str]], hints: list[HintRecord]) -> list[str]:
    """The hidden words the feedback and the hints allow, from the scoring function alone."""
    letters = [h.value for h in hints if h.kind is HintKind.LETTER]
    places = [h.value.split(":") for h in hints if h.kind is HintKind.POSITION]
    return [w for w in ANSWERS
            if all(score(g, w) == f for g, f in rows)
            and all(letter in w for letter in letters)
            and all(w[int(place) - 1] == letter for place, letter in places)]


async def test_the_word_hint_counts_the_letters_and_positions_given(service, picker):
    picker.queue.append(ANSWER)
    await service.start(HERE, ALICE)
    await service.guess(HERE, ALICE, OPENER)
    rows = [(OPENER, score(OPENER, ANSWER))]
    before = await service.hint(HERE, ALICE, "word")
    assert before.candidates_left == len(fitting(rows, [])) == 11
    await service.hint(HERE, ALICE, "letter")
    await service.hint(HERE, ALICE, "position")
    game = await service.board(HERE, ALICE)
    given = await service.db.hints_for_game(game.id)
    left = fitting(rows, given)
    assert len(left) < 11

    hint = await service.hint(HERE, ALICE, "word")
    assert hint.candidates_left == len(left)
    if len(left) <= 2:
        assert hint.word in left  # nothing to split: play a word that can win
    if hint.pick is not None:  # the best word that could be fits the hints too
        assert hint.word not in left and hint.pick.answer.word in left
    assert f"{len(left)} possible word" in hint_text(hint)


async def test_a_race_word_hint_counts_the_racers_own_hints(service: GameService,
                                                             clock: Clock, picker: Any):
    picker.queue.append(ANSWER)
    races = RaceService.beside(service, RaceTiming(minute=timedelta(seconds=60)), clock=clock)
    race = await races.start(HERE, 1)
    await races.allow_hints(HERE.guild_id, True)
    await races.guess(HERE, ALICE, OPENER)
    await races.hint(HERE, ALICE, "letter")
    await races.hint(HERE, ALICE, "position")
    hint = await races.hint(HERE, ALICE, "word")
    left = fitting([(OPENER, score(OPENER, ANSWER))],
                   await service.db.race_hints(race.id, ALICE))
    assert len(left) < 11 and hint.candidates_left == len(left)


async def test_the_analysis_counts_hints_from_the_guess_after_them(service, clock, picker):
    picker.queue.append(ANSWER)
    await service.start(HERE, ALICE)
    await service.guess(HERE, ALICE, OPENER)
    clock.advance(seconds=5)
    await service.hint(HERE, ALICE, "letter")
    clock.advance(seconds=5)
    await service.hint(HERE, ALICE, "position")
    game = await service.board(HERE, ALICE)
    given = await service.db.hints_for_game(game.id)
    clock.advance(seconds=5)
    await service.guess(HERE, ALICE, ANSWER)

    first, second = (await service.analyse(HERE, ALICE)).analysis.steps
    rows = [(OPENER, score(OPENER, ANSWER))]
    assert first.candidates_before == len(ANSWERS)  # no hint before the first guess
    assert first.candidates_after == len(fitting(rows, [])) == 11
    left = fitting(rows, given)
    assert second.candidates_before == len(left) < 11
    solver = await service.solver()
    hinted = Revealed.from_hints((h.kind, h.value) for h in given)
    assert second.best_guess == solver.suggest(rows, False, hinted)


def test_word_counts_have_thousands_separators():
    from bot.service.results import HintResult

    board: Any = None  # the text reads the hint alone
    hint = HintResult(board, HintKind.WORD, word="slate", candidates_left=2315)
    assert hint_text(hint).startswith("Try SLATE: 2,315 possible words fit")
