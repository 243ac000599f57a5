"""A throwaway PostgreSQL for tests: fixtures ``pg_cluster`` (session) and ``pg_dsn`` (test).

``pg_cluster`` starts one cluster for the whole run with ``initdb`` and ``pg_ctl`` in a fresh
temporary folder, listening on a free 127.0.0.1 port (no Unix socket), and stops it and
removes the folder at the end. As root (``initdb`` refuses to run as root) the server runs as
the ``postgres`` user through ``runuser``, its folder owned by that user.
``WORDLE_TEST_PG_DSN=postgresql://user@host:port/db`` uses an existing server instead (the
user must be allowed to create databases).

``pg_dsn`` is the DSN of an empty database for one test alone. Afterwards its connections are
ended and its schema dropped, and the next test gets it, empty (making a database takes about
a second here; emptying one a few milliseconds).

The server binaries are looked for on PATH, in ``pg_config --bindir`` and in
``/usr/lib/postgresql/*/bin``, or only in ``WORDLE_TEST_PG_BINDIR`` when that is set (one
version of several; an empty folder runs the suite as on a machine without PostgreSQL).
Where none are found and no DSN is given, tests using these fixtures are skipped; with
``WORDLE_REQUIRE_PG=1`` (CI) they fail instead.
"""

from __future__ import annotations

import asyncio
import contextlib
import glob
import os
import shutil
import socket
import subprocess
import tempfile
import threading
import uuid
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import pytest

ENV_DSN = "WORDLE_TEST_PG_DSN"
ENV_REQUIRE = "WORDLE_REQUIRE_PG"
ENV_BINDIR = "WORDLE_TEST_PG_BINDIR"
_SERVER_BINARIES = ("initdb", "pg_ctl", "postgres")
_T = TypeVar("_T")


class PgUnavailable(Exception):
    """No PostgreSQL server to test against (the message says why)."""


def _has_server(folder: str | os.PathLike[str]) -> bool:
    return all(os.access(Path(folder, name), os.X_OK) for name in _SERVER_BINARIES)


def find_bindir() -> Path:
    """The folder holding initdb, pg_ctl and postgres, or :class:`PgUnavailable`."""
    chosen = os.environ.get(ENV_BINDIR)
    if chosen:
        if _has_server(chosen):
            return Path(chosen)
        raise PgUnavailable(
            f"no PostgreSQL server binaries (initdb, pg_ctl, postgres) in {ENV_BINDIR}={chosen}"
        )
    candidates: list[Path] = []
    on_path = shutil.which("initdb")
    if on_path:
        candidates.append(Path(os.path.realpath(on_path)).parent)
    pg_config = shutil.which("pg_config")
    if pg_config:
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            out = subprocess.run(
                [pg_config, "--bindir"], capture_output=True, text=True, timeout=10, check=True
            )
            candidates.append(Path(out.stdout.strip()))

    def version(folder: str) -> tuple[int, ...]:
        digits = Path(folder).parent.name
        return tuple(int(p) for p in digits.split(".") if p.isdigit()) or (0,)

    candidates += [
        Path(f) for f in sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=version, reverse=True)
    ]
    for folder in candidates:
        if _has_server(folder):
            return folder
    raise PgUnavailable(
        "no PostgreSQL server binaries (initdb, pg_ctl, postgres) on PATH, in "
        "`pg_config --bindir` or /usr/lib/postgresql/*/bin; install PostgreSQL "
        f"(Debian: apt-get install postgresql) or set {ENV_DSN}"
    )


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def run_sync(make: Callable[[], Awaitable[_T]]) -> _T:
    """Run a coroutine to the end on a fresh event loop in another thread (callable from sync
    code whether or not an event loop is running in this thread)."""
    box: dict[str, Any] = {}

    def main() -> None:
        try:
            box["result"] = asyncio.run(make())  # type: ignore[arg-type]
        except BaseException as exc:
            box["error"] = exc

    thread = threading.Thread(target=main, name="pg-fixture")
    thread.start()
    thread.join()
    if "error" in box:
        raise box["error"]
    return box["result"]  # type: ignore[no-any-return]


