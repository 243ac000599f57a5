"""Configuration from the environment (and a ``.env`` file, read with python-dotenv).

| variable | meaning | default |
|---|---|---|
| ``DISCORD_TOKEN`` | the bot's token (only the Discord front end needs it) | none |
| ``WORDLE_DB`` | the SQLite database file | ``data/wordle-bot.sqlite3`` |
| ``DAILY_SALT`` | secret that picks the daily words | made once and kept beside the database |
| ``DEV_GUILD_ID`` | a server to sync slash commands to at start (instant updates) | none |
| ``WORDLE_ANSWERS`` / ``WORDLE_ALLOWED`` | other word list files | ``wordlists/`` |
| ``LOG_LEVEL`` | logging level | ``INFO`` |

The token is kept out of ``repr`` so it never lands in a log line by accident.
"""

from __future__ import annotations

import contextlib
import logging
import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path

from dotenv import load_dotenv

log = logging.getLogger(__name__)

DEFAULT_DB = Path("data") / "wordle-bot.sqlite3"
SALT_FILE = "daily-salt"


#: Libraries whose DEBUG lines carry game data: discord.py logs whole gateway events and request
#: bodies (every guess, a challenge's word as its setter typed it), aiosqlite every statement
#: with its parameters (hidden words included).
CHATTY_LIBRARIES = ("discord", "aiosqlite")


def quiet_library_loggers() -> None:
    """Keep the loggers of :data:`CHATTY_LIBRARIES` at INFO or above, whatever ``LOG_LEVEL``
    says: hidden words never go to logs."""
    for name in CHATTY_LIBRARIES:
        library = logging.getLogger(name)
        if library.level < logging.INFO:  # NOTSET (inherit) counts as below
            library.setLevel(logging.INFO)


class ConfigError(Exception):
    """A setting that is missing or wrong, with a message for the person running the bot."""


@dataclass(frozen=True)
class Config:
    token: str | None = field(default=None, repr=False)
    db_path: Path = DEFAULT_DB
    daily_salt: str | None = field(default=None, repr=False)
    dev_guild_id: int | None = None
    answers_path: Path | None = None
    allowed_path: Path | None = None
    log_level: str = "INFO"

    @classmethod
    def from_env(cls, env_file: str | Path | None = ".env",
                 environ: dict[str, str] | None = None) -> Config:
        """Read settings; values already in the environment win over the ``.env`` file."""
        if environ is None:
            if env_file is not None and Path(env_file).is_file():
                load_dotenv(env_file, override=False)
            environ = dict(os.environ)

        def get(name: str) -> str | None:
            value = environ.get(name, "").strip()
            return value or None

        guild = get("DEV_GUILD_ID")
        if guild is not None and not guild.isdigit():
            raise ConfigError(f"DEV_GUILD_ID must be a server id (digits only), not {guild!r}.")
        answers, allowed = get("WORDLE_ANSWERS"), get("WORDLE_ALLOWED")
        return cls(
            token=get("DISCORD_TOKEN"),
            db_path=Path(get("WORDLE_DB") or DEFAULT_DB),
            daily_salt=get("DAILY_SALT"),
            dev_guild_id=int(guild) if guild else None,
            answers_path=Path(answers) if answers else None,
            allowed_path=Path(allowed) if allowed else None,
            log_level=(get("LOG_LEVEL") or "INFO").upper(),
        )

    def resolved_salt(self) -> str:
        """``DAILY_SALT``, or a random salt made once and kept in a file beside the database.

        Keeping it beside the database means the daily words stay the same across restarts
        while nobody can compute them from the public source.
        """
        if self.daily_salt:
            return self.daily_salt
        path = self.db_path.parent / SALT_FILE
        if path.is_file():
            salt = path.read_text(encoding="utf-8").strip()
            if salt:
                return salt
        path.parent.mkdir(parents=True, exist_ok=True)
        salt = secrets.token_hex(16)
        path.write_text(salt + "\n", encoding="utf-8")
        with contextlib.suppress(OSError):  # platforms without chmod
            path.chmod(0o600)
        log.warning("DAILY_SALT is not set: made a new one in %s (keep that file).", path)
        return salt
