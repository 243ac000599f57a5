"""The real bot (WordleBot, its cogs, the service and a real SQLite file) driven through the fake
Discord with the real discord.py client: what players see, what stays private, what is refused.
"""

from __future__ import annotations

import logging
import re

import pytest

from bot.app import APOLOGY
from bot.cogs import wordle as wordle_cog
from bot.core.feedback import score
from bot.core.share import squares
from bot.service import PlayerError, Scope
from tests.discord.boards import (
    alt,
    assert_board,
    fields,
    footer,
    is_board,
    lit_bar,
    note,
    result_fields,
    title,
)
from tests.discord.conftest import Table
from tests.fakediscord import FakeChannel, FakeDiscordError, FakeMember
from tests.fakediscord.models import FakeMessage
from tests.support import ANSWERS

EPHEMERAL = 64


def mention(member: FakeMember) -> str:
    return f"<@{member.id}>"


def public_text(table: Table, channel: FakeChannel | None = None) -> str:
    """Everything anyone in the channel can read (no ephemeral messages)."""
    messages = table.fake.channel_messages(channel or table.general)
    return "\n".join(m.text() for m in messages)


async def refused(table: Table, member: FakeMember, command: str, options: dict | None = None,
                  *, channel: FakeChannel | None = None, **kwargs) -> str:
    """Invoke a command the bot must refuse: answered at once, only to the member."""
    inter, resp = await table.ask(member, command, options, channel=channel, **kwargs)
    assert resp.type_name == "message", resp
    assert resp.ephemeral and resp.flags & EPHEMERAL, resp.text()
    assert resp.content and not resp.embeds and not resp.attachments
    assert len(inter.messages) == 1
    return resp.content


# ------------------------------------------------------------------------------ setup


async def test_commands_are_synced_to_the_dev_guild_only(table: Table) -> None:
    async with table.running():
        assert table.fake.command_paths(table.guild) == [
            "guess", "hint", "wordle analyze", "wordle board", "wordle challenge",
            "wordle forgetme", "wordle giveup", "wordle help", "wordle leaderboard",
            "wordle prefs", "wordle race", "wordle settings", "wordle start",
            "wordle stats",
        ]
        assert table.fake.command_paths() == []  # no global sync without the owner's flag
        assert table.fake.sync_count(table.guild) == 1
        with pytest.raises(FakeDiscordError, match="not a registered"):
            await table.fake.invoke(None, table.bob, "guess", {"word": "crane"})  # in a DM


async def test_global_sync_only_with_the_flag(table: Table) -> None:
    async with table.running(sync_global=True):
        assert table.fake.sync_count() == 1
        assert table.fake.commands(table.guild) == []  # not DEV_GUILD_ID's copy too (twice)
        assert "wordle start" in table.fake.command_paths()
        # installable to servers and players, offered in DMs too (the player's own record)
        start = next(c for c in table.fake.commands() if c["name"] == "wordle")
        assert sorted(start["integration_types"]) == [0, 1]
        assert sorted(start["contexts"]) == [0, 1, 2]
        inter = await table.fake.invoke(None, table.bob, "wordle help", {})
        assert (await inter.first_response()).ephemeral


# ------------------------------------------------------------------------------ channel game


async def test_channel_game_with_three_players(table: Table) -> None:
    answer = "crane"
    table.picker.queue.append(answer)
    async with table.running():
        inter, resp = await table.ask(table.bob, "wordle start", {"who": "channel"})
        assert resp.type_name == "message" and not resp.ephemeral
        start = await inter.wait_for_original()
        assert note(start) == f"{mention(table.bob)} started a channel game! " \
                                "Everyone here can press Guess or /guess."
        assert title(start) == "Wordle practice · channel game"
        assert footer(start) == "Everyone here can /guess · 6 attempts left"
        assert_board(start, answer, [])

        played: list[str] = []
        for member, word in [(table.bob, "slate"), (table.carol, "trace")]:
            message = await table.reply(member, "guess", {"word": word.upper()})
            played.append(word)
            assert not message.ephemeral
            assert note(message) == (f"{mention(member)} guessed **{word.upper()}** "
                                       f"({len(played)}/6)")
            assert_board(message, answer, played)
        # the picture's description says the rows in words: SLATE and TRACE against CRANE
        assert "SLATE: grey grey green grey green" in alt(message)
        assert "TRACE: grey green green yellow green" in alt(message)

        # someone else's turn in the same game: the answer is still nowhere in the channel
        assert "CRANE" not in public_text(table).upper()
        won = await table.reply(table.dave, "guess", {"word": " crane "})
        played.append(answer)
        assert not won.ephemeral
        assert note(won) == f"🎉 {mention(table.dave)} solved it!"
        assert_board(won, answer, played)
        fields_ = fields(won)
        assert fields_["Solved!"] == f"In 3/6 by {mention(table.dave)}"
        assert fields_["Share"].splitlines() == [
            "Wordle practice 3/6", "", "⬛⬛🟩⬛🟩", "⬛🟩🟩🟨🟩", "🟩🟩🟩🟩🟩"]
        assert "Played 1" in fields_["Statistics"]
        assert footer(won) == "Game over · 3/6"

        # the database agrees: one finished channel game, a row per player
        game = await table.service.db.last_finished_game(table.guild.id, table.general.id,
                                                         table.dave.id)
        assert game is not None and game.status == "won" and game.scope == Scope.CHANNEL
        assert [(g.player_id, g.word) for g in game.guesses] == [
            (table.bob.id, "slate"), (table.carol.id, "trace"), (table.dave.id, "crane")]
        assert game.solved_by == table.dave.id

        # it is over: a guess now finds no game, and says so only to the player
        text = await refused(table, table.bob, "guess", {"word": "slate"})
        assert "no game" in text.lower() and "/wordle start" in text
        # every public message is the bot's answer to a command (no stray posts)
        assert [m.via for m in table.fake.channel_messages(table.general)] == ["response"] * 4


