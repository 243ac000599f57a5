"""Every script in benchmarks/ runs at a smoke size, exits 0 and prints its figures.

Each test starts a script as a developer would (``python benchmarks/NAME.py`` from the
repository, with this test run's Python) with options that keep the run short, and checks
its output for the figures its docstring promises and that it wrote nothing into the
repository. Scripts on PostgreSQL use the tests' throwaway cluster (``tests/pg.py``) and are
skipped without it like the other PostgreSQL tests; the run on the NYT lists needs
``../shared/reference`` beside the repository and is skipped without them.
"""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import asyncpg
import pytest

from benchmarks.solver import REFERENCE

ROOT = Path(__file__).resolve().parents[2]
BENCHMARKS = ROOT / "benchmarks"
#: Folders that change without a benchmark: the tools' caches, Python's bytecode and the
#: database of a bot running from this checkout.
UNTRACKED = {".git", ".venv", "__pycache__", ".mypy_cache", ".ruff_cache", ".pytest_cache",
             ".hypothesis", ".cache", "data"}
F = TypeVar("F", bound=Callable[..., object])
SMOKED: set[str] = set()


def smoke(script: str) -> Callable[[F], F]:
    """Marks a test as the smoke run of ``benchmarks/<script>``."""
    SMOKED.add(script)
    return lambda test: test


def repository_files() -> dict[str, tuple[int, int]]:
    """Every file of the repository (outside UNTRACKED folders) with its size and mtime."""
    found = {}
    for folder, subfolders, files in os.walk(ROOT):
        subfolders[:] = [s for s in subfolders if s not in UNTRACKED]
        for name in files:
            stat = os.stat(Path(folder, name))
            found[os.path.relpath(Path(folder, name), ROOT)] = (stat.st_size, stat.st_mtime_ns)
    return found


