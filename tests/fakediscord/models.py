"""Data model of the fake Discord: users, guilds, roles, channels, messages, interactions.

Everything here is plain Python objects owned by :class:`~tests.fakediscord.server.FakeDiscord`.
The ``*_payload`` helpers turn them into the JSON shapes discord.py 2.7 parses (READY,
GUILD_CREATE, REST messages, interaction payloads).  Tests read these objects to assert what the
bot did; they should not mutate them directly (use the ``FakeDiscord.add_*`` / ``set_*`` methods,
which also tell a connected bot about the change).
"""

from __future__ import annotations

import itertools
import mimetypes
import struct
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import discord

if TYPE_CHECKING:
    from .server import FakeDiscord

DISCORD_EPOCH_MS = 1420070400000

# Permission bits we need by name (values from discord.Permissions, which is the authority).
ALL_PERMISSIONS = discord.Permissions.all().value
ADMINISTRATOR = discord.Permissions(administrator=True).value
VIEW_CHANNEL = discord.Permissions(view_channel=True).value
SEND_MESSAGES = discord.Permissions(send_messages=True).value
ATTACH_FILES = discord.Permissions(attach_files=True).value
READ_MESSAGE_HISTORY = discord.Permissions(read_message_history=True).value

#: What a brand-new server gives @everyone (close to Discord's defaults).
DEFAULT_EVERYONE_PERMISSIONS = discord.Permissions(
    view_channel=True,
    create_instant_invite=True,
    change_nickname=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    create_private_threads=True,
    embed_links=True,
    attach_files=True,
    add_reactions=True,
    external_emojis=True,
    external_stickers=True,
    read_message_history=True,
    use_application_commands=True,
    connect=True,
    speak=True,
    stream=True,
    use_voice_activation=True,
    send_voice_messages=True,
    send_polls=True,
    use_external_apps=True,
).value

#: What the bot's managed role gets by default (what a sensible invite link would grant).
DEFAULT_BOT_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
    add_reactions=True,
    external_emojis=True,
    use_application_commands=True,
).value

#: app_permissions Discord documents for (G)DMs between users; also used for servers that have
#: not added the bot (a user-installed app acts there without a member or role)
PRIVATE_APP_PERMISSIONS = discord.Permissions(
    attach_files=True, embed_links=True, mention_everyone=True
).value

# Message flags
FLAG_SUPPRESS_EMBEDS = 1 << 2
FLAG_EPHEMERAL = 1 << 6
FLAG_LOADING = 1 << 7
FLAG_SUPPRESS_NOTIFICATIONS = 1 << 12
FLAG_VOICE_MESSAGE = 1 << 13
FLAG_COMPONENTS_V2 = 1 << 15
#: flags a bot may set when sending (interaction callback data documents exactly these)
SETTABLE_FLAGS = (
    FLAG_SUPPRESS_EMBEDS
    | FLAG_EPHEMERAL
    | FLAG_SUPPRESS_NOTIFICATIONS
    | FLAG_VOICE_MESSAGE
    | FLAG_COMPONENTS_V2
)

# Interaction types and callback types (Discord API numbering)
INTERACTION_PING = 1
INTERACTION_APPLICATION_COMMAND = 2
INTERACTION_COMPONENT = 3
INTERACTION_AUTOCOMPLETE = 4
INTERACTION_MODAL_SUBMIT = 5

CALLBACK_NAMES = {
    1: "pong",
    4: "message",
    5: "deferred_message",
    6: "deferred_update",
    7: "update_message",
    8: "autocomplete_result",
    9: "modal",
    10: "premium_required",
    12: "launch_activity",
}

# Channel types
CHANNEL_TEXT = 0
CHANNEL_DM = 1
CHANNEL_GROUP_DM = 3
CHANNEL_CATEGORY = 4


PermissionsLike = discord.Permissions | int | Mapping[str, bool] | None


def permission_value(value: PermissionsLike, default: int = 0) -> int:
    """Accept discord.Permissions, an int bit field, or a mapping like {"manage_guild": True}."""
    if value is None:
        return default
    if isinstance(value, discord.Permissions):
        return value.value
    if isinstance(value, bool):
        raise TypeError("permissions must be discord.Permissions, an int or a mapping, not bool")
    if isinstance(value, int):
        return value
    if isinstance(value, Mapping):
        return discord.Permissions(**dict(value)).value
    raise TypeError(f"cannot turn {value!r} into a permission bit field")


