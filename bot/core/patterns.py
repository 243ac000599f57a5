"""The pattern matrix: the feedback of every allowed guess against every hidden word, cached.

Entry ``[a, g]`` is the pattern of guess ``g`` against hidden word ``a``: rows are hidden
words, so a candidate set's rows are one contiguous gather, the solver's hot path. The cache
file is named by a hash of both lists, so a changed list never gets a stale matrix; a cache
that cannot be read or written is no error (the matrix is built and kept in memory).
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from bot.core.feedback import pattern_dtype, score_matrix, words_to_array
from bot.core.variant import CLASSIC, Variant

#: Bump when the on-disk layout or meaning of anything cached changes.
CACHE_FORMAT = 1
CACHE_ENV = "WORDLE_BOT_CACHE_DIR"
_GUESS_BLOCK = 2048


def default_cache_dir() -> Path:
    """``$WORDLE_BOT_CACHE_DIR`` if set, else ``~/.cache/wordle-bot``."""
    configured = os.environ.get(CACHE_ENV)
    if configured:
        return Path(configured)
    return Path.home() / ".cache" / "wordle-bot"


def lists_key(answers: Sequence[str], guesses: Sequence[str]) -> str:
    """A short hash naming this pair of word lists (order matters: it is the matrix layout)."""
    digest = hashlib.sha256()
    digest.update(f"wordle-bot patterns v{CACHE_FORMAT}\0".encode())
    digest.update("\n".join(answers).encode())
    digest.update(b"\0")
    digest.update("\n".join(guesses).encode())
    return digest.hexdigest()[:20]


@dataclass(frozen=True)
class MatrixInfo:
    """How the matrix was obtained: ``source`` is ``"cache"`` or ``"built"``."""

    source: str
    seconds: float
    path: Path | None


def save_array(path: Path, array: np.ndarray) -> bool:
    """Write ``array`` to ``path`` atomically (temporary file, then rename). False on failure."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as handle:
                np.save(handle, array, allow_pickle=False)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError:
        return False
    return True


def load_array(
    path: Path, shape: tuple[int, ...] | None, dtype: np.dtype | type
) -> np.ndarray | None:
    """Read an array saved by :func:`save_array`; ``None`` if absent, unreadable or not as expected
    (``shape=None`` accepts any shape)."""
    try:
        array = np.load(path, allow_pickle=False)
    except (OSError, ValueError, EOFError):
        return None
    if (shape is not None and array.shape != shape) or array.dtype != np.dtype(dtype):
        return None
    return array


def pattern_matrix(
    answers: Sequence[str],
    guesses: Sequence[str],
    cache_dir: Path | str | None = None,
    *,
    use_cache: bool = True,
    variant: Variant = CLASSIC,
) -> tuple[np.ndarray, MatrixInfo]:
    """The ``(len(answers), len(guesses))`` matrix of encoded feedback, from cache or built,
    for words of ``variant``.

    ``cache_dir`` defaults to :func:`default_cache_dir`. With ``use_cache=False`` nothing is read
    or written.
    """
    start = time.perf_counter()
    shape = (len(answers), len(guesses))
    dtype = pattern_dtype(variant.length)
    path = None
    if use_cache:
        directory = Path(cache_dir) if cache_dir is not None else default_cache_dir()
        path = directory / f"patterns-{lists_key(answers, guesses)}.npy"
        cached = load_array(path, shape, dtype)
        if cached is not None:
            return cached, MatrixInfo("cache", time.perf_counter() - start, path)
    matrix = np.empty(shape, dtype=dtype)
    answer_letters = words_to_array(answers, variant.alphabet)
    guess_letters = words_to_array(guesses, variant.alphabet)
    for first in range(0, len(guesses), _GUESS_BLOCK):  # transposed a block at a time
        block = guess_letters[first : first + _GUESS_BLOCK]
        matrix[:, first : first + len(block)] = score_matrix(block, answer_letters).T
    if path is not None and not save_array(path, matrix):
        path = None
    return matrix, MatrixInfo("built", time.perf_counter() - start, path)
