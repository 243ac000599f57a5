"""/hint and /wordle analyze in a Quordle through the fake Discord with the real client (issue
30 item 4): the word hint is the several-board solver's guess with the words left on each
board, a letter hint names its board, and the analysis shows each guess on the open boards.
Every message passes the fake's checks of Discord's limits."""

from __future__ import annotations

import re

from bot.core.feedback import score
from bot.core.solver_boards import BoardsSolver, boards_variant
from bot.core.variant import CLASSIC
from tests.discord.conftest import Table

WORDS = ["crane", "lemon", "slate", "speed"]


async def test_a_word_hint_a_letter_hint_and_the_analysis_of_a_quordle(table: Table) -> None:
    table.picker.queue.extend(WORDS)
    async with table.running():
        await table.reply(table.bob, "wordle start", {"boards": 4})
        await table.reply(table.bob, "guess", {"word": "trace"})
        hint = await table.reply(table.bob, "hint", {"kind": "word"})
        text = hint.embed["description"]
        found = re.fullmatch(r"Try (\w{5}) on the open boards\. Words still possible: "
                             r"board 1: (\d+), board 2: (\d+), board 3: (\d+), board 4: (\d+)\.",
                             text)
        assert found, text
        histories = [[("trace", score("trace", word))] for word in WORDS]
        solver = BoardsSolver(await table.service.solver(CLASSIC), boards_variant(4, CLASSIC))
        assert found.group(1).lower() == solver.suggest(histories)
        assert [int(n) for n in found.groups()[1:]] == [
            len(words) for words in solver.candidates(histories)]

        await table.reply(table.bob, "guess", {"word": "crane"})
        letter = await table.reply(table.bob, "hint", {"kind": "letter"})
        said = re.fullmatch(r"Board ([234]): the word has the letter ([A-Z])\.",
                            letter.embed["description"])
        assert said and said.group(2).lower() in WORDS[int(said.group(1)) - 1]

        for word in WORDS[1:-1]:
            await table.reply(table.bob, "guess", {"word": word})
        won = await table.invoke(table.bob, "guess", {"word": WORDS[-1]})
        assert "Solved!" in "\n".join(m.text() for m in await won.wait_for_messages(1))
        inter, _ = await table.ask(table.bob, "wordle analyze")
        analysis = (await inter.wait_for_messages(1))[0]
        assert analysis.embed["title"] == "Analysis · Quordle practice"
        description = analysis.embed["description"]
        assert "**1.** `T R A C E`" in description and "**5.** `S P E E D`" in description
        assert "4: 🟩🟩🟩🟩🟩 solved" in description


async def test_the_hint_buttons_of_a_quordle_board_name_the_board(table: Table) -> None:
    table.picker.queue.extend(WORDS)
    async with table.running():
        board = await table.reply(table.bob, "wordle start", {"boards": 4})
        assert {"Letter", "Position", "Word"} <= {b.get("label") for b in board.buttons()}
        await table.reply(table.bob, "guess", {"word": "crane"})  # board 1 solved
        click = await table.fake.click(board, table.bob, label="Letter")
        (hint,) = await click.wait_for_messages(1)
        said = re.fullmatch(r"Board ([234]): the word has the letter ([A-Z])\.",
                            hint.embed["description"])
        assert said and said.group(2).lower() in WORDS[int(said.group(1)) - 1], hint.text()
        click = await table.fake.click(board, table.bob, label="Position")
        (hint,) = await click.wait_for_messages(1)
        said = re.fullmatch(r"Board ([234]): letter ([1-5]) of the word is ([A-Z])\.",
                            hint.embed["description"])
        assert said, hint.text()
        board_word = WORDS[int(said.group(1)) - 1]
        assert board_word[int(said.group(2)) - 1] == said.group(3).lower()
        click = await table.fake.click(board, table.bob, label="Word")
        (hint,) = await click.wait_for_messages(1)
        assert re.fullmatch(r"Try [A-Z]{5} on the open boards\. Words still possible: "
                            r"board 2: \d+, board 3: \d+, board 4: \d+\.",
                            hint.embed["description"]), hint.text()
        game = await table.service.board(table.place(), table.bob.id)
        stored = await table.service.db.hints_for_game(game.id)
        assert [h.kind for h in stored] == ["letter", "position", "word"]