@dataclass
class PgCluster:
    """A running PostgreSQL server: ``admin_dsn`` may create and drop databases."""

    admin_dsn: str
    host: str
    port: int
    user: str
    folder: Path | None = None  # our own cluster's folder (None for WORDLE_TEST_PG_DSN)
    bindir: Path | None = None
    as_user: str | None = None
    spare: list[str] = field(default_factory=list)  # emptied databases, ready for reuse

    def dsn(self, database: str) -> str:
        return f"postgresql://{self.user}@{self.host}:{self.port}/{database}"

    def socket_dsn(self, database: str) -> str:
        """``database`` through the Unix socket (``start_cluster(unix_socket=True)`` only)."""
        assert self.folder is not None
        return f"postgresql://{self.user}@/{database}?host={self.folder / 'sock'}&port={self.port}"

    def create_database(self) -> tuple[str, str]:
        """An empty database of its own: ``(name, dsn)``. A database given back by
        :meth:`release_database` is emptied and reused (making one takes about a second)."""
        if self.spare:
            name = self.spare.pop()
        else:
            name = f"wordle_test_{uuid.uuid4().hex[:16]}"
            run_sync(lambda: _admin(self.admin_dsn, f'CREATE DATABASE "{name}"'))
        return name, self.dsn(name)

    def release_database(self, name: str) -> None:
        """Empty a database (its connections ended, its schema dropped and made again) for the
        next test; drop it if that fails."""
        try:
            run_sync(lambda: _empty(self.admin_dsn, self.dsn(name), name))
        except Exception:
            self.drop_database(name)
            raise
        self.spare.append(name)

    def drop_database(self, name: str) -> None:
        run_sync(lambda: _admin(self.admin_dsn, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))

    def drop_spares(self) -> None:
        while self.spare:
            self.drop_database(self.spare.pop())

    def stop(self) -> None:
        if self.folder is None or self.bindir is None:
            return
        with contextlib.suppress(subprocess.SubprocessError, OSError):
            _run(
                [
                    str(self.bindir / "pg_ctl"),
                    "stop",
                    "-m",
                    "immediate",
                    "-w",
                    "-D",
                    str(self.folder / "data"),
                ],
                self.as_user,
                timeout=60,
            )
        shutil.rmtree(self.folder, ignore_errors=True)


async def _admin(dsn: str, sql: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(dsn, timeout=30)
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


async def _empty(admin_dsn: str, dsn: str, name: str) -> None:
    import asyncpg

    admin = await asyncpg.connect(admin_dsn, timeout=30)
    try:  # a test may have left connections open (a killed process, a leaked pool)
        await admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = $1 AND pid <> pg_backend_pid()",
            name,
        )
    finally:
        await admin.close()
    conn = await asyncpg.connect(dsn, timeout=30)
    try:
        await conn.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public")
        left = await conn.fetchval(
            "SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
            "WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')"
        )
        if left:
            raise RuntimeError(f"database {name} still holds {left} relations")
    finally:
        await conn.close()


def _run(args: list[str], as_user: str | None, *, timeout: float) -> str:
    command = ["runuser", "-u", as_user, "--", *args] if as_user else args
    done = subprocess.run(
        command,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
        env={**os.environ, "LC_ALL": "C"},
    )
    if done.returncode != 0:
        raise subprocess.SubprocessError(
            f"{' '.join(args[:2])} failed ({done.returncode}): {done.stdout}{done.stderr}"
        )
    return done.stdout


