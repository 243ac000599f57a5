"""The solver in every word pack (issue 29, item 7): a word hint in a Spanish or a 6-letter
English game is the solver's suggestion from that pack's words and its shipped strategy, not
a letter in its place; the analysis of a finished game in a pack compares its guesses with
that pack's solver."""

from __future__ import annotations

from bot.core.domain import HintKind
from bot.core.feedback import score
from bot.core.packs import pack
from bot.service import Place

HERE = Place(guild_id=10, channel_id=100)
ALICE = 1001


async def test_a_word_hint_in_a_spanish_game_is_a_spanish_word(service, picker, clock):
    picker.queue.append("araña")
    await service.start(HERE, ALICE, language="es", length=5)
    played = ["ñandu", "arbol"]
    for typed in ("ÑANDÚ", "árbol"):  # Ñ a letter of its own, Ú and Á folded
        await service.guess(HERE, ALICE, typed)
    clock.advance(seconds=10)  # the hints come after those guesses
    place = await service.hint(HERE, ALICE, HintKind.POSITION)
    assert place.position is not None and place.letter == "araña"[place.position - 1]
    hint = await service.hint(HERE, ALICE, HintKind.WORD)
    assert hint.kind is HintKind.WORD and not hint.fallback
    es = pack("es", 5)
    assert hint.word is not None and es.is_allowed(hint.word)
    assert not hint.provisional  # the pack's strategy ships with the bot
    left = [w for w in es.answers if all(score(g, w) == score(g, "araña") for g in played)
            and w[place.position - 1] == place.letter]
    assert hint.candidates_left == len(left) and "araña" in left and len(left) < 20
    await service.guess(HERE, ALICE, "araña")
    analysed = await service.analyse(HERE, ALICE)  # with what the position hint told
    steps = analysed.analysis.steps
    assert [s.guess for s in steps] == [*played, "araña"]
    assert steps[0].candidates_before == len(es.answers)
    assert steps[2].candidates_before == len(left)


async def test_a_word_hint_in_a_six_letter_game_and_its_analysis(service, picker):
    picker.queue.append("planet")
    await service.start(HERE, ALICE, length=6)
    hint = await service.hint(HERE, ALICE, "word")
    assert hint.kind is HintKind.WORD and not hint.fallback
    assert hint.word is not None and len(hint.word) == 6
    assert pack("en", 6).is_allowed(hint.word)
    await service.guess(HERE, ALICE, hint.word)
    await service.guess(HERE, ALICE, "planet")
    analysed = await service.analyse(HERE, ALICE)
    steps = analysed.analysis.steps
    assert [s.guess for s in steps] == [hint.word, "planet"]
    assert steps[0].candidates_before == len(pack("en", 6).answers)
