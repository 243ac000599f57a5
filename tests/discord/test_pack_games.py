"""A whole game in each word pack through the fake Discord with the real client (issue 29,
must show): started with ``/wordle start language: length:``, a letter of the pack's own (Ñ,
Ü, Cyrillic) or a folded accent typed by the player, won, and the word shown with its accents;
an English 6-letter game to its win; a server's pack set with ``/wordle settings``."""

from __future__ import annotations

import pytest

from bot.core.packs import pack
from tests.discord.conftest import Table
from tests.discord.test_race_mode import guess_on

#: language: (hidden word, first guess as typed, that guess in the pack's letters, the win as
#: typed, the word as shown at the end)
GAMES = {
    "es": ("arbol", "ÑANDÚ", "ñandu", "árbol", "ÁRBOL"),  # Ñ its own letter, Ú folded
    "fr": ("abime", "Élève", "eleve", "abîme", "ABÎME"),
    "de": ("bühne", "Maße", "masse", "BÜHNE", "BÜHNE"),  # ß is SS, Ü its own letter
    "pt": ("acude", "ácido", "acido", "Açude", "AÇUDE"),
    "it": ("agora", "ahimè", "ahime", "AGORÀ", "AGORÀ"),
    "nl": ("creme", "carré", "carre", "crème", "CRÈME"),
    "ru": ("актер", "ВЗЛЁТ", "взлет", "актёр", "АКТЁР"),  # Cyrillic, Ё as Е
}


@pytest.mark.parametrize("language", GAMES)
async def test_a_whole_game_in_each_pack(table: Table, language: str) -> None:
    hidden, first, read, last, shown = GAMES[language]
    table.picker.queue.append(hidden)
    async with table.running() as running:
        start = await table.reply(table.bob, "wordle start", {"language": language,
                                                               "length": 5})
        assert "Wordle practice" in start.text() and "6 attempts left" in start.text()
        board = await table.reply(table.bob, "guess", {"word": first})
        assert "5 attempts left" in board.text(), board.text()
        assert board.attachments and board.attachments[0].filename == "board.png"
        game = await running.db.active_own_game(table.guild.id, table.general.id,
                                                table.bob.id)
        assert game is not None and game.variant == pack(language, 5).variant
        assert game.rows[0].word == read
        won = await table.invoke(table.bob, "guess", {"word": last})
        text = "\n".join(m.text() for m in await won.wait_for_messages(1))
        assert "Solved!" in text and "In 2/6" in text, text
        if shown != hidden.upper():  # shown with its accents
            assert f"The word: **{shown}**" in text


async def test_an_english_six_letter_game_to_its_win(table: Table) -> None:
    table.picker.queue.append("planet")
    async with table.running():
        start = await table.reply(table.bob, "wordle start", {"length": 6})
        assert "7 attempts left" in start.text() and "a 6-letter word" in start.text()
        short = await table.reply(table.bob, "guess", {"word": "crane"})
        assert "6 letters" in short.text()
        board = await table.reply(table.bob, "guess", {"word": "garden"})
        assert "6 attempts left" in board.text()
        won = await table.invoke(table.bob, "guess", {"word": "PLANET"})
        text = "\n".join(m.text() for m in await won.wait_for_messages(1))
        assert "Solved!" in text and "In 2/7" in text, text


async def test_a_server_sets_its_pack(table: Table) -> None:
    table.picker.queue.append("жираф")
    async with table.running():
        unknown = await table.reply(table.alice, "wordle settings",
                                    {"language": "ru", "length": 7})
        assert "There's no ru-7 word pack; the packs are" in unknown.text()
        saved = await table.reply(table.alice, "wordle settings", {"language": "ru"})
        assert "Word pack: **Russian, 5 letters**" in saved.text()
        await table.reply(table.bob, "wordle start")
        won = await table.invoke(table.bob, "guess", {"word": "ЖИРАФ"})
        text = "\n".join(m.text() for m in await won.wait_for_messages(1))
        assert "Solved!" in text and "In 1/6" in text, text


async def test_the_guess_button_takes_a_packs_words(table: Table) -> None:
    """The Guess button's box is sized by the board's pack: 6 letters for English 6, and in
    Spanish room for accents typed apart (N then a combining tilde, U then an acute)."""
    table.picker.queue.extend(["planet", "arbol"])
    async with table.running() as running:
        six = await table.reply(table.bob, "wordle start", {"length": 6})
        await guess_on(table, six, table.bob, "garden")
        assert "6 attempts left" in six.text(), six.text()
        spanish = await table.reply(table.carol, "wordle start", {"language": "es"})
        await guess_on(table, spanish, table.carol, "N\u0303ANDU\u0301")
        assert "5 attempts left" in spanish.text(), spanish.text()
        game = await running.db.active_own_game(table.guild.id, table.general.id,
                                                table.carol.id)
        assert game is not None and game.rows[0].word == "ñandu"


async def test_the_share_grid_is_in_the_players_language(table: Table) -> None:
    table.picker.queue.append("bühne")
    table.guild.locale = "de"  # an own game's board in a channel is public: the server's
    async with table.running():
        await table.reply(table.bob, "wordle start", {"language": "de"}, locale="de")
        await table.reply(table.bob, "hint", {}, locale="de")
        won = await table.invoke(table.bob, "guess", {"word": "bühne"}, locale="de")
        text = "\n".join(m.text() for m in await won.wait_for_messages(1))
        assert "Wordle DE · Übung 1/6\n\n🟩🟩🟩🟩🟩\n💡 1 Tipp genutzt" in text, text
        assert "practice" not in text and "used" not in text


async def test_a_challenge_is_set_in_the_servers_pack(table: Table) -> None:
    table.guild.locale = "ru"
    async with table.running():
        await table.reply(table.alice, "wordle settings", {"language": "ru"})
        set_ = await table.reply(table.bob, "wordle challenge", {"word": "Белый"}, locale="ru")
        assert set_.text().startswith("Вызов брошен. Твоё слово — **БЕЛЫЙ**"), set_.text()
        board = await table.reply(table.carol, "guess", {"word": "белка"}, locale="ru")
        assert "осталось 5 попыток" in board.text(), board.text()
        won = await table.invoke(table.carol, "guess", {"word": "БЕЛЫЙ"}, locale="ru")
        text = "\n".join(m.text() for m in await won.wait_for_messages(1))
        assert "Угадано!" in text and "Wordle RU · вызов" in text, text
