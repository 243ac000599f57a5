"""The build script's logic, run on small hand-made SCOWL trees (no Debian packages needed)."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest

from tests.wordlists._scripts import build

# --- pure helpers ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("word", "expected"),
    [("crane", True), ("Crane", False), ("cran", False), ("cranes", False), ("cr4ne", False),
     ("crané", False), ("", False)],
)  # fmt: skip
def test_is_word_token(word: str, expected: bool) -> None:
    assert build.is_word_token(word) is expected


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("american-words.35", build.ScowlFile("american", "words", 35)),
        ("british_variant_1-words.95", build.ScowlFile("british_variant_1", "words", 95)),
        ("english-proper-names.50", build.ScowlFile("english", "proper-names", 50)),
        ("special-roman-numerals.35", build.ScowlFile("special", "roman-numerals", 35)),
        ("README", None),
        ("american-words", None),
        ("american-words.35.bak", None),
    ],
)
def test_parse_scowl_name(name: str, expected: build.ScowlFile | None) -> None:
    assert build.parse_scowl_name(name) == expected


VOCAB = frozenset({"card", "box", "fly", "elf", "life", "menu", "fade", "cry", "up", "act", "free"})


@pytest.mark.parametrize("word", ["cards", "boxes", "flies", "elves", "lives", "menus"])
def test_simple_plurals_are_detected(word: str) -> None:
    assert build.is_simple_plural(word, VOCAB)


@pytest.mark.parametrize("word", ["glass", "bonus", "focus", "crane", "chaos", "class"])
def test_non_plurals_are_not_plurals(word: str) -> None:
    # Words in -ss are never plurals, even if the vocabulary had "glas"/"clas".
    assert not build.is_simple_plural(word, VOCAB | {"clas", "glas"})


def test_plural_needs_the_singular_in_the_vocabulary() -> None:
    assert not build.is_simple_plural("cards", frozenset())
    assert build.singular_stems("boxes") == ("boxe", "box")
    assert build.singular_stems("glass") == ()
    assert build.singular_stems("crane") == ()


@pytest.mark.parametrize("word", ["faded", "cried", "upped", "acted", "freed"])
def test_regular_past_tenses_are_detected(word: str) -> None:
    assert build.is_regular_past_tense(word, VOCAB)


@pytest.mark.parametrize("word", ["bleed", "naked", "sacred", "crane", "shred"])
def test_words_ending_in_ed_without_a_stem_are_not_past_tenses(word: str) -> None:
    assert not build.is_regular_past_tense(word, VOCAB)


@pytest.mark.parametrize(
    ("word", "singular"),
    [("fungi", "fungus"), ("pupae", "pupa"), ("phyla", "phylum"), ("oases", "oasis")],
)
def test_latin_plurals(word: str, singular: str) -> None:
    assert build.is_latin_plural(word, {singular})
    assert not build.is_latin_plural(word, set())


def test_latin_plural_rule_leaves_ordinary_words_alone() -> None:
    vocab = {"common", "gammon", "cocoon", "alibis"}
    for word in ("comma", "gamma", "cocoa", "alibi", "pizza"):
        assert not build.is_latin_plural(word, vocab), word


def test_decode_blocklist_is_rot13() -> None:
    encoded = codecs.encode("alpha beta\ngamma", "rot13")
    assert build.decode_blocklist(encoded) == {"alpha", "beta", "gamma"}


def test_blocklists_are_lower_case_words_and_slurs_are_also_kept_from_answers() -> None:
    for word in build.NOT_FOR_ANSWERS | build.NOT_ANSWERS:
        assert word.isalpha() and word.islower(), word
    assert build.SLURS <= build.NOT_FOR_ANSWERS
    assert len(build.SLURS) > 20 and len(build.NOT_FOR_ANSWERS) > 100


def test_has_vowel() -> None:
    assert build.has_vowel("crwth") is False
    assert build.has_vowel("psych") is True
    assert build.has_vowel("crane") is True


def test_render_sorts_dedupes_and_ends_with_newline() -> None:
    assert build.render(["slate", "crane", "slate"]) == "crane\nslate\n"
    assert build.render([]) == ""


# --- answer rules ------------------------------------------------------------------------------


def test_answer_rejection_reasons() -> None:
    stems = {"card", "fade"}
    ok = build.ANSWER_MIN_ZIPF + 1
    assert build.answer_rejection("crane", 10, ok, stems) is None
    assert build.answer_rejection("crane", build.ANSWER_MAX_SIZE + 5, ok, stems) is not None
    assert build.answer_rejection("crane", 10, build.ANSWER_MIN_ZIPF - 0.01, stems) is not None
    assert build.answer_rejection("cards", 10, ok, stems) == "plural or -s form"
    assert build.answer_rejection("faded", 10, ok, stems) == "-ed form"
    assert build.answer_rejection("crwth", 10, ok, stems) == "no vowel"
    assert build.answer_rejection("CRANE", 10, ok, stems) == "not five letters a-z"
    blocked = sorted(build.NOT_FOR_ANSWERS & {w for w in build.NOT_FOR_ANSWERS if len(w) == 5})[0]
    assert build.answer_rejection(blocked, 10, ok, stems) == "blocklist"
    assert build.answer_rejection("japan", 10, ok, stems) == "name or informal (hand-picked)"
    # TWEED is not TWEE + D.
    assert build.answer_rejection("tweed", 10, ok, {"twee"}) is None


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
    lexicon = build.read_scowl(write_scowl(tmp_path / "scowl", FAKE_SCOWL))
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
    lexicon = build.read_scowl(write_scowl(tmp_path / "scowl", FAKE_SCOWL))
    allowed = build.select_allowed(lexicon, extra=["soare", "TOOLONG", "roate"])
    assert allowed == sorted(allowed)
    # size 95: a name (haiti) and a vowel-less abbreviation-like word (mphps) are left out;
    # words up to size 80 stay even without a vowel (crwth).
    assert "haiti" not in allowed and "mphps" not in allowed
    assert {"zonky", "quilk", "crwth", "aahed", "odour", "cards"} <= set(allowed)
    assert "colour" not in allowed  # six letters
    assert {"soare", "roate"} <= set(allowed)
    assert all(build.is_word_token(w) for w in allowed)


def test_select_allowed_drops_slurs(tmp_path: Path) -> None:
    slur = sorted(w for w in build.SLURS if len(w) == 5)[0]
    lexicon = build.read_scowl(write_scowl(tmp_path / "scowl", {"english-words.10": [slur]}))
    assert build.select_allowed(lexicon, extra=[slur]) == []


def test_select_answers(tmp_path: Path) -> None:
    lexicon = build.read_scowl(write_scowl(tmp_path / "scowl", FAKE_SCOWL))
    allowed = build.select_allowed(lexicon)
    answers = build.select_answers(lexicon, fake_zipf, frozenset(allowed))
    # cards/faded: inflections; fungi: Latin plural (size 60 anyway); odour/colour: British;
    # stare: size 60 > ANSWER_MAX_SIZE; aahed/zonky: rare.
    assert answers == ["color", "crane", "glass", "house", "slate", "sugar"]
    assert set(answers) <= set(allowed)


def test_select_answers_never_returns_a_word_missing_from_allowed(tmp_path: Path) -> None:
    lexicon = build.read_scowl(write_scowl(tmp_path / "scowl", FAKE_SCOWL))
    assert build.select_answers(lexicon, fake_zipf, frozenset({"crane"})) == ["crane"]


def test_build_is_deterministic_and_main_writes_and_checks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    scowl = write_scowl(tmp_path / "scowl", FAKE_SCOWL)
    first = build.build(scowl, zipf=fake_zipf)
    assert first == build.build(scowl, zipf=fake_zipf)

    monkeypatch.setattr(build, "wordfreq_zipf", lambda: (fake_zipf, "test"))
    out = tmp_path / "out"
    assert build.main(["--scowl-dir", str(scowl), "--out-dir", str(out), "--check"]) == 1
    assert not out.exists()
    assert build.main(["--scowl-dir", str(scowl), "--out-dir", str(out)]) == 0
    assert (out / "answers.txt").read_text() == build.render(first[0])
    assert (out / "allowed.txt").read_text() == build.render(first[1])
    assert build.main(["--scowl-dir", str(scowl), "--out-dir", str(out), "--check"]) == 0
    (out / "allowed.txt").write_text("crane\n")
    assert build.main(["--scowl-dir", str(scowl), "--out-dir", str(out), "--check"]) == 1
    assert "out of date: allowed.txt" in capsys.readouterr().out


def test_missing_or_empty_scowl_dir_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match="apt-get install -y scowl"):
        build.read_scowl(tmp_path / "nope")
    (tmp_path / "empty").mkdir()
    with pytest.raises(SystemExit, match="no SCOWL word lists"):
        build.read_scowl(tmp_path / "empty")
