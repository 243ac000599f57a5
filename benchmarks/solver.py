"""Solver benchmark: play every hidden word, normal and hard mode, and print one table.

    uv run python benchmarks/solver.py                 # our lists, and NYT 2022 if present
    uv run python benchmarks/solver.py --lists nyt     # only the NYT 2022 lists
    uv run python benchmarks/solver.py --every 10      # every 10th hidden word (quick look)
    uv run python benchmarks/solver.py --answers 100   # 100 hidden words per list (smoke run)
    uv run python benchmarks/solver.py --boards 4 --games 2000 --seed 1   # seeded Quordles
    uv run python benchmarks/solver.py --language es --length 5   # a word pack's lists

With ``--language``/``--length`` other than English 5 it plays the pack's lists
(``wordlists/<language>-<length>/``, with its letters and attempts) and prints, per mode,
how many hidden words were solved within the pack's attempts, the average and the worst.

With ``--boards 2|4|8`` it plays seeded games of several boards instead
(``benchmarks/solver_boards.py``, which says what it prints); the rest is about one board.

Players: the solver (its strategies built from scratch unless ``--keep-cache``), the solver
with CRANE forced first (every later suggestion from the timed search; in another pack, the
answer in the middle of its list), and two baselines,
greedy entropy and the classic per-position "average reduction". Printed per list and mode:
average and worst guesses, suggestion latency, the strategy build and matrix load times, and
peak memory of this process and of a process that only serves suggestions, as the bot does.
The NYT lists (``--reference``) are read to measure only.
"""

from __future__ import annotations

import argparse
import gc
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.core.feedback import decode, pattern_count  # noqa: E402
from bot.core.game import hard_mode_problem  # noqa: E402
from bot.core.patterns import pattern_matrix  # noqa: E402
from bot.core.solver import Solver  # noqa: E402
from bot.core.solver_estimate import entropy_bits  # noqa: E402
from bot.core.solver_hard import legal_mask, open_state, state_after  # noqa: E402
from bot.core.variant import CLASSIC, Variant  # noqa: E402

REFERENCE = ROOT.parent / "shared" / "reference"
MAX_PLAY = 20


@dataclass
class Result:
    lists: str
    mode: str
    player: str
    attempts: int = CLASSIC.attempts
    lengths: list[int] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    illegal: int = 0
    note: str = ""

    @property
    def average(self) -> float:
        return float(np.mean(self.lengths))

    @property
    def failures(self) -> int:
        return sum(1 for n in self.lengths if n > self.attempts)

    @property
    def worst(self) -> int:
        return max(self.lengths)

    def latency(self, q: float) -> float:
        return float(np.percentile(self.latencies, q)) * 1000 if self.latencies else float("nan")


# ---------------------------------------------------------------------------------------------
# Baselines


class Baseline:
    """Shared plumbing: candidate sets, hard-mode legality, memo per state."""

    name = "baseline"

    def __init__(self, solver: Solver) -> None:
        self.s = solver
        self.memo: dict[tuple[bytes, object], int] = {}
        self.latencies: list[float] = []

    def suggest(self, subset: np.ndarray, state) -> int:
        key = (subset.tobytes(), state)
        found = self.memo.get(key)
        if found is None:
            start = time.perf_counter()
            if len(subset) == 1:
                found = int(self.s.answer_columns[subset[0]])
            else:
                columns = (np.arange(len(self.s.guesses)) if state is None
                           else np.flatnonzero(legal_mask(state, self.s.table)))
                found = self.choose(subset, columns)
            self.latencies.append(time.perf_counter() - start)
            self.memo[key] = found
        return found

    def choose(self, subset: np.ndarray, columns: np.ndarray) -> int:
        raise NotImplementedError

    def candidate_columns(self, subset: np.ndarray) -> np.ndarray:
        return self.s.answer_columns[subset]

    def pick(self, scores: np.ndarray, columns: np.ndarray, subset: np.ndarray) -> int:
        """Highest score; on ties a possible answer, then list order."""
        best = scores.max()
        tied = columns[np.isclose(scores, best, rtol=0, atol=1e-9)]
        candidates = np.intersect1d(tied, self.candidate_columns(subset))
        return int(candidates[0] if len(candidates) else tied[0])


