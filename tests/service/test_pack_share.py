"""The share grid of a finished game names its word pack (issue 29, item 6): ``Wordle ES
practice 2/6`` for Spanish, ``Wordle EN6 practice 1/7`` for English in 6 letters, nothing for
English in 5 letters."""

from __future__ import annotations

from bot.render.share_words import share_words
from bot.service import Place, Status

HERE = Place(guild_id=10, channel_id=100)
ALICE = 1001


async def test_a_spanish_games_grid_names_its_pack(service, picker):
    picker.queue.append("arbol")
    await service.start(HERE, ALICE, language="es", length=5)
    await service.guess(HERE, ALICE, "ñandú")
    won = await service.guess(HERE, ALICE, "árbol")
    assert won.finish is not None and won.finish.status is Status.WON
    assert share_words(won.game, won.finish).split("\n") == [
        "Wordle ES practice 2/6", "", "⬛🟨⬛⬛⬛", "🟩🟩🟩🟩🟩"]


async def test_a_six_letter_english_grid_names_its_length(service, picker):
    picker.queue.append("planet")
    await service.start(HERE, ALICE, length=6, hard_mode=True)
    won = await service.guess(HERE, ALICE, "planet")
    assert won.finish is not None
    assert share_words(won.game, won.finish).split("\n")[0] == "Wordle EN6 practice 1/7*"


async def test_a_given_up_russian_game_and_an_english_five_letter_one(service, picker):
    picker.queue.extend(["ветер", "crane"])
    await service.start(HERE, ALICE, language="ru", length=5)
    await service.guess(HERE, ALICE, "жираф")
    given_up = await service.give_up(HERE, ALICE)
    assert share_words(given_up.game, given_up.finish).startswith("Wordle RU practice X/6\n")
    await service.start(HERE, ALICE)
    won = await service.guess(HERE, ALICE, "crane")
    assert won.finish is not None
    assert share_words(won.game, won.finish).split("\n")[0] == "Wordle practice 1/6"