class SnowflakeFactory:
    """Unique, increasing snowflakes with a real timestamp (discord.py derives created_at)."""

    def __init__(self) -> None:
        self._last = 0
        self._counter = itertools.count()

    def __call__(self) -> int:
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        value = (ms << 22) | (1 << 17) | (next(self._counter) & 0xFFF)
        if value <= self._last:
            value = self._last + 1
        self._last = value
        return value

    def bump_to(self, floor: int) -> None:
        """The next snowflake will be at least ``floor`` (used to pick a shard's guild id)."""
        self._last = max(self._last, floor - 1)


def iso_now() -> str:
    return datetime.now(UTC).isoformat()


# --------------------------------------------------------------------------- entities


@dataclass(eq=False)
class FakeUser:
    id: int
    name: str
    global_name: str | None = None
    bot: bool = False
    locale: str = "en-US"

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.global_name,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "system": False,
            "public_flags": 0,
        }


@dataclass(eq=False)
class FakeRole:
    id: int
    guild: FakeGuild
    name: str
    permissions: int
    position: int = 0
    managed: bool = False
    bot_id: int | None = None

    @property
    def mention(self) -> str:
        return f"<@&{self.id}>"

    @property
    def is_everyone(self) -> bool:
        return self.id == self.guild.id

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "name": self.name,
            "permissions": str(self.permissions),
            "position": self.position,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "managed": self.managed,
            "mentionable": False,
            "icon": None,
            "unicode_emoji": None,
            "flags": 0,
        }
        if self.bot_id is not None:
            data["tags"] = {"bot_id": str(self.bot_id)}
        return data


@dataclass(eq=False)
class FakeMember:
    user: FakeUser
    guild: FakeGuild
    role_ids: list[int] = field(default_factory=list)
    nick: str | None = None
    joined_at: str = field(default_factory=iso_now)

    @property
    def id(self) -> int:
        return self.user.id

    @property
    def name(self) -> str:
        return self.user.name

    @property
    def mention(self) -> str:
        return self.user.mention

    @property
    def roles(self) -> list[FakeRole]:
        return [self.guild.roles[r] for r in self.role_ids if r in self.guild.roles]

    def payload(self, *, with_user: bool = True, permissions: int | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {
            "roles": [str(r) for r in self.role_ids],
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "joined_at": self.joined_at,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user.payload()
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data


@dataclass(eq=False)
class Overwrite:
    target_id: int
    is_member: bool
    allow: int = 0
    deny: int = 0

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.target_id),
            "type": 1 if self.is_member else 0,
            "allow": str(self.allow),
            "deny": str(self.deny),
        }


@dataclass(eq=False)
class FakeChannel:
    id: int
    name: str
    type: int = CHANNEL_TEXT
    guild: FakeGuild | None = None
    topic: str | None = None
    position: int = 0
    parent_id: int | None = None
    overwrites: list[Overwrite] = field(default_factory=list)
    recipient: FakeUser | None = None  # DMs only
    last_message_id: int | None = None
    #: a DM / group DM between users that the bot is not part of (interaction context 2)
    private: bool = False
    members: list[FakeUser] = field(default_factory=list)  # private channels: the users

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    @property
    def is_dm(self) -> bool:
        return self.type == CHANNEL_DM

    def payload(self, *, permissions: int | None = None) -> dict[str, Any]:
        data: dict[str, Any]
        if self.private:
            data = {
                "id": str(self.id),
                "type": self.type,
                "recipients": [u.payload() for u in self.members],
                "last_message_id": _opt_id(self.last_message_id),
                "flags": 0,
            }
            if self.type == CHANNEL_GROUP_DM:
                data.update(name=self.name or None, icon=None, owner_id=str(self.members[0].id))
        elif self.type == CHANNEL_DM:
            data = {
                "id": str(self.id),
                "type": CHANNEL_DM,
                "recipients": [self.recipient.payload()] if self.recipient else [],
                "last_message_id": _opt_id(self.last_message_id),
                "flags": 0,
            }
        else:
            assert self.guild is not None
            data = {
                "id": str(self.id),
                "type": self.type,
                "guild_id": str(self.guild.id),
                "name": self.name,
                "position": self.position,
                "permission_overwrites": [o.payload() for o in self.overwrites],
                "parent_id": _opt_id(self.parent_id),
                "topic": self.topic,
                "nsfw": False,
                "rate_limit_per_user": 0,
                "last_message_id": _opt_id(self.last_message_id),
                "flags": 0,
            }
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data


