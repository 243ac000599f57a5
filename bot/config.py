"""Configuration from the environment (and a ``.env`` file, read with python-dotenv).

| variable | meaning | default |
|---|---|---|
| ``DISCORD_TOKEN`` | the bot's token (only the Discord front end needs it) | none |
| ``DATABASE_URL`` | ``postgresql://user:password@host/db``, or ``sqlite:///file`` | SQLite |
| ``WORDLE_DB`` | the SQLite file (when ``DATABASE_URL`` is not PostgreSQL) | ``data/...`` |
| ``DATABASE_POOL_SIZE`` | PostgreSQL connections per process (2 to 100) | 10 |
| ``DAILY_SALT`` | secret that picks the daily words | see below |
| ``SHARD_COUNT`` | total Discord shards: a number, or ``auto`` | ``auto`` |
| ``SHARD_IDS`` | the shards this process runs: ``0-3``, ``0,2,5`` | all |
| ``DEV_GUILD_ID`` | a server to sync slash commands to at start (instant updates) | none |
| ``WORDLE_ANSWERS`` / ``WORDLE_ALLOWED`` | other word list files | ``wordlists/`` |
| ``LOG_LEVEL`` | logging level | ``INFO`` |

Without ``DAILY_SALT`` the salt is made once and kept in ``daily-salt`` beside the SQLite
file, or, with PostgreSQL, derived from the database's own secret key (nothing on disk).
``SHARD_IDS`` needs a number in ``SHARD_COUNT`` and PostgreSQL (the processes share it);
``DATABASE_POOL_SIZE`` needs PostgreSQL too (SQLite has one connection, no pool).

The token, the salt and the database URL (it may hold a password) are kept out of ``repr`` so
they never land in a log line by accident; :attr:`Config.database_label` is the URL without
its password, for messages.
"""

from __future__ import annotations

import contextlib
import logging
import os
import secrets
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import unquote, urlsplit

from dotenv import load_dotenv

from bot.core.words import read_capped_text
from bot.dsn import redact

if TYPE_CHECKING:
    from bot.storage.port import Store

log = logging.getLogger(__name__)

DEFAULT_DB = Path("data") / "wordle-bot.sqlite3"
SALT_FILE = "daily-salt"
#: The largest daily salt file read (the bot writes 33 bytes; a salt of one's own is short).
MAX_SALT_BYTES = 4096


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

#: The most shards a setting may name (Discord's largest bots run a few thousand).
MAX_SHARDS = 65_536
POSTGRES_SCHEMES = ("postgresql", "postgres")

