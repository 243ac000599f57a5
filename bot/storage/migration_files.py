"""The numbered migration files of each dialect (``migrations/<dialect>/NNNN_name.sql``),
the same numbers and names in both; they must run 1, 2, 3, ... or a store refuses to start."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Final

from .database import Dialect
from .errors import MigrationError

DIALECTS: Final[tuple[Dialect, ...]] = ("sqlite", "postgres")
_NAME: Final = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")


@dataclass(frozen=True)
class MigrationFile:
    version: int
    name: str
    sql: str


@cache
def migration_files(dialect: Dialect) -> tuple[MigrationFile, ...]:
    """The dialect's migrations shipped with the package, in order, checked to be numbered
    1, 2, 3, ... (a :class:`MigrationError` otherwise)."""
    folder = resources.files("bot.storage").joinpath("migrations", dialect)
    return numbered_files(folder, f"bot/storage/migrations/{dialect}")


def numbered_files(folder: Traversable, where: str) -> tuple[MigrationFile, ...]:
    """The ``NNNN_name.sql`` files in ``folder`` (called ``where`` in errors), in order."""
    found = sorted(
        (
            MigrationFile(int(match.group(1)), entry.name, entry.read_text(encoding="utf-8"))
            for entry in folder.iterdir()
            if (match := _NAME.match(entry.name)) is not None
        ),
        key=lambda m: m.version,
    )
    for expected, migration in enumerate(found, start=1):
        if migration.version != expected:
            raise MigrationError(
                f"migrations in {where} must be numbered 0001, 0002, ... without gaps or "
                f"repeats; expected {expected:04d}, found {migration.name}"
            )
    if not found:
        raise MigrationError(f"no migration files found in {where}")
    return tuple(found)
