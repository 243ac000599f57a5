"""A fake Discord (REST + gateway) on 127.0.0.1 for running the real bot with real discord.py.

Start with ``async with FakeDiscord() as fake:`` (or the ``fake_discord`` fixture from
``tests.fakediscord.fixtures``); see README.md next to this file.
"""

from .models import (
    CALLBACK_NAMES,
    DEFAULT_BOT_PERMISSIONS,
    DEFAULT_EVERYONE_PERMISSIONS,
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    EditRecord,
    FakeAttachment,
    FakeChannel,
    FakeGuild,
    FakeInteraction,
    FakeMember,
    FakeMessage,
    FakeResponse,
    FakeRole,
    FakeUser,
)
from .process import BotProcess
from .runner import BotRunner
from .server import (
    CommandNotAvailable,
    FakeDiscord,
    FakeDiscordError,
    FakeDiscordTimeout,
    IdentifyRecord,
    InvalidCommandInput,
    RequestRecord,
)

__all__ = [
    "CALLBACK_NAMES",
    "DEFAULT_BOT_PERMISSIONS",
    "DEFAULT_EVERYONE_PERMISSIONS",
    "FLAG_COMPONENTS_V2",
    "FLAG_EPHEMERAL",
    "FLAG_LOADING",
    "BotProcess",
    "BotRunner",
    "CommandNotAvailable",
    "EditRecord",
    "FakeAttachment",
    "FakeChannel",
    "FakeDiscord",
    "FakeDiscordError",
    "FakeDiscordTimeout",
    "FakeGuild",
    "FakeInteraction",
    "FakeMember",
    "FakeMessage",
    "FakeResponse",
    "FakeRole",
    "FakeUser",
    "IdentifyRecord",
    "InvalidCommandInput",
    "RequestRecord",
]
