"""Word hints people recognise (bot/core/solver_answers.py): how often the solver's best guess
cannot be the answer, and how long the extra pick takes (prints figures; no assertion).

    uv run python benchmarks/answer_pick.py [--games 200]

Plays sample games (the opener, then the first word that could still be the answer) and times
``answer_pick`` at every state, with the pattern matrix loaded and by the estimate alone.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bot.core.feedback import score
from bot.core.solver import Solver
from bot.core.solver_answers import answer_pick
from bot.core.words import load_word_lists


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    words = load_word_lists()
    solver = Solver(words.answers, words.allowed_sorted)
    solver.prepare((False,))
    rng = random.Random(13)
    states = picks = exact = 0
    times: list[float] = []
    estimate_times: list[float] = []
    gaps: list[float] = []
    for hidden in rng.sample(list(words.answers), args.games):
        history: list[tuple[str, str]] = []
        for _ in range(5):
            best = solver.suggest(history)
            states += 1
            start = time.perf_counter()
            pick = answer_pick(solver, history, best)
            times.append(time.perf_counter() - start)
            start = time.perf_counter()
            answer_pick(solver, history, best, exact=False)
            estimate_times.append(time.perf_counter() - start)
            if pick is not None:
                picks += 1
                exact += pick.exact
                gaps.append(pick.answer.expected - pick.best.expected)
            guess = solver.candidates(history)[0] if history else best
            history.append((guess, score(guess, hidden)))
            if guess == hidden:
                break

    def ms(values: list[float], q: float) -> float:
        return sorted(values)[min(len(values) - 1, int(q * len(values)))] * 1000

    print(f"{states} hint states in {args.games} games; the best guess could not be the answer "
          f"in {picks} ({100 * picks / states:.0f}%), valued exactly in {exact}")
    print(f"answer_pick (matrix loaded): p50 {ms(times, 0.5):.1f} ms, p99 {ms(times, 0.99):.1f} "
          f"ms, max {max(times) * 1000:.1f} ms")
    print(f"estimate only: p50 {ms(estimate_times, 0.5):.1f} ms, p99 "
          f"{ms(estimate_times, 0.99):.1f} ms, max {max(estimate_times) * 1000:.1f} ms")
    if gaps:
        print(f"expected guesses, best possible answer minus the solver's word: mean "
              f"{statistics.mean(gaps):.3f}, max {max(gaps):.3f}, "
              f"{sum(g < -1e-9 for g in gaps)} states where the answer was valued better")


if __name__ == "__main__":
    main()