async def test_board_and_give_up_of_an_own_game(table: Table) -> None:
    table.picker.queue.append("lemon")
    async with table.running():
        text = await refused(table, table.bob, "wordle board")
        assert text == "There's no game here for you. Start one with /wordle start."
        started = await table.reply(table.bob, "wordle start")
        assert note(started) == "Your game is on: press Guess or /guess a 5-letter word."
        assert title(started) == "Wordle practice"
        await table.reply(table.bob, "guess", {"word": "melon"})
        board = await table.reply(table.bob, "wordle board")
        assert_board(board, "lemon", ["melon"])
        # starting again hands back the running game
        again = await table.reply(table.bob, "wordle start")
        assert note(again) == ("You already have this game going here; carry on: press Guess "
                               "or /guess.")
        assert_board(again, "lemon", ["melon"])
        # asking for hard mode does not change the running game, and says so
        again = await table.reply(table.bob, "wordle start", {"hard": True})
        assert note(again).endswith("It is not in hard mode: that is chosen when a game starts.")
        # carol has no game here: bob's game is not hers to give up
        text = await refused(table, table.carol, "wordle giveup")
        assert "no game" in text.lower()
        over = await table.reply(table.bob, "wordle giveup")
        fields_ = fields(over)
        assert fields_["Game over"] == "The word was **LEMON**."
        assert fields_["Share"].startswith("Wordle practice X/6")
        game = await table.service.db.last_finished_game(table.guild.id, table.general.id,
                                                         table.bob.id)
        assert game.status == "given_up" and len(game.guesses) == 1


# ------------------------------------------------------------------------------ daily


