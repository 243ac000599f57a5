"""/hint kind:word through the fake Discord: when the solver's word cannot be the answer, the
hint also names the best word that could be, with the guesses each still needs."""

from __future__ import annotations

import re

from tests.discord.conftest import Table


async def test_the_word_hint_names_a_possible_answer_too(table: Table):
    table.picker.queue.append("spine")
    async with table.running():
        await table.reply(table.bob, "wordle start")
        await table.reply(table.bob, "guess", {"word": "world"})
        hint = await table.reply(table.bob, "hint", {"kind": "word"})
        text = hint.embed["description"]
        found = re.fullmatch(
            r"Try ([A-Z]{5}): (\d+) possible words fit what you know so far\. \1 can't be the "
            r"hidden word itself; the best word that could be is ([A-Z]{5})\. Guesses still needed "
            r"on average, this one included: (\d\.\d\d) with \1, (\d\.\d\d) with \3\.", text)
        assert found, text
        solver = await table.service.solver()
        candidates = solver.candidates([("world", "BBBBB")])
        assert found.group(1).lower() not in candidates
        assert found.group(3).lower() in candidates
        assert float(found.group(4)) <= float(found.group(5))
