"""The word lists: hidden words (answers) and every word a guess may be (allowed).

The defaults live in the repository's ``wordlists/`` folder (and inside the installed package
when built as a wheel). Other files can be named in configuration. A malformed list is refused
at load with the file and line that is wrong, so a bad deploy fails loudly at start-up rather
than in the middle of somebody's game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from bot.core.domain import BadWord, normalise_word

ANSWERS_FILE = "answers.txt"
ALLOWED_FILE = "allowed.txt"


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


def read_word_file(path: Path | str) -> list[str]:
    """Read one list: one word per line; blank lines and ``#`` comments are skipped.

    Raises :class:`WordListError` naming the file and line for a wrong length, non-letters,
    a duplicate, or an empty list.
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise WordListError(path, None, "file not found") from None
    except IsADirectoryError:
        raise WordListError(path, None, "a folder, not a file") from None
    except PermissionError:
        raise WordListError(path, None, "not allowed to read it (permission denied)") from None
    except UnicodeDecodeError as exc:
        raise WordListError(path, None, f"not UTF-8 text ({exc.reason})") from None
    seen: dict[str, int] = {}
    words = []
    for number, line in enumerate(text.splitlines(), start=1):
        raw = line.strip()
        if not raw or raw.startswith("#"):
            continue
        word = _check_word(raw, path, number)
        if word in seen:
            first = seen[word]
            raise WordListError(path, number, f"duplicate word {word!r} (first on line {first})")
        seen[word] = number
        words.append(word)
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
    answers = read_word_file(answers_file)
    allowed = read_word_file(allowed_file)
    allowed_set = set(allowed)
    for number, word in enumerate(answers, start=1):
        if word not in allowed_set:
            line = _line_of(answers_file, word) or number
            raise WordListError(answers_file, line,
                                f"answer {word!r} is missing from the allowed list {allowed_file}")
    return WordLists(tuple(sorted(answers)), tuple(sorted(allowed_set)))


def _line_of(path: Path, word: str) -> int | None:
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.strip().lower() == word:
            return number
    return None
