"""Print figures about our shipped word lists (wordlists/answers.txt and wordlists/allowed.txt).

    uv run python scripts/wordlist_report.py [--lists DIR] [--reference DIR]

The size of each list, whether each is well formed (sorted, unique, lower-case five-letter
words) and whether every answer is allowed; with the NYT reference lists in
../shared/reference, how well ours match them (read to measure only, never to build). Exit
status 0 unless our lists are broken.
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_LISTS_DIR = REPO_ROOT / "wordlists"
DEFAULT_REFERENCE_DIR = REPO_ROOT.parent / "shared" / "reference"

_WORD = re.compile(r"[a-z]{5}")

ANSWERS_IN_NYT_ALLOWED_TARGET = 97.0
NYT_ALLOWED_COVERED_TARGET = 90.0


@dataclass
class LoadedList:
    path: Path
    words: list[str]
    problems: list[str]

    @property
    def ok(self) -> bool:
        return not self.problems


def check_lines(lines: list[str], limit: int = 5) -> list[str]:
    """Format problems in a list's lines (at most ``limit`` reported, then a count)."""
    problems: list[str] = []
    previous: str | None = None
    extra = 0
    for number, word in enumerate(lines, start=1):
        problem = None
        if not _WORD.fullmatch(word):
            problem = f"line {number}: {word[:20]!r} is not five lower-case letters a-z"
        elif previous is not None and word == previous:
            problem = f"line {number}: {word!r} repeats the line before"
        elif previous is not None and word < previous:
            problem = f"line {number}: {word!r} is out of order (after {previous!r})"
        if problem:
            if len(problems) < limit:
                problems.append(problem)
            else:
                extra += 1
        previous = word
    if not lines:
        problems.append("the list is empty")
    if extra:
        problems.append(f"... and {extra} more problems")
    return problems


def load_list(path: Path) -> LoadedList:
    if not path.is_file():
        return LoadedList(path, [], [f"{path} is missing"])
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return LoadedList(path, [], [f"{path} cannot be read: {exc}"])
    lines = text.split("\n")
    problems = []
    if text and not text.endswith("\n"):
        problems.append("the last line has no newline")
    else:
        lines = lines[:-1]
    problems.extend(check_lines(lines))
    return LoadedList(path, lines, problems)


def read_reference(path: Path) -> set[str] | None:
    if not path.is_file():
        return None
    return {w.strip().lower() for w in path.read_text(encoding="utf-8").split() if w.strip()}


def percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.2f}%" if whole else "n/a"


def verdict(value: float, target: float) -> str:
    return "meets target" if value >= target else "BELOW target"


def report(lists_dir: Path, reference_dir: Path, out: TextIO | None = None) -> int:
    """Print the report to ``out`` (standard output by default); return the exit status."""
    stream = sys.stdout if out is None else out

    def say(line: str = "") -> None:
        print(line, file=stream)

    answers = load_list(lists_dir / "answers.txt")
    allowed = load_list(lists_dir / "allowed.txt")
    broken = False

    say("Word lists")
    for name, loaded in (("answers", answers), ("allowed", allowed)):
        status = "well formed" if loaded.ok else "BROKEN"
        say(f"  {name:8} {len(loaded.words):6,d} words  ({loaded.path.name}: {status})")
        for problem in loaded.problems:
            say(f"           - {problem}")
        broken |= not loaded.ok

    answer_set, allowed_set = set(answers.words), set(allowed.words)
    missing = sorted(answer_set - allowed_set)
    if missing:
        broken = True
        shown = ", ".join(missing[:10]) + (" ..." if len(missing) > 10 else "")
        say(f"  answers subset of allowed: NO ({len(missing)} answers not allowed: {shown})")
    else:
        say("  answers subset of allowed: yes")

    say()
    nyt_allowed = read_reference(reference_dir / "nyt-2022-allowed.txt")
    if nyt_allowed is None:
        say(f"Coverage figures need ../shared/reference (looked in {reference_dir}); skipped.")
    else:
        say(f"Coverage against the NYT reference lists in {reference_dir} (measurement only)")
        inside = len(answer_set & nyt_allowed)
        share = 100 * inside / len(answer_set) if answer_set else 0.0
        target = ANSWERS_IN_NYT_ALLOWED_TARGET
        say(
            f"  our answers that NYT 2022 allowed accepts: {inside:,d}/{len(answer_set):,d} = "
            f"{percent(inside, len(answer_set))}  (target >= {target:.0f}%: "
            f"{verdict(share, target)})"
        )
        covered = len(nyt_allowed & allowed_set)
        share = 100 * covered / len(nyt_allowed) if nyt_allowed else 0.0
        target = NYT_ALLOWED_COVERED_TARGET
        say(
            f"  NYT 2022 allowed words our allowed accepts: {covered:,d}/{len(nyt_allowed):,d} = "
            f"{percent(covered, len(nyt_allowed))}  (target >= {target:.0f}%: "
            f"{verdict(share, target)})"
        )
        extra = len(allowed_set - nyt_allowed)
        say(f"  our allowed words not in NYT 2022 allowed: {extra:,d}")
        for label, filename in (
            ("NYT 2022 answers", "nyt-2022-answers.txt"),
            ("NYT 2023 answers", "nyt-2023-answers.txt"),
        ):
            ref = read_reference(reference_dir / filename)
            if ref is None:
                continue
            say(
                f"  {label} in our answers: {len(ref & answer_set):,d}/{len(ref):,d} = "
                f"{percent(len(ref & answer_set), len(ref))}; "
                f"in our allowed: {percent(len(ref & allowed_set), len(ref))}"
            )

    say()
    say("Result: " + ("our lists are BROKEN" if broken else "our lists are fine"))
    return 1 if broken else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Print figures about wordlists/.")
    parser.add_argument("--lists", type=Path, default=DEFAULT_LISTS_DIR, help="our lists")
    parser.add_argument(
        "--reference", type=Path, default=DEFAULT_REFERENCE_DIR, help="NYT reference lists"
    )
    args = parser.parse_args(argv)
    return report(args.lists, args.reference)


if __name__ == "__main__":
    sys.exit(main())
