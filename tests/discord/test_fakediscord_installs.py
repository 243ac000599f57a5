"""User installs in the fake Discord: commands with integration_types and contexts, interactions
from a DM with the bot, a private channel and a server that has not added the bot, and the limits
Discord sets there. Driven by a throwaway discord.py bot."""

from __future__ import annotations

import discord
import pytest
from discord import app_commands

from tests.fakediscord import CommandNotAvailable, FakeDiscord


def make_bot() -> discord.Client:
    client = discord.Client(intents=discord.Intents.default(), guild_ready_timeout=0.05)
    tree = app_commands.CommandTree(client)

    @tree.command(description="Where am I")
    @app_commands.allowed_installs(guilds=True, users=True)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    async def where(interaction: discord.Interaction) -> None:
        owners = sorted(interaction._integration_owners.items())
        await interaction.response.send_message(
            f"guild={interaction.guild_id} user_install={interaction.is_user_integration()} "
            f"guild_install={interaction.is_guild_integration()} owners={owners}"
        )

    @tree.command(description="Many follow-ups")
    @app_commands.allowed_installs(guilds=True, users=True)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    async def chatty(interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.followup.send("filled in")  # fills the deferred reply
        sent = 0
        try:
            for i in range(6):
                await interaction.followup.send(f"follow-up {i}")
                sent += 1
        except discord.HTTPException as exc:
            await interaction.edit_original_response(content=f"{sent} then {exc.code}")
        try:
            assert interaction.channel is not None
            await interaction.channel.send("in the channel")  # type: ignore[union-attr]
        except discord.Forbidden as exc:
            await interaction.edit_original_response(
                content=f"{sent} then channel {exc.status} {exc.code}"
            )

    @tree.command(description="Guild install only")
    async def server_only(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("ok")

    async def setup_hook() -> None:
        await tree.sync()

    client.setup_hook = setup_hook  # type: ignore[method-assign]
    return client


async def test_commands_keep_integration_types_and_contexts(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    fake.add_guild("Home")
    async with fake.run_bot(make_bot()):
        where = next(c for c in fake.commands() if c["name"] == "where")
        assert sorted(where["integration_types"]) == [0, 1]
        assert sorted(where["contexts"]) == [0, 1, 2]
        plain = next(c for c in fake.commands() if c["name"] == "server_only")
        assert plain.get("integration_types") is None


async def test_user_install_in_a_dm_private_channel_and_a_foreign_server(
    fake_discord: FakeDiscord,
) -> None:
    fake = fake_discord
    home = fake.add_guild("Home")
    fake.add_text_channel(home)
    stranger = fake.add_guild("Elsewhere", with_bot=False)
    lobby = fake.add_text_channel(stranger, "lobby")
    ann = fake.add_user("ann")
    bob = fake.add_user("bob")
    fake.add_member(stranger, user=ann)
    fake.install_for_user(ann)
    async with fake.run_bot(make_bot()):
        dm = await fake.invoke(None, ann, "where")
        assert (await dm.first_response()).content == (
            # discord.py counts a guild integration only where there is a guild
            f"guild=None user_install=True guild_install=False owners=[(0, 0), (1, {ann.id})]"
        )
        assert dm.context == 1 and dm.owners == {"0": "0", "1": str(ann.id)}

        private = fake.add_private_channel(ann, bob)
        in_private = await fake.invoke(private, ann, "where")
        assert (await in_private.first_response()).content == (
            f"guild=None user_install=True guild_install=False owners=[(1, {ann.id})]"
        )
        assert in_private.context == 2

        foreign = await fake.invoke(lobby, ann, "where")
        reply = await foreign.first_response()
        assert reply.content == (
            f"guild={stranger.id} user_install=True guild_install=False owners=[(1, {ann.id})]"
        )
        assert foreign.context == 0 and foreign.user_install_only and not reply.ephemeral

        # the bot was never told about the server (no GUILD_CREATE) and cannot read it
        assert all(
            f'"id": "{stranger.id}"' not in frame
            for _, frame, _ in fake.session.log  # type: ignore[union-attr]
            if '"t": "GUILD_CREATE"' in frame
        )

        # bob never installed the app and the bot is not in that server: Discord offers nothing
        fake.add_member(stranger, user=bob)
        with pytest.raises(CommandNotAvailable, match="not installed"):
            await fake.invoke(lobby, bob, "where")
        # a guild-install-only command is not offered to ann there either
        with pytest.raises(CommandNotAvailable, match="not installed"):
            await fake.invoke(lobby, ann, "server_only")


async def test_limits_for_a_user_installed_app_in_a_foreign_server(
    fake_discord: FakeDiscord,
) -> None:
    fake = fake_discord
    home = fake.add_guild("Home")
    general = fake.add_text_channel(home)
    stranger = fake.add_guild("Elsewhere", with_bot=False)
    lobby = fake.add_text_channel(stranger, "lobby")
    ann = fake.add_member(stranger, "ann")
    ann_at_home = fake.add_member(home, user=ann.user)
    fake.install_for_user(ann)
    async with fake.run_bot(make_bot()):
        foreign = await fake.invoke(lobby, ann, "chatty")
        await foreign.wait_for(
            lambda i: i.original is not None and "channel" in i.original.content,
            what="the report",
        )
        assert foreign.original is not None
        # five follow-ups, the sixth refused with 40094; channel messages: 403 Missing Access
        assert foreign.original.content == "5 then channel 403 50001"
        assert [m.content for m in foreign.followups] == [f"follow-up {i}" for i in range(5)]
        assert fake.requests_to("POST", rf"/channels/{lobby.id}/messages")[0].status == 403

        # where the bot is installed there is no such limit
        at_home = await fake.invoke(general, ann_at_home, "chatty")
        await at_home.wait_for(
            lambda i: len(i.followups) == 6 and i.original is not None
            and i.original.content == "filled in",
            what="six follow-ups",
        )
        await fake.wait_for(
            lambda: any(m.content == "in the channel" for m in fake.channel_messages(general))
        )


async def test_responses_are_ephemeral_without_use_external_apps(
    fake_discord: FakeDiscord,
) -> None:
    fake = fake_discord
    fake.add_guild("Home")
    strict = fake.add_guild(
        "Strict",
        with_bot=False,
        everyone_permissions=discord.Permissions(
            view_channel=True, send_messages=True, use_application_commands=True
        ),
    )
    lobby = fake.add_text_channel(strict, "lobby")
    ann = fake.add_member(strict, "ann")
    fake.install_for_user(ann)
    async with fake.run_bot(make_bot()):
        inter = await fake.invoke(lobby, ann, "where")
        reply = await inter.first_response()
        assert reply.ephemeral and reply.content.startswith(f"guild={strict.id}")
        assert fake.channel_messages(lobby) == []
