"""Publishing the slash commands at start (issue 26, items 7 and 9), with the real bot against
the fake Discord: a start that publishes none where none are published says what to do, once;
a global sync clears the copy in ``DEV_GUILD_ID``'s server (which would show each command
twice) and says so; a start that makes that server show each command twice says how to mend
it; a ``DEV_GUILD_ID`` the bot cannot publish to is a setting error (exit status 78)."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.app import run_bot
from bot.cli import exits
from bot.config import Config
from tests.discord.conftest import Table

LOGGER = "bot.publish_commands"


def said(caplog: pytest.LogCaptureFixture, level: int) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == LOGGER and r.levelno == level]


async def test_a_start_that_publishes_nothing_says_what_to_do_once(
        table: Table, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    async with table.running(dev_guild_id=None):
        pass
    assert table.fake.command_paths() == [] and table.fake.command_paths(table.guild) == []
    [warning] = said(caplog, logging.WARNING)
    assert warning.startswith("no slash commands are published, so players see none: ")
    assert "set DEV_GUILD_ID to your server's id" in warning
    assert "run once with `wordle-bot run --sync-global`" in warning


async def test_a_start_after_a_global_sync_only_notes_the_published_commands(
        table: Table, caplog: pytest.LogCaptureFixture) -> None:
    async with table.running(dev_guild_id=None, sync_global=True):
        pass
    published = len(table.fake.commands())
    assert published > 0
    caplog.set_level(logging.INFO)
    async with table.running(dev_guild_id=None):
        await table.reply(table.bob, "wordle help")  # the global commands work
    assert said(caplog, logging.WARNING) == []
    assert said(caplog, logging.INFO) == [
        f"{published} slash commands are published to every server (after an upgrade that "
        f"changes them, run once with --sync-global)"]
    assert table.fake.sync_count() == 1  # nothing published again


async def test_a_global_sync_clears_the_dev_servers_copy_and_says_so(
        table: Table, caplog: pytest.LogCaptureFixture) -> None:
    async with table.running():  # DEV_GUILD_ID set: commands for that server alone
        pass
    there = len(table.fake.commands(table.guild))
    assert there > 0 and table.fake.commands() == []

    caplog.set_level(logging.INFO)
    async with table.running(sync_global=True):  # DEV_GUILD_ID still set
        assert table.fake.commands(table.guild) == []  # each command once in that server
        assert "wordle start" in table.fake.command_paths()
        await table.reply(table.bob, "wordle help")
    guild = table.guild.id
    assert f"cleared the {there} slash commands of server {guild} (DEV_GUILD_ID), which " \
           "would show each command twice beside the global ones; remove DEV_GUILD_ID now, " \
           "or the next start publishes them there again" in said(caplog, logging.INFO)
    assert said(caplog, logging.WARNING) == []

    # Started again with DEV_GUILD_ID still set: the server has both sets, and is told how
    # to mend it.
    caplog.clear()
    async with table.running():
        pass
    [warning] = said(caplog, logging.WARNING)
    published = len(table.fake.commands())
    assert warning.startswith(f"server {guild} (DEV_GUILD_ID) shows each slash command twice: "
                              f"its own copy and the {published} published to every server.")
    assert "Run once with `wordle-bot run --sync-global`" in warning

    # A global sync with nothing in that server clears nothing, and says nothing of it.
    async with table.running(sync_global=True):
        pass
    caplog.clear()
    async with table.running(sync_global=True):
        pass
    assert not any("cleared" in line for line in said(caplog, logging.INFO))
    assert table.fake.commands(table.guild) == []


async def test_a_global_sync_goes_on_when_the_dev_server_cannot_be_cleared(
        table: Table, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)
    gone = 4242  # a server the bot is not in: Discord answers 403
    async with table.running(sync_global=True, dev_guild_id=gone):
        assert "wordle start" in table.fake.command_paths()
    [warning] = said(caplog, logging.WARNING)
    assert warning.startswith(f"could not clear the slash commands of server {gone} "
                              "(DEV_GUILD_ID): 403 Forbidden")


async def test_a_dev_server_the_bot_is_not_in_is_a_setting_error(
        table: Table, capsys: pytest.CaptureFixture) -> None:
    config = Config(token=table.fake.token, db_path=table.db_path, daily_salt="salt",
                    dev_guild_id=4242)

    code = await asyncio.to_thread(run_bot, config, table.words)

    assert code == exits.CONFIG
    out = capsys.readouterr()
    assert out.out == "" and "Traceback" not in out.err
    assert out.err == (
        "wordle-bot: DEV_GUILD_ID: Discord refused to publish the slash commands to server "
        "4242 (Missing Access): the bot is not in that server, or was invited without the "
        "applications.commands scope. Invite it there, or correct or remove DEV_GUILD_ID.\n")
    assert table.fake.commands() == []
