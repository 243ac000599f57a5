"""English words from SCOWL: allowed guesses and familiar answers of any length.

Sources: the SCOWL word lists as installed by the Debian package ``scowl`` into
/usr/share/dict/scowl (files named ``<spelling>-<subcategory>.<size>``, e.g.
``american-words.35``) and English word frequencies from wordfreq.

* allowed = every lower-case a-z word of the pack's length in SCOWL's "words" lists of every
  spelling (American, British, Canadian, Australian and their variants) up to size 80, plus the
  size-95 ("insane") words that SCOWL does not also list as a proper name, capitalised word or
  abbreviation and that have a vowel (size 95 holds a few unmarked abbreviations such as
  MPHPS), plus a short hand-written list of well-known openers, minus slurs.
* answers = the familiar subset: American or spelling-neutral words up to SCOWL size
  ``ANSWER_MAX_SIZE`` with a wordfreq Zipf frequency of at least ``ANSWER_MIN_ZIPF``; no simple
  plurals or -s verb forms, no Latin plurals (FUNGI), no regular -ed past tenses, nothing on
  our blocklists or the hand-picked ``NOT_ANSWERS``.  SCOWL keeps proper names in separate
  lists, so words from its lower-case "words" lists are ordinary words.

All selection logic is in small pure functions, tested without the Debian package.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Container, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from wordpacks.english_lists import (
    EXTRA_ALLOWED,
    IRREGULAR_FORMS,
    NOT_ANSWERS,
    NOT_FOR_ANSWERS,
    NOT_INFLECTED,
    SLURS,
    decode_blocklist,
)

__all__ = ["EXTRA_ALLOWED", "IRREGULAR_FORMS", "NOT_ANSWERS", "NOT_FOR_ANSWERS",
           "NOT_INFLECTED", "SLURS", "decode_blocklist"]

DEFAULT_SCOWL_DIR = Path("/usr/share/dict/scowl")

#: The longest English pack's words.
MAX_WORD_LENGTH = 7
#: Shorter and slightly longer words are kept too: they reveal plurals (FUNGI <- FUNGUS).
MAX_STEM_LENGTH = MAX_WORD_LENGTH + 1
_LOWER_WORD = re.compile(r"[a-z]+")
_SCOWL_NAME = re.compile(r"(?P<spelling>[a-z_0-9]+)-(?P<sub>[a-z-]+)\.(?P<size>\d+)")


# --- tunable thresholds (general cut-offs, never per-word tuning against any reference) ---------

#: Largest SCOWL size whose words all go into allowed; above it (95) names are filtered out.
ALLOWED_CORE_MAX_SIZE = 80
#: Largest SCOWL size read at all.
ALLOWED_MAX_SIZE = 95
#: Answers come from SCOWL sizes up to this one ("medium" dictionary).
ANSWER_MAX_SIZE = 50
#: Minimum wordfreq Zipf frequency of an answer (2 = about once per hundred million words).
ANSWER_MIN_ZIPF = 2.0
#: Stems that reveal plurals / past tenses are looked up among SCOWL words up to this size, so
#: that a rare four-letter word does not turn an ordinary five-letter word into a "plural".
STEM_MAX_SIZE = 60

#: The English packs other than English 5 (whose lists are kept as they were) also require
#: answers to be hunspell en_US roots and keep at most this many, the commonest.
OTHER_LENGTH_ANSWER_COUNT = 2_500
#: There, an -ing or -est form is an inflection unless it is more common than its stem by more
#: than this (in Zipf): WEDDING stays, CUTTING goes.
STEM_FORM_MARGIN = 0.3

#: Spellings whose words may be answers: spelling-neutral words and American spellings (the
#: game's spelling).  British and other spellings are still accepted as guesses.
ANSWER_SPELLINGS = frozenset({"english", "american"})
#: SCOWL subcategories holding ordinary words.
WORD_SUBCATEGORY = "words"
#: SCOWL subcategories whose entries are names, capitalised words, abbreviations, contractions.
NAME_SUBCATEGORIES = frozenset({"proper-names", "upper", "abbreviations", "contractions"})


# --- pure helpers ---------------------------------------------------------------------------------


def is_word_token(word: str, length: int = 5) -> bool:
    """True for exactly ``length`` lower-case ASCII letters."""
    return len(word) == length and _LOWER_WORD.fullmatch(word) is not None


def has_vowel(word: str) -> bool:
    """True when the word has a vowel (y counts), i.e. it is not an abbreviation-like string."""
    return any(ch in "aeiouy" for ch in word)


@dataclass(frozen=True)
class ScowlFile:
    """What a SCOWL file name says about its contents."""

    spelling: str
    subcategory: str
    size: int


def parse_scowl_name(name: str) -> ScowlFile | None:
    """Parse ``american-words.35`` into its parts; None for names outside the scheme."""
    m = _SCOWL_NAME.fullmatch(name)
    if m is None:
        return None
    return ScowlFile(m["spelling"], m["sub"], int(m["size"]))


def singular_stems(word: str) -> tuple[str, ...]:
    """Words of which ``word`` could be the regular plural (or -s verb form).

    ``cards`` -> card; ``boxes`` -> box; ``flies`` -> fly; ``elves`` -> elf/elfe;
    words in -ss (``glass``) are never plurals.
    """
    if not word.endswith("s") or word.endswith("ss"):
        return ()
    stems = [word[:-1]]
    if word.endswith("es"):
        stems.append(word[:-2])
        if word.endswith("ies"):
            stems.append(word[:-3] + "y")
        if word.endswith("ves"):
            stems.extend((word[:-3] + "f", word[:-3] + "fe"))
    return tuple(s for s in stems if len(s) >= 2)


def is_simple_plural(word: str, vocabulary: Container[str]) -> bool:
    """True when ``word`` is a regular -s/-es/-ies/-ves form of a word in ``vocabulary``."""
    return any(stem in vocabulary for stem in singular_stems(word))


def latin_plural_singulars(word: str) -> tuple[str, ...]:
    """Singulars of which ``word`` could be a Latin or Greek plural.

    ``fungi`` -> fungus; ``pupae`` -> pupa; ``phyla`` -> phylum; ``oases`` -> oasis.
    """
    if word.endswith("ae"):
        return (word[:-1],)
    if word.endswith("i"):
        return (word[:-1] + "us",)
    if word.endswith("a"):
        return (word[:-1] + "um",)
    if word.endswith("es"):
        return (word[:-2] + "is",)
    return ()


def is_latin_plural(word: str, vocabulary: Container[str]) -> bool:
    """True when ``word`` is a Latin/Greek plural of a word in ``vocabulary``."""
    return any(s in vocabulary for s in latin_plural_singulars(word))


def past_tense_stems(word: str) -> tuple[str, ...]:
    """Words of which ``word`` could be the regular -ed form.

    ``acted`` -> act; ``faded`` -> fade; ``cried`` -> cry; ``upped`` -> up (doubled consonant).
    """
    if not word.endswith("ed") or len(word) < 4:
        return ()
    stems = [word[:-2], word[:-1]]
    if word.endswith("ied"):
        stems.append(word[:-3] + "y")
    if len(word) >= 5 and word[-3] == word[-4] and word[-3] not in "aeiou":
        stems.append(word[:-3])
    return tuple(s for s in stems if len(s) >= 2)


def is_regular_past_tense(word: str, vocabulary: Container[str]) -> bool:
    """True when ``word`` is a regular -ed form of a word in ``vocabulary``."""
    return any(stem in vocabulary for stem in past_tense_stems(word))


@dataclass
class Lexicon:
    """What the build needs from SCOWL, for words of at most eight letters.

    ``sizes`` maps each a-z word from a "words" list to the smallest SCOWL size listing it;
    ``answer_sizes`` does the same for the answer spellings only; ``names`` holds the
    lower-cased entries of the name/abbreviation lists.
    """

    sizes: dict[str, int] = field(default_factory=dict)
    answer_sizes: dict[str, int] = field(default_factory=dict)
    names: set[str] = field(default_factory=set)

    def add(self, info: ScowlFile, words: Iterable[str]) -> None:
        if info.size > ALLOWED_MAX_SIZE:
            return
        if info.subcategory == WORD_SUBCATEGORY:
            for raw in words:
                word = raw.strip()
                if len(word) > MAX_STEM_LENGTH or not _LOWER_WORD.fullmatch(word):
                    continue
                _keep_min(self.sizes, word, info.size)
                if info.spelling in ANSWER_SPELLINGS:
                    _keep_min(self.answer_sizes, word, info.size)
        elif info.subcategory in NAME_SUBCATEGORIES:
            for raw in words:
                word = raw.strip().lower()
                if len(word) <= MAX_WORD_LENGTH and _LOWER_WORD.fullmatch(word):
                    self.names.add(word)

    def vocabulary(self, max_size: int) -> frozenset[str]:
        """All words (up to eight letters) listed at or below ``max_size``."""
        return frozenset(w for w, s in self.sizes.items() if s <= max_size)


def _keep_min(table: dict[str, int], word: str, size: int) -> None:
    old = table.get(word)
    if old is None or size < old:
        table[word] = size


def select_allowed(lexicon: Lexicon, extra: Iterable[str] = EXTRA_ALLOWED,
                   length: int = 5) -> list[str]:
    """The allowed guesses of ``length`` letters, sorted."""
    words = set()
    for word, size in lexicon.sizes.items():
        if not is_word_token(word, length):
            continue
        if size <= ALLOWED_CORE_MAX_SIZE or (word not in lexicon.names and has_vowel(word)):
            words.add(word)
    words.update(w for w in extra if is_word_token(w, length))
    return sorted(words - SLURS)


def is_men_plural(word: str, vocabulary: Container[str]) -> bool:
    """True for an irregular -men plural of a word in ``vocabulary`` (FIREMEN <- FIREMAN)."""
    return word.endswith("men") and word[:-3] + "man" in vocabulary


def suffix_stems(word: str, suffix: str) -> tuple[str, ...]:
    """Words of which ``word`` could be the -ing or -est form (CUTTING -> cut, SADDEST -> sad,
    HOPING -> hope)."""
    if not word.endswith(suffix) or len(word) < len(suffix) + 2:
        return ()
    stem = word[: -len(suffix)]
    stems = [stem, stem + "e"]
    if len(stem) >= 3 and stem[-1] == stem[-2] and stem[-1] not in "aeiou":
        stems.append(stem[:-1])
    return tuple(stems)


def is_common_stem_form(word: str, zipf: Callable[[str], float], vocabulary: Container[str],
                        margin: float) -> bool:
    """True for an -ing/-est form whose stem is a word at least about as common as it."""
    return any(
        s in vocabulary and zipf(s) >= zipf(word) - margin
        for suffix in ("ing", "est")
        for s in suffix_stems(word, suffix)
    )


def answer_rejection(word: str, size: int, zipf: float, stems: Container[str],
                     length: int = 5, roots: Container[str] | None = None) -> str | None:
    """Why ``word`` (listed at SCOWL ``size``, frequency ``zipf``) is not an answer, or None.

    With ``roots`` (the lower-case roots of hunspell en_US), an answer must also be one of
    them, which rules out -ing forms, comparatives and other inflections SCOWL lists as words.
    """
    if not is_word_token(word, length):
        return f"not {length} letters a-z"
    if size > ANSWER_MAX_SIZE:
        return "rare (SCOWL size)"
    if zipf < ANSWER_MIN_ZIPF:
        return "rare (frequency)"
    if word in NOT_FOR_ANSWERS:
        return "blocklist"
    if word in NOT_ANSWERS:
        return "name or informal (hand-picked)"
    if not has_vowel(word):
        return "no vowel"
    if word in NOT_INFLECTED:
        return None
    if is_simple_plural(word, stems):
        return "plural or -s form"
    if is_latin_plural(word, stems):
        return "Latin/Greek plural"
    if is_regular_past_tense(word, stems):
        return "-ed form"
    if roots is not None and word not in roots:
        return "not a hunspell en_US root"
    if roots is not None and is_men_plural(word, stems):
        return "-men plural"
    if roots is not None and word in IRREGULAR_FORMS:
        return "irregular verb form"
    return None


def select_answers(
    lexicon: Lexicon,
    zipf: Callable[[str], float],
    allowed: Container[str],
    length: int = 5,
    roots: Container[str] | None = None,
    count: int | None = None,
) -> list[str]:
    """The hidden words of ``length`` letters, sorted; always a subset of ``allowed``.

    ``roots`` adds the hunspell en_US root rule; ``count`` keeps only the commonest words.
    """
    stems = lexicon.vocabulary(STEM_MAX_SIZE)
    chosen = []
    for word, size in lexicon.answer_sizes.items():
        if not is_word_token(word, length) or word not in allowed:
            continue
        if answer_rejection(word, size, zipf(word), stems, length, roots) is not None:
            continue
        if roots is not None and is_common_stem_form(word, zipf, stems, STEM_FORM_MARGIN):
            continue
        chosen.append(word)
    if count is not None:
        chosen = sorted(chosen, key=lambda w: (-zipf(w), w))[:count]
    return sorted(chosen)


# --- input / output ------------------------------------------------------------------------------


def read_scowl(scowl_dir: Path) -> Lexicon:
    """Read every SCOWL list in ``scowl_dir`` (files are UTF-8)."""
    if not scowl_dir.is_dir():
        raise SystemExit(
            f"{scowl_dir} does not exist; install SCOWL with `apt-get install -y scowl` "
            "(see wordlists/README.md)"
        )
    files = sorted(p for p in scowl_dir.iterdir() if p.is_file())
    lexicon = Lexicon()
    seen = 0
    for path in files:
        info = parse_scowl_name(path.name)
        if info is None:
            continue
        seen += 1
        with path.open(encoding="utf-8", errors="strict") as fh:
            lexicon.add(info, fh)
    if seen == 0 or not lexicon.sizes:
        raise SystemExit(
            f"no SCOWL word lists found in {scowl_dir}; install them with "
            "`apt-get install -y scowl` (see wordlists/README.md)"
        )
    return lexicon


