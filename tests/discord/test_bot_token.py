"""Running the bot: a missing or rejected token gives the help text and exit status 78 (a
setting to fix: ``bot.cli.exits``), never a traceback, and the token is never printed or
logged. The rejected token goes all the way through ``bot.app.run_bot`` (its own event loop,
in a thread) to the fake Discord, which answers ``GET /users/@me`` with 401 like Discord
does."""

from __future__ import annotations

import asyncio
import logging
import secrets

import pytest

from bot.app import REJECTED_HELP, TOKEN_HELP, run_bot
from bot.cli import exits
from bot.config import Config
from tests.discord.conftest import Table


def config_for(table: Table, token: str | None) -> Config:
    return Config(token=token, db_path=table.db_path, daily_salt="salt",
                  dev_guild_id=table.guild.id)


def test_missing_token_prints_how_to_make_one(table: Table, capsys: pytest.CaptureFixture,
                                              caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    assert run_bot(config_for(table, None), table.words) == exits.CONFIG
    out = capsys.readouterr()
    assert out.out == "" and out.err == TOKEN_HELP + "\n"
    assert "discord.com/developers/applications" in out.err
    assert "Traceback" not in out.err and caplog.records == []
    assert not table.db_path.exists()  # nothing was started
    # an empty or blank DISCORD_TOKEN counts as missing
    blank = Config.from_env(None, {"DISCORD_TOKEN": "   "})
    assert blank.token is None


async def test_rejected_token_is_explained_and_never_shown(
        table: Table, capsys: pytest.CaptureFixture, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    token = "MTA5.rejected." + secrets.token_urlsafe(24)
    config = config_for(table, token)
    assert token not in repr(config)

    code = await asyncio.to_thread(run_bot, config, table.words)

    assert code == exits.CONFIG
    out = capsys.readouterr()
    assert out.err == REJECTED_HELP + "\n" and out.out == ""
    assert "Traceback" not in out.err
    # the bot really asked the fake Discord, which refused the token like Discord does
    logins = table.fake.requests_to("GET", r"/users/@me$")
    assert [r.status for r in logins] == [401]
    assert table.fake.identify_count == 0
    logged = caplog.text + "".join(str(r.args) + str(r.msg) for r in caplog.records)
    assert token not in logged and token not in out.err
    assert not any(r.levelno >= logging.ERROR for r in caplog.records)