#: A PostgreSQL store's connections per process: one writer and one reader at least; past a
#: hundred, PgBouncer in front of small pools serves better than bigger ones.
DEFAULT_POOL_SIZE = 10
POOL_SIZES = (2, 100)


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

    def token(self, name: str) -> str | None:
        """A token: text with no space or control character inside (such a token cannot go
        into an HTTP header); the message never shows it."""
        value = self.text(name)
        if value is not None and any(c.isspace() or not c.isprintable() for c in value):
            raise ConfigError(f"{name} has a space, a line break or another control character "
                              "inside; copy the token again, on one line.")
        return value

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

    def count_or_auto(self, name: str, *, maximum: int, what: str) -> int | None:
        """A positive number, or ``auto`` (or unset): ``None``."""
        value = self.text(name)
        if value is None or value.lower() == "auto":
            return None
        return self.integer(name, minimum=1, maximum=maximum, what=what)

    def id_ranges(self, name: str, *, maximum: int) -> tuple[int, ...] | None:
        """Numbers and ranges: ``0-3``, ``0,2,5``, ``0-3,8``; each number ``< maximum``, none
        twice. Returned in ascending order."""
        value = self.text(name)
        if value is None:
            return None
        found: list[int] = []
        for part in value.split(","):
            first, dash, last = (p.strip() for p in part.strip().partition("-"))
            numbers = [first, last] if dash else [first]
            if not all(n.isascii() and n.isdigit() for n in numbers):
                raise ConfigError(f"{name} must be shard numbers and ranges such as 0-3 or "
                                  f"0,2,5, not {value!r:.40}.")
            low, high = int(numbers[0]), int(numbers[-1])
            if low > high:
                raise ConfigError(f"{name}: the range {part.strip()!r:.20} runs backwards.")
            if high >= maximum:
                raise ConfigError(f"{name} names shard {high}, but there are only {maximum} "
                                  f"(0 to {maximum - 1}).")
            found.extend(range(low, high + 1))
        unique = sorted(set(found))
        if len(unique) != len(found):
            twice = next(n for n in unique if found.count(n) > 1)
            raise ConfigError(f"{name} names shard {twice} twice.")
        return tuple(unique)

    def database_url(self, name: str) -> tuple[str | None, Path | None]:
        """``(postgres_url, sqlite_path)`` from a ``postgresql://``, ``postgres://`` or
        ``sqlite:///path`` URL; ``(None, None)`` when unset. No message shows a password."""
        value = self.text(name)
        if value is None:
            return None, None
        scheme, colon, _ = value.partition(":")
        scheme = scheme.lower()
        if not colon or scheme not in (*POSTGRES_SCHEMES, "sqlite"):
            shown = scheme if colon else "no scheme"
            raise ConfigError(f"{name} must start with postgresql://, postgres:// or "
                              f"sqlite:///, not {shown[:20]!r}.")
        try:
            parts = urlsplit(value)
            parts.port  # noqa: B018  (a port that is not a number raises)
        except ValueError:
            raise ConfigError(f"{name} is not a valid URL ({redact(value)}); the form is "
                              f"postgresql://user:password@host:5432/database.") from None
        if scheme == "sqlite":
            path = unquote(parts.path)
            if parts.netloc or not path.startswith("/") or len(path) < 2 or "\0" in path:
                raise ConfigError(f"{name}: a SQLite URL is sqlite:///relative/file or "
                                  f"sqlite:////absolute/file, not {value!r:.60}.")
            return None, Path(path[1:])
        return value, None

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
    #: ``DATABASE_URL`` when it is PostgreSQL (then nothing is kept in files); else None.
    postgres_url: str | None = field(default=None, repr=False)
    #: ``SHARD_COUNT`` (None: Discord's recommendation) and ``SHARD_IDS`` (None: all).
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    #: ``DATABASE_POOL_SIZE``: the PostgreSQL store's connections (unused with SQLite).
    pool_size: int = DEFAULT_POOL_SIZE
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
        postgres_url, sqlite_path = env.database_url("DATABASE_URL")
        shard_count = env.count_or_auto("SHARD_COUNT", maximum=MAX_SHARDS,
                                        what=f"a number of shards from 1 to {MAX_SHARDS}, or auto")
        if env.text("SHARD_IDS") is not None and shard_count is None:
            raise ConfigError("SHARD_IDS needs SHARD_COUNT set to a number (not auto): every "
                              "process must agree on the total.")
        shard_ids = env.id_ranges("SHARD_IDS", maximum=shard_count or MAX_SHARDS)
        if (shard_ids is not None and shard_count is not None and postgres_url is None
                and len(shard_ids) < shard_count):
            raise ConfigError("SHARD_IDS (some shards per process) needs DATABASE_URL="
                                  "postgresql://...: the processes share one database.")
        low, high = POOL_SIZES
        pool_size = env.integer("DATABASE_POOL_SIZE", minimum=low, maximum=high,
                                what=f"a number of connections from {low} to {high}")
        if pool_size is not None and postgres_url is None:
            raise ConfigError("DATABASE_POOL_SIZE is for PostgreSQL (DATABASE_URL="
                              "postgresql://...); SQLite has no pool, so remove it.")
        return cls(
            token=env.token("DISCORD_TOKEN"),
            db_path=sqlite_path or env.path("WORDLE_DB") or DEFAULT_DB,
            postgres_url=postgres_url,
            shard_count=shard_count,
            shard_ids=shard_ids,
            pool_size=pool_size or DEFAULT_POOL_SIZE,
            daily_salt=env.text("DAILY_SALT"),
            dev_guild_id=env.integer("DEV_GUILD_ID", minimum=1, maximum=MAX_ID,
                                     what="a server id (digits only)"),
            answers_path=env.path("WORDLE_ANSWERS"),
            allowed_path=env.path("WORDLE_ALLOWED"),
            log_level=env.choice("LOG_LEVEL", LOG_LEVELS, "INFO"),
        )

    @property
    def uses_postgres(self) -> bool:
        return self.postgres_url is not None

    @property
    def database_label(self) -> str:
        """Where the data is, for messages: the PostgreSQL URL without its password, or the
        SQLite file."""
        return redact(self.postgres_url) if self.postgres_url else str(self.db_path)

    @property
    def salt_path(self) -> Path:
        return self.db_path.parent / SALT_FILE

    def resolved_salt(self, *, quiet: bool = False) -> str:
        """``DAILY_SALT``, or a random salt made once and kept in a file beside the database.

        Keeping it beside the database means the daily words stay the same across restarts
        while nobody can compute them from the public source. Making the file is logged for
        the bot's operator, unless ``quiet`` (the terminal game: its player has nothing to do
        about it). Raises :class:`ConfigError` when that file cannot be read or made.
        """
        if self.daily_salt:
            return self.daily_salt
        path = self.salt_path
        if path.is_dir():
            raise ConfigError(f"{path} is a folder; it should be the file that keeps the daily "
                              f"salt (or set DAILY_SALT).")
        try:
            if path.is_file():
                salt = read_capped_text(path, MAX_SALT_BYTES).strip()
                if salt:
                    return salt
                raise ConfigError(
                    f"the daily salt file {path} is empty: restore it from a backup, or delete "
                    f"it to make a new one (every daily word then changes), or set DAILY_SALT.")
            path.parent.mkdir(parents=True, exist_ok=True)
            made = secrets.token_hex(16)
            salt = _made_once(path, made)
        except UnicodeDecodeError:
            raise ConfigError(f"the daily salt file {path} is not UTF-8 text.") from None
        except OSError as exc:
            where = exc.filename or path
            raise ConfigError(f"cannot keep the daily salt in {path}: {where}: "
                              f"{exc.strerror or exc} (or set DAILY_SALT).") from None
        if salt == made and not quiet:
            log.warning("DAILY_SALT is not set: made a new one in %s (keep that file).", path)
        return salt

    def salt_of(self, db: Store) -> str:
        """The daily salt, with the store open: :meth:`resolved_salt`, or on PostgreSQL one
        derived from the database's key (every process on it picks the same daily words)."""
        if self.daily_salt or self.postgres_url is None:
            return self.resolved_salt()
        from bot.storage.open import postgres_daily_salt

        return postgres_daily_salt(db)


def _made_once(path: Path, salt: str) -> str:
    """Keep ``salt`` in ``path`` unless another process made that file first (then its
    salt): written whole to a file beside it, then linked into place, so that ``path`` is
    never seen empty or half written, even after a crash."""
    fd, spare = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(salt + "\n")
            handle.flush()
            os.fsync(handle.fileno())
        with contextlib.suppress(OSError):  # platforms without chmod
            os.chmod(spare, 0o600)
        try:
            os.link(spare, path)
        except FileExistsError:
            return read_capped_text(path, MAX_SALT_BYTES).strip()
        except OSError:  # a file system without hard links: whole, if not first
            os.replace(spare, path)
        return salt
    finally:
        Path(spare).unlink(missing_ok=True)