async def test_daily_by_two_players_with_the_results_post(table: Table) -> None:
    answer = table.daily_answer()
    number = table.daily_number()
    others = [w for w in ANSWERS if w != answer]
    async with table.running():
        saved = await table.reply(table.alice, "wordle settings",
                                  {"results_channel": table.results})
        assert saved.ephemeral and saved.embed["title"] == "Settings saved"
        assert f"<#{table.results.id}>" in saved.embed["description"]

        async def play_daily(member: FakeMember, guesses: list[str]) -> FakeMessage:
            start = await table.reply(member, "wordle start", {"kind": "daily"})
            assert start.ephemeral and start.flags & EPHEMERAL
            assert note(start) == (f"Wordle {number:,}: only you can see this board. "
                                   "Press Guess or /guess a 5-letter word.")
            assert title(start) == f"Wordle {number:,}"
            for i, word in enumerate(guesses, start=1):
                inter, resp = await table.ask(member, "guess", {"word": word})
                assert resp.ephemeral, f"{member.name}'s daily board was shown to everyone"
                if i < len(guesses):
                    assert_board(resp.message, answer, guesses[:i])
            board, share = await inter.wait_for_messages(2)
            assert board.ephemeral and not share.ephemeral
            assert_board(board, answer, guesses)
            return share

        # bob solves it in 2; his grid goes to the channel, without letters
        share = await play_daily(table.bob, [others[0], answer])
        grid = share_grid(others[0], answer)
        assert share.content == (f"{mention(table.bob)} finished:\n"
                                 f"Wordle {number:,} 2/6\n\n{grid}")
        assert share.channel is table.general and not share.embeds and not share.attachments

        post = await wait_for_results_post(table, number)
        assert post.channel is table.results and post.via == "channel"
        assert post.content.splitlines()[0] == f"**Wordle {number:,} results**"
        assert f"👑 2/6: {mention(table.bob)}" in post.content

        # carol solves it in 3: the same post is edited, not a second one
        await play_daily(table.carol, [others[1], others[2], answer])
        await table.fake.wait_for(lambda: post.edit_count == 1, what="the results post edit")
        assert [m.id for m in table.fake.channel_messages(table.results)] == [post.id]
        lines = post.content.splitlines()
        assert f"👑 2/6: {mention(table.bob)}" in lines
        assert f"3/6: {mention(table.carol)}" in lines
        assert "Server streak" in post.content

        # dave gives up: X/6, edited once more
        await table.reply(table.dave, "wordle start", {"kind": "daily"})
        await table.reply(table.dave, "guess", {"word": others[3]})
        # asking for a practice game while the daily runs here hands back the daily: privately
        resumed = await table.reply(table.dave, "wordle start")
        assert resumed.ephemeral and note(resumed).startswith("You already have another game")
        assert_board(resumed, answer, [others[3]])
        out = await table.invoke(table.dave, "wordle giveup")
        over, dave_share = await out.wait_for_messages(2)
        assert over.ephemeral and not dave_share.ephemeral
        assert dave_share.content.splitlines()[1] == f"Wordle {number:,} X/6"
        assert dave_share.content.endswith(squares(score(others[3], answer)))
        await table.fake.wait_for(lambda: post.edit_count == 2, what="the second edit")
        assert f"X/6: {mention(table.dave)}" in post.content.splitlines()
        assert len(table.fake.channel_messages(table.results)) == 1

        # nobody could read the word, or any guess, in the channel
        everything = public_text(table) + public_text(table, table.results)
        for word in [answer, *others[:4]]:
            assert word.upper() not in everything.upper().replace(" ", "")
        assert "`" not in everything

        # a finished daily cannot be played again; the refusal is private
        text = await refused(table, table.bob, "wordle start", {"kind": "daily"})
        assert text.startswith(f"You've already played Wordle {number:,} today.")
        # and nobody can start a daily for the whole channel
        text = await refused(table, table.carol, "wordle start",
                             {"kind": "daily", "who": "channel"})
        assert "played on your own" in text

        # statistics and the leaderboard know about it
        stats = await table.reply(table.carol, "wordle stats")
        assert stats.embed["title"] == "Daily statistics · English, 5 letters"
        assert "Played 1 · Win % 100" in stats.embed["description"]
        # the picture beside the text: carol's latest game (the daily, won in 3) is lit
        assert stats.embed["image"]["url"] == "attachment://stats.png"
        assert lit_bar(stats.attachment("stats.png").image(), (0, 0, 1, 0, 0, 0)) == 3
        assert "3 🟩🟩🟩🟩🟩🟩🟩🟩🟩🟩 1" in stats.embed["description"]
        theirs = await table.reply(table.carol, "wordle stats", {"player": table.dave})
        assert theirs.embed["description"].startswith(mention(table.dave))
        assert "Played 1 · Win % 0" in theirs.embed["description"]
        board = await table.reply(table.bob, "wordle leaderboard")
        assert board.embed["title"] == "Leaderboard · daily · English, 5 letters · by wins"
        assert mention(table.bob) in board.embed["description"]
        assert mention(table.carol) in board.embed["description"]


def share_grid(*words_then_answer: str) -> str:
    *words, answer = words_then_answer
    return "\n".join(squares(score(w, answer)) for w in [*words, answer])


async def wait_for_results_post(table: Table, number: int,
                                channel: FakeChannel | None = None) -> FakeMessage:
    channel = channel or table.results

    def posts() -> list[FakeMessage]:
        return [m for m in table.fake.channel_messages(channel)
                if m.via == "channel" and "results" in m.content]

    await table.fake.wait_for(lambda: posts(), what=f"the Wordle {number} results post")
    found = posts()
    assert len(found) == 1
    return found[0]


async def test_daily_results_post_in_the_playing_channel_by_default(table: Table) -> None:
    answer = table.daily_answer()
    async with table.running():
        await table.reply(table.bob, "wordle start", {"kind": "daily"})
        inter = await table.invoke(table.bob, "guess", {"word": answer})
        board, share = await inter.wait_for_messages(2)
        assert board.ephemeral and share.content.endswith("🟩🟩🟩🟩🟩")
        post = await wait_for_results_post(table, table.daily_number(), table.general)
        assert f"👑 1/6: {mention(table.bob)}" in post.content


async def test_finishes_in_other_channels_edit_the_one_results_post(table: Table) -> None:
    other = table.fake.add_text_channel(table.guild, "other")
    answer = table.daily_answer()
    async with table.running():
        for member, channel in ((table.bob, table.general), (table.carol, other),
                                (table.dave, table.general)):
            await table.reply(member, "wordle start", {"kind": "daily"}, channel=channel)
            inter = await table.invoke(member, "guess", {"word": answer}, channel=channel)
            await inter.wait_for_messages(2)
            await table.fake.settle(quiet=0.1)
        post = await wait_for_results_post(table, table.daily_number(), table.general)
        for member in (table.bob, table.carol, table.dave):
            assert mention(member) in post.content
        assert post.edit_count == 2
        assert [m for m in table.fake.channel_messages(other) if m.via == "channel"] == []


