"""Every shipped word pack (wordlists/<language>-<length>/) is consistent with itself."""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from wordpacks import scowl
from wordpacks.blocklists import load_blocklist
from wordpacks.languages import ENGLISH_LENGTHS, HUNSPELL_LANGUAGES

from bot.core.letter_rules import letter_rules
from bot.core.letters import pack_word
from tests.wordlists._scripts import WORDLISTS_DIR, build

PACKS = build.pack_names()


def test_every_pack_is_shipped_and_nothing_else() -> None:
    shipped = sorted(p.parent.name for p in WORDLISTS_DIR.glob("*/pack.json"))
    assert shipped == sorted(PACKS)
    expected = {f"{lang.code}-5" for lang in HUNSPELL_LANGUAGES}
    assert expected | {f"en-{n}" for n in ENGLISH_LENGTHS} == set(PACKS)
    assert {"en", "es", "fr", "de", "pt", "it", "nl", "ru"} == {p.split("-")[0] for p in PACKS}


class Pack:
    """A shipped pack read back from its files."""

    def __init__(self, name: str) -> None:
        self.dir = WORDLISTS_DIR / name
        self.meta: dict[str, Any] = json.loads((self.dir / "pack.json").read_text("utf-8"))
        files = self.meta["files"]
        self.answers = read_lines(self.dir / files["answers"])
        self.allowed = read_lines(self.dir / files["allowed"])
        self.display: dict[str, str] = {}
        if "display" in files:
            for line in read_lines(self.dir / files["display"]):
                play, _, shown = line.partition("\t")
                self.display[play] = shown
        self.letters = letter_rules(self.meta["language"])


def read_lines(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    assert text.endswith("\n") and "\r" not in text, path
    return text[:-1].split("\n")


@pytest.fixture(scope="module", params=PACKS)
def pack(request: pytest.FixtureRequest) -> Pack:
    return Pack(request.param)


def test_metadata(pack: Pack) -> None:
    meta = pack.meta
    language, length = pack.dir.name.split("-")
    assert meta["language"] == language and meta["length"] == int(length)
    assert meta["attempts"] == max(meta["length"] + 1, 6)
    assert meta["counts"] == {"answers": len(pack.answers), "allowed": len(pack.allowed)}
    assert set(meta["filters"]) == {"answers", "allowed"}
    assert meta["sources"] and all(s["version"] and s["licence"] for s in meta["sources"])


def test_letters_are_the_bots_rules_of_the_language(pack: Pack) -> None:
    rules = pack.letters
    meta = pack.meta
    assert meta["alphabet"] == rules.alphabet
    assert meta["keyboard"] == [list(row) for row in rules.keyboard]
    assert meta["fold"] == dict(rules.folds)
    accents = {unicodedata.lookup(f"COMBINING {name}") for name in meta["ignored_accents"]}
    assert accents == rules.ignored_marks and meta["case"] == rules.case.value


def test_words_are_sorted_unique_nfc_and_of_the_pack_letters(pack: Pack) -> None:
    alphabet = set(pack.meta["alphabet"])
    assert unicodedata.normalize("NFC", pack.meta["alphabet"]) == pack.meta["alphabet"]
    for words in (pack.answers, pack.allowed):
        assert words == sorted(set(words))
        bad = [w for w in words if len(w) != pack.meta["length"] or not set(w) <= alphabet
               or unicodedata.normalize("NFC", w) != w or w != w.lower()]
        assert bad == []


def test_answers_are_allowed_and_a_few_thousand_at_most(pack: Pack) -> None:
    assert set(pack.answers) <= set(pack.allowed)
    assert 500 <= len(pack.answers) <= 3_000
    assert len(pack.allowed) >= 2 * len(pack.answers)


def test_display_spellings_fold_to_their_answer(pack: Pack) -> None:
    assert set(pack.display) <= set(pack.answers)
    for play, shown in pack.display.items():
        assert shown != play and pack_word(shown, pack.letters) == play


def test_licence_files_are_beside_the_pack(pack: Pack) -> None:
    for source in pack.meta["sources"]:
        path = pack.dir / source["licence_file"]
        assert path.is_file() and path.stat().st_size > 500, path


def test_blocklisted_words_are_absent(pack: Pack) -> None:
    language = pack.meta["language"]
    if language == "en":
        slurs, not_answers = scowl.SLURS, scowl.NOT_FOR_ANSWERS
    else:
        blocklist = load_blocklist(language, pack.letters)
        slurs, not_answers = blocklist.slurs, blocklist.not_answers
    assert set(pack.answers) & not_answers == set()
    assert set(pack.allowed) & slurs == set()


def test_readme_table_states_each_packs_figures(pack: Pack) -> None:
    readme = (WORDLISTS_DIR / "README.md").read_text(encoding="utf-8")
    counts = pack.meta["counts"]
    row = re.search(rf"^\| `{pack.dir.name}` \|.*$", readme, re.MULTILINE)
    assert row is not None, pack.dir.name
    cells = [c.strip() for c in row.group(0).strip("|").split("|")]
    assert f"{counts['answers']:,}" in cells and f"{counts['allowed']:,}" in cells
    assert f"{pack.meta['answer_median_zipf']:.2f}" in cells


def test_answers_are_familiar(pack: Pack) -> None:
    # the English 5 answers' median is 3.42, the NYT answers' 3.52
    assert 3.2 <= pack.meta["answer_median_zipf"] <= 4.2
