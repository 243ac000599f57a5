"""/hint kind:word and /wordle analyze in a Spanish game through the fake Discord with the
real client (issue 29, item 7): the word hint is a Spanish word from the pack's solver, not a
letter, and the analysis judges the game's guesses, Ñ included, against that solver."""

from __future__ import annotations

import re

from bot.core.packs import pack
from tests.discord.conftest import Table


async def test_a_word_hint_and_the_analysis_in_a_spanish_game(table: Table) -> None:
    es = pack("es", 5)
    table.picker.queue.append("araña")
    async with table.running():
        await table.reply(table.bob, "wordle start", {"language": "es", "length": 5})
        await table.reply(table.bob, "guess", {"word": "ÑANDÚ"})
        hint = await table.reply(table.bob, "hint", {"kind": "word"})
        text = hint.embed["description"]
        found = re.match(r"Try (\w{5}): (\d+) possible words? fits? what you know so far\.",
                         text)
        assert found, text
        solver = await table.service.solver(es.variant)
        assert es.is_allowed(found.group(1).lower())
        assert int(found.group(2)) == len(solver.candidates([("ñandu", "YYBBB")]))
        assert "letter instead" not in text
        won = await table.invoke(table.bob, "guess", {"word": "araña"})
        assert "Solved!" in "\n".join(m.text() for m in await won.wait_for_messages(1))
        inter, _ = await table.ask(table.bob, "wordle analyze")
        analysis = (await inter.wait_for_messages(1))[0]
        assert analysis.embed["title"] == "Analysis · Wordle practice"
        assert "ÑANDU" in analysis.embed["description"]
        assert "ARAÑA" in analysis.embed["description"]
