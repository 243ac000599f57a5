"""The README stays short and its documents hold together: every link between them reaches a
file (and a heading, when it names one), and every command they show exists."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").glob("*.md"))
MAX_README_LINES = 120

#: A Markdown link or image to a place in this repository: ``[text](target)``.
LINK = re.compile(r"\]\((?!https?:|mailto:)([^)\s]+)\)")
#: A command in a code block or in backticks: ``uv run wordle-bot ...``, ``uv run python x.py``.
BOT_COMMAND = re.compile(r"uv run wordle-bot((?: [^`\n#]*)?)")
SCRIPT = re.compile(r"uv run python ([\w/.-]+\.py)")


def text(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, no punctuation, spaces as hyphens."""
    plain = re.sub(r"[`*_]", "", heading.strip().lower())
    return re.sub(r"[^\w\- ]", "", plain).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    return {slug(line.lstrip("#")) for line in text(path).splitlines() if line.startswith("#")}


def links(path: Path) -> list[tuple[str, Path, str]]:
    """(link as written, the file it reaches, its anchor or "") of every relative link."""
    found = []
    for target in LINK.findall(text(path)):
        file, _, anchor = target.partition("#")
        found.append((target, (path.parent / file).resolve() if file else path, anchor))
    return found


def test_the_readme_is_at_most_120_lines() -> None:
    count = len(text(README).splitlines())
    assert count <= MAX_README_LINES, f"README.md has {count} lines; move detail to docs/"


def test_the_readme_links_every_document_in_docs() -> None:
    linked = {file for _, file, _ in links(README)}
    assert DOCS, "no docs/*.md found"
    assert {path.resolve() for path in DOCS} <= linked
    named = set(re.findall(r"\]\((docs/[^)#\s]+\.md)", text(README)))
    assert {"docs/rules.md", "docs/solver.md", "docs/operations.md", "docs/scaling.md",
            "docs/architecture.md", "docs/performance.md"} <= named


@pytest.mark.parametrize("document", [README, *DOCS], ids=lambda p: p.name)
def test_every_link_reaches_a_file_and_heading(document: Path) -> None:
    broken = []
    for written, file, anchor in links(document):
        if not file.exists():
            broken.append(f"{written}: no such file")
        elif anchor and file.suffix == ".md" and anchor not in anchors(file):
            broken.append(f"{written}: no heading #{anchor} in {file.name}")
    assert broken == []


def shown_commands() -> tuple[set[str], set[str]]:
    """The ``wordle-bot`` subcommands and the scripts the README and docs tell people to run."""
    subcommands, scripts = set(), set()
    for document in [README, *DOCS]:
        source = text(document)
        for rest in BOT_COMMAND.findall(source):
            words = [w for w in rest.split() if not w.startswith("-")]
            if rest.split()[:1] == ["--env-file"]:
                words = words[1:]  # its FILE
            subcommands.add(words[0] if words and "=" not in words[0] else "")
        scripts.update(SCRIPT.findall(source))
    return subcommands, scripts


def test_the_scripts_shown_exist() -> None:
    _, scripts = shown_commands()
    assert "benchmarks/storage.py" in scripts
    assert {script for script in scripts if not (ROOT / script).is_file()} == set()


def test_the_wordle_bot_commands_shown_exist() -> None:
    subcommands, _ = shown_commands()
    assert {"", "play", "solve"} <= subcommands
    failed = {}
    for command in sorted(subcommands):
        args = [sys.executable, "-m", "bot", *([command] if command else []), "--help"]
        done = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            failed[command] = done.stderr.strip().splitlines()[-1:]
    assert failed == {}
