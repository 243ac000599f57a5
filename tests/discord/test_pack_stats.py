"""Statistics and leaderboards per word pack and boards through the fake Discord with the real
client: ``/wordle stats`` and ``/wordle leaderboard`` take ``language:``, ``length:`` and
``boards:`` (default: the server's pack on one board), count a game in its own pack's figures
alone, and say which game they are of."""

from __future__ import annotations

from tests.discord.conftest import Table


async def test_stats_and_leaderboard_of_a_pack(table: Table) -> None:
    table.picker.queue.append("arbol")
    async with table.running():
        await table.reply(table.bob, "wordle start", {"language": "es", "length": 5})
        await table.reply(table.bob, "guess", {"word": "ñandú"})
        won = await table.invoke(table.bob, "guess", {"word": "árbol"})
        finished = "\n".join(m.text() for m in await won.wait_for_messages(1))
        assert "In 2/6" in finished, finished
        spanish = await table.reply(table.bob, "wordle stats",
                                    {"mode": "practice", "language": "es"})
        assert "Practice statistics · Spanish, 5 letters" in spanish.text(), spanish.text()
        assert "Played 1 · Win % 100" in spanish.text()
        english = await table.reply(table.bob, "wordle stats", {"mode": "practice"})
        assert "Practice statistics · English, 5 letters" in english.text(), english.text()
        assert "Played 0" in english.text()
        board = await table.reply(table.carol, "wordle leaderboard",
                                  {"mode": "practice", "language": "es"})
        assert "Leaderboard · practice · Spanish, 5 letters · by wins" in board.text()
        assert f"<@{table.bob.id}> · 1" in board.text(), board.text()
        week = await table.reply(table.carol, "wordle leaderboard",
                                 {"mode": "practice", "period": "week"})
        assert f"<@{table.bob.id}>" not in week.text(), week.text()
        quordle = await table.reply(table.carol, "wordle leaderboard",
                                    {"mode": "practice", "language": "es", "boards": 4})
        assert "Quordle · Spanish, 5 letters" in quordle.text(), quordle.text()
        assert "Nobody has finished a game of this kind here yet." in quordle.text()


async def test_stats_follow_the_servers_pack(table: Table) -> None:
    async with table.running():
        await table.reply(table.alice, "wordle settings", {"language": "ru"})
        stats = await table.reply(table.bob, "wordle stats")
        assert "Daily statistics · Russian, 5 letters" in stats.text(), stats.text()
        unknown = await table.reply(table.bob, "wordle stats", {"length": 7})
        assert "There's no ru-7 word pack" in unknown.text(), unknown.text()


async def test_the_languages_are_offered_as_the_player_types(table: Table) -> None:
    async with table.running():
        for typed, locale, offered in [("sp", None, [("Spanish", "es")]),
                                       ("ru", "ru", [("Русский", "ru")]),
                                       ("esp", "es-ES", [("Español", "es")])]:
            asked = await table.fake.autocomplete(table.general, table.bob, "wordle stats",
                                                  {"language": typed}, focused="language",
                                                  locale=locale)
            answer = await asked.first_response()
            assert [(c["name"], c["value"]) for c in answer.choices] == offered
