"""Games of several boards for the rendering tests: real feedback from real hidden words."""

from __future__ import annotations

from bot.core.feedback import score
from bot.core.variant import Variant

QUORDLE = Variant(attempts=9, boards=4)
DORDLE = Variant(attempts=7, boards=2)
OCTORDLE = Variant(attempts=13, boards=8)


def play(answers: list[str], guesses: list[str]) -> list[list[str]]:
    """Each board's feedback for ``guesses``, stopping at the guess that solves it."""
    boards = []
    for answer in answers:
        rows: list[str] = []
        for guess in guesses:
            rows.append(score(guess, answer))
            if guess == answer:
                break
        boards.append(rows)
    return boards


#: A Quordle of 7 guesses: boards 1-3 solved at guesses 2, 5 and 6; board 4 open.
QUORDLE_ANSWERS = ["crane", "moist", "plumb", "fjord"]
QUORDLE_GUESSES = ["slate", "crane", "pious", "dumpy", "moist", "plumb", "ghost"]
#: An Octordle played to its end: six boards solved, boards 4 and 8 not.
OCTORDLE_ANSWERS = ["crane", "moist", "plumb", "fjord", "wacky", "given", "sheep", "tribe"]
OCTORDLE_GUESSES = ["slate", "crane", "pious", "dumpy", "moist", "plumb", "wacky", "given",
                    "sheep", "those", "adieu", "vexed", "bongo"]


def longest_octordle(alphabet: str, length: int = 7) -> tuple[list[str], list[list[str]]]:
    """The longest Octordle to describe: 13 guesses of ``length`` letters, no board solved,
    the first 9 grey (every letter but the last guesses' ruled out), the last 4 yellow and
    green."""
    rest = alphabet[length:]
    early = ["".join(rest[(g * length + i) % len(rest)] for i in range(length))
             for g in range(9)]
    late = [alphabet[g:length] + alphabet[:g] for g in range(4)]
    feedback = [["B" * length] * 9 + ["Y" * (length - 1) + "G"] * 4 for _ in range(8)]
    return early + late, feedback
