"""Races in other word packs with the real bot through the fake Discord, on SQLite (issue 29,
item 5): ``/wordle race language: length:`` starts a race in that pack, each racer's guesses
are read in its letters (Ñ kept, an accent folded), the boards and the race message are sized
by its length and attempts, the message names the pack and shows the word with its accents,
and the race counts in the race statistics; without the options a race is in the server's
pack."""

from __future__ import annotations

from bot.core.packs import pack
from tests.discord.conftest import Table
from tests.discord.test_race_mode import guess_on, join, racing, settled, start


async def test_a_spanish_race_reads_n_tilde_and_folds_an_accent(table: Table) -> None:
    table.picker.queue.append("arbol")
    bob, carol = table.bob, table.carol
    async with racing(table) as races:
        race = await start(table, table.alice, minutes=60, language="es", length=5)
        assert "Wordle race · ES" in race.text(), race.text()
        boards = {m.id: await join(table, race, m) for m in (bob, carol)}
        await guess_on(table, boards[bob.id], bob, "ÑANDÚ")  # Ñ its own letter, Ú folded
        assert "5 attempts left" in boards[bob.id].text(), boards[bob.id].text()
        stored = await races.db.active_race(table.guild.id, table.general.id)
        assert stored is not None and stored.variant == pack("es", 5).variant
        assert stored.racers[0].guesses[0].word == "ñandu"
        await settled(table, race, lambda t: f"<@{bob.id}> ⬛🟨⬛⬛⬛ · 1/6 ·" in t)
        await guess_on(table, boards[bob.id], bob, "árbol")
        assert "The word: **ÁRBOL**" in boards[bob.id].text(), boards[bob.id].text()
        await guess_on(table, boards[carol.id], carol, "ARBOL")
        await settled(table, race, lambda t: "Everyone finished" in t)
        final = race.text()
        assert "The word was **ÁRBOL**." in final, final
        assert f"🥇 <@{carol.id}> · 1/6 ·" in final and f"🥈 <@{bob.id}> · 2/6 ·" in final
        assert (await races.stats(table.guild.id, bob.id)).played == 1
        reply = await table.reply(carol, "wordle stats", {"mode": "race"})
        assert "Played 1 · Wins 1" in reply.text(), reply.text()


async def test_an_english_six_letter_race_to_its_end(table: Table) -> None:
    table.picker.queue.append("planet")
    bob = table.bob
    async with racing(table) as races:
        race = await start(table, table.alice, minutes=60, length=6)
        assert "Wordle race · EN6" in race.text(), race.text()
        board = await join(table, race, bob)
        assert "7 attempts left" in board.text(), board.text()
        short = await table.reply(bob, "guess", {"word": "crane"})
        assert "6 letters" in short.text(), short.text()
        await guess_on(table, board, bob, "garden")
        assert "6 attempts left" in board.text(), board.text()
        await settled(table, race, lambda t: f"<@{bob.id}> " in t and " · 1/7 ·" in t)
        won = await table.reply(bob, "guess", {"word": "PLANET"})
        assert "The word: **PLANET**" in won.text(), won.text()
        await settled(table, race, lambda t: "Everyone finished" in t)
        assert f"🥇 <@{bob.id}> · 2/7 ·" in race.text() and "**PLANET**" in race.text()
        assert (await races.stats(table.guild.id, bob.id)).wins == 1


async def test_a_race_is_in_the_servers_pack_unless_it_names_one(table: Table) -> None:
    table.picker.queue.extend(["жираф", "crane"])
    async with racing(table) as races:
        await table.reply(table.alice, "wordle settings", {"language": "ru"})
        race = await start(table, table.bob, minutes=60)
        assert "Wordle race · RU" in race.text(), race.text()
        board = await join(table, race, table.carol)
        await guess_on(table, board, table.carol, "ЖИРАФ")
        await settled(table, race, lambda t: "Everyone finished" in t)
        assert "**ЖИРАФ**" in race.text(), race.text()
        again = await start(table, table.bob, minutes=60, language="en")
        assert "Wordle race ·" not in again.text() and "Wordle race" in again.text()
        stored = await races.db.active_race(table.guild.id, table.general.id)
        assert stored is not None and stored.variant == pack("en", 5).variant
