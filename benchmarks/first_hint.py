"""The first word hint on a fresh machine: how long until it is answered, with an empty cache.

    uv run python benchmarks/first_hint.py [--runs 5]

Each run is a new process with an empty cache folder, as a fresh clone has. It times the first
word hint of a new game and after the strategy's opener (both from the shipped strategy), after
an opener of one's own (the pattern matrix is built first), the same again in a new process on
the filled cache, and the whole ``wordle-bot solve`` command. Target: the first ``/hint word``
and ``wordle-bot solve`` of a fresh clone within 1 s.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import json, sys, time
start = time.perf_counter()
from bot.core.feedback import score
from bot.core.hints import word_hint
from bot.core.solver import Solver
from bot.core.words import load_word_lists

words = load_word_lists()
solver = Solver(list(words.answers), list(words.allowed_sorted))
out = {}
first = word_hint(solver, [])
out["new game"] = time.perf_counter() - start
opener = first.word
t = time.perf_counter()
word_hint(solver, [(opener, score(opener, "pious"))])
out["after the strategy's opener"] = time.perf_counter() - t
t = time.perf_counter()
word_hint(solver, [(sys.argv[1], score(sys.argv[1], "pious"))])
out["after an opener of one's own"] = time.perf_counter() - t
out["opener"] = opener
print(json.dumps(out))
"""


def child(cache: str, own_opener: str) -> dict[str, float | str]:
    env = {**os.environ, "WORDLE_BOT_CACHE_DIR": cache, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", CHILD, own_opener], env=env, cwd=ROOT,
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def solve_command(cache: str, row: str) -> float:
    env = {**os.environ, "WORDLE_BOT_CACHE_DIR": cache}
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "bot", "solve", row], env=env, cwd=ROOT,
                   capture_output=True, check=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--own-opener", default="crane", help="an opener off the strategy")
    args = parser.parse_args()
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, "
          f"load average {os.getloadavg()[0]:.2f}; {args.runs} runs, each with an empty cache")
    cold: dict[str, list[float]] = {}
    warm: list[float] = []
    commands: list[float] = []
    opener = ""
    for _ in range(args.runs):
        with tempfile.TemporaryDirectory() as cache:
            found = child(cache, args.own_opener)
            opener = str(found.pop("opener"))
            for name, seconds in found.items():
                cold.setdefault(name, []).append(float(seconds))
            again = child(cache, args.own_opener)
            warm.append(float(again["after an opener of one's own"]))
        with tempfile.TemporaryDirectory() as cache:
            commands.append(solve_command(cache, f"{opener}=BBBBB"))
    for name, values in cold.items():
        print(f"first word hint, {name}: median {statistics.median(values) * 1000:.0f} ms "
              f"(max {max(values) * 1000:.0f})")
    print(f"the same off-book hint in a new process on the filled cache: median "
          f"{statistics.median(warm) * 1000:.0f} ms")
    print(f"`wordle-bot solve {opener}=BBBBB`, whole command with an empty cache: median "
          f"{statistics.median(commands) * 1000:.0f} ms")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