def start_cluster(*, unix_socket: bool = False) -> PgCluster:
    """initdb + pg_ctl start in a new temporary folder on a free port (see module doc).

    With ``unix_socket`` the server also listens on a Unix socket in ``folder/sock``
    (:meth:`PgCluster.socket_dsn`), the way a program on the same machine reaches it with the
    least CPU per round trip."""
    bindir = find_bindir()
    as_user: str | None = None
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        as_user = "postgres"
        if shutil.which("runuser") is None:
            raise PgUnavailable("running as root, and `runuser` is missing to drop to postgres")
    # Not under pytest's tmp folder: as root that is 0700 and the postgres user could not
    # reach it.
    folder = Path(tempfile.mkdtemp(prefix="wordle-pg-"))
    if as_user:
        shutil.chown(folder, user=as_user, group=None)
    data = folder / "data"
    try:
        _run(
            [
                str(bindir / "initdb"),
                "-D",
                str(data),
                "-U",
                "postgres",
                "-A",
                "trust",
                "-E",
                "UTF8",
                "--no-locale",
                "--no-sync",
            ],
            as_user,
            timeout=120,
        )
        sockets = ""
        if unix_socket:
            (folder / "sock").mkdir()
            if as_user:
                shutil.chown(folder / "sock", user=as_user, group=None)
            sockets = str(folder / "sock")
        settings = (
            "listen_addresses = '127.0.0.1'\n"
            f"unix_socket_directories = '{sockets}'\n"
            "max_connections = 300\n"
            "shared_buffers = 64MB\n"
            # A test server: nothing here must survive an OS crash.
            "fsync = off\nfull_page_writes = off\n"
        )
        with open(data / "postgresql.conf", "a", encoding="utf-8") as conf:
            conf.write(settings)
        last: Exception | None = None
        for _ in range(5):  # another program may take the free port first
            port = _free_port()
            try:
                _run(
                    [
                        str(bindir / "pg_ctl"),
                        "start",
                        "-w",
                        "-t",
                        "60",
                        "-D",
                        str(data),
                        "-l",
                        str(folder / "server.log"),
                        "-o",
                        f"-p {port}",
                    ],
                    as_user,
                    timeout=90,
                )
            except subprocess.SubprocessError as exc:
                last = exc
                continue
            return PgCluster(
                admin_dsn=f"postgresql://postgres@127.0.0.1:{port}/postgres",
                host="127.0.0.1",
                port=port,
                user="postgres",
                folder=folder,
                bindir=bindir,
                as_user=as_user,
            )
        log = (folder / "server.log").read_text(errors="replace")[-2000:]
        raise RuntimeError(f"PostgreSQL did not start: {last}\n{log}")
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise


def existing_cluster(dsn: str) -> PgCluster:
    from urllib.parse import urlsplit

    parts = urlsplit(dsn)
    user = parts.username or "postgres"
    if parts.password:
        user = f"{user}:{parts.password}"
    return PgCluster(
        admin_dsn=dsn, host=parts.hostname or "127.0.0.1", port=parts.port or 5432, user=user
    )


class PgSkipped(pytest.skip.Exception):  # type: ignore[name-defined]
    """A test skipped for want of PostgreSQL (:func:`fold_pg_skip` reports them together)."""


def _unavailable(reason: str) -> None:
    if os.environ.get(ENV_REQUIRE) == "1":
        pytest.fail(f"PostgreSQL is required ({ENV_REQUIRE}=1) but unavailable: {reason}")
    raise PgSkipped(f"no PostgreSQL: {reason}")


def fold_pg_skip(report: pytest.TestReport, call: pytest.CallInfo[None]) -> None:
    """Report a test skipped for want of PostgreSQL at the place the skip was raised, not at
    the test, so that ``-ra`` folds them all into one summary line with a count and prints
    the reason (a long one, saying what to install) once instead of once per test."""
    excinfo = call.excinfo
    if not (report.skipped and excinfo is not None and isinstance(excinfo.value, PgSkipped)):
        return
    raised = excinfo.traceback[-1]
    report.longrepr = (str(raised.path), raised.lineno + 1, str(excinfo.value.msg))


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[PgCluster]:
    """A PostgreSQL server for the whole test run (see module doc)."""
    dsn = os.environ.get(ENV_DSN)
    if dsn:
        existing = existing_cluster(dsn)
        try:
            yield existing
        finally:
            existing.drop_spares()
        return
    try:
        cluster = start_cluster()
    except PgUnavailable as exc:
        _unavailable(str(exc))
        raise  # not reached
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def pg_dsn(pg_cluster: PgCluster) -> Iterator[str]:
    """The DSN of an empty database for this test alone (emptied afterwards for another)."""
    name, dsn = pg_cluster.create_database()
    try:
        yield dsn
    finally:
        pg_cluster.release_database(name)


# ------------------------------------------------------------------ one suite, two backends

#: The stores every storage and service test runs on (tests/storage, tests/service).
BACKENDS = ("sqlite", "postgres")
SQLITE_ONLY = "sqlite_only"


