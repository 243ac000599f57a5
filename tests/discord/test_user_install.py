"""Play anywhere through the fake Discord: the app installed to a player's account, used in a DM
with the bot, in a group chat and in a server that has not added the bot. The daily there is
the player's own (their order of words, their time zone), results go to their personal record,
and what needs a server that added the bot is refused clearly."""

from __future__ import annotations

from datetime import timedelta

from bot.cogs.interact import SERVER_ONLY_TEXT
from bot.core.daily import today_puzzle_number
from bot.core.personal import PERSONAL, player_daily_word
from tests.discord.boards import alt, assert_board, fields, note, title
from tests.discord.conftest import SALT, Table
from tests.fakediscord.models import FakeMember, FakeMessage, FakeUser
from tests.support import ANSWERS


def personal_answer(table: Table, user_id: int, number: int | None = None) -> str:
    number = number if number is not None else today_puzzle_number(table.clock(), "UTC")
    return player_daily_word(number, table.words.answers, SALT, user_id)


def a_player_with_a_daily_of_their_own(table: Table, name: str) -> FakeUser:
    """A new player whose daily word today differs from the server's. Ids are fresh snowflakes,
    so by chance one player in len(ANSWERS) would share it, and then a test could not tell which
    of the two dailies it was served."""
    for _ in range(100):
        user = table.fake.add_user(name)
        if personal_answer(table, user.id) != table.daily_answer():
            return user
    raise AssertionError("every new player's daily word was the server's")


async def answer_of(inter) -> FakeMessage:
    return (await inter.wait_for_messages(1))[0]


async def test_a_daily_in_a_dm_from_a_user_install(table: Table) -> None:
    fake = table.fake
    ann = a_player_with_a_daily_of_their_own(table, "ann")
    fake.install_for_user(ann)
    number = today_puzzle_number(table.clock(), "UTC")
    answer = personal_answer(table, ann.id)
    other = next(w for w in ANSWERS if w != answer)
    async with table.running(sync_global=True) as running:
        start = await fake.invoke(None, ann, "wordle start", {"kind": "daily"})
        # a DM: no guild, the user install named in authorizing_integration_owners
        assert start.context == 1 and start.owners.get("1") == str(ann.id)
        assert "guild_id" not in start.payload
        board = await answer_of(start)
        assert board.ephemeral and title(board) == f"Wordle {number:,}"
        assert note(board) == (f"Wordle {number:,}: only you can see this board. "
                               "Press Guess or /guess a 5-letter word.")
        miss = await answer_of(await fake.invoke(None, ann, "guess", {"word": other}))
        assert_board(miss, answer, [other])
        last = await fake.invoke(None, ann, "guess", {"word": answer})
        board, share = await last.wait_for_messages(2)
        assert_board(board, answer, [other, answer])
        assert fields(board)["Share"].startswith(f"Wordle {number:,} 2/6")
        assert share.content.endswith("🟩🟩🟩🟩🟩")
        # no results post anywhere, nothing posted by the bot outside the interaction
        assert fake.requests_to("POST", r"/channels/\d+/messages") == []
        # the result is in ann's personal record, not the server's
        game = await running.db.daily_game(PERSONAL, ann.id, number)
        assert game is not None and game.hidden_word == answer and game.status == "won"
        assert (await running.db.stats(PERSONAL, ann.id, "daily")).wins == 1
        assert (await running.db.stats(table.guild.id, ann.id, "daily")).played == 0

        # statistics in the DM: the personal record, with its picture
        stats = await answer_of(await fake.invoke(None, ann, "wordle stats"))
        assert "Played" in stats.text() or "1" in stats.embed["description"]
        assert [a.filename for a in stats.attachments] == ["stats.png"]
        shown = (await running.service.stats(PERSONAL, ann.id, "daily"))
        assert (shown.played, shown.wins, shown.current_streak) == (1, 1, 1)

        # again today: done, with the grid
        again = await answer_of(await fake.invoke(None, ann, "wordle start", {"kind": "daily"}))
        assert again.ephemeral and f"already played Wordle {number:,}" in again.content


