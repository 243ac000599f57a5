"""The numbering rule of migration files, shared by both dialects (bot.storage.migration_files)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.storage.errors import MigrationError
from bot.storage.migration_files import DIALECTS, migration_files, numbered_files


def write(folder: Path, *names: str) -> Path:
    folder.mkdir(exist_ok=True)
    for name in names:
        (folder / name).write_text(f"-- {name}\n", encoding="utf-8")
    return folder


def test_files_come_in_order_and_other_files_are_ignored(tmp_path: Path):
    folder = write(tmp_path / "m", "0002_more.sql", "0001_first.sql", "README.md", "1_x.sql")
    found = numbered_files(folder, "m")
    assert [(m.version, m.name) for m in found] == [(1, "0001_first.sql"), (2, "0002_more.sql")]
    assert found[0].sql == "-- 0001_first.sql\n"


@pytest.mark.parametrize("names, found", [
    (("0001_a.sql", "0003_c.sql"), "expected 0002, found 0003_c.sql"),
    (("0001_a.sql", "0001_b.sql"), "expected 0002, found 0001_b.sql"),
    (("0002_b.sql",), "expected 0001, found 0002_b.sql"),
    ((), "no migration files found in m"),
])
def test_a_gap_a_repeat_or_nothing_is_refused(tmp_path: Path, names, found):
    with pytest.raises(MigrationError, match=found):
        numbered_files(write(tmp_path / "m", *names), "m")


@pytest.mark.parametrize("dialect", DIALECTS)
def test_the_shipped_migrations_load(dialect):
    assert [m.version for m in migration_files(dialect)] == list(
        range(1, len(migration_files(dialect)) + 1))