async def test_two_players_finishing_the_daily_at_once_share_one_results_post(
        table: Table) -> None:
    answer = table.daily_answer()
    async with table.running():
        for member in (table.bob, table.carol, table.dave):
            await table.reply(member, "wordle start", {"kind": "daily"})
        # all three winning guesses in flight together
        inters = [await table.invoke(m, "guess", {"word": answer})
                  for m in (table.bob, table.carol, table.dave)]
        for inter in inters:
            await inter.wait_for_messages(2)
        await table.fake.settle(quiet=0.1)
        posts = [m for m in table.fake.channel_messages(table.general) if m.via == "channel"]
        assert len(posts) == 1
        for member in (table.bob, table.carol, table.dave):
            assert mention(member) in posts[0].content
        assert posts[0].content.count("1/6") == 1  # one line: everyone solved it in one


async def test_results_post_without_permission_does_not_spoil_the_finish(
        table: Table, caplog: pytest.LogCaptureFixture) -> None:
    answer = table.daily_answer()
    async with table.running():
        await table.reply(table.alice, "wordle settings", {"results_channel": table.results})
        # later someone takes the bot's right to post there away
        table.fake.set_overwrite(table.results, table.fake.bot_member(table.guild),
                                 deny={"send_messages": True})
        await table.reply(table.bob, "wordle start", {"kind": "daily"})
        inter = await table.invoke(table.bob, "guess", {"word": answer})
        board, share = await inter.wait_for_messages(2)
        assert board.ephemeral and not share.ephemeral
        await table.fake.wait_for(
            lambda: any("results post" in r.getMessage() for r in caplog.records),
            what="the warning about the results post")
        assert table.fake.channel_messages(table.results) == []
        warning = next(r for r in caplog.records if "results post" in r.getMessage())
        assert warning.levelno == logging.WARNING and str(table.guild.id) in warning.getMessage()
        # the bot carries on
        stats = await table.reply(table.bob, "wordle stats", {"player": table.bob})
        assert "Played 1" in stats.embed["description"]


# ------------------------------------------------------------------------------ challenge


async def test_challenge_word_is_only_shown_to_the_setter(
        table: Table, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)  # even at DEBUG, the running game's word is not logged
    async with table.running():
        # a word that is not in the list is refused, privately, and not echoed in public
        text = await refused(table, table.alice, "wordle challenge", {"word": "qwxyz"})
        assert "QWXYZ is not in the word list." in text
        assert table.fake.channel_messages(table.general) == []

        inter, resp = await table.ask(table.alice, "wordle challenge", {"word": "Spine"})
        assert resp.ephemeral and resp.content == (
            "Challenge set. Your word is **SPINE**: only you can see this.")
        secret, board = await inter.wait_for_messages(2)
        assert secret is resp.message and not board.ephemeral
        assert note(board) == (f"{mention(table.alice)} set a challenge! "
                                 "Everyone else here can guess the word.")
        assert title(board) == "Wordle challenge · channel game"
        assert footer(board).startswith("Challenge · everyone but the setter")
        assert_board(board, "spine", [])
        assert "SPINE" not in public_text(table).upper()

        # the setter may not guess it; nothing changes
        text = await refused(table, table.alice, "guess", {"word": "spine"})
        assert text == "You chose this word, so you can't guess it. Watch the others!"
        view = await table.service.board(table.place(), table.bob.id)
        assert view.rows == () and view.status == "active"
        # a second challenge while this one runs is refused
        text = await refused(table, table.carol, "wordle challenge", {"word": "melon"})
        assert "already has a game" in text

        await table.reply(table.bob, "guess", {"word": "spite"})
        assert "SPINE" not in public_text(table).upper()
        assert caplog.records and "spine" not in caplog.text.lower()
        won = await table.reply(table.carol, "guess", {"word": "spine"})
        assert note(won) == f"🎉 {mention(table.carol)} solved it!"
        assert_board(won, "spine", ["spite", "spine"])


# ------------------------------------------------------------------------------ hints


