"""Collect another suite's tests again, to run them against the PostgreSQL store.

:func:`rerun` returns the ``test_*`` functions of the given modules that take the ``db``
fixture and nothing tied to SQLite (a file path, ``sqlite3``, the SQLite store's insides),
renamed ``<test>__<module>``; a test module puts them in its globals and pytest collects them
there, where ``db`` is a :class:`PostgresStore` (tests/postgres/conftest.py).
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Iterable

_SQLITE_ONLY_FIXTURES = frozenset({"db_path", "tmp_path", "tmp_path_factory", "monkeypatch"})
_SQLITE_ONLY_TEXT = (
    "sqlite3",
    "Database.open",
    "SqliteStore.open",
    "db._",
    "table_counts",
    "stored_guesses",
)


def portable(function: object) -> bool:
    """Whether a test uses the store only through ``db`` and its public calls."""
    try:
        parameters = set(inspect.signature(function).parameters)  # type: ignore[arg-type]
        source = inspect.getsource(function)  # type: ignore[arg-type]
    except (TypeError, ValueError, OSError):
        return False
    uses_store = "db" in parameters or "service" in parameters
    return (
        uses_store
        and not parameters & _SQLITE_ONLY_FIXTURES
        and not any(text in source for text in _SQLITE_ONLY_TEXT)
    )


def rerun(package: str, modules: Iterable[str]) -> dict[str, object]:
    found: dict[str, object] = {}
    for name in modules:
        try:
            module = importlib.import_module(f"{package}.{name}")
        except ImportError:  # moved or renamed: nothing to re-run from it
            continue
        for test_name, value in vars(module).items():
            if not test_name.startswith("test_") or not callable(value):
                continue
            if getattr(value, "__module__", None) != module.__name__:
                continue  # imported from elsewhere
            if portable(getattr(value, "__wrapped__", value)):
                found[f"{test_name}__{name}"] = value
    return found
