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
from collections.abc import Mapping
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
    says (hidden words never go to logs), and no lower than the root logger's level."""
    floor = max(logging.INFO, logging.getLogger().level)  # LOG_LEVEL=ERROR quiets them too
    for name in CHATTY_LIBRARIES:
        library = logging.getLogger(name)
        if library.level < floor:  # NOTSET (inherit) counts as below
            library.setLevel(floor)


class ConfigError(Exception):
    """A setting that is missing or wrong, with a message for the person running the bot."""


#: Discord ids (snowflakes) are positive and fit a signed 64-bit integer (and SQLite).
MAX_ID = 2**63 - 1

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


class Env:
    """Reads typed settings from a mapping of environment variables; every bad value is a
    :class:`ConfigError` naming the variable. Blank values count as unset.

    A new setting is one line in :meth:`Config.from_env`, with one of these readers (add a
    reader here for a new kind of value).
    """

    def __init__(self, environ: Mapping[str, str]) -> None:
        self._environ = environ

    def text(self, name: str) -> str | None:
        value = self._environ.get(name, "").strip()
        return value or None

    def path(self, name: str, default: Path | None = None) -> Path | None:
        value = self.text(name)
        if value is None:
            return default
        if "\0" in value:
            raise ConfigError(f"{name} must be a file path, not {value!r:.60}.")
        return Path(value)

    def integer(self, name: str, *, minimum: int, maximum: int, what: str) -> int | None:
        """Plain ASCII digits only (``int()`` also takes other scripts' digits and
        ``isdigit()`` even superscripts)."""
        value = self.text(name)
        if value is None:
            return None
        if not (value.isascii() and value.isdigit()) or not minimum <= int(value) <= maximum:
            raise ConfigError(f"{name} must be {what}, not {value!r:.40}.")
        return int(value)

    def choice(self, name: str, choices: tuple[str, ...], default: str) -> str:
        value = (self.text(name) or default).upper()
        if value not in choices:
            raise ConfigError(f"{name} must be one of {', '.join(choices)}, not {value!r:.40}.")
        return value


def read_env_file(env_file: str | Path) -> None:
    """Load a ``.env`` file into ``os.environ`` (values already there win); a missing file is
    fine, an unreadable one is a :class:`ConfigError`."""
    path = Path(env_file)
    if not path.is_file():
        return
    try:
        load_dotenv(path, override=False, encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError(f"settings file {path} is not UTF-8 text ({exc.reason} at byte "
                          f"{exc.start}); save it as UTF-8.") from None
    except OSError as exc:
        raise ConfigError(f"cannot read settings file {path}: {exc.strerror or exc}") from None


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
                 environ: Mapping[str, str] | None = None) -> Config:
        """Read settings; values already in the environment win over the ``.env`` file.

        Raises :class:`ConfigError` for a bad value or an unreadable ``.env`` file.
        """
        if environ is None:
            if env_file is not None:
                read_env_file(env_file)
            environ = dict(os.environ)
        env = Env(environ)
        return cls(
            token=env.text("DISCORD_TOKEN"),
            db_path=env.path("WORDLE_DB") or DEFAULT_DB,
            daily_salt=env.text("DAILY_SALT"),
            dev_guild_id=env.integer("DEV_GUILD_ID", minimum=1, maximum=MAX_ID,
                                     what="a server id (digits only)"),
            answers_path=env.path("WORDLE_ANSWERS"),
            allowed_path=env.path("WORDLE_ALLOWED"),
            log_level=env.choice("LOG_LEVEL", LOG_LEVELS, "INFO"),
        )

    @property
    def salt_path(self) -> Path:
        return self.db_path.parent / SALT_FILE

    def resolved_salt(self) -> str:
        """``DAILY_SALT``, or a random salt made once and kept in a file beside the database.

        Keeping it beside the database means the daily words stay the same across restarts
        while nobody can compute them from the public source. Raises :class:`ConfigError`
        when that file cannot be read or made.
        """
        if self.daily_salt:
            return self.daily_salt
        path = self.salt_path
        if path.is_dir():
            raise ConfigError(f"{path} is a folder; it should be the file that keeps the daily "
                              f"salt (or set DAILY_SALT).")
        try:
            if path.is_file():
                salt = path.read_text(encoding="utf-8").strip()
                if salt:
                    return salt
            path.parent.mkdir(parents=True, exist_ok=True)
            salt = secrets.token_hex(16)
            path.write_text(salt + "\n", encoding="utf-8")
        except UnicodeDecodeError:
            raise ConfigError(f"the daily salt file {path} is not UTF-8 text.") from None
        except OSError as exc:
            where = exc.filename or path
            raise ConfigError(f"cannot keep the daily salt in {path}: {where}: "
                              f"{exc.strerror or exc} (or set DAILY_SALT).") from None
        with contextlib.suppress(OSError):  # platforms without chmod
            path.chmod(0o600)
        log.warning("DAILY_SALT is not set: made a new one in %s (keep that file).", path)
        return salt
