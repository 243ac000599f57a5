"""Solver benchmark for several boards: seeded Dordle, Quordle or Octordle games.

    uv run python benchmarks/solver.py --boards 4 --games 2000 --seed 1   # Quordle
    uv run python benchmarks/solver.py --boards 2 --games 500 --baseline  # and the greedy player
    uv run python benchmarks/solver_boards.py --boards 8 --games 500      # the same script

Each game draws ``--boards`` different hidden words from the English answers (``--lists nyt``:
the NYT 2022 lists from ``--reference``) with ``random.Random(seed)``, and every player plays
the same games. A game is played on until every board is found, past its guesses if need be,
so the average counts every game; a game is solved when every board is found within the
variant's guesses (2 boards 7, 4 boards 9, 8 boards 13).

Players:

* ``solver``: :class:`bot.core.solver_boards.BoardsSolver`.
* ``greedy entropy`` (``--baseline``): the guess with the largest sum of each open board's
  entropy, an open board's last candidate played at once; ties to a candidate, then list order.

Prints, per player, the share solved, the average guesses, the distribution and the time per
move (each ``suggest`` call, so the first game's opener, worked out once, is the slowest); for
Quordle also the target: at least 99.9% solved within 9 guesses, averaging at most 6.9.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.solver import REFERENCE, read_list  # noqa: E402
from bot.core.boards_estimate import part_sums  # noqa: E402
from bot.core.feedback import decode  # noqa: E402
from bot.core.solver import Solver  # noqa: E402
from bot.core.solver_boards import BoardsSolver, BoardsState, boards_variant  # noqa: E402

NAMES = {2: "Dordle", 4: "Quordle", 8: "Octordle"}
#: Guesses past the variant's a game may take before it is counted as never finished.
OVERTIME = 20


@dataclass
class Played:
    player: str
    lengths: list[int] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)


class Greedy:
    """The plain greedy player: the most information summed over the open boards."""

    def __init__(self, solver: BoardsSolver) -> None:
        self.boards = solver
        counts = np.arange(len(solver.solver.answers) + 1, dtype=np.float64)
        self.c_log_c = counts * np.log2(np.maximum(counts, 1.0))
        self.opener: int | None = None

    def choose(self, state: BoardsState) -> int:
        answer_columns = self.boards.solver.answer_columns
        open_boards = state.open_boards
        singles = [int(answer_columns[state.candidates[b][0]]) for b in open_boards
                   if len(state.candidates[b]) == 1]
        if singles:
            return min(singles)
        if state.played == 0 and self.opener is not None:
            return self.opener
        matrix = self.boards.solver.matrix
        bits = np.zeros(matrix.shape[1])
        for board in open_boards:
            rows = state.candidates[board]
            n = len(rows)
            sums = part_sums(matrix, rows, None, self.c_log_c, self.boards.patterns)
            bits += np.log2(n) - sums / n
        wanted = np.zeros(len(bits), dtype=bool)
        for board in open_boards:
            wanted[answer_columns[state.candidates[board]]] = True
        best = int(np.lexsort((np.arange(len(bits)), ~wanted, -np.round(bits, 9)))[0])
        if state.played == 0:
            self.opener = best
        return best


def play(boards: BoardsSolver, choose: Callable[[BoardsState], int], games: list[list[int]],
         record: Played) -> None:
    """Play every game with ``choose(state) -> guess column``; record lengths and times."""
    solver = boards.solver
    matrix = solver.matrix
    attempts = boards.variant.attempts
    solved = boards.variant.all_green
    for words in games:
        histories: list[list[tuple[str, str]]] = [[] for _ in words]
        found = [False] * len(words)
        played = 0
        while not all(found) and played < attempts + OVERTIME:
            start = time.perf_counter()
            column = choose(boards.state(histories))
            record.seconds.append(time.perf_counter() - start)
            played += 1
            guess = solver.guesses[column]
            for board, word in enumerate(words):
                if not found[board]:
                    feedback = decode(int(matrix[word, column]), boards.variant.length)
                    histories[board].append((guess, feedback))
                    found[board] = feedback == solved
        record.lengths.append(played if all(found) else attempts + OVERTIME + 1)


def report(record: Played, boards: int, attempts: int) -> list[str]:
    lengths = np.array(record.lengths)
    won = lengths <= attempts
    ms = np.array(record.seconds) * 1000
    counts = {n: int((lengths == n).sum()) for n in range(boards, attempts + 1)}
    shown = " | ".join(f"{n}: {c}" for n, c in counts.items() if c)
    return [
        f"{record.player}: {len(lengths):,} games, solved within {attempts}: "
        f"{won.mean() * 100:.2f}% ({int((~won).sum())} not), average guesses "
        f"{lengths.mean():.4f} (solved games {lengths[won].mean() if won.any() else 0:.4f}), "
        f"worst {lengths.max()}",
        f"  guesses | {shown} | more than {attempts}: {int((~won).sum())}",
        f"  ms per move: mean {ms.mean():.1f}, p50 {np.percentile(ms, 50):.1f}, "
        f"p99 {np.percentile(ms, 99):.1f}, max {ms.max():.1f} ({len(ms):,} moves)",
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--boards", type=int, choices=(2, 4, 8), required=True)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--baseline", action="store_true",
                        help="also play the plain greedy strategy on the same games")
    parser.add_argument("--lists", choices=["own", "nyt"], default="own")
    parser.add_argument("--reference", type=Path, default=REFERENCE)
    parser.add_argument("--cache-dir", default=None,
                        help="where the pattern matrix is kept (default: the normal cache)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.lists == "nyt":
        paths = [args.reference / f"nyt-2022-{kind}.txt" for kind in ("answers", "allowed")]
        if not all(p.is_file() for p in paths):
            parser.error(f"--lists nyt: the NYT lists are not in {args.reference}")
        label, answers, allowed = "NYT 2022", read_list(paths[0]), read_list(paths[1])
    else:
        from bot.core.words import load_word_lists

        own = load_word_lists()
        label, answers, allowed = "own", list(own.answers), list(own.allowed_sorted)
    variant = boards_variant(args.boards)
    solver = BoardsSolver(Solver(answers, allowed, cache_dir=args.cache_dir), variant)
    rng = random.Random(args.seed)
    games = [rng.sample(range(len(solver.solver.answers)), args.boards)
             for _ in range(args.games)]
    started = time.perf_counter()
    solver.solver.matrix  # noqa: B018 - loaded (or built) before any move is timed
    print(f"{NAMES[args.boards]} ({args.boards} boards, {variant.attempts} guesses), {label} "
          f"lists ({len(solver.solver.answers):,} hidden words), {args.games:,} games, "
          f"seed {args.seed}")
    records = [Played("solver")]
    play(solver, solver.choose, games, records[0])
    if args.baseline:
        records.append(Played("greedy entropy"))
        play(solver, Greedy(solver).choose, games, records[1])
    for record in records:
        print("\n".join(report(record, args.boards, variant.attempts)))
    if args.boards == 4:
        lengths = np.array(records[0].lengths)
        share, average = float((lengths <= 9).mean()), float(lengths.mean())
        met = share >= 0.999 and average <= 6.9
        print(f"Quordle target (solved >= 99.9% within 9, average <= 6.9): "
              f"{share * 100:.2f}%, {average:.4f}: {'met' if met else 'NOT met'}")
    print(f"The run took {time.perf_counter() - started:.0f} s.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