async def test_the_same_daily_in_a_group_chat_and_a_server_without_the_bot(
        table: Table) -> None:
    fake = table.fake
    ann = fake.add_user("ann")
    bob = fake.add_user("bob")
    fake.install_for_user(ann)
    group = fake.add_private_channel(ann, bob)
    stranger = fake.add_guild("Elsewhere", with_bot=False)
    lobby = fake.add_text_channel(stranger, "lobby")
    fake.add_member(stranger, user=ann)
    answer = personal_answer(table, ann.id)
    async with table.running(sync_global=True) as running:
        started = await fake.invoke(group, ann, "wordle start", {"kind": "daily"})
        assert started.context == 2 and started.owners == {"1": str(ann.id)}
        assert (await answer_of(started)).ephemeral
        # the foreign server: the bot is not in it, the daily is still ann's own (begun in
        # the group chat, it comes along)
        elsewhere = await fake.invoke(lobby, ann, "wordle start", {"kind": "daily"})
        assert elsewhere.payload["guild_id"] == str(stranger.id) and elsewhere.user_install_only
        reply = await answer_of(elsewhere)
        number = today_puzzle_number(table.clock(), "UTC")
        assert reply.ephemeral and title(reply) == f"Wordle {number:,}"
        finished = await fake.invoke(lobby, ann, "guess", {"word": answer})
        board, share = await finished.wait_for_messages(2)
        assert board.ephemeral and "🟩🟩🟩🟩🟩" in share.content
        game = await running.db.daily_game(PERSONAL, ann.id, number)
        assert game is not None and game.channel_id == lobby.id
        # own practice games work in the foreign server, answered through the interaction
        table.picker.queue.append("crane")
        own = await answer_of(await fake.invoke(lobby, ann, "wordle start"))
        assert own.channel is lobby and "Your game is on" in (note(own) or "")
        guessed = await answer_of(await fake.invoke(lobby, ann, "guess", {"word": "slate"}))
        assert "SLATE: grey grey green grey green" in alt(guessed)
        assert fake.requests_to("POST", rf"/channels/{lobby.id}/messages") == []


async def test_what_needs_a_server_with_the_bot_is_refused_elsewhere(table: Table) -> None:
    fake = table.fake
    ann = fake.add_user("ann")
    fake.install_for_user(ann)
    stranger = fake.add_guild("Elsewhere", with_bot=False)
    lobby = fake.add_text_channel(stranger, "lobby")
    fake.add_member(stranger, user=ann, permissions={"manage_guild": True})
    async with table.running(sync_global=True) as running:
        for channel in (None, lobby):
            for command, options in [
                ("wordle start", {"who": "channel"}),
                ("wordle challenge", {"word": "crane"}),
                ("wordle leaderboard", {}),
                ("wordle settings", {"timezone": "Asia/Tokyo"}),
                ("wordle stats", {"player": table.bob.user}),
            ]:
                inter = await fake.invoke(channel, ann, command, options)
                refusal = await answer_of(inter)
                assert refusal.ephemeral, (channel, command)
                assert refusal.content == SERVER_ONLY_TEXT, (channel, command, refusal.content)
        # nothing was stored: no game, no settings for "server 0"
        assert await running.db.active_channel_game(PERSONAL, lobby.id) is None
        assert (await running.db.guild_settings(PERSONAL)).timezone == "UTC"
        assert fake.requests_to("POST", r"/channels/\d+/messages") == []
        # where the bot is, channel games work as before
        table.picker.queue.append("crane")
        board = await table.reply(table.bob, "wordle start", {"who": "channel"})
        assert not board.ephemeral and title(board) == "Wordle practice · channel game"


async def test_the_personal_daily_follows_the_players_time_zone_and_never_early(
        table: Table) -> None:
    fake = table.fake
    ann = fake.add_user("ann")
    fake.install_for_user(ann)
    today = today_puzzle_number(table.clock(), "UTC")  # 12:00 UTC
    async with table.running(sync_global=True):
        await answer_of(await fake.invoke(None, ann, "wordle start", {"kind": "daily"}))
        await answer_of(await fake.invoke(None, ann, "guess",
                                          {"word": personal_answer(table, ann.id)}))
        # Etc/GMT-14 is already on tomorrow: the change counts from the end of today
        saved = await answer_of(await fake.invoke(None, ann, "wordle prefs",
                                                  {"timezone": "etc/gmt-14"}))
        assert "**Etc/GMT-14**" in saved.embed["description"]
        midnight = table.clock().replace(hour=0) + timedelta(days=1)
        assert f"<t:{int(midnight.timestamp())}:f>" in saved.embed["description"]
        again = await answer_of(await fake.invoke(None, ann, "wordle start", {"kind": "daily"}))
        assert f"already played Wordle {today:,}" in again.content
        table.clock.advance(hours=12)  # midnight UTC: tomorrow (14:00 of it in Etc/GMT-14)
        nxt = await answer_of(await fake.invoke(None, ann, "wordle start", {"kind": "daily"}))
        assert title(nxt) == f"Wordle {today + 1:,}"
        # the server's daily keeps the server's day (UTC)
        assert table.daily_number() == today + 1


