"""Hints and the analysis of a Quordle through the service and a real store (issue 30 item 4):
each letter or position hint names an open board and is kept with it, so that board is never
told the same twice; hints count per game; the word hint counts what each board was told; the
analysis judges each guess on the boards open before it."""

from __future__ import annotations

import re

import pytest

from bot.render.analysis_text import analysis_text
from bot.render.hint_text import hint_text
from bot.service import GameService, Place
from bot.service.errors import NoHintLeft

HERE = Place(guild_id=10, channel_id=100)
ALICE = 1001
WORDS = ("crane", "lemon", "slate", "speed")


async def quordle(service: GameService, picker, *played: str):
    picker.queue.extend(WORDS)
    started = await service.start(HERE, ALICE, boards=4)
    assert started.game.hidden_words == WORDS
    for word in played:
        await service.guess(HERE, ALICE, word)
    return started.game


async def test_letter_hints_name_a_board_and_are_kept_per_board(service, picker):
    game = await quordle(service, picker, "crane", "lemon", "slate")  # board 4 alone open
    first = await service.hint(HERE, ALICE, "letter")
    second = await service.hint(HERE, ALICE, "letter")
    assert (first.board, second.board) == (4, 4)
    assert {first.letter, second.letter} == {"p", "d"}  # SPEED's letters not found yet
    assert hint_text(first) == f"Board 4: the word has the letter {first.letter.upper()}."
    with pytest.raises(NoHintLeft):
        await service.hint(HERE, ALICE, "letter")
    stored = await service.db.hints_for_game(game.id)
    assert sorted(h.value for h in stored) == ["4/d", "4/p"]


async def test_position_hints_spread_over_the_open_boards_never_twice(service, picker):
    game = await quordle(service, picker, "crane")  # board 1 solved
    taken = [await service.hint(HERE, ALICE, "position") for _ in range(8)]
    assert all(h.board in (2, 3, 4) for h in taken)
    assert all(WORDS[h.board - 1][h.position - 1] == h.letter for h in taken)
    assert len({(h.board, h.position) for h in taken}) == 8
    assert len(await service.db.hints_for_game(game.id)) == 8  # counted per game


async def test_the_word_hint_and_the_analysis_of_a_quordle(service, picker):
    await quordle(service, picker, "trace")
    hint = await service.hint(HERE, ALICE, "word")
    assert hint.word and len(hint.board_candidates) == 4
    assert re.fullmatch(r"Try [A-Z]{5} on the open boards\. Words still possible: "
                        r"board 1: \d+, board 2: \d+, board 3: \d+, board 4: \d+\.",
                        hint_text(hint))
    for word in ("crane", "lemon", "slate", "speed"):
        await service.guess(HERE, ALICE, word)
    result = await service.analyse(HERE, ALICE)
    steps = result.analysis.steps
    assert [s.guess for s in steps] == ["trace", "crane", "lemon", "slate", "speed"]
    assert steps[2].candidates_before[0] is None  # board 1 was solved by CRANE
    text = analysis_text(result.analysis, variant=result.game.variant)
    assert "**5.** `S P E E D`" in text and "4: 🟩🟩🟩🟩🟩 solved" in text
