"""The languages of the word packs: sources and answer rules of each.

A language's letters (alphabet, keyboard, folds, case) are the bot's own,
``bot.core.letter_rules``, decided and explained in docs/letters.md: a word is in a pack
exactly when the bot can read it as the pack's letters.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.core.letter_rules import LetterRules, letter_rules
from wordpacks.roots import Root, morph_fields

HUNSPELL_DIR = "/usr/share/hunspell"
WORD_LIST_DIR = "/usr/share/dict"


@dataclass(frozen=True)
class Source:
    """A hunspell dictionary (``<name>.aff`` + ``<name>.dic`` in /usr/share/hunspell) or a
    plain word list (``<name>`` in /usr/share/dict), and the Debian package installing it."""

    name: str
    package: str
    #: Licence as the package's copyright file states it.
    licence: str
    #: Full licence texts appended from /usr/share/common-licenses (the licence we pass on).
    full_texts: tuple[str, ...] = ()
    #: The ``Files:`` pattern of the copyright file that covers these words ("*": whole file).
    copyright_files: str = "*"


@dataclass(frozen=True)
class Language:
    """A language built from hunspell dictionaries: the first dictionary gives the answers."""

    #: ISO 639-1 code: the pack's name and the key of its letter rules.
    code: str
    name: str
    dictionaries: tuple[Source, ...]
    word_lists: tuple[Source, ...] = ()
    #: Nouns are written with a capital (German): names are told apart by their affix flags.
    capitalised_nouns: bool = False
    #: Flags of the answer dictionary that only nouns carry (plural endings, compound parts).
    noun_flags: frozenset[str] = frozenset()
    #: Whether a root may be an answer, by what the .dic file says of it (its morphological
    #: fields or flags): rules out names, plurals and verb forms the dictionary lists as roots.
    answer_root: Callable[[Root], bool] | None = None
    #: Where the lemmas are (no verb forms, no plurals) that every answer must be one of: the
    #: name of one of ``word_lists``, or a LibreOffice thesaurus whose headwords are lemmas.
    lemma_list: str | None = None
    thesaurus: Source | None = None
    #: Roots with any of these flags count as lemmas even when the lemma list lacks them.
    lemma_flags: frozenset[str] = frozenset()
    #: The words an answer could be the plural of (Italian FORME -> FORMA), checked like other
    #: inflections: when such a word is about as common, the answer is its plural.
    plural_bases: Callable[[str], tuple[str, ...]] | None = None
    #: Other spellings that count towards a word's frequency (Russian е for ё).
    frequency_alternates: tuple[tuple[str, str], ...] = ()

    @property
    def letters(self) -> LetterRules:
        """The language's letters, as the bot reads a guess (docs/letters.md)."""
        return letter_rules(self.code)


_LIBREOFFICE = "dictionaries/{}/*"


def _fields(root: Root) -> frozenset[str]:
    return morph_fields(root.morph)


def _french_root(root: Root) -> bool:
    """Not a name (npr, prn, patr, titr) and not listed as a plural only."""
    fields = _fields(root)
    return not fields & {"po:npr", "po:prn", "po:patr", "po:titr"} and (
        "is:pl" not in fields or bool(fields & {"is:sg", "is:inv"}))


def _portuguese_root(root: Root) -> bool:
    """Not a name, not a plural only, a verb only in the infinitive, and not a form the
    dictionary lists with its lemma (``[$ter$CAT=v,...,T=p]`` is TENHO, a form of TER)."""
    fields = _fields(root)
    return ("$" not in root.morph and "CAT=np" not in fields
            and ("N=p" not in fields or "N=s" in fields)
            and ("CAT=v" not in fields or "T=inf" in fields))


def _german_root(root: Root) -> bool:
    """igerman98 lists irregular verb forms (HIELT/EVZ, SÄUFT/VX) as lower-case roots with
    verb flags: a lower-case root is kept when it has no flags, is an adjective (A) or ends
    in -n (an infinitive)."""
    word = root.display
    return (not word.islower() or not root.flags or "A" in root.flags or word.endswith("n"))


_UMLAUTS = {"ä": "a", "ö": "o", "ü": "u"}


def _german_plural_bases(word: str) -> tuple[str, ...]:
    """Singulars of an umlaut plural: ÄPFEL -> Apfel, BÄCHE -> Bach, BÜCHER -> Buch."""
    out = []
    for ending in ("", "e", "er", "en", "n"):
        if ending and not word.endswith(ending):
            continue
        stem = word[: len(word) - len(ending)]
        last = max(stem.rfind(u) for u in (*_UMLAUTS, *(u.upper() for u in _UMLAUTS)))
        if last >= 0:
            ch = stem[last]
            plain = _UMLAUTS.get(ch) or _UMLAUTS[ch.lower()].upper()
            out.append(stem[:last] + plain + stem[last + 1 :])
    return tuple(dict.fromkeys(out))


def _dutch_root(root: Root) -> bool:
    """OpenTaal lists verb stems (BREEK/V3), past forms and plurals as roots: a root is kept
    when its flags make it a noun (a Z plural class), an adjective (A...) or an infinitive
    (Vi)."""
    return any(f.startswith(("Z", "A")) or f == "Vi" for f in root.flags)


def _dutch_plural_bases(word: str) -> tuple[str, ...]:
    """Singulars of a plural: PEZEN -> pees, HOVEN -> hof, ELZEN -> els, DORPS -> dorp."""
    out = []
    if word.endswith("en") and len(word) > 3:
        stem = word[:-2]
        stems = [stem, stem[:-1] + {"v": "f", "z": "s"}.get(stem[-1], stem[-1])]
        for s in list(stems):
            if len(s) >= 2 and s[-2] in "aeou" and s[-1] not in "aeiou":
                stems.append(s[:-1] + s[-2] + s[-1])  # open syllable: PEZEN -> pees
            if len(s) >= 2 and s[-1] == s[-2]:
                stems.append(s[:-1])  # doubled consonant: BOMMEN -> bom
        out.extend(stems)
    if word.endswith("s") and not word.endswith("ss"):
        out.append(word[:-1])
    return tuple(dict.fromkeys(out))


