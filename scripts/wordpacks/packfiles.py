"""The files of a word pack: answers, allowed guesses, display spellings and pack.json.

A pack lives in ``wordlists/<language>-<length>/``.  ``answers.txt`` and ``allowed.txt`` hold one
word a line in its play spelling (lower case, NFC, folded to the pack's letters), sorted by code
point, unique, with a final newline.  ``display.tsv`` maps an answer's play spelling to how it is
shown when the game ends (``pêche``, ``Straße``), for the answers where the two differ.
``pack.json`` describes the rest: letters, keyboard, attempts, sources, filters and counts.
Its letters are the language's rules in ``bot.core.letter_rules``, by which the bot reads a
guess (docs/letters.md).
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from bot.core.letter_rules import LetterRules
from wordpacks.selection import Answer, median_zipf

ANSWERS = "answers.txt"
ALLOWED = "allowed.txt"
DISPLAY = "display.tsv"
METADATA = "pack.json"


@dataclass(frozen=True)
class SourceUse:
    """One source of a pack as recorded in pack.json."""

    name: str
    package: str
    version: str
    licence: str
    licence_file: str
    used_for: str


@dataclass
class Pack:
    """Everything written for one language and length."""

    language: str
    name: str
    length: int
    attempts: int
    letters: LetterRules
    answers: list[Answer]
    allowed: list[str]
    sources: list[SourceUse]
    filters: dict[str, Any]
    #: licence file name (relative to the pack directory) -> its text, written beside the pack
    licence_texts: dict[str, str] = field(default_factory=dict)
    #: where the word files are, relative to the pack directory (English 5 keeps its old place)
    answers_path: str = ANSWERS
    allowed_path: str = ALLOWED

    @property
    def directory(self) -> str:
        return f"{self.language}-{self.length}"


def render_words(words: list[str]) -> str:
    """One word a line, sorted by code point, unique, final newline."""
    return "".join(f"{w}\n" for w in sorted(set(words)))


def render_display(answers: list[Answer]) -> str:
    """``play<TAB>display`` for the answers shown differently from their play spelling."""
    return "".join(f"{a.play}\t{a.display}\n" for a in sorted(answers, key=lambda a: a.play)
                   if a.display != a.play)


def metadata(pack: Pack, has_display: bool) -> dict[str, Any]:
    """The contents of pack.json."""
    files = {"answers": pack.answers_path, "allowed": pack.allowed_path}
    if has_display:
        files["display"] = DISPLAY
    return {
        "language": pack.language,
        "name": pack.name,
        "length": pack.length,
        "attempts": pack.attempts,
        "alphabet": pack.letters.alphabet,
        "keyboard": [list(row) for row in pack.letters.keyboard],
        "fold": dict(sorted(pack.letters.folds.items())),
        "ignored_accents": accent_names(pack.letters),
        "case": pack.letters.case.value,
        "files": files,
        "counts": {"answers": len(pack.answers), "allowed": len(pack.allowed)},
        "answer_median_zipf": median_zipf(pack.answers),
        "sources": [vars(source) for source in pack.sources],
        "filters": pack.filters,
    }


def accent_names(letters: LetterRules) -> list[str]:
    """The accents left off a letter that is not a pack letter with them, by their Unicode
    names ("acute accent"), in code point order."""
    return [unicodedata.name(mark).removeprefix("COMBINING ").lower()
            for mark in sorted(letters.ignored_marks)]


def render_pack(pack: Pack) -> dict[str, str]:
    """Every file of the pack: path relative to the word-list directory -> text."""
    base = pack.directory
    display = render_display(pack.answers)
    files = {
        _join(base, pack.answers_path): render_words([a.play for a in pack.answers]),
        _join(base, pack.allowed_path): render_words(pack.allowed),
    }
    if display:
        files[_join(base, DISPLAY)] = display
    for name, text in pack.licence_texts.items():
        files[_join(base, name)] = text
    meta = metadata(pack, bool(display))
    files[_join(base, METADATA)] = dump_json(meta)
    return files


_FLAT_LIST = re.compile(r'\[\s+("[^"\n]*"(?:,\s+"[^"\n]*")*)\s+\]')


def dump_json(data: dict[str, Any]) -> str:
    """Indented JSON with each list of strings (a keyboard row) on one line."""
    text = json.dumps(data, ensure_ascii=False, indent=2)
    return _FLAT_LIST.sub(lambda m: "[" + re.sub(r",\s+", ", ", m.group(1)) + "]", text) + "\n"


def _join(base: str, relative: str) -> str:
    """``base/relative`` with ``..`` resolved (the English 5 files sit above their pack)."""
    parts: list[str] = base.split("/")
    for part in relative.split("/"):
        if part == "..":
            parts.pop()
        else:
            parts.append(part)
    return "/".join(parts)
