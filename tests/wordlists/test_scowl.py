"""The English (SCOWL) selection, run on small hand-made SCOWL trees (no Debian packages)."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest
from wordpacks import scowl

# --- pure helpers ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("word", "expected"),
    [("crane", True), ("Crane", False), ("cran", False), ("cranes", False), ("cr4ne", False),
     ("crané", False), ("", False)],
)  # fmt: skip
def test_is_word_token(word: str, expected: bool) -> None:
    assert scowl.is_word_token(word) is expected


def test_is_word_token_at_other_lengths() -> None:
    assert scowl.is_word_token("cranes", 6) and not scowl.is_word_token("crane", 6)
    assert scowl.is_word_token("loam", 4) and scowl.is_word_token("meeting", 7)


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("american-words.35", scowl.ScowlFile("american", "words", 35)),
        ("british_variant_1-words.95", scowl.ScowlFile("british_variant_1", "words", 95)),
        ("english-proper-names.50", scowl.ScowlFile("english", "proper-names", 50)),
        ("special-roman-numerals.35", scowl.ScowlFile("special", "roman-numerals", 35)),
        ("README", None),
        ("american-words", None),
        ("american-words.35.bak", None),
    ],
)
def test_parse_scowl_name(name: str, expected: scowl.ScowlFile | None) -> None:
    assert scowl.parse_scowl_name(name) == expected


VOCAB = frozenset({"card", "box", "fly", "elf", "life", "menu", "fade", "cry", "up", "act", "free"})


@pytest.mark.parametrize("word", ["cards", "boxes", "flies", "elves", "lives", "menus"])
def test_simple_plurals_are_detected(word: str) -> None:
    assert scowl.is_simple_plural(word, VOCAB)


@pytest.mark.parametrize("word", ["glass", "bonus", "focus", "crane", "chaos", "class"])
def test_non_plurals_are_not_plurals(word: str) -> None:
    # Words in -ss are never plurals, even if the vocabulary had "glas"/"clas".
    assert not scowl.is_simple_plural(word, VOCAB | {"clas", "glas"})


def test_plural_needs_the_singular_in_the_vocabulary() -> None:
    assert not scowl.is_simple_plural("cards", frozenset())
    assert scowl.singular_stems("boxes") == ("boxe", "box")
    assert scowl.singular_stems("glass") == ()
    assert scowl.singular_stems("crane") == ()


@pytest.mark.parametrize("word", ["faded", "cried", "upped", "acted", "freed"])
def test_regular_past_tenses_are_detected(word: str) -> None:
    assert scowl.is_regular_past_tense(word, VOCAB)


@pytest.mark.parametrize("word", ["bleed", "naked", "sacred", "crane", "shred"])
def test_words_ending_in_ed_without_a_stem_are_not_past_tenses(word: str) -> None:
    assert not scowl.is_regular_past_tense(word, VOCAB)


@pytest.mark.parametrize(
    ("word", "singular"),
    [("fungi", "fungus"), ("pupae", "pupa"), ("phyla", "phylum"), ("oases", "oasis")],
)
def test_latin_plurals(word: str, singular: str) -> None:
    assert scowl.is_latin_plural(word, {singular})
    assert not scowl.is_latin_plural(word, set())


def test_latin_plural_rule_leaves_ordinary_words_alone() -> None:
    vocab = {"common", "gammon", "cocoon", "alibis"}
    for word in ("comma", "gamma", "cocoa", "alibi", "pizza"):
        assert not scowl.is_latin_plural(word, vocab), word


def test_decode_blocklist_is_rot13() -> None:
    encoded = codecs.encode("alpha beta\ngamma", "rot13")
    assert scowl.decode_blocklist(encoded) == {"alpha", "beta", "gamma"}


def test_blocklists_are_lower_case_words_and_slurs_are_also_kept_from_answers() -> None:
    for word in scowl.NOT_FOR_ANSWERS | scowl.NOT_ANSWERS:
        assert word.isalpha() and word.islower(), word
    assert scowl.SLURS <= scowl.NOT_FOR_ANSWERS
    assert len(scowl.SLURS) > 20 and len(scowl.NOT_FOR_ANSWERS) > 100


def test_has_vowel() -> None:
    assert scowl.has_vowel("crwth") is False
    assert scowl.has_vowel("psych") is True
    assert scowl.has_vowel("crane") is True


# --- answer rules ------------------------------------------------------------------------------


def test_answer_rejection_reasons() -> None:
    stems = {"card", "fade"}
    ok = scowl.ANSWER_MIN_ZIPF + 1
    assert scowl.answer_rejection("crane", 10, ok, stems) is None
    assert scowl.answer_rejection("crane", scowl.ANSWER_MAX_SIZE + 5, ok, stems) is not None
    assert scowl.answer_rejection("crane", 10, scowl.ANSWER_MIN_ZIPF - 0.01, stems) is not None
    assert scowl.answer_rejection("cards", 10, ok, stems) == "plural or -s form"
    assert scowl.answer_rejection("faded", 10, ok, stems) == "-ed form"
    assert scowl.answer_rejection("crwth", 10, ok, stems) == "no vowel"
    assert scowl.answer_rejection("CRANE", 10, ok, stems) == "not 5 letters a-z"
    blocked = sorted(scowl.NOT_FOR_ANSWERS & {w for w in scowl.NOT_FOR_ANSWERS if len(w) == 5})[0]
    assert scowl.answer_rejection(blocked, 10, ok, stems) == "blocklist"
    assert scowl.answer_rejection("japan", 10, ok, stems) == "name or informal (hand-picked)"
    # TWEED is not TWEE + D.
    assert scowl.answer_rejection("tweed", 10, ok, {"twee"}) is None


# --- reading SCOWL and selecting ---------------------------------------------------------------

FAKE_SCOWL = {
    "english-words.10": ["crane", "house", "card", "cards", "fade", "faded", "glass", "a", "it's"],
    "american-words.20": ["color", "sugar", "abbé", "slate"],
    "british-words.20": ["colour", "odour"],
    "english-words.60": ["fungus", "fungi", "stare"],
    "english-words.80": ["aahed", "crwth"],
    "english-words.95": ["zonky", "haiti", "mphps", "quilk"],
    "english-proper-names.50": ["Haiti", "Crane"],
    "english-abbreviations.95": ["mphps"],
    "english-upper.50": ["Sugar"],
    "special-hacker.50": ["grepx"],
    "README": ["not a list"],
}

FAKE_ZIPF = {"crane": 4.0, "house": 5.5, "cards": 4.0, "faded": 3.5, "glass": 4.5, "color": 4.5,
             "sugar": 4.5, "slate": 3.5, "odour": 3.0, "fungi": 3.0, "stare": 3.5, "aahed": 0.5,
             "zonky": 0.0, "quilk": 0.0}  # fmt: skip


def write_scowl(root: Path, files: dict[str, list[str]]) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    for name, words in files.items():
        (root / name).write_text("".join(f"{w}\n" for w in words), encoding="utf-8")
    return root


def fake_zipf(word: str) -> float:
    return FAKE_ZIPF.get(word, 0.0)


def test_read_scowl_collects_sizes_spellings_and_names(tmp_path: Path) -> None:
    lexicon = scowl.read_scowl(write_scowl(tmp_path / "scowl", FAKE_SCOWL))
    assert lexicon.sizes["crane"] == 10
    assert lexicon.sizes["colour"] == 20
    assert "colour" not in lexicon.answer_sizes  # British spelling: guess only
    assert lexicon.answer_sizes["color"] == 20
    assert lexicon.sizes["fungus"] == 60  # six-letter words kept for plural checks
    assert "abbé" not in lexicon.sizes and "it's" not in lexicon.sizes
    assert "grepx" not in lexicon.sizes  # special lists are not word lists
    assert {"haiti", "crane", "mphps", "sugar"} <= lexicon.names
    assert lexicon.vocabulary(10) >= {"crane", "card", "fade"}
    assert "fungus" not in lexicon.vocabulary(50)


def test_select_allowed_filters_size_95_and_adds_openers(tmp_path: Path) -> None:
    lexicon = scowl.read_scowl(write_scowl(tmp_path / "scowl", FAKE_SCOWL))
    allowed = scowl.select_allowed(lexicon, extra=["soare", "TOOLONG", "roate"])
    assert allowed == sorted(allowed)
    # size 95: a name (haiti) and a vowel-less abbreviation-like word (mphps) are left out;
    # words up to size 80 stay even without a vowel (crwth).
    assert "haiti" not in allowed and "mphps" not in allowed
    assert {"zonky", "quilk", "crwth", "aahed", "odour", "cards"} <= set(allowed)
    assert "colour" not in allowed  # six letters
    assert {"soare", "roate"} <= set(allowed)
    assert all(scowl.is_word_token(w) for w in allowed)


def test_select_allowed_drops_slurs(tmp_path: Path) -> None:
    slur = sorted(w for w in scowl.SLURS if len(w) == 5)[0]
    lexicon = scowl.read_scowl(write_scowl(tmp_path / "scowl", {"english-words.10": [slur]}))
    assert scowl.select_allowed(lexicon, extra=[slur]) == []


def test_select_answers(tmp_path: Path) -> None:
    lexicon = scowl.read_scowl(write_scowl(tmp_path / "scowl", FAKE_SCOWL))
    allowed = scowl.select_allowed(lexicon)
    answers = scowl.select_answers(lexicon, fake_zipf, frozenset(allowed))
    # cards/faded: inflections; fungi: Latin plural (size 60 anyway); odour/colour: British;
    # stare: size 60 > ANSWER_MAX_SIZE; aahed/zonky: rare.
    assert answers == ["color", "crane", "glass", "house", "slate", "sugar"]
    assert set(answers) <= set(allowed)


def test_select_answers_never_returns_a_word_missing_from_allowed(tmp_path: Path) -> None:
    lexicon = scowl.read_scowl(write_scowl(tmp_path / "scowl", FAKE_SCOWL))
    assert scowl.select_answers(lexicon, fake_zipf, frozenset({"crane"})) == ["crane"]


def test_missing_or_empty_scowl_dir_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match="apt-get install -y scowl"):
        scowl.read_scowl(tmp_path / "nope")
    (tmp_path / "empty").mkdir()
    with pytest.raises(SystemExit, match="no SCOWL word lists"):
        scowl.read_scowl(tmp_path / "empty")


def test_stricter_rules_of_the_other_lengths() -> None:
    stems = {"fireman", "cut", "sad", "wed", "morn"}
    zipf = {"cutting": 4.0, "cut": 5.0, "saddest": 3.0, "sad": 4.5, "wedding": 4.9, "wed": 3.3,
            "morning": 5.2, "morn": 2.7}.get
    roots = {"firemen", "cutting", "wedding", "morning", "gave", "tower"}
    ok = scowl.ANSWER_MIN_ZIPF + 1
    assert scowl.answer_rejection("firemen", 10, ok, stems, 7, roots) == "-men plural"
    assert scowl.answer_rejection("gave", 10, ok, stems, 4, roots) == "irregular verb form"
    assert scowl.answer_rejection("towers", 10, ok, stems, 6, roots) == (
        "not a hunspell en_US root")
    assert scowl.answer_rejection("tower", 10, ok, stems, 5, roots) is None
    # without roots (English 5) those rules are off
    assert scowl.answer_rejection("gave", 10, ok, stems, 4) is None

    def z(word: str) -> float:
        return zipf(word) or 0.0

    margin = scowl.STEM_FORM_MARGIN
    assert scowl.is_common_stem_form("cutting", z, stems, margin)
    assert scowl.is_common_stem_form("saddest", z, stems, margin)
    assert not scowl.is_common_stem_form("wedding", z, stems, margin)
    assert not scowl.is_common_stem_form("morning", z, stems, margin)


def test_select_answers_with_a_count_keeps_the_commonest(tmp_path: Path) -> None:
    lexicon = scowl.read_scowl(write_scowl(tmp_path / "scowl", FAKE_SCOWL))
    allowed = frozenset(scowl.select_allowed(lexicon))
    roots = {"crane", "house", "glass", "color", "sugar", "slate"}
    answers = scowl.select_answers(lexicon, fake_zipf, allowed, 5, roots, count=3)
    # house (5.5), then the ties at 4.5 by name: color, glass (sugar is left out)
    assert answers == ["color", "glass", "house"]
