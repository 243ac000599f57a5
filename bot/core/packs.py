"""Word packs: a language at a length, its words and letters, loaded from ``wordlists/``.

A pack folder (``wordlists/es-5/``) holds ``pack.json`` (letters, keyboard, attempts,
sources), the answers and allowed guesses one word a line in the pack's letters, and
``display.tsv``, the accented spelling of the answers shown differently
(``arbol<TAB>árbol``). :func:`load_pack` reads one folder and checks all of it; a file that
cannot be used is refused with one line naming it (and the line in it).
:func:`pack` gives a shipped pack, loaded once per process; :func:`pack_keys` lists them.
The English 5-letter pack is the bot's classic lists (``wordlists/answers.txt`` and
``allowed.txt``).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final

from bot.core.letter_rules import LETTER_RULES, LetterRules
from bot.core.letters import BadPackWord, pack_word, read_word, shown_answer, upper_case
from bot.core.variant import CLASSIC, Variant
from bot.core.words import (
    MAX_LINE_LENGTH,
    MAX_LIST_BYTES,
    RefusedFile,
    WordListError,
    default_wordlist_dir,
    read_capped_text,
)

METADATA: Final = "pack.json"
#: The largest ``pack.json`` read (ours are a few kilobytes).
MAX_METADATA_BYTES: Final = 64 << 10
#: Word lengths and attempts a pack may have: feedback patterns of up to 12 letters fit the
#: solver's integer types with room, and a game of more than 20 attempts is no game.
LENGTHS: Final = range(2, 13)
ATTEMPTS: Final = range(1, 21)
#: The language and length of the bot's classic game.
DEFAULT_LANGUAGE: Final = "en"
DEFAULT_LENGTH: Final = 5


class PackError(WordListError):
    """A pack that cannot be used: the file, and the line when there is one, and why."""


@dataclass(frozen=True)
class Source:
    """Where some of a pack's words come from, and under which licence."""

    name: str
    package: str
    version: str
    licence: str
    #: The licence's text, shipped beside the pack.
    licence_file: Path
    used_for: str


