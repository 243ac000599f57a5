"""How common a word is: wordfreq's Zipf frequency (log10 of uses per billion words)."""

from __future__ import annotations

import math
from collections.abc import Callable


def wordfreq_version() -> str:
    """The installed wordfreq version (the build needs the ``wordlists`` dependency group)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("wordfreq")
    except PackageNotFoundError as exc:  # pragma: no cover - depends on the environment
        raise SystemExit(
            "wordfreq is missing: run with `uv run --group wordlists python "
            "scripts/build_wordlists.py`"
        ) from exc


def zipf_function(lang: str, alternates: tuple[tuple[str, str], ...] = ()
                  ) -> Callable[[str], float]:
    """Zipf frequency in ``lang``, counting each alternate spelling too (Russian е for ё).

    Rounded to two decimals, as wordfreq's own ``zipf_frequency``.
    """
    import wordfreq

    cache: dict[str, float] = {}

    def zipf(word: str) -> float:
        if word not in cache:
            spellings = {word}
            for old, new in alternates:
                spellings.add(word.replace(old, new))
            total = sum(wordfreq.word_frequency(s, lang) for s in sorted(spellings))
            cache[word] = round(math.log10(total * 1e9), 2) if total > 0 else 0.0
        return cache[word]

    return zipf