def _italian_plural_bases(word: str) -> tuple[str, ...]:
    """Singulars of a plural: FORME -> forma, LEGHE -> lega, TUTTI -> tutto/tutte."""
    if word.endswith(("che", "ghe")):
        return (word[:-2] + "a",)
    if word.endswith(("chi", "ghi")):
        return (word[:-2] + "o",)
    if word.endswith("e"):
        return (word[:-1] + "a",)
    if word.endswith("i"):
        return (word[:-1] + "o", word[:-1] + "e")
    return ()

SPANISH = Language(
    code="es",
    name="Spanish",
    dictionaries=(Source("es_ES", "hunspell-es", "GPL-3+ or LGPL-3+ or MPL-1.1+", ("MPL-1.1",),
                         _LIBREOFFICE.format("es")),),
    word_lists=(Source("spanish", "wspanish", "public domain"),),
    # es_ES lists irregular verb forms (JUEGA, DIERA) and forms with pronouns (DARTE) as roots
    # without flags; wspanish lists lemmas only, so it tells them apart.
    lemma_list="spanish",
)

FRENCH = Language(
    code="fr",
    name="French",
    dictionaries=(Source("fr", "hunspell-fr-classical", "MPL-2.0", ("MPL-2.0",)),),
    word_lists=(Source("french", "wfrench", "GPL-2+", ("GPL-2",)),),
    answer_root=_french_root,
)

GERMAN = Language(
    code="de",
    name="German",
    dictionaries=(Source("de_DE", "hunspell-de-de", "GPL-2+", ("GPL-2",)),),
    word_lists=(Source("ngerman", "wngerman", "GPL-2+", ("GPL-2",)),),
    capitalised_nouns=True,
    # igerman98: E/N/P/p/R/T/q/Q/f form plurals and cases, i/j/e/k mark compound parts; names
    # carry only S (genitive -s) and m/M.
    noun_flags=frozenset("ENPpRTqQfijek"),
    answer_root=_german_root,
    plural_bases=_german_plural_bases,
)

PORTUGUESE = Language(
    code="pt",
    name="Portuguese",
    dictionaries=(
        Source("pt_PT", "hunspell-pt-pt", "GPL-2 or LGPL-2.1 or MPL-1.1", ("MPL-1.1",),
               _LIBREOFFICE.format("pt_PT")),
        Source("pt_BR", "hunspell-pt-br", "LGPL-3 or MPL", ("LGPL-3", "GPL-3"),
               _LIBREOFFICE.format("pt_BR")),
    ),
    word_lists=(Source("portuguese", "wportuguese", "GPL-2+ or LGPL-2.1+ or MPL-1.1",
                       ("MPL-1.1",)),),
    answer_root=_portuguese_root,
)

ITALIAN = Language(
    code="it",
    name="Italian",
    dictionaries=(Source("it_IT", "hunspell-it", "GPL-3", ("GPL-3",),
                         _LIBREOFFICE.format("it_IT")),),
    word_lists=(Source("italian", "witalian", "GPL-3+", ("GPL-3",)),),
    # it_IT lists many verb forms and plurals as roots (MUOIO, FORME); the Italian thesaurus's
    # headwords are lemmas.
    thesaurus=Source("th_it_IT_v2.dat", "mythes-it", "GPL-3", ("GPL-3",),
                     _LIBREOFFICE.format("it_IT")),
    plural_bases=_italian_plural_bases,
)

DUTCH = Language(
    code="nl",
    name="Dutch",
    dictionaries=(Source("nl", "hunspell-nl", "BSD-3-clause or CC-BY-3.0"),),
    word_lists=(Source("dutch", "wdutch", "BSD-3-clause or CC-BY-3.0"),),
    answer_root=_dutch_root,
    plural_bases=_dutch_plural_bases,
)

RUSSIAN = Language(
    code="ru",
    name="Russian",
    dictionaries=(Source("ru_RU", "hunspell-ru", "BSD-style (custom, 4 clauses)", (),
                         _LIBREOFFICE.format("ru_RU")),),
    # ru_RU lists many case and verb forms as roots (ВСЕМИ, СКАЖИ); the thesaurus's headwords
    # are lemmas.
    thesaurus=Source("th_ru_RU_v2.dat", "mythes-ru", "LGPL-2.1", ("LGPL-2.1",),
                     "dictionaries/ru_RU/th_ru_RU_M_aot_and_v2.dat"),
    # ru_RU's declension classes of masculine (K), feminine (I, N, F, G) nouns mark lemmas.
    lemma_flags=frozenset("KINFG"),
    frequency_alternates=(("ё", "е"),),
)

HUNSPELL_LANGUAGES = (SPANISH, FRENCH, GERMAN, PORTUGUESE, ITALIAN, DUTCH, RUSSIAN)

#: English is built from SCOWL (see wordpacks.scowl), whose words are spelt in a-z.
ENGLISH_LETTERS = letter_rules("en")
ENGLISH_LENGTHS = (4, 5, 6, 7)


def attempts(length: int) -> int:
    """Rows of a game: one more than the word's letters (six for five letters), and at least
    six: English 4-letter words fall into groups that differ in one letter only (BILL, FILL,
    HILL, ...), so that no strategy the solver finds wins every game in five."""
    return max(length + 1, 6)
