"""A word hint whose word cannot be the answer also names the best word that could be, both with
the guesses still needed (issue 13 item 8), through the service and in words."""

from __future__ import annotations

import io

from bot.core.feedback import score
from bot.render.hint_text import hint_text
from bot.service import Kind, Place
from bot.terminal import TerminalGame

HERE = Place(guild_id=10, channel_id=100)
ALICE = 1001


async def test_the_hint_names_the_best_possible_answer_too(service, picker):
    picker.queue.append("spine")
    await service.start(HERE, ALICE)
    await service.guess(HERE, ALICE, "world")  # leaves words REACT splits, GEESE nearly
    solver = await service.solver()
    rows = [("world", "BBBBB")]
    candidates = solver.candidates(rows)
    hint = await service.hint(HERE, ALICE, "word")
    assert hint.word == solver.suggest(rows) and hint.word not in candidates
    assert hint.pick is not None and hint.pick.exact
    assert hint.pick.best.word == hint.word and hint.pick.answer.word in candidates
    assert hint.candidates_left == len(candidates)
    best, answer = hint.word.upper(), hint.pick.answer.word.upper()
    assert hint_text(hint) == (
        f"Try {best}: {len(candidates)} possible words fit what you know so far. "
        f"{best} can't be the hidden word itself; the best word that could be is {answer}. "
        "Guesses still needed on average, this one included: "
        f"{hint.pick.best.expected:.2f} with {best}, {hint.pick.answer.expected:.2f} with "
        f"{answer}.")
    # The hint stored is the solver's word, as before.
    game = await service.board(HERE, ALICE)
    assert [h.value for h in await service.db.hints_for_game(game.id)] == [hint.word]


async def test_no_second_word_when_the_best_guess_could_be_the_answer(service, picker):
    picker.queue.append("spine")
    await service.start(HERE, ALICE)
    await service.guess(HERE, ALICE, "slate")
    hint = await service.hint(HERE, ALICE, "word")
    solver = await service.solver()
    assert hint.word in solver.candidates([("slate", score("slate", "spine"))])
    assert hint.pick is None and "can't be the answer" not in hint_text(hint)


async def test_the_terminal_says_it_too(service, picker):
    picker.queue.append("spine")
    out = io.StringIO()
    game = TerminalGame(service, stdin=io.StringIO("world\n/hint word\n"), stdout=out,
                        color=False)
    await game.run(kind=Kind.RANDOM, hard_mode=False, word=None)
    text = " ".join(out.getvalue().split())
    assert "Hint: Try " in text
    assert "can't be the hidden word itself; the best word that could be is GEESE" in text