@dataclass(eq=False)
class FakeGuild:
    id: int
    name: str
    owner_id: int = 0
    locale: str = "en-US"
    roles: dict[int, FakeRole] = field(default_factory=dict)
    channels: dict[int, FakeChannel] = field(default_factory=dict)
    members: dict[int, FakeMember] = field(default_factory=dict)
    joined_at: str = field(default_factory=iso_now)
    #: False for a server that has not added the bot (reached through a user install)
    has_bot: bool = True

    @property
    def everyone(self) -> FakeRole:
        return self.roles[self.id]

    @property
    def text_channels(self) -> list[FakeChannel]:
        return [c for c in self.channels.values() if c.type == CHANNEL_TEXT]

    def get_channel(self, name: str) -> FakeChannel:
        for channel in self.channels.values():
            if channel.name == name:
                return channel
        raise KeyError(f"no channel named {name!r} in guild {self.name!r}")

    def get_member(self, name_or_id: str | int) -> FakeMember:
        for member in self.members.values():
            if member.id == name_or_id or member.name == name_or_id:
                return member
        raise KeyError(f"no member {name_or_id!r} in guild {self.name!r}")

    # --- permissions (Discord's documented algorithm, guild level then channel overwrites)

    def base_permissions(self, member: FakeMember) -> int:
        if member.id == self.owner_id:
            return ALL_PERMISSIONS
        perms = self.everyone.permissions
        for role in member.roles:
            perms |= role.permissions
        if perms & ADMINISTRATOR:
            return ALL_PERMISSIONS
        return perms

    def channel_permissions(self, member: FakeMember, channel: FakeChannel | None) -> int:
        perms = self.base_permissions(member)
        if perms == ALL_PERMISSIONS or channel is None:
            return perms
        by_target = {(o.target_id, o.is_member): o for o in channel.overwrites}
        everyone = by_target.get((self.id, False))
        if everyone:
            perms = (perms & ~everyone.deny) | everyone.allow
        allow = deny = 0
        for role_id in member.role_ids:
            ow = by_target.get((role_id, False))
            if ow:
                allow |= ow.allow
                deny |= ow.deny
        perms = (perms & ~deny) | allow
        own = by_target.get((member.id, True))
        if own:
            perms = (perms & ~own.deny) | own.allow
        if not perms & VIEW_CHANNEL:
            return 0
        return perms

    def payload(self, *, members: Iterable[FakeMember], gateway: bool) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "premium_progress_bar_enabled": False,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "vanity_url_code": None,
            "preferred_locale": self.locale,
            "features": [],
            "roles": [r.payload() for r in self.roles.values()],
            "emojis": [],
            "stickers": [],
        }
        if gateway:
            data.update(
                {
                    "joined_at": self.joined_at,
                    "large": False,
                    "unavailable": False,
                    "member_count": len(self.members),
                    "channels": [c.payload() for c in self.channels.values()],
                    "threads": [],
                    "members": [m.payload() for m in members],
                    "voice_states": [],
                    "presences": [],
                    "stage_instances": [],
                    "guild_scheduled_events": [],
                    "soundboard_sounds": [],
                }
            )
        else:
            data["approximate_member_count"] = len(self.members)
            data["approximate_presence_count"] = 0
        return data


# --------------------------------------------------------------------------- messages


def _png_size(data: bytes) -> tuple[int, int] | None:
    if len(data) >= 24 and data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR":
        width, height = struct.unpack(">II", data[16:24])
        return width, height
    return None


@dataclass(eq=False)
class FakeAttachment:
    """A file the bot uploaded. ``data`` holds the exact bytes received."""

    id: int
    filename: str
    data: bytes
    content_type: str | None
    description: str | None = None
    url: str = ""

    @property
    def size(self) -> int:
        return len(self.data)

    @property
    def image_size(self) -> tuple[int, int] | None:
        """(width, height) for PNG files, read from the header; None otherwise."""
        return _png_size(self.data)

    def image(self) -> Any:
        """Open the bytes with Pillow (``PIL.Image.Image``)."""
        import io

        from PIL import Image

        return Image.open(io.BytesIO(self.data))

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
        }
        if self.description is not None:
            data["description"] = self.description
        dims = self.image_size
        if dims:
            data["width"], data["height"] = dims
        return data

    @staticmethod
    def guess_type(filename: str) -> str | None:
        return mimetypes.guess_type(filename)[0]


