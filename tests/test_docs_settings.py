"""The README and ``.env.example`` tell a server owner what the code needs: every setting the
bot reads, and the Discord permissions its invite asks for."""

from __future__ import annotations

import re
from pathlib import Path

import discord

from bot.config import Config
from bot.core.patterns import CACHE_ENV

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


class Reading(dict[str, str]):
    """An empty environment that notes every variable asked for."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: set[str] = set()

    def get(self, key: str, default: str | None = None) -> str | None:  # type: ignore[override]
        self.asked.add(key)
        return default


def settings_read() -> set[str]:
    """Every variable :meth:`Config.from_env` reads, and the solver's cache folder."""
    environ = Reading()
    Config.from_env(env_file=None, environ=environ)
    return environ.asked | {CACHE_ENV}


def section(text: str, start: str, end: str) -> str:
    begin = text.index(start)
    return text[begin:text.index(end, begin)]


def settings_table() -> list[str]:
    """The rows of the table in the paragraph after the README's "Settings" line."""
    table = README[README.index("Settings (`.env` or the environment):"):].split("\n\n")[1]
    assert table.startswith("| variable |"), table[:80]
    return [line for line in table.splitlines() if line.startswith("| `")]


def test_the_settings_table_names_exactly_what_the_code_reads() -> None:
    rows = [line.split("|")[1] for line in settings_table()]
    named = {name for cell in rows for name in re.findall(r"`([A-Z][A-Z_]+)`", cell)}
    read = settings_read()
    assert {"DISCORD_TOKEN", "SHARD_COUNT", "SHARD_IDS", CACHE_ENV} <= read
    assert named == read


def test_env_example_shows_every_setting() -> None:
    example = (ROOT / ".env.example").read_text(encoding="utf-8")
    shown = set(re.findall(r"^#? ?([A-Z][A-Z_]+)=", example, flags=re.MULTILINE))
    assert shown == settings_read()


def invite_step() -> str:
    return section(README, "3. Invite the bot", "\n4. ")


def test_the_invite_url_asks_for_exactly_the_permissions_listed() -> None:
    step = invite_step()
    listed = re.findall(r"(?<!\*)\*([A-Z][A-Za-z ]+?)\*(?!\*)", step.split("; or open")[0])
    flags = {name.lower().replace(" ", "_").replace("view_channels", "view_channel")
             for name in listed}
    assert flags <= set(discord.Permissions.VALID_FLAGS), flags
    [asked] = re.findall(r"&permissions=(\d+)", step)
    assert int(asked) == discord.Permissions(**dict.fromkeys(flags, True)).value
    assert len(flags) == len(listed) == 6


def test_every_permission_the_bot_checks_is_asked_for() -> None:
    checked: set[str] = set()
    for path in (ROOT / "bot").rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        checked |= set(re.findall(r"\b(?:may|app_permissions)\.([a-z_]+)\b", source))
    checked &= set(discord.Permissions.VALID_FLAGS)
    assert checked, "no permission checks found: has the code changed how it checks them?"
    [asked] = re.findall(r"&permissions=(\d+)", invite_step())
    granted = discord.Permissions(int(asked))
    assert {flag for flag in checked if not getattr(granted, flag)} == set()
