"""The storage suite (tests/storage), run against the PostgreSQL store.

Every test of the listed modules whose only store is the ``db`` fixture is collected here
again, with ``db`` a :class:`PostgresStore` (tests/postgres/conftest.py). Left out: tests that
open the SQLite file themselves (``db_path``, ``tmp_path``, ``sqlite3``) or look inside the
SQLite store (``db._...``, ``Database.open``); tests/postgres has PostgreSQL's own versions of
what they check (migrations, races, inspecting rows).
"""

from __future__ import annotations

import importlib
import inspect
from types import ModuleType

MODULES = (
    "test_games",
    "test_stats",
    "test_forget",
    "test_forget_rules",
    "test_grouped",
    "test_order",
    "test_race",
)
_SQLITE_ONLY_FIXTURES = frozenset({"db_path", "tmp_path", "tmp_path_factory", "monkeypatch"})
_SQLITE_ONLY_TEXT = ("sqlite3", "Database.open", "db._", "table_counts", "stored_guesses")


def _portable(function: object) -> bool:
    try:
        parameters = set(inspect.signature(function).parameters)  # type: ignore[arg-type]
        source = inspect.getsource(function)  # type: ignore[arg-type]
    except (TypeError, ValueError, OSError):
        return False
    return (
        "db" in parameters
        and not parameters & _SQLITE_ONLY_FIXTURES
        and not any(text in source for text in _SQLITE_ONLY_TEXT)
    )


def _collect(module: ModuleType) -> dict[str, object]:
    found: dict[str, object] = {}
    for name, value in vars(module).items():
        if name.startswith("test_") and callable(value):
            target = getattr(value, "__wrapped__", value)
            if _portable(target) and getattr(value, "__module__", None) == module.__name__:
                found[f"{name}__{module.__name__.rsplit('.', 1)[-1]}"] = value
    return found


COLLECTED: dict[str, object] = {}
for _name in MODULES:
    try:
        _module = importlib.import_module(f"tests.storage.{_name}")
    except ImportError:  # moved or renamed by the storage work: nothing to re-run from it
        continue
    COLLECTED.update(_collect(_module))
globals().update(COLLECTED)


def test_the_suite_is_actually_rerun_here():
    assert len(COLLECTED) >= 30, sorted(COLLECTED)
