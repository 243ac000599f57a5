"""Collect a language's words from its hunspell dictionaries and word lists.

For every wanted length: the allowed guesses (every form the dictionaries accept, spelt for
play), and the answer candidates (dictionary roots that are words by themselves, with their
display spelling, morphology and the roots they could be an inflection of).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from bot.core.letter_rules import LetterRules
from bot.core.letters import pack_word
from wordpacks.affixes import Affix, AffixRules, Entry, expand, keep_affixes, parse_aff, parse_dic
from wordpacks.languages import Language
from wordpacks.roots import Root


@dataclass
class LanguageWords:
    """What the build needs from one language's sources, for the wanted lengths."""

    allowed: dict[int, set[str]] = field(default_factory=dict)
    #: the allowed play spellings that the hunspell dictionaries accept (not only a word list)
    in_dictionary: set[str] = field(default_factory=set)
    roots: list[Root] = field(default_factory=list)
    #: inflected form (display spelling) -> roots it is a suffixed form of
    inflection_of: dict[str, set[str]] = field(default_factory=dict)
    #: the language's lemma list, when it has one (answers must be in it)
    lemmas: set[str] | None = None
    #: every root of the first dictionary, of any length, that is a word by itself
    root_words: set[str] = field(default_factory=set)


def read_text(path: Path) -> str:
    """A source file as text (UTF-8, a byte-order mark dropped)."""
    return path.read_text(encoding="utf-8-sig")


def pack_spelling(word: str, letters: LetterRules, wanted: frozenset[int]) -> str | None:
    """``word`` in the pack's letters if it has one of the ``wanted`` lengths, else None.

    A word of letters only that is longer than every wanted length is passed over unread
    (most of a dictionary's forms): each of its letters is at least one pack letter.
    """
    if len(word) > max(wanted) and word.isalpha():
        return None
    play = pack_word(word, letters)
    return play if play is not None and len(play) in wanted else None


def usable_affix(language: Language) -> Callable[[Affix], bool]:
    """Keep affixes whose added letters can be played (drops elisions such as "l'")."""

    def keep(affix: Affix) -> bool:
        return affix.add == "" or pack_word(affix.add, language.letters) is not None

    return keep


def case_ok(word: str, noun: bool) -> bool:
    """Lower-case words always; capitalised ones (no other capitals) only when ``noun``."""
    if word == word.lower():
        return True
    return noun and word[:1].isupper() and word[1:] == word[1:].lower()


def is_noun_entry(entry: Entry, language: Language) -> bool:
    """A capitalised entry that is a common noun, not a name (by its affix flags)."""
    return (language.capitalised_nouns and entry.word[:1].isupper()
            and bool(entry.flags & language.noun_flags))


def collect(language: Language, dictionaries: Iterable[tuple[str, str]],
            word_lists: Iterable[tuple[str, str]], lengths: Iterable[int],
            thesaurus: str | None = None) -> LanguageWords:
    """Read the sources: (.aff, .dic) texts, (name, text) of word lists, a thesaurus text.

    The first dictionary gives the answer candidates (its roots).
    """
    wanted = frozenset(lengths)
    words = LanguageWords(allowed={n: set() for n in sorted(wanted)})
    letters = language.letters

    def add_allowed(form: str, dictionary: bool) -> None:
        play = pack_spelling(form, letters, wanted)
        if play is not None:
            words.allowed[len(play)].add(play)
            if dictionary:
                words.in_dictionary.add(play)

    # German nouns are capitalised: every capitalised word may be a guess (the few names among
    # them cannot be told apart here), while answers need a noun entry (is_noun_entry).
    titled = language.capitalised_nouns
    for index, (aff_text, dic_text) in enumerate(dictionaries):
        rules = keep_affixes(parse_aff(aff_text), usable_affix(language))
        entries = parse_dic(dic_text, rules)
        forbidden = {e.word for e in entries if rules.forbidden and rules.forbidden in e.flags}
        suffix_rules = keep_affixes(rules, lambda affix: not affix.prefix)
        for entry in entries:
            noun = is_noun_entry(entry, language)
            if not case_ok(entry.word, titled):
                continue  # a name or an abbreviation
            forms = set(expand(entry, rules)) - forbidden
            for form in forms:
                if case_ok(form, titled):
                    add_allowed(form, dictionary=True)
            if index != 0:
                continue
            _note_root(words, entry, forms, rules, suffix_rules, language, noun, wanted)
    for name, text in word_lists:
        listed = [unicodedata.normalize("NFC", line.strip()) for line in text.splitlines()]
        for word in listed:
            if word and case_ok(word, titled):
                add_allowed(word, dictionary=False)
        if name == language.lemma_list:
            words.lemmas = set(listed)
    if thesaurus is not None:
        words.lemmas = thesaurus_headwords(thesaurus)
    if words.lemmas is not None:
        _add_lemma_roots(words, language, wanted)
    return words


def _add_lemma_roots(words: LanguageWords, language: Language, wanted: frozenset[int]) -> None:
    """Lemmas the dictionaries accept become answer candidates too, roots or not (the Italian
    dictionary forms FORMA from the verb FORMARE, so FORMA is no root of its own)."""
    known = {root.display for root in words.roots}
    for lemma in sorted(words.lemmas or ()):
        play = pack_spelling(lemma, language.letters, wanted)
        if (lemma in known or play is None or lemma != lemma.lower()
                or play not in words.in_dictionary):
            continue
        words.roots.append(Root(lemma, play, "", frozenset()))


def thesaurus_text(data: bytes) -> str:
    """A MyThes thesaurus file as text: its first line names its encoding."""
    encoding = data.split(b"\n", 1)[0].decode("ascii", "ignore").strip().lstrip("\ufeff")
    return data.decode(encoding or "utf-8").lstrip("\ufeff")


def thesaurus_headwords(text: str) -> set[str]:
    """The headwords of a LibreOffice (MyThes) thesaurus: lines ``word|number of meanings``."""
    heads = set()
    for line in text.splitlines()[1:]:
        word, sep, count = line.partition("|")
        if sep and count.strip().isdigit() and not word.startswith("("):
            heads.add(unicodedata.normalize("NFC", word.strip()))
    return heads


def _note_root(words: LanguageWords, entry: Entry, forms: set[str], rules: AffixRules,
               suffix_rules: AffixRules, language: Language, noun: bool,
               wanted: frozenset[int]) -> None:
    letters = language.letters
    for form in set(expand(entry, suffix_rules)) - {entry.word}:
        if pack_spelling(form, letters, wanted) is not None:
            words.inflection_of.setdefault(form, set()).add(entry.word)
    if entry.word in forms:
        words.root_words.add(entry.word)
    play = pack_spelling(entry.word, letters, wanted)
    if (entry.word in forms and play is not None
            and (noun or entry.word == entry.word.lower())):
        words.roots.append(Root(entry.word, play, entry.morph, entry.flags))
