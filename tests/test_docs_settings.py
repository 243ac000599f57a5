"""The README and ``.env.example`` tell a server owner what the code needs: every setting the
bot reads."""

from __future__ import annotations

import re
from pathlib import Path

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


def test_the_settings_table_names_exactly_what_the_code_reads() -> None:
    table = section(README, "Settings (`.env` or the environment):", "**Stopping**")
    rows = [line.split("|")[1] for line in table.splitlines() if line.startswith("| `")]
    named = {name for cell in rows for name in re.findall(r"`([A-Z][A-Z_]+)`", cell)}
    read = settings_read()
    assert {"DISCORD_TOKEN", "SHARD_COUNT", "SHARD_IDS", CACHE_ENV} <= read
    assert named == read


def test_env_example_shows_every_setting() -> None:
    example = (ROOT / ".env.example").read_text(encoding="utf-8")
    shown = set(re.findall(r"^#? ?([A-Z][A-Z_]+)=", example, flags=re.MULTILINE))
    assert shown == settings_read()