class GreedyEntropy(Baseline):
    name = "greedy entropy"

    def choose(self, subset: np.ndarray, columns: np.ndarray) -> int:
        n = len(subset)
        patterns = pattern_count(self.s.variant.length)
        step = max(1, min(2_000_000 // n, 2_000_000 // patterns))
        bits = np.empty(len(columns))
        for start in range(0, len(columns), step):
            block = self.s.matrix[np.ix_(subset, columns[start : start + step])]
            cols = block.shape[1]
            flat = block.astype(np.intp)
            flat *= cols
            flat += np.arange(cols)
            counts = np.bincount(flat.ravel(), minlength=patterns * cols)
            bits[start : start + cols] = entropy_bits(counts.reshape(patterns, cols))
        return self.pick(bits, columns, subset)


class AverageReduction(Baseline):
    name = "average reduction"

    def __init__(self, solver: Solver) -> None:
        super().__init__(solver)
        letters = solver.table.letters
        self.length = solver.variant.length
        self.unique = np.array([len(set(row)) == self.length for row in letters.tolist()])

    def choose(self, subset: np.ndarray, columns: np.ndarray) -> int:
        n = len(subset)
        words = self.s.table.letters[self.s.answer_columns[subset]]
        size = len(self.s.variant.alphabet)
        at = np.zeros((self.length, size))
        for i in range(self.length):
            at[i] = np.bincount(words[:, i], minlength=size)
        has = (self.s.table.counts[self.s.answer_columns[subset]] > 0).sum(axis=0)
        without = n - has
        elsewhere = has[None, :] - at
        # Expected words eliminated by letter l in position i, over green / yellow / grey.
        value = ((n - at) * at + (at + without[None, :]) * elsewhere + has[None, :] * without) / n
        letters = self.s.table.letters[columns]
        scores = sum(value[i, letters[:, i]] for i in range(self.length))
        unique = self.unique[columns]
        if unique.any():
            scores = np.where(unique, scores, -np.inf)
        return self.pick(scores, columns, subset)


# ---------------------------------------------------------------------------------------------
# Playing


def play_solver(solver: Solver, answers: list[int], hard: bool, first: str | None,
                result: Result) -> None:
    for a in answers:
        history: list[tuple[str, str]] = []
        for attempt in range(1, MAX_PLAY + 1):
            if attempt == 1 and first is not None:
                guess = first
            else:
                start = time.perf_counter()
                guess = solver.suggest(history, hard_mode=hard)
                result.latencies.append(time.perf_counter() - start)
            if hard and hard_mode_problem(history, guess) is not None:
                result.illegal += 1
            column = solver.column_of(guess)
            feedback = decode(int(solver.matrix[a, column]), solver.variant.length)
            history.append((guess, feedback))
            if feedback == solver.variant.all_green:
                result.lengths.append(attempt)
                break
        else:
            result.lengths.append(MAX_PLAY + 1)


def play_baseline(solver: Solver, player: Baseline, answers: list[int], hard: bool,
                  result: Result) -> None:
    for a in answers:
        subset = np.arange(len(solver.answers))
        variant = solver.variant
        state = open_state(variant.length, len(variant.alphabet)) if hard else None
        solved = pattern_count(variant.length) - 1
        history: list[tuple[str, str]] = []
        for attempt in range(1, MAX_PLAY + 1):
            guess = player.suggest(subset, state)
            word = solver.guesses[guess]
            pattern = int(solver.matrix[a, guess])
            if hard and hard_mode_problem(history, word) is not None:
                result.illegal += 1
            history.append((word, decode(pattern, variant.length)))
            if pattern == solved:
                result.lengths.append(attempt)
                break
            subset = subset[solver.matrix[subset, guess] == pattern]
            if hard:
                state = state_after(state, solver.table.letters[guess], pattern)
        else:
            result.lengths.append(MAX_PLAY + 1)
    result.latencies = player.latencies


# ---------------------------------------------------------------------------------------------
# One pair of lists


@dataclass
class Setup:
    lists: str
    answers: int
    guesses: int
    matrix_build: float
    matrix_load: float
    solver_start: float
    strategy: dict[str, tuple[str, float]]
    sampled: bool  # hidden words left out (--answers)
    serving_peak_mb: float | None = None


def read_list(path: Path) -> list[str]:
    return [w.strip().lower() for w in path.read_text().splitlines() if w.strip()]


def bench_lists(label: str, answers: list[str], allowed: list[str], args: argparse.Namespace,
                log: Callable[[str], None],
                variant: Variant = CLASSIC) -> tuple[Setup, list[Result]]:
    sampled = bool(args.answers) and args.answers < len(answers)
    if sampled:
        answers = [answers[i * len(answers) // args.answers] for i in range(args.answers)]
    cache = Path(args.cache_dir) if args.keep_cache else Path(tempfile.mkdtemp(prefix="wb-bench-"))
    log(f"[{label}] {len(answers)} answers, {len(allowed)} allowed; cache {cache}")

    start = time.perf_counter()
    solver = Solver(answers, allowed, variant=variant, cache_dir=cache)
    solver.matrix  # noqa: B018 - loaded on first use since the strategies are shipped
    matrix_first = time.perf_counter() - start
    matrix_build = solver.matrix_info.seconds if solver.matrix_info.source == "built" else None
    if matrix_build is None:  # cache kept: time a build anyway
        t = time.perf_counter()
        pattern_matrix(solver.answers, solver.guesses, use_cache=False, variant=variant)
        matrix_build = time.perf_counter() - t
    loads = []
    for _ in range(5):
        _, info = pattern_matrix(solver.answers, solver.guesses, cache, variant=variant)
        loads.append(info.seconds)
    matrix_load = float(np.median(loads))
    log(f"[{label}] matrix: first {matrix_first:.2f}s, build {matrix_build:.2f}s, "
        f"load {matrix_load * 1000:.0f} ms")

    strategy = {}
    for info in solver.prepare():
        mode = "hard" if info.hard_mode else "normal"
        strategy[mode] = (info.source, info.seconds)
        log(f"[{label}] {mode} strategy {info.source} in {info.seconds:.1f}s: "
            f"{info.first_guess.upper()} first, average {info.average:.4f}, "
            f"max {info.max_guesses}")

    start = time.perf_counter()
    warm = Solver(answers, allowed, variant=variant, cache_dir=cache)
    warm.prepare()
    solver_start = time.perf_counter() - start
    del warm
    setup = Setup(label, len(solver.answers), len(solver.guesses), matrix_build, matrix_load,
                  solver_start, strategy, sampled)

    every = args.every
    indices = list(range(0, len(solver.answers), every))
    results = []
    attempts = variant.attempts
    # Another pack has no CRANE: the answer in the middle of its list opens instead.
    opener = "crane" if "crane" in solver.guesses else solver.answers[len(solver.answers) // 2]
    for hard in (False, True):
        mode = "hard" if hard else "normal"
        r = Result(label, mode, "solver", attempts)
        play_solver(solver, indices, hard, None, r)
        results.append(r)
        log(f"[{label}] {mode} solver: {r.average:.4f}")
        if not args.no_offbook:
            r = Result(label, mode, f"solver, {opener.upper()} first", attempts,
                       note="every 4th word")
            play_solver(solver, indices[::4], hard, opener, r)
            results.append(r)
            log(f"[{label}] {mode} solver, {opener.upper()} first: {r.average:.4f}")
        if not args.no_baselines:
            for kind in (GreedyEntropy, AverageReduction):
                player = kind(solver)
                r = Result(label, mode, kind.name, attempts)
                play_baseline(solver, player, indices, hard, r)
                results.append(r)
                log(f"[{label}] {mode} {kind.name}: {r.average:.4f}")
    setup.serving_peak_mb = serving_peak(answers, allowed, cache, every, variant)
    log(f"[{label}] serving process peak {setup.serving_peak_mb:.0f} MB")
    del solver
    gc.collect()
    if not args.keep_cache:
        shutil.rmtree(cache, ignore_errors=True)
    return setup, results


_SERVING = """
import sys
sys.path.insert(0, sys.argv[1])
from bot.core.feedback import score
from bot.core.solver import Solver
from bot.core.variant import Variant
answers = open(sys.argv[2], encoding="utf-8").read().split()
allowed = open(sys.argv[3], encoding="utf-8").read().split()
length, attempts = int(sys.argv[6]), int(sys.argv[7])
variant = Variant(length, attempts, sys.argv[8], language=sys.argv[9])
solver = Solver(answers, allowed, variant=variant, cache_dir=sys.argv[4])
solver.prepare()
for hard in (False, True):
    for answer in solver.answers[:: int(sys.argv[5])]:
        history = []
        while not history or history[-1][1] != variant.all_green:
            guess = solver.suggest(history, hard)
            history.append((guess, score(guess, answer)))
# ru_maxrss would include the parent's peak (kept across fork and exec); VmHWM is this
# process's own high-water mark.
status = open("/proc/self/status").read()
print(next(line.split()[1] for line in status.splitlines() if line.startswith("VmHWM:")))
"""


def serving_peak(answers: list[str], allowed: list[str], cache: Path, every: int,
                 variant: Variant = CLASSIC) -> float:
    """Peak memory (MB) of a fresh process that loads the solver and plays, as the bot would."""
    with tempfile.TemporaryDirectory() as tmp:
        answers_file, allowed_file = Path(tmp) / "answers.txt", Path(tmp) / "allowed.txt"
        answers_file.write_text("\n".join(answers), encoding="utf-8")
        allowed_file.write_text("\n".join(allowed), encoding="utf-8")
        argv = [str(ROOT), str(answers_file), str(allowed_file), str(cache), str(max(every, 5)),
                str(variant.length), str(variant.attempts), variant.alphabet, variant.language]
        out = subprocess.run([sys.executable, "-c", _SERVING, *argv], capture_output=True,
                             text=True, check=True)
    return int(out.stdout.strip().splitlines()[-1]) / 1024


# ---------------------------------------------------------------------------------------------
# Output


def table(results: list[Result]) -> str:
    attempts = max(r.attempts for r in results)
    guesses = " | ".join(str(n) for n in range(1, attempts + 1))
    head = (f"| lists | mode | player | games | average | {guesses} | >{attempts} | worst | "
            "failures | illegal | p50 ms | p99 ms |")
    lines = [head, "|" + "---|" * (attempts + 11)]
    for r in results:
        counts = np.bincount(np.minimum(r.lengths, attempts + 1), minlength=attempts + 2)
        lines.append(
            f"| {r.lists} | {r.mode} | {r.player}{' (' + r.note + ')' if r.note else ''} | "
            f"{len(r.lengths)} | {r.average:.4f} | "
            + " | ".join(str(c) for c in counts[1:attempts + 2])
            + f" | {r.worst} | {r.failures} | {r.illegal if r.mode == 'hard' else '-'} | "
            f"{r.latency(50):.2f} | {r.latency(99):.2f} |"
        )
    return "\n".join(lines)


def solved_lines(results: list[Result]) -> str:
    """Per list and mode, the solver's games: solved within the attempts, average, worst."""
    lines = []
    for r in results:
        if r.player == "solver":
            solved = len(r.lengths) - r.failures
            lines.append(f"{r.lists}, {r.mode} mode: {solved:,} of {len(r.lengths):,} hidden "
                         f"words solved within {r.attempts} guesses ({r.failures} not), "
                         f"average {r.average:.4f}, worst {r.worst}")
    return "\n".join(lines)


def setup_table(setups: list[Setup]) -> str:
    lines = [
        "| lists | answers | guesses | matrix build s | matrix load ms | strategy normal s | "
        "strategy hard s | solver start (warm cache) ms | serving peak MB |",
        "|" + "---|" * 9,
    ]
    for s in setups:
        normal = s.strategy.get("normal", ("-", float("nan")))
        hard = s.strategy.get("hard", ("-", float("nan")))
        lines.append(
            f"| {s.lists} | {s.answers} | {s.guesses} | {s.matrix_build:.2f} | "
            f"{s.matrix_load * 1000:.1f} | {normal[1]:.1f} ({normal[0]}) | "
            f"{hard[1]:.1f} ({hard[0]}) | {s.solver_start * 1000:.0f} | "
            f"{s.serving_peak_mb:.0f} |"
        )
    return "\n".join(lines)


def targets(setups: list[Setup], results: list[Result], peak_mb: float) -> str:
    nyt = [r for r in results if r.lists == "NYT 2022" and r.player == "solver"]
    setup = next((s for s in setups if s.lists == "NYT 2022"), None)
    if not nyt or setup is None:
        return "Targets are defined on the NYT 2022 lists, which were not measured."
    normal = next(r for r in nyt if r.mode == "normal")
    hard = next(r for r in nyt if r.mode == "hard")
    partial = (" (subset of words)" if setup.sampled or len(normal.lengths) < setup.answers
               else "")
    p99 = max(normal.latency(99), hard.latency(99))
    serving = setup.serving_peak_mb or 0.0
    rows = [
        ("normal average <= 3.43", f"{normal.average:.4f}", normal.average <= 3.43),
        ("normal: no word needs more than 5", f"worst {normal.worst}", normal.worst <= 5),
        ("hard average <= 3.53", f"{hard.average:.4f}", hard.average <= 3.53),
        ("hard: no failures", f"{hard.failures} failures, worst {hard.worst}",
         hard.failures == 0),
        ("hard suggestions legal", f"{hard.illegal} illegal", hard.illegal == 0),
        ("suggestion latency p99 <= 50 ms", f"{p99:.3f} ms", p99 <= 50),
        ("matrix load <= 100 ms", f"{setup.matrix_load * 1000:.1f} ms",
         setup.matrix_load <= 0.1),
        ("peak memory <= 300 MB (benchmark process)", f"{peak_mb:.0f} MB", peak_mb <= 300),
        ("peak memory <= 300 MB (serving process)", f"{serving:.0f} MB", serving <= 300),
    ]
    lines = [f"Targets, NYT 2022 lists{partial}:", "| target | measured | |", "|---|---|---|"]
    lines += [f"| {name} | {value} | {'met' if ok else 'NOT met'} |" for name, value, ok in rows]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    given = sys.argv[1:] if argv is None else argv
    if any(arg == "--boards" or arg.startswith("--boards=") for arg in given):
        from benchmarks.solver_boards import main as boards_main

        return boards_main(given)
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--boards", type=int, choices=(2, 4, 8),
                        help="play seeded games of several boards instead; with --games N, "
                             "--seed S, --baseline (see benchmarks/solver_boards.py)")
    parser.add_argument("--lists", choices=["all", "own", "nyt"], default="all",
                        help="English 5: our lists, the NYT's, or both (default)")
    parser.add_argument("--language", default="en",
                        help="the word pack's language (default en); another pack than "
                             "English 5 plays only that pack's lists")
    parser.add_argument("--length", type=int, default=5,
                        help="the word pack's length (default 5)")
    parser.add_argument("--every", type=int, default=1, help="play every Nth hidden word")
    parser.add_argument("--answers", type=int, default=None,
                        help="keep N hidden words of each list, evenly spaced (a quick run)")
    parser.add_argument("--reference", type=Path, default=REFERENCE,
                        help="the folder of nyt-2022-answers.txt and nyt-2022-allowed.txt "
                             "(default ../shared/reference beside the repository)")
    parser.add_argument("--no-baselines", action="store_true")
    parser.add_argument("--no-offbook", action="store_true")
    parser.add_argument("--keep-cache", action="store_true",
                        help="use --cache-dir (default: the normal cache) instead of a fresh one")
    parser.add_argument("--cache-dir", default=None)
    args = parser.parse_args(argv)
    if args.every < 1 or (args.answers is not None and args.answers < 1):
        parser.error("--every and --answers must be at least 1")
    nyt_answers, nyt_allowed = (args.reference / f"nyt-2022-{kind}.txt"
                                for kind in ("answers", "allowed"))
    nyt_found = nyt_answers.is_file() and nyt_allowed.is_file()
    if args.lists == "nyt" and (args.language, args.length) != ("en", 5):
        parser.error("--lists nyt: the NYT lists are English 5-letter words")
    if args.lists == "nyt" and not nyt_found:
        parser.error(f"--lists nyt: the NYT lists are not in {args.reference} (give the folder "
                     "holding nyt-2022-answers.txt and nyt-2022-allowed.txt with --reference)")
    if args.keep_cache and args.cache_dir is None:
        from bot.core.patterns import default_cache_dir

        args.cache_dir = str(default_cache_dir())

    def log(message: str) -> None:
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"{message}  (peak so far {peak:.0f} MB)", file=sys.stderr, flush=True)

    pairs = []
    other_pack = (args.language, args.length) != ("en", 5)
    if other_pack:
        from bot.core.packs import pack

        try:
            found = pack(args.language, args.length)
        except KeyError as error:
            parser.error(str(error.args[0]))
        pairs.append((found.key, list(found.answers), list(found.allowed), found.variant))
    if args.lists in ("all", "own") and not other_pack:
        from bot.core.words import load_word_lists

        own = load_word_lists()
        pairs.append(("own", list(own.answers), list(own.allowed_sorted), CLASSIC))
    if args.lists in ("all", "nyt") and not other_pack:
        if nyt_found:
            pairs.append(("NYT 2022", read_list(nyt_answers), read_list(nyt_allowed), CLASSIC))
        else:
            log(f"the NYT lists are not in {args.reference}: skipped")
    started = time.perf_counter()
    setups, results = [], []
    for label, answers, allowed, variant in pairs:
        setup, rows = bench_lists(label, answers, allowed, args, log, variant)
        setups.append(setup)
        results.extend(rows)
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(table(results))
    print()
    print(solved_lines(results))
    print()
    print(setup_table(setups))
    print()
    print(targets(setups, results, peak_mb))
    print()
    cpus = len(__import__("os").sched_getaffinity(0))
    print(f"Benchmark process peak memory {peak_mb:.0f} MB; the run took "
          f"{time.perf_counter() - started:.0f} s with {cpus} CPUs available.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