def run(script: str, *args: str, timeout: float = 300, status: int = 0) -> str:
    """Run ``benchmarks/<script>`` and return what it printed (stdout, then stderr)."""
    before = repository_files()
    done = subprocess.run([sys.executable, str(BENCHMARKS / script), *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout, check=False)
    printed = done.stdout + done.stderr
    assert done.returncode == status, f"{script} exited {done.returncode}:\n{printed[-4000:]}"
    after = repository_files()
    changed = sorted(name for name in before.keys() | after.keys()
                     if before.get(name) != after.get(name))
    assert not changed, f"{script} wrote into the repository: {changed}"
    return printed


def has(printed: str, *patterns: str) -> None:
    for pattern in patterns:
        assert re.search(pattern, printed), f"no {pattern!r} in:\n{printed[-4000:]}"


NUMBER = r"[\d,]+(?:\.\d+)?"


def test_every_benchmark_has_a_smoke_run() -> None:
    assert sorted(p.name for p in BENCHMARKS.glob("*.py")) == sorted(SMOKED)


@smoke("answer_pick.py")
def test_answer_pick() -> None:
    printed = run("answer_pick.py", "--games", "3")
    has(printed, r"\d+ hint states in 3 games; the best guess could not be the answer in \d+ ",
        rf"answer_pick \(matrix loaded\): p50 {NUMBER} ms, p99 {NUMBER} ms",
        rf"estimate only: p50 {NUMBER} ms, p99 {NUMBER} ms")


@smoke("cooldowns.py")
def test_cooldowns() -> None:
    printed = run("cooldowns.py", "--rates", "10,50", "--seconds", "11")
    for rate, alive in (("10", "100"), ("50", "500")):
        has(printed, rf"{rate} guesses/s \({alive} buckets alive\): bot {NUMBER} us "
                     rf"\({NUMBER}% of a guess\), discord.py {NUMBER} us "
                     rf"\({NUMBER}% of a guess\) per use")


@smoke("discord_latency.py")
def test_discord_latency() -> None:
    printed = run("discord_latency.py", "--guesses", "10", "--concurrency", "2",
                  "--pictures", "20")
    has(printed,
        rf"latency over 10 guesses, 2 in flight: p50 {NUMBER} ms, p99 {NUMBER} ms",
        rf"finishing a game: p50 {NUMBER} / p99 {NUMBER} ms",
        rf"closed loop \(2 in flight\): {NUMBER} guesses/s, {NUMBER} ms CPU per guess",
        rf"board PNG: median {NUMBER} ms over 20 different boards",
        rf"statistics PNG: median {NUMBER} ms",
        rf"serving process peak memory \(max RSS\): {NUMBER} MB",
        r"serving peak memory \(MB\) <= 200: (met|NOT met)")


@smoke("first_hint.py")
def test_first_hint() -> None:
    printed = run("first_hint.py", "--runs", "1")
    for state in ("new game", "after the strategy's opener", "after an opener of one's own"):
        has(printed, rf"first word hint, {state}: median {NUMBER} ms")
    has(printed, rf"the same off-book hint in a new process on the filled cache: median {NUMBER}",
        rf"`wordle-bot solve [a-z]{{5}}=BBBBB`, whole command with an empty cache: median {NUMBER}")


@smoke("periods.py")
def test_periods() -> None:
    printed = run("periods.py", "--games", "2000", "--players", "50")
    has(printed, r"2,000 finished games of 50 players over a year")
    for period in ("today", "week", "month"):
        has(printed, rf"{period}: +{NUMBER} ms median \(\d+ rows shown\)")
    has(printed, rf"all: +{NUMBER} ms median")


SOLVER_PLAYERS = ("solver", "solver, CRANE first (every 4th word)", "greedy entropy",
                  "average reduction")


@smoke("solver.py")
def test_solver_on_our_lists() -> None:
    printed = run("solver.py", "--lists", "own", "--every", "1000")
    for mode in ("normal", "hard"):
        for player in SOLVER_PLAYERS:
            has(printed, rf"\| own \| {mode} \| {re.escape(player)} \| \d+ \| \d\.\d{{4}} \|")
    has(printed, rf"\| own \| \d+ \| \d+ \| {NUMBER} \| {NUMBER} \| {NUMBER} \(\w+\) \|",
        r"Targets are defined on the NYT 2022 lists, which were not measured",
        r"Benchmark process peak memory \d+ MB")


@pytest.mark.skipif(not (REFERENCE / "nyt-2022-answers.txt").is_file(),
                    reason=f"the NYT lists are not in {REFERENCE}")
def test_solver_on_the_nyt_lists() -> None:
    printed = run("solver.py", "--lists", "nyt", "--answers", "100", "--every", "5")
    for mode in ("normal", "hard"):
        for player in SOLVER_PLAYERS:
            has(printed, rf"\| NYT 2022 \| {mode} \| {re.escape(player)} \| \d+ \| \d\.\d{{4}} \|")
    has(printed, r"\| NYT 2022 \| 100 \| \d+ \|", r"Targets, NYT 2022 lists \(subset of words\):",
        r"\| hard suggestions legal \| 0 illegal \| met \|",
        rf"\| suggestion latency p99 <= 50 ms \| {NUMBER} ms \| (met|NOT met) \|")


def test_solver_on_a_word_pack() -> None:
    printed = run("solver.py", "--language", "ru", "--length", "5", "--every", "300",
                  "--no-baselines")
    for mode in ("normal", "hard"):
        has(printed,
            rf"\| ru-5 \| {mode} \| solver \| 5 \| \d\.\d{{4}} \|",
            rf"\| ru-5 \| {mode} \| solver, [А-Я]{{5}} first \(every 4th word\) \| 2 \|",
            rf"ru-5, {mode} mode: 5 of 5 hidden words solved within 6 guesses \(0 not\), "
            r"average \d\.\d{4}, worst [1-6]\n")
    has(printed, rf"\| ru-5 \| 1378 \| \d+ \| {NUMBER} \| {NUMBER} \| {NUMBER} \(shipped\) \|")
    assert "NYT" not in printed.replace("Targets are defined on the NYT 2022 lists", "")


def test_solver_without_the_nyt_lists_says_where_it_looked(tmp_path: Path) -> None:
    printed = run("solver.py", "--lists", "nyt", "--reference", str(tmp_path), status=2)
    has(printed, rf"the NYT lists are not in {re.escape(str(tmp_path))}")


@smoke("solver_boards.py")
def test_solver_on_several_boards() -> None:
    printed = run("solver.py", "--boards", "4", "--games", "3", "--seed", "1", "--baseline")
    has(printed,
        r"Quordle \(4 boards, 9 guesses\), own lists \([\d,]+ hidden words\), 3 games, seed 1",
        r"Quordle target \(solved >= 99.9% within 9, average <= 6.9\): "
        rf"{NUMBER}%, {NUMBER}: (met|NOT met)")
    for player in ("solver", "greedy entropy"):
        has(printed,
            rf"{player}: 3 games, solved within 9: {NUMBER}% \(\d+ not\), average guesses "
            rf"{NUMBER} \(solved games {NUMBER}\), worst \d+\n  guesses \| .*more than 9: \d+\n"
            rf"  ms per move: mean {NUMBER}, p50 {NUMBER}, p99 {NUMBER}, max {NUMBER} "
            r"\(\d+ moves\)")
    printed = run("solver_boards.py", "--boards", "2", "--games", "2")
    has(printed, r"Dordle \(2 boards, 7 guesses\)", r"solver: 2 games, solved within 7: ")
    assert "Quordle target" not in printed


def storage_figures(printed: str, store: str) -> None:
    has(printed,
        rf"{store}, open loop, offered 1,000/s: 200 guesses in {NUMBER} s = {NUMBER} guesses/s; "
        rf"latency p50 {NUMBER} ms, p99 {NUMBER} ms",
        rf"{store}, closed loop \(saturation\): 200 guesses in {NUMBER} s",
        rf"{store} database: {NUMBER} guesses, {NUMBER} games",
        rf"offered 1,000/s +{NUMBER} guesses/s, p99 {NUMBER} ms",
        rf"saturation +{NUMBER} guesses/s, p99 {NUMBER} ms",
        rf"{store}: target >= 1,000 guesses/s with p99 <= 20 ms: (met at|NOT met)")


STORAGE_SMOKE = ("--games", "10", "--guesses", "200", "--rate", "1000", "--warm-up", "50")


@smoke("storage.py")
def test_storage_on_sqlite() -> None:
    storage_figures(run("storage.py", *STORAGE_SMOKE, "--backends", "sqlite"), "SQLite")


def test_storage_on_postgres(pg_dsn: str) -> None:
    printed = run("storage.py", *STORAGE_SMOKE, "--backends", "postgres", "--pg-dsn", pg_dsn)
    storage_figures(printed, "PostgreSQL")


async def databases(dsn: str) -> list[str]:
    conn = await asyncpg.connect(dsn)
    try:
        return [r["datname"] for r in await conn.fetch("SELECT datname FROM pg_database")]
    finally:
        await conn.close()


@smoke("shards.py")
def test_shards(pg_dsn: str) -> None:
    printed = run("shards.py", "--processes", "1,2", "--players", "8", "--concurrency", "4",
                  "--pg-dsn", pg_dsn, timeout=600)
    row = rf"{NUMBER} \| " * 5 + rf"\d+ \| {NUMBER} \| {NUMBER} \|"
    has(printed, r"shards: 2 \(a server each\); players: 8,",
        r"1 bot process, 2 shards each:\n\| process \| shards \| guesses \| guesses/s",
        rf"\| 1 \| 0,1 \| 40 \| {row}\n\| all \| 0,1 \| 40 \| {row}",
        r"2 bot processes, 1 shard each:\n",
        rf"\| 1 \| 0 \| 20 \| {row}\n\| 2 \| 1 \| 20 \| {row}\n\| all \| 0,1 \| 40 \| {row}",
        rf"\| 1 \| {NUMBER} \| {NUMBER} \| {NUMBER} \| 1\.00x \|\n"
        rf"\| 2 \| {NUMBER} \| {NUMBER} \| {NUMBER} \| {NUMBER}x \|",
        rf"two processes / one: {NUMBER}x \(target >= 1.5x: (met|NOT met)\)")
    assert not [name for name in asyncio.run(databases(pg_dsn))
                if name.startswith("wordle_shards_bench")]  # each count's database is dropped


@pytest.mark.parametrize(("given", "said"), [
    ("0,1", "process counts are whole numbers of at least 1"),
    ("5,7,9", "needs 315 shards"),
])
def test_shards_refuses_process_counts_it_cannot_run(given: str, said: str) -> None:
    has(run("shards.py", "--processes", given, status=2), re.escape(said))
