"""Proves the fake Discord harness with a tiny throwaway discord.py bot (not the real cogs)."""

from __future__ import annotations

import asyncio
import io
from dataclasses import dataclass

import discord
import pytest
from discord import app_commands
from discord.http import Route
from PIL import Image

from tests.fakediscord import (
    CommandNotAvailable,
    FakeChannel,
    FakeDiscord,
    FakeDiscordError,
    FakeGuild,
    FakeMember,
    InvalidCommandInput,
)


def _png(width: int = 7, height: int = 3) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (width, height), (10, 200, 30)).save(buf, format="PNG")
    return buf.getvalue()


BOARD_PNG = _png()


class GiveUpView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=60)

    @discord.ui.button(label="Give up", custom_id="toy:give_up", style=discord.ButtonStyle.danger)
    async def give_up(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.edit_message(
            content=f"{interaction.user.name} gave up", view=None
        )


class NameModal(discord.ui.Modal, title="Your name"):
    name = discord.ui.TextInput(label="Name", custom_id="toy:name")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"hello {self.name.value}", ephemeral=True)


def make_bot(guild_id: int) -> discord.Client:
    """A throwaway bot exercising what the real cogs will use."""
    client = discord.Client(intents=discord.Intents.default(), guild_ready_timeout=0.05)
    tree = app_commands.CommandTree(client)

    @tree.command(description="Replies pong")
    async def ping(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pong")

    group = app_commands.Group(name="toy", description="Toy commands")

    @group.command(name="echo", description="Repeat text")
    @app_commands.describe(text="What to say", times="How often", loud="Upper case?")
    async def echo(
        interaction: discord.Interaction,
        text: str,
        times: app_commands.Range[int, 1, 3] = 1,
        loud: bool = False,
        who: discord.Member | None = None,
    ) -> None:
        said = " ".join([text.upper() if loud else text] * times)
        if who is not None:
            said += f" to {who.display_name}"
        await interaction.response.send_message(said)

    @group.command(name="pick", description="Pick a word")
    async def pick(interaction: discord.Interaction, word: str) -> None:
        await interaction.response.send_message(f"picked {word}")

    @pick.autocomplete("word")
    async def pick_word(interaction: discord.Interaction, current: str):
        words = ["crane", "crate", "slate"]
        return [app_commands.Choice(name=w, value=w) for w in words if w.startswith(current)]

    tree.add_command(group)

    @tree.command(description="Only you can see this")
    async def secret(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("just for you", ephemeral=True)

    @tree.command(description="Slow answer with a picture")
    async def board(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await asyncio.sleep(0.01)  # "rendering"
        await interaction.followup.send(
            "your board", file=discord.File(io.BytesIO(BOARD_PNG), "board.png")
        )
        await interaction.followup.send("and a second follow-up")

    @tree.command(description="Needs Manage Server (checked by the bot)")
    @app_commands.checks.has_permissions(manage_guild=True)
    async def configure(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("configured")

    @tree.command(description="Hidden unless Manage Server (checked by Discord)")
    @app_commands.default_permissions(manage_guild=True)
    async def hidden(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("hidden ran")

    @tree.command(description="Game with a button")
    async def game(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("game on", view=GiveUpView())

    @tree.command(description="Ask for a name")
    async def askname(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(NameModal())

    @tree.command(description="Too long for Discord")
    async def toolong(interaction: discord.Interaction) -> None:
        try:
            await interaction.response.send_message("x" * 2001)
        except discord.HTTPException as exc:
            await interaction.response.send_message(f"refused {exc.status} {exc.code}")

    @tree.command(description="Post in the channel")
    async def announce(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("ok", ephemeral=True)
        await interaction.channel.send("announcement")

    @tree.command(description="Guild-only command", guild=discord.Object(guild_id))
    async def local(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"local in {interaction.guild.name}")

    @tree.command(description="Report permissions")
    async def perms(interaction: discord.Interaction) -> None:
        me, you = interaction.app_permissions, interaction.permissions
        await interaction.response.send_message(
            f"bot send={me.send_messages} you send={you.send_messages} "
            f"you manage={you.manage_guild}"
        )

    @tree.command(description="Never answers")
    async def silent(interaction: discord.Interaction) -> None:
        return None

    @tree.command(description="Answers too late")
    async def slow(interaction: discord.Interaction) -> None:
        await asyncio.sleep(0.2)
        try:
            await interaction.response.send_message("late")
        except discord.NotFound as exc:
            client.late_error = exc.code  # type: ignore[attr-defined]

    @tree.error
    async def on_tree_error(interaction: discord.Interaction, error: app_commands.AppCommandError):
        if isinstance(error, app_commands.MissingPermissions):
            await interaction.response.send_message("You need Manage Server", ephemeral=True)
        else:
            raise error

    async def setup_hook() -> None:
        await tree.sync()
        await tree.sync(guild=discord.Object(guild_id))

    client.setup_hook = setup_hook  # type: ignore[method-assign]
    return client


@dataclass
class World:
    fake: FakeDiscord
    guild: FakeGuild
    channel: FakeChannel
    admin: FakeMember
    player: FakeMember


@pytest.fixture
def world(fake_discord: FakeDiscord) -> World:
    guild = fake_discord.add_guild("Toy Server")
    channel = fake_discord.add_text_channel(guild, "general")
    admin = fake_discord.add_member(guild, "alice", permissions={"manage_guild": True})
    player = fake_discord.add_member(guild, "bob")
    return World(fake_discord, guild, channel, admin, player)


async def test_connects_gets_ready_and_syncs_commands(world: World) -> None:
    fake = world.fake
    client = make_bot(world.guild.id)
    async with fake.run_bot(client, wait="client"):
        guild = client.get_guild(world.guild.id)
        assert guild is not None and guild.name == "Toy Server"
        assert guild.get_channel(world.channel.id).name == "general"
        assert client.user.id == fake.bot_user.id
        assert client.application_id == fake.application_id
        # synced once globally and once for the guild, with the group flattened to paths
        assert fake.sync_count() == 1 and fake.sync_count(world.guild) == 1
        assert "toy echo" in fake.command_paths() and "ping" in fake.command_paths()
        assert fake.command_paths(world.guild) == ["local"]
        hidden = next(c for c in fake.commands() if c["name"] == "hidden")
        assert hidden["default_member_permissions"] == str(
            discord.Permissions(manage_guild=True).value
        )
        # the client asked for a compressed stream but copes with plain text frames
        session = fake.session
        assert session is not None and session.connection is not None
        assert session.connection.query["compress"] in ("zlib-stream", "zstd-stream")
        assert session.intents == discord.Intents.default().value
        assert fake.heartbeat_count >= 1  # discord.py beats right after HELLO
        assert session.events[:2] == ["READY", "GUILD_CREATE"]
    # client.close() closed the socket (discord.py 2.7 + aiohttp send code 4000, not 1000, so
    # Discord would keep the session resumable; a new client IDENTIFYs anyway)
    assert fake.close_codes and not fake.ready
    assert fake.session is not None and fake.session.connection is None


async def test_slash_command_round_trip_with_typed_options(world: World) -> None:
    fake = world.fake
    async with fake.run_bot(make_bot(world.guild.id)):
        inter = await fake.invoke(world.channel, world.player, "ping")
        resp = await inter.first_response()
        assert (resp.type, resp.type_name, resp.content) == (4, "message", "pong")
        assert not resp.ephemeral and resp.latency is not None and resp.latency >= 0
        assert [m.content for m in fake.channel_messages(world.channel)] == ["pong"]
        assert resp.message.interaction is inter and resp.message.author is fake.bot_user

        echo = await fake.invoke(
            world.channel,
            world.player,
            "toy echo",
            {"text": "hi", "times": 2, "loud": True, "who": world.admin},
        )
        assert (await echo.first_response()).content == "HI HI to alice"
        local = await fake.invoke(world.channel, world.player, "local")
        assert (await local.first_response()).content == "local in Toy Server"

        # the fake refuses input that the Discord client itself would refuse
        with pytest.raises(InvalidCommandInput, match="max_value"):
            await fake.invoke(world.channel, world.player, "toy echo", {"text": "a", "times": 4})
        with pytest.raises(InvalidCommandInput, match="integer"):
            await fake.invoke(world.channel, world.player, "toy echo", {"text": "a", "times": "2"})
        with pytest.raises(InvalidCommandInput, match="required"):
            await fake.invoke(world.channel, world.player, "toy echo", {})
        with pytest.raises(FakeDiscordError, match="not a registered"):
            await fake.invoke(world.channel, world.player, "nope")

        auto = await fake.autocomplete(
            world.channel, world.player, "toy pick", {"word": "cra"}, "word"
        )
        assert [c["value"] for c in (await auto.first_response()).choices] == ["crane", "crate"]


async def test_ephemeral_reply_is_flagged_and_not_public(world: World) -> None:
    fake = world.fake
    async with fake.run_bot(make_bot(world.guild.id)):
        inter = await fake.invoke(world.channel, world.player, "secret")
        resp = await inter.first_response()
        assert resp.ephemeral and resp.flags & 64 and resp.content == "just for you"
        assert fake.channel_messages(world.channel) == []
        assert fake.channel_messages(world.channel, include_ephemeral=True) == [resp.message]


async def test_deferred_reply_then_followups_with_attachment(world: World) -> None:
    fake = world.fake
    async with fake.run_bot(make_bot(world.guild.id)):
        inter = await fake.invoke(world.channel, world.player, "board")
        resp = await inter.first_response()
        assert resp.type == 5 and resp.deferred
        first, second = await inter.wait_for_messages(2)
        # the first follow-up resolved the "thinking..." placeholder (same message)
        assert first is inter.original and first.via == "response" and not first.loading
        assert first.content == "your board" and second.content == "and a second follow-up"
        assert second.via == "followup"
        attachment = first.attachment("board.png")
        assert attachment.data == BOARD_PNG
        assert attachment.content_type == "image/png" and attachment.image_size == (7, 3)
        assert attachment.image().getpixel((0, 0)) == (10, 200, 30)


async def test_permission_check_refuses_member_without_manage_guild(world: World) -> None:
    fake = world.fake
    async with fake.run_bot(make_bot(world.guild.id)):
        refused = await fake.invoke(world.channel, world.player, "configure")
        resp = await refused.first_response()
        assert resp.content == "You need Manage Server" and resp.ephemeral
        allowed = await fake.invoke(world.channel, world.admin, "configure")
        assert (await allowed.first_response()).content == "configured"

        # default_permissions is enforced by Discord: the command is hidden from bob
        with pytest.raises(CommandNotAvailable, match="default_member_permissions"):
            await fake.invoke(world.channel, world.player, "hidden")
        ran = await fake.invoke(world.channel, world.admin, "hidden")
        assert (await ran.first_response()).content == "hidden ran"


async def test_button_click_and_modal(world: World) -> None:
    fake = world.fake
    async with fake.run_bot(make_bot(world.guild.id)):
        game = await fake.invoke(world.channel, world.player, "game")
        message = (await game.first_response()).message
        assert message.button_labels() == ["Give up"]
        click = await fake.click(message, world.player, label="Give up")
        resp = await click.first_response()
        assert resp.type_name == "update_message" and resp.message is message
        assert message.content == "bob gave up" and message.buttons() == []
        assert message.history[0]["content"] == "game on"

        ask = await fake.invoke(world.channel, world.player, "askname")
        modal = (await ask.first_response()).modal
        assert modal is not None and modal["title"] == "Your name"
        submitted = await fake.submit_modal(ask, {"toy:name": "Zoë 🦊"})
        assert (await submitted.first_response()).content == "hello Zoë 🦊"


async def test_discord_limits_and_channel_posts(world: World) -> None:
    fake = world.fake
    async with fake.run_bot(make_bot(world.guild.id)):
        inter = await fake.invoke(world.channel, world.player, "toolong")
        assert (await inter.first_response()).content == "refused 400 50035"
        announce = await fake.invoke(world.channel, world.player, "announce")
        await announce.first_response()
        await fake.wait_for(lambda: len(fake.channel_messages(world.channel)) == 2)
        posted = fake.channel_messages(world.channel)
        assert [(m.via, m.content) for m in posted] == [
            ("response", "refused 400 50035"),
            ("channel", "announcement"),
        ]


async def test_invalid_token_is_rejected_like_discord(fake_discord: FakeDiscord) -> None:
    fake_discord.add_guild()
    with pytest.raises(discord.LoginFailure):
        async with fake_discord.run_bot(make_bot(1), token="not-the-token"):
            pass
    assert fake_discord.requests[-1].status == 401
    assert fake_discord.identify_count == 0


async def test_unknown_route_is_reported(world: World) -> None:
    fake = world.fake
    client = make_bot(world.guild.id)
    async with fake.run_bot(client):
        route = Route("GET", "/guilds/{guild_id}/bans", guild_id=world.guild.id)
        with pytest.raises(discord.NotFound):
            await client.http.request(route)
    assert fake.unknown_routes == [
        f"GET /api/v10/guilds/{world.guild.id}/bans (no such route in the fake)"
    ]
    with pytest.raises(AssertionError, match="bans"):
        fake.assert_no_unknown_routes()
    fake.unknown_routes.clear()  # handled here; the fixture would otherwise fail the test


async def test_restart_keeps_state_and_resume_replays(world: World) -> None:
    fake = world.fake
    async with fake.run_bot(make_bot(world.guild.id)):
        first = await fake.invoke(world.channel, world.player, "ping")
        await first.first_response()
        ids_before = {c["name"]: c["id"] for c in fake.commands()}

        # op 7 RECONNECT: discord.py resumes; an interaction sent meanwhile is replayed
        fake.request_reconnect()
        during = await fake.invoke(world.channel, world.player, "ping")
        assert (await during.first_response()).content == "pong"
        await fake.wait_for(lambda: fake.resume_count == 1)
        assert fake.identify_count == 1 and fake.session.replayed >= 1

    second_bot = make_bot(world.guild.id)
    async with fake.run_bot(second_bot):
        assert fake.identify_count == 2 and fake.sync_count() == 2
        assert {c["name"]: c["id"] for c in fake.commands()} == ids_before
        again = await fake.invoke(world.channel, world.player, "ping")
        assert (await again.first_response()).content == "pong"
        assert [m.content for m in fake.channel_messages(world.channel)] == ["pong"] * 3


async def test_silent_or_late_bot_fails_fast_with_a_description(world: World) -> None:
    fake = world.fake
    client = make_bot(world.guild.id)
    async with fake.run_bot(client):
        silent = await fake.invoke(world.channel, world.player, "silent")
        with pytest.raises(AssertionError, match=r"(?s)interaction callback.*'silent'"):
            await silent.first_response(timeout=0.2)

        fake.callback_deadline = 0.05  # Discord allows 3 s; shrink it to keep the test fast
        slow = await fake.invoke(world.channel, world.player, "slow")
        await fake.wait_for(lambda: slow.rejected_callbacks, what="the late callback")
        assert slow.responses == [] and slow.rejected_callbacks[0][0] == 404
        await fake.wait_for(lambda: getattr(client, "late_error", None) == 10062)


async def test_permissions_follow_roles_and_channel_overwrites(world: World) -> None:
    fake = world.fake
    category = fake.add_category(world.guild, "games")
    quiet = fake.add_text_channel(
        world.guild,
        "read-only",
        category=category,
        overwrites={
            world.guild.everyone: (0, {"send_messages": True}),
            world.admin: ({"send_messages": True}, 0),
        },
    )
    async with fake.run_bot(make_bot(world.guild.id)) as runner:
        cached = runner.client.get_channel(quiet.id)
        assert cached.category.name == "games"
        assert not cached.permissions_for(cached.guild.me).send_messages

        async def report(channel: FakeChannel, member: FakeMember) -> str:
            inter = await fake.invoke(channel, member, "perms")
            return (await inter.first_response()).content

        assert await report(world.channel, world.player) == (
            "bot send=True you send=True you manage=False"
        )
        assert await report(quiet, world.player) == "bot send=False you send=False you manage=False"
        assert await report(quiet, world.admin) == "bot send=False you send=True you manage=True"

        # the bot itself is refused by REST like on Discord
        with pytest.raises(discord.Forbidden) as refused:
            await cached.send("hello")
        assert refused.value.code == 50013
        assert fake.permissions_for(fake.bot_member(world.guild), quiet).send_messages is False