async def test_hints_letter_position_word_and_refusals(table: Table) -> None:
    table.picker.queue.extend(["lemon", "speed"])
    async with table.running():
        await table.reply(table.bob, "wordle start")
        await table.reply(table.bob, "guess", {"word": "slate"})  # L and E yellow

        letter = await table.reply(table.bob, "hint", {"kind": "letter"})
        text = letter.embed["description"]
        found = re.fullmatch(r"The hidden word contains the letter ([A-Z])\.", text)
        assert found and found.group(1).lower() in "mon"  # a letter not on the board yet

        position = await table.reply(table.bob, "hint", {"kind": "position"})
        found = re.fullmatch(r"Letter (\d) of the hidden word is ([A-Z])\.",
                             position.embed["description"])
        assert found and "lemon"[int(found.group(1)) - 1] == found.group(2).lower()

        word = await table.reply(table.bob, "hint", {"kind": "word"})
        found = re.fullmatch(r"Try ([A-Z]{5}): (\d+) possible words? fits? what you know so far\.",
                             word.embed["description"])
        assert found, word.embed["description"]
        suggestion = found.group(1).lower()
        assert suggestion in table.words.allowed and int(found.group(2)) >= 1

        game = await table.service.board(table.place(), table.bob.id)
        hints = await table.service.db.hints_for_game(game.id)
        assert [h.kind for h in hints] == ["letter", "position", "word"]
        assert len(game.rows) == 1  # hints cost no attempt

        # the share grid says hints were used
        over = await table.reply(table.bob, "guess", {"word": "lemon"})
        share = fields(over)["Share"]
        assert share.endswith("💡 3 hints used")

        # no game, no hint
        text = await refused(table, table.carol, "hint")
        assert "no game" in text.lower()

        # hints in channel games are a server setting
        await table.reply(table.carol, "wordle start", {"who": "channel"})
        await table.reply(table.alice, "wordle settings", {"hints_in_channel_games": False})
        for kind in ("letter", "word"):
            text = await refused(table, table.carol, "hint", {"kind": kind})
            assert text == "Hints are turned off for channel games on this server."
        channel_game = await table.service.board(table.place(), table.carol.id)
        assert await table.service.db.hints_for_game(channel_game.id) == []

        # a daily's hint is private like its board (hints on dailies are a server setting);
        # only what is posted from here on counts (an earlier hint may name the daily's word
        # by chance, as a suggestion for another game)
        public_before = len(table.fake.channel_messages(table.general))
        await table.reply(table.dave, "wordle start", {"kind": "daily"})
        text = await refused(table, table.dave, "hint", {"kind": "position"})
        assert text.startswith("Hints are turned off for the daily here")
        saved = await table.reply(table.alice, "wordle settings", {"hints_in_dailies": True})
        assert "Hints in dailies: **on**" in saved.embed["description"]
        hint = await table.reply(table.dave, "hint", {"kind": "position"})
        assert hint.ephemeral
        answer = table.daily_answer()
        found = re.fullmatch(r"Letter (\d) of the hidden word is ([A-Z])\.",
                             hint.embed["description"])
        assert found and answer[int(found.group(1)) - 1] == found.group(2).lower()
        deep = await table.reply(table.dave, "hint", {"kind": "word"})
        assert deep.ephemeral and deep.embed["description"].startswith("Try ")
        posted = table.fake.channel_messages(table.general)[public_before:]
        assert answer.upper() not in "\n".join(m.text() for m in posted).upper()


# ------------------------------------------------------------------------------ bad input


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        ("", "Type a 5-letter word."),
        ("x" * 1000, "A word must have 5 letters"),
        ("🍎🍎🍎🍎🍎", "Use only the letters A to Z"),
        ("'); DROP TABLE games;--", "Use only the letters A to Z"),
        ("zzzzz", "ZZZZZ is not in the word list."),
        ("crän", "Use only the letters A to Z"),
        ("sl\u200bate", "invisible character"),
    ],
)
async def test_invalid_guesses_are_refused_privately_and_change_nothing(
        table: Table, raw: str, reason: str) -> None:
    table.picker.queue.append("crane")
    async with table.running():
        await table.reply(table.bob, "wordle start", {"who": "channel"})
        await table.reply(table.bob, "guess", {"word": "slate"})
        before = await table.service.board(table.place(), table.bob.id)
        public_before = len(table.fake.channel_messages(table.general))

        text = await refused(table, table.carol, "guess", {"word": raw})
        assert reason in text
        assert len(text) < 300  # a 1000-character guess is not echoed back whole

        after = await table.service.board(table.place(), table.bob.id)
        assert after == before and len(after.rows) == 1
        assert len(table.fake.channel_messages(table.general)) == public_before
        # the game goes on
        message = await table.reply(table.carol, "guess", {"word": "trace"})
        assert note(message).endswith("(2/6)")


async def test_bad_input_to_other_commands(table: Table) -> None:
    async with table.running():
        for raw, reason in [
            ("", "Type a 5-letter word"),
            ("x" * 1000, "A word must have 5 letters"),
            ("🍎", "Use only the letters A to Z"),
            ("'); DROP TABLE games;--", "Use only the letters A to Z"),
        ]:
            text = await refused(table, table.alice, "wordle challenge", {"word": raw})
            assert text.startswith(reason) and len(text) < 300
        for timezone in ["'); DROP TABLE guild_settings;--", "Mars/Olympus", "x" * 3000]:
            text = await refused(table, table.alice, "wordle settings", {"timezone": timezone})
            assert "time zone" in text and "Europe/Paris" in text and len(text) < 300
        settings = await table.service.settings(table.guild.id)
        assert settings.timezone == "UTC"
        assert table.fake.channel_messages(table.general) == []