async def test_buttons_and_modal_in_a_server_without_the_bot(table: Table) -> None:
    """The board's buttons work where only the player installed the app: clicks carry the
    user install, every answer goes through the interaction (the bot cannot post in the
    channel), within Discord's follow-up limit; someone else's click is refused privately."""
    fake = table.fake
    ann = fake.add_user("ann")
    bob = fake.add_user("bob")
    fake.install_for_user(ann)
    stranger = fake.add_guild("Elsewhere", with_bot=False)
    lobby = fake.add_text_channel(stranger, "lobby")
    fake.add_member(stranger, user=ann)
    fake.add_member(stranger, user=bob)
    table.picker.queue.append("lemon")
    async with table.running(sync_global=True):
        await answer_of(await fake.invoke(lobby, ann, "wordle prefs", {"high_contrast": True}))
        board = await answer_of(await fake.invoke(lobby, ann, "wordle start"))
        click = await fake.click(board, ann, label="Guess")
        assert click.owners == {"1": str(ann.id)}
        assert (await click.first_response()).type_name == "modal"
        submit = await fake.submit_modal(click, {"word": "melon"})
        assert (await submit.first_response()).type_name == "update_message"
        assert "MELON: blue orange blue orange orange" in alt(board)  # against LEMON
        # bob cannot play ann's game: told privately, the board unchanged
        edits = board.edit_count
        other = await fake.click(board, bob, label="Guess")
        refusal = await other.first_response()
        assert refusal.ephemeral and refusal.type_name == "message"
        assert board.edit_count == edits
        # give up by the buttons: confirm, then the last board, as follow-ups
        ask = await fake.click(board, ann, label="Give up")
        confirm = (await ask.first_response()).message
        assert confirm is not None
        yes = await fake.click(confirm, ann, label="Yes, give up")
        messages = await yes.wait_for_messages(2)
        last = next(m for m in messages if m is not confirm)
        assert fields(last)["Game over"] == "The word was **LEMON**."
        assert all(len(i.followups) <= 5 for i in (click, submit, ask, yes))
        assert yes.rejected_callbacks == []
        assert fake.requests_to("POST", rf"/channels/{lobby.id}/messages") == []


async def test_a_daily_begun_where_the_bot_was_not_is_still_played_once_it_came(
        table: Table) -> None:
    """Ann starts her daily in a server where only she has the app; the server then adds
    the bot, and that channel plays the server's record from then on. Her daily is not
    stranded there (and her streak with it): it comes along to wherever she is outside
    servers, here her DM with the bot."""
    fake = table.fake
    ann = a_player_with_a_daily_of_their_own(table, "ann")
    fake.install_for_user(ann)
    stranger = fake.add_guild("Elsewhere", with_bot=False)
    lobby = fake.add_text_channel(stranger, "lobby")
    fake.add_member(stranger, user=ann)
    answer = personal_answer(table, ann.id)
    miss = next(w for w in ANSWERS if w != answer)
    async with table.running(sync_global=True):
        await answer_of(await fake.invoke(lobby, ann, "wordle start", {"kind": "daily"}))
        await answer_of(await fake.invoke(lobby, ann, "guess", {"word": miss}))
    stranger.has_bot = True  # the server adds the bot
    role = next(r for r in stranger.roles.values() if r.managed)
    stranger.members[fake.bot_user.id] = FakeMember(fake.bot_user, stranger, role_ids=[role.id])
    async with table.running(sync_global=True) as running:
        there = await fake.invoke(lobby, ann, "guess", {"word": answer})
        assert "0" in there.owners  # the server's record now
        assert "no game" in (await answer_of(there)).content.lower()
        resumed = await answer_of(await fake.invoke(None, ann, "wordle start", {"kind": "daily"}))
        assert_board(resumed, answer, [miss])
        won = await fake.invoke(None, ann, "guess", {"word": answer})
        board, _grid = await won.wait_for_messages(2)
        assert_board(board, answer, [miss, answer])
        stats = await running.db.stats(PERSONAL, ann.id, "daily",
                                       today=today_puzzle_number(table.clock(), "UTC"))
        assert (stats.played, stats.wins, stats.current_streak) == (1, 1, 1)