@dataclass
class EditRecord:
    """One change of a stored message."""

    at: float  # time.perf_counter()
    #: "channel" (PATCH /channels/../messages/..), "webhook" (PATCH /webhooks/.. edit),
    #: "callback" (UPDATE_MESSAGE response), "followup" (a follow-up filling a deferred reply)
    via: str


@dataclass(eq=False)
class FakeMessage:
    """A message as Discord stores it: current state plus the history of earlier versions."""

    id: int
    channel: FakeChannel
    author: FakeUser
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[FakeAttachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    #: how it came to be: "channel" (POST /channels/../messages), "response" (interaction
    #: callback), "followup" (webhook POST), "user" (FakeDiscord.post_user_message)
    via: str = "channel"
    interaction: FakeInteraction | None = None
    application_id: int | None = None
    created_at: float = field(default_factory=time.perf_counter)
    timestamp: str = field(default_factory=iso_now)
    edited_timestamp: str | None = None
    deleted: bool = False
    history: list[dict[str, Any]] = field(default_factory=list)
    reactions: list[str] = field(default_factory=list)
    edits: list[EditRecord] = field(default_factory=list)

    @property
    def components_v2(self) -> bool:
        """Sent with IS_COMPONENTS_V2 (1 << 15): layout components, no content/embeds."""
        return bool(self.flags & FLAG_COMPONENTS_V2)

    def walk_components(self) -> list[dict[str, Any]]:
        """Every component, depth first (containers, sections, rows, their children)."""
        from .components import walk

        return list(walk(self.components))

    def find_components(
        self, type: int | None = None, *, custom_id: str | None = None, id: int | None = None
    ) -> list[dict[str, Any]]:
        return [
            c
            for c in self.walk_components()
            if (type is None or c.get("type") == type)
            and (custom_id is None or c.get("custom_id") == custom_id)
            and (id is None or c.get("id") == id)
        ]

    def text_displays(self) -> list[str]:
        """The content of every Text Display (type 10), in order."""
        return [str(c.get("content", "")) for c in self.find_components(10)]

    @property
    def containers(self) -> list[dict[str, Any]]:
        return self.find_components(17)

    @property
    def accent_color(self) -> int | None:
        """accent_color of the first Container, if any."""
        return self.containers[0].get("accent_color") if self.containers else None

    def media(self) -> list[FakeAttachment]:
        """The uploaded files shown by gallery items, thumbnails and file components."""
        from .components import media_items

        by_id = {str(a.id): a for a in self.attachments}
        out = []
        for item in media_items(self.components):
            att = by_id.get(str(item.get("attachment_id")))
            if att is not None:
                out.append(att)
        return out

    def media_urls(self) -> list[str]:
        from .components import media_items

        return [str(item.get("url")) for item in media_items(self.components)]

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        """True while this is a deferred "Bot is thinking..." placeholder."""
        return bool(self.flags & FLAG_LOADING)

    @property
    def edit_count(self) -> int:
        return len(self.history)

    @property
    def embed(self) -> dict[str, Any] | None:
        return self.embeds[0] if self.embeds else None

    def text(self) -> str:
        """Content, Text Displays and every visible embed text, newline separated."""
        parts = [self.content] if self.content else []
        parts.extend(t for t in self.text_displays() if t)
        for e in self.embeds:
            for key in ("title", "description"):
                if e.get(key):
                    parts.append(str(e[key]))
            for f in e.get("fields", []):
                parts.append(f"{f.get('name', '')}\n{f.get('value', '')}")
            if (e.get("author") or {}).get("name"):
                parts.append(e["author"]["name"])
            if (e.get("footer") or {}).get("text"):
                parts.append(e["footer"]["text"])
        return "\n".join(parts)

    def components_flat(self) -> list[dict[str, Any]]:
        """Every interactive component (buttons, selects...) in the message, depth first."""
        out: list[dict[str, Any]] = []

        def walk(items: Iterable[dict[str, Any]]) -> None:
            for item in items:
                if "components" in item:
                    walk(item["components"])
                if isinstance(item.get("component"), dict):
                    walk([item["component"]])
                if isinstance(item.get("accessory"), dict):
                    walk([item["accessory"]])
                if item.get("type") not in (1, 9, 10, 11, 12, 13, 14, 17, 18):
                    out.append(item)

        walk(self.components)
        return out

    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in self.components_flat() if c.get("type") == 2]

    def button_labels(self) -> list[str]:
        return [str(b.get("label", "")) for b in self.buttons()]

    def attachment(self, filename: str) -> FakeAttachment:
        for a in self.attachments:
            if a.filename == filename:
                return a
        raise KeyError(
            f"message {self.id} has no attachment {filename!r}: "
            f"{[a.filename for a in self.attachments]}"
        )

    def snapshot(self) -> dict[str, Any]:
        return {
            "content": self.content,
            "embeds": [dict(e) for e in self.embeds],
            "components": list(self.components),
            "attachments": [a.filename for a in self.attachments],
            "flags": self.flags,
        }

    def payload(self, fake: FakeDiscord) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel.id),
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.payload() for a in self.attachments],
            "embeds": self.embeds,
            "reactions": [],
            "pinned": False,
            "type": self.type,
            "flags": self.flags,
            "components": self.components,
        }
        if self.channel.guild is not None:
            data["guild_id"] = str(self.channel.guild.id)
        if self.application_id is not None:
            data["application_id"] = str(self.application_id)
            data["webhook_id"] = str(self.application_id)
        if self.interaction is not None:
            inter = self.interaction
            meta: dict[str, Any] = {
                "id": str(inter.id),
                "type": inter.type,
                "user": inter.user.payload(),
                "authorizing_integration_owners": inter.payload.get(
                    "authorizing_integration_owners", {}
                ),
            }
            if inter.command_name:
                meta["name"] = inter.command_name
            if self.via == "followup" and inter.original is not None:
                meta["original_response_message_id"] = str(inter.original.id)
            data["interaction_metadata"] = meta
        return data


