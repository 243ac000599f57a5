"""Choose a hunspell language's answers: familiar roots, not inflections, names or crude words.

An answer is a dictionary root (a lemma: the singular, the masculine, the infinitive) that is a
word by itself, spelt in the pack's letters at the pack's length, and common (wordfreq Zipf at
least ``MIN_ZIPF``; the ``COUNT`` commonest are kept).  A root that the dictionary also forms
by a suffix from another root is an inflection of it (Spanish BUENA from BUENO, MESES from MES)
unless it is clearly the commoner word of the two (FORMA is more common than FORMAR, so it is
a word of its own, not only a verb form).
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Container
from dataclasses import dataclass

from bot.core.letters import pack_word
from wordpacks.hunspell_words import LanguageWords
from wordpacks.languages import Language
from wordpacks.roots import Root

#: Least wordfreq Zipf frequency of an answer (2.5 = about three per billion words).
MIN_ZIPF = 2.5
#: At most this many answers per pack: the commonest.
COUNT = 2_000
#: A root formed by a suffix from another root is its inflection unless it is more common
#: than that root by more than this (in Zipf).
INFLECTION_MARGIN = 0.3
#: A root at least this much more common in English (in Zipf) is an English word in use
#: (HOUSE, CLOUD in French), not an answer.
ENGLISH_MARGIN = 0.5


@dataclass(frozen=True)
class Answer:
    """An answer: its play spelling, how it is shown at the end, and its Zipf frequency."""

    play: str
    display: str
    zipf: float


def rejection(root: Root, language: Language, zipf: Callable[[str], float],
              words: LanguageWords, blocked: Container[str],
              english_zipf: Callable[[str], float] | None = None) -> str | None:
    """Why ``root`` is not an answer, or None when it may be one."""
    if root.play in blocked or root.display.lower() in blocked:
        return "blocklist"
    if (words.lemmas is not None and root.display not in words.lemmas
            and not root.flags & language.lemma_flags):
        return "not in the lemma list"
    if language.answer_root is not None and not language.answer_root(root):
        return "name, plural or verb form (by the dictionary's fields or flags)"
    frequency = zipf(root.display)
    if frequency < MIN_ZIPF:
        return "rare"
    if english_zipf is not None and english_zipf(root.display) >= frequency + ENGLISH_MARGIN:
        return "an English word more than a word of this language"
    for base in sorted(words.inflection_of.get(root.display, ())):
        if base != root.display and zipf(base) >= frequency - INFLECTION_MARGIN:
            return f"inflection of {base}"
    if language.plural_bases is not None:
        allowed = words.allowed.get(len(root.play), set())
        for base in language.plural_bases(root.display):
            known = base in words.root_words or pack_word(base, language.letters) in allowed
            if known and zipf(base) >= frequency - INFLECTION_MARGIN:
                return f"plural of {base}"
    return None


def select(words: LanguageWords, language: Language, length: int,
           zipf: Callable[[str], float], blocked: Container[str],
           english_zipf: Callable[[str], float] | None = None) -> list[Answer]:
    """The pack's answers, sorted by play spelling; each is also an allowed guess."""
    allowed = words.allowed.get(length, set())
    best: dict[str, Answer] = {}
    for root in words.roots:
        if len(root.play) != length or root.play not in allowed:
            continue
        if rejection(root, language, zipf, words, blocked, english_zipf) is not None:
            continue
        answer = Answer(root.play, root.display, zipf(root.display))
        held = best.get(root.play)
        if held is None or _display_rank(answer) < _display_rank(held):
            best[root.play] = answer
    ranked = sorted(best.values(), key=lambda a: (-a.zipf, a.play))[:COUNT]
    return sorted(ranked, key=lambda a: a.play)


def _display_rank(answer: Answer) -> tuple[float, bool, str]:
    """Among roots spelt alike for play, show the commonest; on a tie the accented one."""
    return (-answer.zipf, answer.display == answer.play, answer.display)


def median_zipf(answers: list[Answer]) -> float:
    """The median Zipf frequency of the answers (0 for none)."""
    return round(statistics.median(a.zipf for a in answers), 2) if answers else 0.0