@dataclass(frozen=True)
class Pack:
    """One language at one length: its letters, answers (sorted), allowed guesses (sorted,
    every answer among them) and the accented spelling of the answers that have one."""

    language: str
    #: The language's English name ("Spanish").
    name: str
    length: int
    attempts: int
    rules: LetterRules = field(repr=False)
    answers: tuple[str, ...] = field(repr=False)
    allowed: tuple[str, ...] = field(repr=False)
    display: Mapping[str, str] = field(repr=False)
    sources: tuple[Source, ...] = field(repr=False)
    folder: Path = field(repr=False)
    _allowed_set: frozenset[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_allowed_set", frozenset(self.allowed))

    @property
    def key(self) -> str:
        """The pack's name as its folder has it: ``es-5``."""
        return f"{self.language}-{self.length}"

    @property
    def alphabet(self) -> str:
        return self.rules.alphabet

    @property
    def keyboard(self) -> tuple[str, ...]:
        """The keyboard's rows, each a string of the pack's letters."""
        return self.rules.keyboard

    @cached_property
    def variant(self) -> Variant:
        """The one-board game of this pack."""
        return Variant(length=self.length, attempts=self.attempts, alphabet=self.alphabet,
                       language=self.language)

    def read(self, raw: object) -> str:
        """A typed word in the pack's letters (accents folded, the language's case);
        :class:`~bot.core.letters.BadPackWord` with a message for anything else."""
        return read_word(raw, self.rules, self.length)

    def is_allowed(self, word: str) -> bool:
        """Whether ``word`` (in the pack's letters) may be guessed."""
        return word in self._allowed_set

    def shown(self, word: str) -> str:
        """``word`` as shown to people: its accented spelling in upper case (``ÁRBOL``)."""
        return shown_answer(word, self.display.get(word, word), self.rules)


def _fail(path: Path, message: str, line: int | None = None) -> PackError:
    return PackError(path, line, message)


def _read_text(path: Path, max_bytes: int) -> str:
    """The text of a pack file; :class:`PackError` saying why it cannot be read."""
    try:
        return read_capped_text(path, max_bytes)
    except FileNotFoundError:
        raise _fail(path, "file not found") from None
    except PermissionError:
        raise _fail(path, "not allowed to read it (permission denied)") from None
    except RefusedFile as exc:
        raise _fail(path, str(exc.strerror)) from None
    except UnicodeDecodeError as exc:
        raise _fail(path, f"not UTF-8 text ({exc.reason})") from None
    except OSError as exc:
        raise _fail(path, exc.strerror or str(exc)) from None


def _lines(path: Path) -> list[tuple[int, str]]:
    """The numbered lines of a pack file that hold something (no blank or ``#`` lines)."""
    found = []
    for number, line in enumerate(_read_text(path, MAX_LIST_BYTES).splitlines(), start=1):
        if len(line) > MAX_LINE_LENGTH:
            raise _fail(path, f"a line of {len(line):,} characters", number)
        if line.strip() and not line.startswith("#"):
            found.append((number, line))
    return found


def _pack_words(path: Path, rules: LetterRules, length: int, *,
                exact: bool = True) -> dict[str, int]:
    """The words of a list file, each with its line: written in the pack's letters at the
    pack's length (``exact``: lower case, accents already folded; else read as typed)."""
    words: dict[str, int] = {}
    letters = set(rules.alphabet)
    for number, line in _lines(path):
        word = line.strip()
        if len(word) != length or not letters.issuperset(word):  # (most words are fine)
            try:
                read = read_word(word, rules, length)
            except BadPackWord as bad:
                raise _fail(path, f"{word[:40]!r}: {bad.message}", number) from None
            if exact:
                raise _fail(path, f"{word[:40]!r} is not written in the pack's letters "
                                  f"(it would be {read!r})", number)
            word = read
        if word in words:
            raise _fail(path, f"duplicate word {word!r} (first on line {words[word]})", number)
        words[word] = number
    if not words:
        raise _fail(path, "the list has no words")
    return words


def _display(path: Path, rules: LetterRules, answers: Mapping[str, int]) -> dict[str, str]:
    """``display.tsv``: an answer, a tab, and its spelling, which must spell that answer."""
    shown: dict[str, str] = {}
    for number, line in _lines(path):
        word, tab, spelling = line.partition("\t")
        if not tab or not spelling or "\t" in spelling:
            raise _fail(path, "each line is a word, a tab and its spelling", number)
        if word not in answers:
            raise _fail(path, f"{word[:40]!r} is not one of the pack's answers", number)
        if pack_word(spelling, rules) != word:
            raise _fail(path, f"{spelling[:40]!r} does not spell {word!r} in the pack's "
                              "letters", number)
        if word in shown:
            raise _fail(path, f"{word!r} has two spellings", number)
        shown[word] = spelling
    return shown


_KIND_NAMES: Final = {str: "text", int: "a whole number", list: "a list", dict: "an object"}


def _field(meta: Mapping[str, Any], path: Path, name: str, kind: type) -> Any:
    value = meta.get(name)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise _fail(path, f"{name!r} must be {_KIND_NAMES.get(kind, kind.__name__)}")
    return value


def _metadata(path: Path) -> dict[str, Any]:
    try:
        meta = json.loads(_read_text(path, MAX_METADATA_BYTES))
    except json.JSONDecodeError as exc:
        raise _fail(path, f"not JSON ({exc.msg})", exc.lineno) from None
    if not isinstance(meta, dict):
        raise _fail(path, "must be a JSON object")
    return meta


def _rules(meta: Mapping[str, Any], path: Path) -> LetterRules:
    """The language's letter rules, which the pack's letters, keyboard and folds must be."""
    language = _field(meta, path, "language", str)
    rules = LETTER_RULES.get(language)
    if rules is None:
        raise _fail(path, f"no letter rules for the language {language[:20]!r} "
                          f"(known: {', '.join(LETTER_RULES)})")
    if _field(meta, path, "alphabet", str) != rules.alphabet:
        raise _fail(path, f"'alphabet' is not the letters of {rules.name} ({rules.alphabet})")
    keyboard = _field(meta, path, "keyboard", list)
    if not all(isinstance(row, list) and all(isinstance(k, str) for k in row)
               for row in keyboard) or tuple("".join(row) for row in keyboard) != rules.keyboard:
        raise _fail(path, f"'keyboard' is not the {rules.name} keyboard "
                          f"({' '.join(rules.keyboard)})")
    if meta.get("fold", {}) != dict(rules.folds):
        raise _fail(path, f"'fold' is not the folds of {rules.name}")
    return rules


def _sources(meta: Mapping[str, Any], path: Path) -> tuple[Source, ...]:
    sources = []
    for number, entry in enumerate(_field(meta, path, "sources", list), start=1):
        texts = ("name", "package", "version", "licence", "licence_file", "used_for")
        if not isinstance(entry, dict) or not all(isinstance(entry.get(k), str) for k in texts):
            raise _fail(path, f"source {number} must give {', '.join(texts)} as text")
        licence = path.parent / entry["licence_file"]
        if not licence.is_file():
            raise _fail(path, f"source {number} ({entry['name']}): its licence file "
                              f"{licence} is missing")
        sources.append(Source(entry["name"], entry["package"], entry["version"],
                              entry["licence"], licence, entry["used_for"]))
    if not sources:
        raise _fail(path, "a pack names where its words come from ('sources')")
    return tuple(sources)


def load_pack(folder: Path | str) -> Pack:
    """Read and check the pack in ``folder``; :class:`PackError` names what is wrong."""
    folder = Path(folder)
    path = folder / METADATA
    meta = _metadata(path)
    rules = _rules(meta, path)
    length = _field(meta, path, "length", int)
    attempts = _field(meta, path, "attempts", int)
    if length not in LENGTHS or attempts not in ATTEMPTS:
        raise _fail(path, f"a pack has {LENGTHS.start} to {LENGTHS.stop - 1} letters and "
                          f"{ATTEMPTS.start} to {ATTEMPTS.stop - 1} attempts, not {length} "
                          f"and {attempts}")
    files = _field(meta, path, "files", dict)
    named = {}
    for kind in ("answers", "allowed", "display"):
        if kind in files or kind != "display":
            if not isinstance(files.get(kind), str):
                raise _fail(path, f"'files' must name the {kind} file")
            named[kind] = folder / files[kind]
    answers = _pack_words(named["answers"], rules, length)
    allowed = _pack_words(named["allowed"], rules, length)
    for word, number in answers.items():
        if word not in allowed:
            raise _fail(named["answers"], f"answer {word!r} is missing from the allowed "
                                          f"list {named['allowed']}", number)
    display = _display(named["display"], rules, answers) if "display" in named else {}
    return Pack(language=rules.language, name=rules.name, length=length, attempts=attempts,
                rules=rules, answers=tuple(sorted(answers)), allowed=tuple(sorted(allowed)),
                display=MappingProxyType(display), sources=_sources(meta, path), folder=folder)


def read_pack_list(path: Path | str, found: Pack) -> tuple[str, ...]:
    """A word list of one's own for the pack ``found`` (one word a line, written with its
    accents or without, any case), in the pack's letters; :class:`PackError` names the line
    of a word the pack cannot spell, a duplicate, or why the file cannot be read."""
    return tuple(_pack_words(Path(path), found.rules, found.length, exact=False))


def pack_keys(directory: Path | None = None) -> tuple[str, ...]:
    """The shipped packs (``en-5``, ``es-5``...), by language and then length: the folders
    of ``directory`` (default the bot's ``wordlists/``) that hold a ``pack.json``."""
    directory = directory or default_wordlist_dir()
    found = [p.parent.name for p in directory.glob(f"*/{METADATA}")]
    return tuple(sorted(found, key=_order))


def _order(key: str) -> tuple[str, int]:
    language, _, length = key.rpartition("-")
    return language, int(length) if length.isdigit() else 0


_loaded: dict[tuple[str, int], Pack] = {}
_lock = threading.Lock()


def pack(language: str = DEFAULT_LANGUAGE, length: int = DEFAULT_LENGTH) -> Pack:
    """The shipped pack of ``language`` at ``length``, loaded and checked once per process.

    ``KeyError`` with a message naming the packs there are, when there is none;
    :class:`PackError` when its files cannot be used.
    """
    with _lock:
        found = _loaded.get((language, length))
        if found is None:
            keys = pack_keys()
            key = f"{language}-{length}"
            if key not in keys:
                raise KeyError(f"there is no {length}-letter pack in {language!r}; the packs "
                               f"are {', '.join(keys)}")
            found = _loaded[(language, length)] = load_pack(default_wordlist_dir() / key)
        return found


def variant_of(language: str, length: int, attempts: int) -> Variant:
    """The variant of a stored game or race: its shipped pack's (:data:`CLASSIC` for English
    in 5 letters); ``ValueError`` for a pack this release does not ship, or attempts other
    than the pack's (a database written by another release)."""
    if (language, length, attempts) == (CLASSIC.language, CLASSIC.length, CLASSIC.attempts):
        return CLASSIC
    try:
        found = pack(language, length)
    except KeyError:
        found = None
    if found is None or found.attempts != attempts:
        raise ValueError(f"no variant of {length} letters in {attempts} attempts in "
                         f"{language[:20]!r} is known to this release of wordle-bot")
    return found.variant


def shown_word(variant: Variant, word: str) -> str:
    """``word`` (in ``variant``'s letters) as people read it: in capitals with the accents of
    its pack's spelling (``ÁRBOL``); a pack not shipped shows its letters in capitals."""
    if variant == CLASSIC:
        return word.upper()
    try:
        return pack_of(variant).shown(word)
    except (KeyError, ValueError):
        rules = LETTER_RULES.get(variant.language)
        return word.upper() if rules is None else upper_case(word, rules)


def pack_of(variant: Variant) -> Pack:
    """The shipped pack a variant is played in (``KeyError`` naming the packs there are)."""
    return pack(variant.language, variant.length)