async def test_hard_mode_breach_is_refused_with_the_reason(table: Table) -> None:
    table.picker.queue.append("crane")
    async with table.running():
        started = await table.reply(table.bob, "wordle start", {"hard": True})
        assert title(started) == "Wordle practice · hard mode"
        await table.reply(table.bob, "guess", {"word": "slate"})  # A and E are green
        text = await refused(table, table.bob, "guess", {"word": "lemon"})
        assert text == "Hard mode: the 3rd letter must be A."
        view = await table.service.board(table.place(), table.bob.id)
        assert [r.word for r in view.rows] == ["slate"]
        ok = await table.reply(table.bob, "guess", {"word": "crane"})
        assert "Solved!" in fields(ok)


async def test_cooldown_is_answered_privately(table: Table) -> None:
    table.picker.queue.append("crane")
    async with table.running():
        await table.reply(table.bob, "wordle start")
        for _ in range(5):  # five guesses in ten seconds are fine (invalid ones count too)
            await refused(table, table.bob, "guess", {"word": "zzzzz"})
        text = await refused(table, table.bob, "guess", {"word": "slate"})
        assert re.fullmatch(r"Slow down a little: try again in \d+ s\.", text)
        view = await table.service.board(table.place(), table.bob.id)
        assert view.rows == ()
        # it is per player: carol is not slowed down by bob
        await table.reply(table.carol, "wordle start")
        message = await table.reply(table.carol, "guess", {"word": "slate"})
        assert note(message) is None and is_board(message)


async def test_analyses_have_a_cooldown_of_their_own(table: Table) -> None:
    # Each analysis is a solver search per guess: two in 30 s, then a private "slow down".
    table.picker.queue.append("crane")
    async with table.running():
        await table.reply(table.bob, "wordle start")
        await table.reply(table.bob, "guess", {"word": "crane"})
        for _ in range(2):
            analysis = await table.reply(table.bob, "wordle analyze")
            assert analysis.embed is not None
        text = await refused(table, table.bob, "wordle analyze")
        assert re.fullmatch(r"Slow down a little: try again in \d+ s\.", text)
        assert (await table.reply(table.carol, "wordle start")).components_v2  # per player


async def test_leaderboards_have_a_cooldown_of_their_own(table: Table) -> None:
    # Each board ranks every player of the server: three in 10 s, then a private "slow down".
    async with table.running():
        for _ in range(3):
            board = await table.reply(table.bob, "wordle leaderboard")
            assert board.embed is not None
        text = await refused(table, table.bob, "wordle leaderboard", {"by": "average"})
        assert re.fullmatch(r"Slow down a little: try again in \d+ s\.", text)
        assert (await table.reply(table.carol, "wordle leaderboard")).embed is not None


# ------------------------------------------------------------------------------ permissions


async def test_settings_need_manage_server(table: Table) -> None:
    async with table.running():
        text = await refused(table, table.dave, "wordle settings",
                             {"timezone": "Europe/Paris", "hints_in_channel_games": False})
        assert text == ("Only members with the Manage Server permission can see or change the "
                        "server settings.")
        settings = await table.service.settings(table.guild.id)
        assert settings.timezone == "UTC" and settings.hints_in_channel_games

        saved = await table.reply(table.alice, "wordle settings",
                                  {"timezone": "Europe/Paris", "hints_in_channel_games": False})
        assert saved.ephemeral and saved.embed["title"] == "Settings saved"
        assert "Time zone: **Europe/Paris**" in saved.embed["description"]
        assert "Hints in channel games: **off**" in saved.embed["description"]
        settings = await table.service.settings(table.guild.id)
        assert settings.timezone == "Europe/Paris" and not settings.hints_in_channel_games

        # a results channel the bot cannot post in is refused (at once, not every day)
        quiet = table.fake.add_text_channel(table.guild, "quiet")
        table.fake.set_overwrite(quiet, table.fake.bot_member(table.guild),
                                 deny={"send_messages": True})
        text = await refused(table, table.alice, "wordle settings", {"results_channel": quiet})
        assert text == (f"I can't post in <#{quiet.id}>: give me the View Channel and "
                         "Send Messages permissions there first.")
        assert (await table.service.settings(table.guild.id)).results_channel_id is None

        shown = await table.reply(table.alice, "wordle settings")
        assert shown.ephemeral and shown.embed["title"] == "Settings"
        # the server owner has every permission
        owner = table.guild.members[table.guild.owner_id]
        await table.reply(owner, "wordle settings", {"hints_in_channel_games": True})
        assert (await table.service.settings(table.guild.id)).hints_in_channel_games
        assert table.fake.channel_messages(table.general) == []


async def test_channel_game_give_up_only_by_its_players(table: Table) -> None:
    table.picker.queue.append("crane")
    async with table.running():
        await table.reply(table.bob, "wordle start", {"who": "channel"})
        await table.reply(table.bob, "guess", {"word": "slate"})
        text = await refused(table, table.dave, "wordle giveup")
        assert text == ("Only players who have guessed in this game, or who set its word, can "
                        "give it up.")
        assert (await table.service.board(table.place(), table.dave.id)).status == "active"
        over = await table.reply(table.bob, "wordle giveup")
        assert note(over) == f"{mention(table.bob)} gave up."
        assert not over.ephemeral