# --------------------------------------------------------------------------- interactions


@dataclass(eq=False)
class FakeResponse:
    """One interaction callback (POST /interactions/{id}/{token}/callback)."""

    type: int
    data: dict[str, Any]
    latency: float  # seconds from the INTERACTION_CREATE frame being sent to this callback
    message: FakeMessage | None = None

    @property
    def type_name(self) -> str:
        return CALLBACK_NAMES.get(self.type, str(self.type))

    @property
    def flags(self) -> int:
        if self.message is not None:
            return self.message.flags
        return int(self.data.get("flags", 0) or 0)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def deferred(self) -> bool:
        return self.type in (5, 6)

    @property
    def content(self) -> str:
        if self.message is not None:
            return self.message.content
        return self.data.get("content") or ""

    @property
    def embeds(self) -> list[dict[str, Any]]:
        if self.message is not None:
            return self.message.embeds
        return list(self.data.get("embeds") or [])

    @property
    def components(self) -> list[dict[str, Any]]:
        if self.message is not None:
            return self.message.components
        return list(self.data.get("components") or [])

    @property
    def attachments(self) -> list[FakeAttachment]:
        return self.message.attachments if self.message is not None else []

    @property
    def choices(self) -> list[dict[str, Any]]:
        """Autocomplete choices (type 8)."""
        return list(self.data.get("choices") or [])

    @property
    def modal(self) -> dict[str, Any] | None:
        """The modal definition (type 9)."""
        return self.data if self.type == 9 else None

    def text(self) -> str:
        return self.message.text() if self.message is not None else self.content


