"""Choosing answers and allowed guesses from small hand-written hunspell dictionaries."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from wordpacks.blocklists import Blocklist, parse_blocklist
from wordpacks.hunspell_words import LanguageWords, collect, thesaurus_headwords, thesaurus_text
from wordpacks.languages import DUTCH, GERMAN, PORTUGUESE, RUSSIAN, SPANISH, Language
from wordpacks.selection import Answer, median_zipf, select

AFF = """SET UTF-8
SFX S Y 2
SFX S 0 s [aeiouáéó]
SFX S 0 es [^aeiouáéó]
SFX G Y 2
SFX G o a o
SFX G o as o
SFX R Y 3
SFX R ar a ar
SFX R ar o ar
SFX R ar amos ar
"""
DIC = """12
casa/S
bueno/GS
buena/S
forma/S
formar/R
Pedro
árbol/S
house/S
putas
puta/S
hallo/S
lento/G
"""
ZIPF = {"casa": 5.5, "bueno": 5.7, "buena": 5.5, "forma": 5.8, "formar": 4.5, "árbol": 4.5,
        "house": 4.0, "puta": 4.5, "hallo": 3.0, "lento": 4.0, "casas": 4.5}  # fmt: skip
ENGLISH = {"house": 5.6, "casa": 3.0}
BLOCKLIST = "[slurs]\nputas\n[crude]\nputa\n"
SPANISH_TEST = replace(SPANISH, lemma_list=None)


def zipf(word: str) -> float:
    return ZIPF.get(word, 0.0)


def english(word: str) -> float:
    return ENGLISH.get(word, 0.0)


def run(language: Language = SPANISH_TEST, word_lists: Sequence[tuple[str, str]] = (),
        thesaurus: str | None = None, length: int = 5
        ) -> tuple[LanguageWords, Blocklist, list[Answer]]:
    words = collect(language, [(AFF, DIC)], list(word_lists), [length], thesaurus)
    blocklist = parse_blocklist(BLOCKLIST, language.letters)
    answers = select(words, language, length, zipf, blocklist.not_answers, english)
    return words, blocklist, answers


def plays(answers: list[Answer]) -> list[str]:
    return [a.play for a in answers]


def test_allowed_holds_every_form_but_names() -> None:
    words, _, _ = run()
    expected = {"casas", "buena", "forma", "formo", "arbol", "lento", "lenta", "putas"}
    assert expected <= words.allowed[5]
    assert "pedro" not in words.allowed[5]


def test_answers_are_common_roots_not_inflections_english_words_or_blocked() -> None:
    _, _, answers = run()
    # buena: inflection of the commoner bueno; house: an English word; puta: blocklist;
    # hallo: rare is not the reason (3.0 >= 2.5) so it stays; formo: not a root.
    assert plays(answers) == ["arbol", "bueno", "forma", "hallo", "lento"]
    assert answers[0].display == "árbol"


def test_a_root_commoner_than_its_verb_is_a_word_of_its_own() -> None:
    ZIPF["formar"] = 5.9
    try:
        _, _, answers = run()
    finally:
        ZIPF["formar"] = 4.5
    assert "forma" not in plays(answers)


def test_a_lemma_list_gates_the_answers() -> None:
    spanish = replace(SPANISH, lemma_list="lemmas")
    _, _, answers = run(spanish, word_lists=[("lemmas", "bueno\nlento\nforma\ncasas\n")])
    assert plays(answers) == ["bueno", "forma", "lento"]


def test_thesaurus_headwords_and_encodings() -> None:
    text = "ISO8859-1\nárbol|1\n(s.)|planta\nbueno|2\n(adj.)|bien\n".encode("latin-1")
    assert thesaurus_headwords(thesaurus_text(text)) == {"árbol", "bueno"}
    spanish = replace(SPANISH, lemma_list=None)
    _, _, answers = run(spanish, thesaurus=thesaurus_text(text))
    assert plays(answers) == ["arbol", "bueno"]


def test_display_prefers_the_commoner_spelling_then_the_accented_one() -> None:
    russian_aff = "SET UTF-8\n"
    dic = "2\nелочка\nёлочка\n"
    words = collect(RUSSIAN, [(russian_aff, dic)], [], [6])
    same = select(words, RUSSIAN, 6, lambda w: 3.0, frozenset())
    assert [(a.play, a.display) for a in same] == [("елочка", "ёлочка")]
    plain = select(words, RUSSIAN, 6, lambda w: 3.5 if "е" in w[:1] else 3.0, frozenset())
    assert [(a.play, a.display) for a in plain] == [("елочка", "елочка")]


def test_german_nouns_are_capitalised_names_are_not_answers() -> None:
    aff = "SET UTF-8\nSFX N Y 1\nSFX N 0 n .\nSFX S Y 1\nSFX S 0 s .\n"
    dic = "4\nSonne/N\nBerta/S\nÄpfel/N\nApfel/S\n"
    words = collect(GERMAN, [(aff, dic)], [], [5])
    assert {"sonne", "berta", "äpfel", "apfel"} <= words.allowed[5]
    roots = {r.display for r in words.roots}
    assert "Sonne" in roots and "Berta" not in roots
    answers = select(words, GERMAN, 5, lambda w: {"Apfel": 4.0}.get(w, 3.5), frozenset())
    # Äpfel is the plural of the commoner Apfel (which has no noun flags here)
    assert plays(answers) == ["sonne"]
    assert answers[0].display == "Sonne"


def test_blocklist_sections_and_median() -> None:
    _, blocklist, answers = run()
    assert blocklist.slurs == {"putas"} and blocklist.not_answers == {"putas", "puta"}
    assert median_zipf(answers) == 4.5
    assert median_zipf([]) == 0.0


def test_forms_the_dictionary_forbids_are_not_allowed() -> None:
    # OpenTaal marks misspellings its rules would form (KRAMT) as forbidden entries.
    aff = ("SET UTF-8\nFLAG long\nFORBIDDENWORD Fw\nSFX V3 Y 1\nSFX V3 0 t .\n"
           "SFX Zb Y 1\nSFX Zb 0 en .\n")
    dic = "3\nkram/V3\nkramt/Fw\nhuis/Zb\n"
    words = collect(DUTCH, [(aff, dic)], [], [4, 5, 6])
    assert words.allowed == {4: {"kram", "huis"}, 5: set(), 6: {"huisen"}}


def test_portuguese_forms_listed_with_their_lemma_are_not_answers() -> None:
    aff = "SET UTF-8\n"
    dic = ("3\nterra\t[CAT=nc,G=f,N=s]\ntenho\t[$ter$CAT=v,T=inf,TR=_$P=1,N=s,T=p]\n"
           "Porto\t[CAT=np,G=m,N=s]\n")
    words = collect(PORTUGUESE, [(aff, dic)], [], [5])
    answers = select(words, PORTUGUESE, 5, lambda w: 4.0, frozenset())
    assert plays(answers) == ["terra"]
    assert words.allowed[5] == {"terra", "tenho"}
