"""On a machine without PostgreSQL the suite still passes, saying once why its PostgreSQL tests
were skipped; in CI (``WORDLE_REQUIRE_PG=1``) those tests fail instead.

Each check runs pytest itself on a few PostgreSQL tests at several places in the suite, with
the server binaries hidden (``WORDLE_TEST_PG_BINDIR`` naming an empty folder, see tests/pg.py).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.pg import ENV_BINDIR, ENV_DSN, ENV_REQUIRE

ROOT = Path(__file__).resolve().parent.parent
#: Tests needing PostgreSQL at several places (fixtures of tests/pg.py, through the storage
#: tests' `place`), and beside them tests that do not.
SOME_PG_TESTS = ("tests/postgres/test_cluster.py", "tests/storage/test_settings.py",
                 "tests/storage/test_variants.py")


def run_without_pg(tmp_path: Path, **extra_env: str) -> subprocess.CompletedProcess[str]:
    empty = tmp_path / "no-postgresql"
    empty.mkdir()
    env = {k: v for k, v in os.environ.items()
           if k not in (ENV_DSN, ENV_REQUIRE, "PYTEST_ADDOPTS")}
    env.update({ENV_BINDIR: str(empty), "COLUMNS": "200", **extra_env})
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", *SOME_PG_TESTS],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600, check=False,
    )


def test_without_postgresql_the_reason_is_printed_once(tmp_path: Path) -> None:
    done = run_without_pg(tmp_path)
    out = done.stdout
    assert done.returncode == 0, out + done.stderr
    reasons = [line for line in out.splitlines() if "no PostgreSQL" in line]
    assert len(reasons) == 1, "\n".join(reasons)
    summary = out.splitlines()[-1]
    skipped = int(summary.split(" skipped")[0].rsplit(" ", 1)[-1])
    assert skipped > 10  # many tests at several places, all in that one line
    assert reasons[0].startswith(f"SKIPPED [{skipped}] tests/pg.py:")
    assert f"{ENV_BINDIR}=" in reasons[0]  # the reason itself, whole


def test_with_postgresql_required_those_tests_fail(tmp_path: Path) -> None:
    done = run_without_pg(tmp_path, **{ENV_REQUIRE: "1"})
    out = done.stdout
    assert done.returncode == 1, out + done.stderr
    summary = out.splitlines()[-1]
    assert " skipped" not in summary
    assert int(summary.split(" error")[0].rsplit(" ", 1)[-1]) > 10, summary
    assert f"PostgreSQL is required ({ENV_REQUIRE}=1)" in out