async def test_challenge_setter_gives_up_and_the_guessers_statistics_show(table: Table) -> None:
    async with table.running():
        await table.reply(table.alice, "wordle challenge", {"word": "lemon"})
        await table.reply(table.bob, "guess", {"word": "melon"})
        over = await table.reply(table.alice, "wordle giveup")
        stats = [v for n, v in result_fields(over) if n == "Statistics"]
        # The game counts for Bob, who guessed; the setter's "Played 0" is not shown.
        assert len(stats) == 1 and stats[0].startswith(mention(table.bob))
        assert "Played 1" in stats[0]


# ------------------------------------------------------------------------------ failures


async def test_unexpected_error_apologises_logs_and_keeps_serving(
        table: Table, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    caplog.set_level(logging.DEBUG)
    table.picker.queue.append("those")
    async with table.running() as run:
        await table.reply(table.bob, "wordle start", {"who": "channel"})
        await table.reply(table.bob, "guess", {"word": "slate"})

        async def broken(*args, **kwargs):
            raise RuntimeError("database is on fire")

        monkeypatch.setattr(run.db, "record_guess", broken)
        text = await refused(table, table.carol, "guess", {"word": "crane"})
        assert text == APOLOGY
        monkeypatch.undo()

        errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
        assert len(errors) == 1
        record = errors[0]
        assert record.name == "bot.cogs.interact" and record.exc_info[0] is RuntimeError
        message = record.getMessage()
        assert "/guess" in message and str(table.guild.id) in message
        assert str(table.general.id) in message and str(table.carol.id) in message

        # nothing changed, and the bot keeps serving
        view = await table.service.board(table.place(), table.carol.id)
        assert [r.word for r in view.rows] == ["slate"]
        message = await table.reply(table.carol, "guess", {"word": "crane"})
        assert note(message).endswith("(2/6)")

        logged = caplog.text + "\n".join(str(r.args) for r in caplog.records)
        assert table.fake.token not in logged
        assert "those" not in logged.lower()  # the hidden word, not guessed yet


# ------------------------------------------------------------------------------ restart


async def test_restart_in_the_middle_of_a_game(table: Table) -> None:
    table.picker.queue.append("lemon")
    answer = table.daily_answer()
    other = next(w for w in ANSWERS if w != answer)
    async with table.running() as first:
        await table.reply(table.bob, "wordle start", {"who": "channel"})
        await table.reply(table.bob, "guess", {"word": "slate"})
        await table.reply(table.carol, "guess", {"word": "melon"})
        # bob's daily is finished before the restart, carol's after: one results post
        await table.reply(table.bob, "wordle start", {"kind": "daily"}, channel=table.results)
        await table.reply(table.bob, "guess", {"word": answer}, channel=table.results)
        post = await wait_for_results_post(table, table.daily_number())
        await table.reply(table.carol, "wordle start", {"kind": "daily"},
                          channel=table.results)
        await table.reply(table.carol, "guess", {"word": other}, channel=table.results)
    assert first.bot.is_closed() and first.db.closed
    assert table.fake.identify_count == 1

    async with table.running() as second:
        assert second.bot is not first.bot and second.service is not first.service
        assert table.fake.identify_count == 2 and table.fake.sync_count(table.guild) == 2
        board = await table.reply(table.dave, "wordle board")
        assert_board(board, "lemon", ["slate", "melon"])
        won = await table.reply(table.dave, "guess", {"word": "lemon"})
        assert note(won) == f"🎉 {mention(table.dave)} solved it!"
        assert_board(won, "lemon", ["slate", "melon", "lemon"])

        inter = await table.invoke(table.carol, "guess", {"word": answer},
                                   channel=table.results)
        await inter.wait_for_messages(2)
        await table.fake.wait_for(lambda: post.edit_count == 1, what="the results post edit")
        assert mention(table.carol) in post.content and mention(table.bob) in post.content
        assert len([m for m in table.fake.channel_messages(table.results)
                    if m.via == "channel"]) == 1


# ------------------------------------------------------------------------------ the rest


async def test_analyse_and_forget_me(table: Table) -> None:
    table.picker.queue.append("crane")
    async with table.running():
        text = await refused(table, table.bob, "wordle analyze")
        assert text == "You have no finished game in this channel to analyze yet."
        await table.reply(table.bob, "wordle start")
        await table.reply(table.bob, "guess", {"word": "slate"})
        await table.reply(table.bob, "guess", {"word": "crane"})
        inter, resp = await table.ask(table.bob, "wordle analyze")
        assert resp.ephemeral
        analysis = (await inter.wait_for_messages(1))[0]
        assert analysis.ephemeral and analysis.embed["title"] == "Analysis · Wordle practice"
        assert "SLATE" in analysis.embed["description"]

        inter, resp = await table.ask(table.bob, "wordle forgetme")
        assert resp.ephemeral and resp.message.button_labels() == ["Yes, forget me", "Cancel"]
        click = await table.fake.click(resp.message, table.bob, label="Yes, forget me")
        done = await click.first_response()
        assert done.type_name == "update_message"
        assert re.fullmatch(r"Done: \d+ records about you were removed from this bot\. Kept: .*",
                            resp.message.content)
        assert "its key is in the same database" in resp.message.content
        assert resp.message.buttons() == []
        stats = await table.service.stats(table.guild.id, table.bob.id, "practice")
        assert stats.played == 0


async def test_forget_me_buttons_answer_after_a_restart_and_time_out_cleanly(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    table.picker.queue.extend(["crane", "lemon"])
    async with table.running():
        await table.reply(table.bob, "wordle start")
        await table.reply(table.bob, "guess", {"word": "slate"})
        _, asked = await table.ask(table.bob, "wordle forgetme")
        monkeypatch.setattr(wordle_cog, "FORGET_ANSWERED_WITHIN", -1)  # answered too late
        _, late = await table.ask(table.bob, "wordle forgetme")
    async with table.running():  # a new bot process: the buttons still answer
        click = await table.fake.click(late.message, table.bob, label="Yes, forget me")
        assert (await click.first_response()).type_name == "update_message"
        assert late.message.content.startswith("That question timed out, so nothing was "
                                               "deleted.")
        assert late.message.buttons() == []
        assert (await table.service.board(table.place(), table.bob.id)).rows  # still there
        click = await table.fake.click(asked.message, table.bob, label="Yes, forget me")
        assert (await click.first_response()).type_name == "update_message"
        assert asked.message.content.startswith("Done: ")
        with pytest.raises(PlayerError):
            await table.service.board(table.place(), table.bob.id)


async def test_failing_forget_me_button_apologises(table: Table,
                                                   monkeypatch: pytest.MonkeyPatch,
                                                   caplog: pytest.LogCaptureFixture) -> None:
    async with table.running() as run:
        _, resp = await table.ask(table.bob, "wordle forgetme")

        async def broken(player_id: int):
            raise RuntimeError("disk full")

        monkeypatch.setattr(run.service, "forget_me", broken)
        click = await table.fake.click(resp.message, table.bob, label="Yes, forget me")
        answer = await click.first_response()
        assert answer.ephemeral and answer.content == APOLOGY
        assert any(r.levelno == logging.ERROR and r.exc_info for r in caplog.records)
        cancel = await table.fake.click(resp.message, table.bob, label="Cancel")
        await cancel.first_response()
        assert resp.message.content == "Nothing was deleted."


async def test_a_daily_started_again_is_the_same_daily_whatever_the_mode_asked(
        table: Table) -> None:
    # The daily in hard mode, started again without it: the same game, never "another game"
    # (whose advice, to give it up, would lose the day's daily).
    async with table.running():
        await table.reply(table.bob, "wordle start", {"kind": "daily", "hard": True})
        again = await table.reply(table.bob, "wordle start", {"kind": "daily"})
        assert note(again) == ("You already have this game going here; carry on: press Guess "
                               "or /guess. It is in hard mode, as it started.")


async def test_an_answer_too_late_for_discord_is_one_warning(table: Table, caplog) -> None:
    # Discord no longer knows the interaction (404, code 10062): expected now and then on a
    # busy or slow moment; one warning line, no traceback, no attempt to apologise.
    caplog.set_level(logging.INFO)
    table.fake.callback_deadline = 0.0  # every answer arrives too late
    async with table.running():
        late = await table.invoke(table.bob, "wordle help")
        await table.fake.wait_for(
            lambda: any("too late" in r.getMessage() for r in caplog.records),
            what="the warning")
        await table.fake.settle(quiet=0.1)
        assert late.rejected_callbacks and not late.responses
    ours = [r for r in caplog.records if r.name.startswith("bot")]
    assert [r.levelname for r in ours if r.levelno >= logging.WARNING] == ["WARNING"]
    assert all(r.exc_info is None for r in ours)


async def test_a_start_and_a_game_log_nothing_at_info(table: Table, caplog,
                                                      monkeypatch) -> None:
    # An operator's log at the default level is for what needs a look: not one line per game
    # started, nor a warning at every start about voice, which the bot does not use.
    import discord

    caplog.set_level(logging.INFO)
    # discord.py warns once per process: as if this were the first client of the process
    monkeypatch.setattr(discord.VoiceClient, "warn_nacl", True)
    monkeypatch.setattr(discord.VoiceClient, "warn_dave", True)
    table.picker.queue.append("crane")
    async with table.running():
        await table.reply(table.bob, "wordle start")
        await table.reply(table.bob, "guess", {"word": "crane"})
    lines = [r.getMessage() for r in caplog.records if r.levelno >= logging.INFO]
    assert not [line for line in lines if "started:" in line or "voice" in line], lines
