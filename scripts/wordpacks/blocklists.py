"""Per-language blocklists: slurs (kept out of every list) and crude words (out of answers).

The lists live in scripts/blocklists/<language>.txt: ``#`` comments, a ``[slurs]`` section and
a ``[crude]`` section, one word a line in its usual spelling (any case).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from bot.core.letter_rules import LetterRules
from bot.core.letters import pack_word

BLOCKLIST_DIR = Path(__file__).resolve().parent.parent / "blocklists"


@dataclass(frozen=True)
class Blocklist:
    """Words spelt for play: ``slurs`` go from allowed and answers, ``crude`` from answers."""

    slurs: frozenset[str]
    crude: frozenset[str]

    @property
    def not_answers(self) -> frozenset[str]:
        return self.slurs | self.crude


def parse_blocklist(text: str, letters: LetterRules) -> Blocklist:
    """Parse a blocklist file; every word must be playable in ``letters``."""
    sections: dict[str, set[str]] = {"slurs": set(), "crude": set()}
    current: set[str] | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if line.startswith("[") and line.endswith("]"):
            if line[1:-1] not in sections:
                raise ValueError(f"line {number}: unknown section {line}")
            current = sections[line[1:-1]]
            continue
        play = pack_word(line, letters)
        if current is None or play is None:
            raise ValueError(f"line {number}: {line!r} is outside a section or not playable")
        current.add(play)
    return Blocklist(frozenset(sections["slurs"]), frozenset(sections["crude"]))


def load_blocklist(code: str, letters: LetterRules, directory: Path = BLOCKLIST_DIR) -> Blocklist:
    """The blocklist of language ``code``."""
    return parse_blocklist((directory / f"{code}.txt").read_text(encoding="utf-8"), letters)