def parametrize_backends(metafunc: pytest.Metafunc) -> None:
    """``pytest_generate_tests`` of tests/storage and tests/service: a test that reaches the
    store through the ``backend`` fixture (``db``, ``service``, ``place``) runs once per
    backend, ``test_x[sqlite]`` and ``test_x[postgres]``; one marked
    ``@pytest.mark.sqlite_only("why")`` runs on SQLite alone (it is about SQLite itself).
    Asking for ``db_path`` (the SQLite file) next to the store needs that mark."""
    marker = metafunc.definition.get_closest_marker(SQLITE_ONLY)
    if marker is not None and not (marker.args and str(marker.args[0]).strip()):
        raise pytest.UsageError(
            f"{metafunc.definition.nodeid}: say in sqlite_only(\"...\") why it is SQLite's own"
        )
    if "backend" not in metafunc.fixturenames:
        return
    backends = ["sqlite"] if marker is not None else list(BACKENDS)
    if marker is None and "db_path" in metafunc.fixturenames:
        raise pytest.UsageError(
            f"{metafunc.definition.nodeid} uses the SQLite file (db_path) and a store that "
            "runs on every backend: use the `place` fixture, or mark it sqlite_only(\"why\")"
        )
    metafunc.parametrize("backend", backends, ids=backends)


def register_marker(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        f"{SQLITE_ONLY}(why): a storage or service test about SQLite itself (its file, WAL, "
        "threads, a full disk), run on SQLite alone; say why",
    )


@dataclass
class StorePlace:
    """Where a test's store keeps its data, on either backend: ``open`` another store on the
    same data (a restart), ``fetch`` with plain SQL (``?`` placeholders on both) to look at
    the rows, ``another`` for a second, empty place."""

    backend: str
    where: str  # the SQLite file's path, or the PostgreSQL database's DSN
    _another: Callable[[], StorePlace]

    async def open(self) -> Any:
        if self.backend == "sqlite":
            from bot.storage.sqlite import SqliteStore

            return await SqliteStore.open(self.where)
        from bot.storage.postgres import PostgresStore

        return await PostgresStore.open(self.where, pool_size=4)

    def another(self) -> StorePlace:
        return self._another()

    async def fetch(self, sql: str, *args: Any) -> list[tuple[Any, ...]]:
        if self.backend == "sqlite":
            import sqlite3

            conn = sqlite3.connect(self.where)
            try:
                return [tuple(row) for row in conn.execute(sql, args).fetchall()]
            finally:
                conn.close()
        import asyncpg

        parts = sql.split("?")
        numbered = parts[0] + "".join(f"${n}{part}" for n, part in enumerate(parts[1:], 1))
        conn = await asyncpg.connect(self.where, timeout=30)
        try:
            return [tuple(row) for row in await conn.fetch(numbered, *args)]
        finally:
            await conn.close()

    async def tables(self) -> list[str]:
        """The store's own tables (schema bookkeeping included)."""
        if self.backend == "sqlite":
            sql = "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
        else:
            sql = "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1"
        return [name for (name,) in await self.fetch(sql)]

    async def columns(self, table: str) -> list[str]:
        if self.backend == "sqlite":
            return [row[1] for row in await self.fetch(f"PRAGMA table_info({table})")]
        return [
            name
            for (name,) in await self.fetch(
                "SELECT column_name FROM information_schema.columns WHERE table_schema = "
                "'public' AND table_name = ? ORDER BY ordinal_position",
                table,
            )
        ]

    async def counts(
        self, tables: tuple[str, ...] = ("games", "guesses", "hints", "player_stats",
                                          "guild_settings")
    ) -> dict[str, int]:
        return {t: (await self.fetch(f"SELECT count(*) FROM {t}"))[0][0] for t in tables}


def store_place(backend: str, request: pytest.FixtureRequest, folder: Path) -> StorePlace:
    """The ``place`` fixture's value: a SQLite file in ``folder`` or, for ``postgres``, an
    empty database of the throwaway cluster (skipped with the reason where there is none,
    failed with WORDLE_REQUIRE_PG=1)."""
    made = iter(range(1, 1000))

    def another() -> StorePlace:
        if backend == "sqlite":
            return StorePlace(backend, str(folder / f"other-{next(made)}.sqlite3"), another)
        cluster: PgCluster = request.getfixturevalue("pg_cluster")
        name, dsn = cluster.create_database()
        request.addfinalizer(lambda: cluster.release_database(name))
        return StorePlace(backend, dsn, another)

    if backend == "sqlite":
        return StorePlace(backend, str(folder / "wordle.sqlite3"), another)
    if backend != "postgres":
        raise ValueError(f"unknown backend {backend!r}")
    return StorePlace(backend, request.getfixturevalue("pg_dsn"), another)
