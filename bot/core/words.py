"""The word lists: hidden words (answers) and every word a guess may be (allowed).

The defaults live in the repository's ``wordlists/`` folder (and inside the installed package
when built as a wheel). Other files can be named in configuration. A malformed list is refused
at load with the file and line that is wrong, so a bad deploy fails loudly at start-up rather
than in the middle of somebody's game.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from bot.core.domain import BadWord, normalise_word

ANSWERS_FILE = "answers.txt"
ALLOWED_FILE = "allowed.txt"

#: The largest word list read: far more than any real list (one word a line is 6 bytes a
#: word), so that a wrong file (a disk image, ``/dev/zero``) is refused instead of filling
#: the memory.
MAX_LIST_BYTES = 4 << 20
#: The longest line of a word list (a word, or a ``#`` comment).
MAX_LINE_LENGTH = 1000


def default_wordlist_dir() -> Path:
    """``wordlists/`` beside the package in a checkout, else the copy packed into the wheel."""
    package_dir = Path(__file__).resolve().parent.parent
    for candidate in (package_dir.parent / "wordlists", package_dir / "wordlists"):
        if (candidate / ANSWERS_FILE).is_file():
            return candidate
    return package_dir.parent / "wordlists"


class WordListError(ValueError):
    """A word list file that cannot be used, with where the problem is."""

    def __init__(self, file: Path | str, line: int | None, message: str) -> None:
        self.file = str(file)
        self.line = line
        self.message = message
        where = f"{self.file}:{line}" if line is not None else self.file
        super().__init__(f"{where}: {message}")


@dataclass(frozen=True)
class WordLists:
    """Answers (sorted tuple) and allowed guesses (a set that includes every answer)."""

    answers: tuple[str, ...]
    allowed_sorted: tuple[str, ...]
    allowed: frozenset[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "allowed", frozenset(self.allowed_sorted))

    def is_allowed(self, word: str) -> bool:
        try:
            return normalise_word(word) in self.allowed
        except BadWord:
            return False

    @classmethod
    def from_words(cls, answers: list[str] | tuple[str, ...], allowed: list[str] | tuple[str, ...]
                   ) -> WordLists:
        """Build from in-memory words (checked like files; allowed gains any missing answer)."""
        answer_words = _check_words(answers, "<answers>")
        allowed_words = set(_check_words(allowed, "<allowed>")) | set(answer_words)
        return cls(tuple(sorted(answer_words)), tuple(sorted(allowed_words)))


def _check_words(words: list[str] | tuple[str, ...], source: str) -> list[str]:
    seen: set[str] = set()
    out = []
    for number, raw in enumerate(words, start=1):
        word = _check_word(raw, source, number)
        if word in seen:
            raise WordListError(source, number, f"duplicate word {word!r}")
        seen.add(word)
        out.append(word)
    return out


def _check_word(raw: str, source: str | Path, number: int) -> str:
    try:
        return normalise_word(raw)
    except BadWord as bad:
        raise WordListError(source, number, f"{raw!r}: {bad.message}") from None


class RefusedFile(OSError):
    """A file :func:`read_capped_text` will not read: not a regular file, or too large."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(None, reason, str(path))

    def __str__(self) -> str:
        return f"{self.filename}: {self.strerror}"


def _kind(mode: int) -> str:
    """What a file that is not a regular file is, in words."""
    if stat.S_ISDIR(mode):
        return "a folder, not a file"
    for test, name in ((stat.S_ISFIFO, "a named pipe (FIFO)"), (stat.S_ISCHR, "a device"),
                       (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return f"{name}, not a regular file"
    return "not a regular file"


def _megabytes(size: int) -> str:
    return f"{size / (1 << 20):g} MiB" if size >= 1 << 20 else f"{size:,} bytes"


def read_capped_text(path: Path | str, max_bytes: int) -> str:
    """The UTF-8 text of the regular file ``path``, refused when over ``max_bytes``.

    Every file a person names (a word list) is read with this: a named pipe nobody writes to
    would block for ever and a device like ``/dev/zero`` never ends, so anything but a
    regular file is refused (:class:`RefusedFile`), checked both before opening and on the
    opened file (which may have been swapped meanwhile; it is opened without blocking, so a
    pipe cannot hold the open). Raises ``OSError`` for what the system refuses and
    ``UnicodeDecodeError`` for text that is not UTF-8.
    """
    path = Path(path)
    if not stat.S_ISREG(mode := os.stat(path).st_mode):
        raise RefusedFile(path, _kind(mode))
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    with open(os.open(path, flags), "rb") as handle:
        status = os.fstat(handle.fileno())
        if not stat.S_ISREG(status.st_mode):
            raise RefusedFile(path, _kind(status.st_mode))
        data = handle.read(max_bytes + 1) if status.st_size <= max_bytes else b""
    if status.st_size > max_bytes or len(data) > max_bytes:  # (a file that grew meanwhile)
        raise RefusedFile(path, f"larger than {_megabytes(max_bytes)}, too large to be read")
    return data.decode("utf-8")


def read_word_file(path: Path | str) -> list[str]:
    """Read one list: one word per line; blank lines and ``#`` comments are skipped.

    Raises :class:`WordListError` naming the file and line for a wrong length, non-letters,
    a duplicate, or an empty list, and naming the file for one that cannot be read.
    """
    return list(_read_words(Path(path)))


def _read_words(path: Path) -> dict[str, int]:
    """The words of the list ``path``, each with its line number, in the file's order."""
    try:
        text = read_capped_text(path, MAX_LIST_BYTES)
    except FileNotFoundError:
        raise WordListError(path, None, "file not found") from None
    except PermissionError:
        raise WordListError(path, None, "not allowed to read it (permission denied)") from None
    except RefusedFile as exc:
        raise WordListError(path, None, str(exc.strerror)) from None
    except UnicodeDecodeError as exc:
        raise WordListError(path, None, f"not UTF-8 text ({exc.reason})") from None
    words: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if len(line) > MAX_LINE_LENGTH:
            raise WordListError(path, number, f"a line of {len(line):,} characters: a word "
                                              f"list's lines are at most {MAX_LINE_LENGTH:,}")
        raw = line.strip()
        if not raw or raw.startswith("#"):
            continue
        word = _check_word(raw, path, number)
        if word in words:
            first = words[word]
            raise WordListError(path, number, f"duplicate word {word!r} (first on line {first})")
        words[word] = number
    if not words:
        raise WordListError(path, None, "the list has no words")
    return words


def load_word_lists(answers_path: Path | str | None = None,
                    allowed_path: Path | str | None = None) -> WordLists:
    """Load and check the answers and allowed lists (defaults: the project's ``wordlists/``).

    Every answer must also be in the allowed list; one that is not is refused with its line.
    """
    directory = default_wordlist_dir()
    answers_file = Path(answers_path) if answers_path else directory / ANSWERS_FILE
    allowed_file = Path(allowed_path) if allowed_path else directory / ALLOWED_FILE
    answers = _read_words(answers_file)
    allowed = _read_words(allowed_file)
    for word, line in answers.items():
        if word not in allowed:
            raise WordListError(answers_file, line,
                                f"answer {word!r} is missing from the allowed list {allowed_file}")
    return WordLists(tuple(sorted(answers)), tuple(sorted(allowed)))