class FakeInteraction:
    """An interaction the test sent to the bot, and everything the bot answered to it."""

    def __init__(
        self,
        fake: FakeDiscord,
        *,
        id: int,
        token: str,
        type: int,
        payload: dict[str, Any],
        user: FakeUser,
        channel: FakeChannel,
        command_name: str | None = None,
        source_message: FakeMessage | None = None,
    ) -> None:
        self.fake = fake
        self.id = id
        self.token = token
        self.type = type
        self.payload = payload
        self.user = user
        self.channel = channel
        self.guild = channel.guild
        self.command_name = command_name
        #: for component interactions: the message whose component was used
        self.source_message = source_message
        self.sent_at: float | None = None  # perf_counter when INTERACTION_CREATE hit the socket
        self.responses: list[FakeResponse] = []
        #: (shard_id, shard_count) of the session it was sent to
        self.shard: tuple[int, int] | None = None
        self.original: FakeMessage | None = None
        self.followups: list[FakeMessage] = []
        self.rejected_callbacks: list[tuple[int, str]] = []  # (status, reason) of refused ones

    def __repr__(self) -> str:
        what = self.command_name or self.payload.get("data", {}).get("custom_id")
        return f"<FakeInteraction id={self.id} type={self.type} {what!r}>"

    @property
    def response(self) -> FakeResponse | None:
        return self.responses[0] if self.responses else None

    @property
    def owners(self) -> dict[str, str]:
        """authorizing_integration_owners: {"0": guild id or "0", "1": user id}."""
        return dict(self.payload.get("authorizing_integration_owners") or {})

    @property
    def context(self) -> int:
        """0 GUILD, 1 BOT_DM, 2 PRIVATE_CHANNEL."""
        return int(self.payload.get("context", 0))

    @property
    def forced_ephemeral(self) -> bool:
        """Discord makes every response ephemeral for an app not installed in the server when
        the member lacks the Use External Apps permission."""
        guild = self.guild
        if guild is None or guild.has_bot or not self.user_install_only:
            return False
        member = guild.members.get(self.user.id)
        if member is None:
            return True
        perms = guild.channel_permissions(member, self.channel)
        return not perms & discord.Permissions(use_external_apps=True).value

    @property
    def user_install_only(self) -> bool:
        """Authorized only by a user install (Discord then allows 5 follow-ups at most)."""
        return set(self.owners) == {"1"}

    @property
    def latency(self) -> float | None:
        return self.responses[0].latency if self.responses else None

    @property
    def messages(self) -> list[FakeMessage]:
        """Original response (if it is a message) then follow-ups, in creation order."""
        out: list[FakeMessage] = []
        if self.original is not None:
            out.append(self.original)
        out.extend(self.followups)
        return out

    @property
    def visible_messages(self) -> list[FakeMessage]:
        """Messages that are neither deleted nor still a "thinking..." placeholder."""
        return [m for m in self.messages if not m.deleted and not m.loading]

    def _describe(self) -> str:
        lines = [repr(self)]
        if self.sent_at is None:
            lines.append("  INTERACTION_CREATE was never sent to the bot (no gateway session?)")
        elif not self.responses:
            lines.append(f"  sent to the bot {time.perf_counter() - self.sent_at:.2f}s ago")
        for r in self.responses:
            lines.append(f"  callback type {r.type} ({r.type_name}) after {r.latency:.3f}s")
        for status, reason in self.rejected_callbacks:
            lines.append(f"  callback refused with {status}: {reason}")
        for record in self.fake.requests:
            if record.status >= 400 and self.token in record.path:
                lines.append(f"  bot request refused: {record}")
        for m in self.messages:
            state = "deleted" if m.deleted else ("loading" if m.loading else "ok")
            lines.append(f"  message {m.id} via {m.via} [{state}] {m.text()[:120]!r}")
        lines.extend(f"  {line}" for line in self.fake._describe_problems())
        return "\n".join(lines)

    async def wait_for(
        self,
        predicate: Callable[[FakeInteraction], bool],
        timeout: float | None = None,
        what: str = "condition",
    ) -> None:
        await self.fake.wait_for(
            lambda: predicate(self), timeout=timeout, what=lambda: f"{what}\n{self._describe()}"
        )

    async def first_response(self, timeout: float | None = None) -> FakeResponse:
        """The first callback the bot made (waits for it)."""
        await self.wait_for(lambda i: bool(i.responses), timeout, "an interaction callback")
        return self.responses[0]

    async def wait_for_messages(
        self, n: int = 1, timeout: float | None = None
    ) -> list[FakeMessage]:
        """Wait until ``n`` messages are visible (not loading, not deleted) and return them."""
        await self.wait_for(
            lambda i: len(i.visible_messages) >= n, timeout, f"{n} visible message(s)"
        )
        return self.visible_messages

    async def wait_for_original(self, timeout: float | None = None) -> FakeMessage:
        """Wait until the original response is a real (non-loading) message."""
        await self.wait_for(
            lambda i: i.original is not None and not i.original.loading,
            timeout,
            "the original response message",
        )
        assert self.original is not None
        return self.original


def _opt_id(value: int | None) -> str | None:
    return None if value is None else str(value)
