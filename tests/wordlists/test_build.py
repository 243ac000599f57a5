"""scripts/build_wordlists.py end to end: on small hand-made sources, and against the shipped
packs when the Debian sources are installed."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from wordpacks.languages import HUNSPELL_LANGUAGES

from tests.wordlists._scripts import WORDLISTS_DIR, build

SCOWL = {
    "english-words.10": ["crane", "house", "cards", "card", "glass", "loam", "tower", "towers",
                         "meeting", "meet", "morning", "abacus", "sugar"],
    "american-words.20": ["slate", "walking", "walk"],
}
EN_US_AFF = "SET UTF-8\nSFX G Y 1\nSFX G 0 ing .\nSFX S Y 1\nSFX S 0 s .\n"
EN_US_DIC = "8\ncrane\nhouse\nglass\nloam/S\ntower/S\nmeet/G\nmeeting/S\nmorning\n"
ES_AFF = "SET UTF-8\nSFX S Y 1\nSFX S 0 s .\n"
ES_DIC = "5\nárbol/S\nnieve/S\nseñor/S\nPedro\nputas\n"
ZIPF = {"crane": 4.0, "house": 5.5, "glass": 4.5, "slate": 3.5, "loam": 3.0, "tower": 4.5,
        "meeting": 5.0, "meet": 5.3, "morning": 5.2, "morn": 2.0, "walking": 4.5, "walk": 5.0,
        "árbol": 4.5, "nieve": 4.4, "señor": 4.8, "sugar": 4.5}  # fmt: skip
COPYRIGHT = "Format: x\n\nFiles: *\nCopyright: someone\nLicense: GPL-2+\n free to use " + "x" * 600


def zipf_for(lang: str):  # type: ignore[no-untyped-def]
    return lambda word: 0.0 if lang == "en" and word in ("árbol", "señor") else ZIPF.get(word, 0.0)


def make_sources(root: Path) -> build.Paths:
    def write(path: Path, text: str) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")

    for name, words in SCOWL.items():
        write(root / "scowl" / name, "".join(f"{w}\n" for w in words))
    write(root / "hunspell/en_US.aff", EN_US_AFF)
    write(root / "hunspell/en_US.dic", EN_US_DIC)
    write(root / "hunspell/es_ES.aff", ES_AFF)
    write(root / "hunspell/es_ES.dic", ES_DIC)
    write(root / "dict/spanish", "árbol\nnieve\nseñor\n")
    for package in ("hunspell-en-us", "hunspell-es", "wspanish"):
        write(root / "doc" / package / "copyright", COPYRIGHT)
    write(root / "common/MPL-1.1", "Mozilla Public License 1.1\n")
    write(root / "blocklists/es.txt", "[slurs]\nputas\n[crude]\n")
    write(root / "licences/LICENSE-SCOWL.txt", "SCOWL licence " + "x" * 600 + "\n")
    write(root / "licences/LICENSE-wordfreq.txt", "wordfreq licence " + "x" * 600 + "\n")
    return build.Paths(scowl=root / "scowl", hunspell=root / "hunspell", word_lists=root / "dict",
                       docs=root / "doc", common_licences=root / "common",
                       blocklists=root / "blocklists", licences=root / "licences",
                       versions={"scowl": "1", "hunspell-en-us": "2", "hunspell-es": "3",
                                 "wspanish": "4"})


ONLY = {"en-4", "en-5", "en-6", "en-7", "es-5"}


def test_build_on_small_sources_is_deterministic(tmp_path: Path) -> None:
    paths = make_sources(tmp_path)
    first = build.build(paths, ONLY, zipf_for)
    assert first == build.build(paths, ONLY, zipf_for)
    # English 5 keeps its files at the top of wordlists/, the other packs in their folder
    assert first["answers.txt"] == "crane\nglass\nhouse\nslate\nsugar\ntower\n"
    assert "en-5/answers.txt" not in first and "en-5/pack.json" in first
    assert first["en-7/answers.txt"] == "morning\n"  # meeting: -ing form of the commoner meet
    assert first["en-4/answers.txt"] == "loam\nmeet\n"  # WALK is no en_US root here
    assert first["es-5/answers.txt"] == "arbol\nnieve\nseñor\n"
    assert first["es-5/display.tsv"] == "arbol\tárbol\n"
    assert "putas" not in first["es-5/allowed.txt"] and "pedro" not in first["es-5/allowed.txt"]
    meta = json.loads(first["es-5/pack.json"])
    assert meta["counts"] == {"answers": 3, "allowed": 3}
    assert [s["licence_file"] for s in meta["sources"]] == [
        "LICENSE-hunspell-es.txt", "LICENSE-wspanish.txt", "LICENSE-wordfreq.txt"]
    assert "Mozilla Public License 1.1" in first["es-5/LICENSE-hunspell-es.txt"]
    assert json.loads(first["en-5/pack.json"])["files"]["answers"] == "../answers.txt"


def test_main_writes_then_checks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    paths = make_sources(tmp_path / "src")
    real_build = build.build
    monkeypatch.setattr(build, "build", lambda p, only: real_build(p, only, zipf_for))
    out = tmp_path / "out"
    args = ["--out-dir", str(out), "--pack", "es-5", "--pack", "en-5"]
    assert build.main([*args, "--check"], paths) == 1
    assert not out.exists()
    assert build.main(args, paths) == 0
    assert (out / "es-5/allowed.txt").read_text(encoding="utf-8") == "arbol\nnieve\nseñor\n"
    assert (out / "answers.txt").read_text(encoding="utf-8").startswith("crane\n")
    assert build.main([*args, "--check"], paths) == 0
    (out / "es-5/answers.txt").write_text("arbol\n", encoding="utf-8")
    assert build.main([*args, "--check"], paths) == 1
    assert "out of date: es-5/answers.txt" in capsys.readouterr().out


def test_a_missing_source_says_what_to_install(tmp_path: Path) -> None:
    paths = make_sources(tmp_path)
    (tmp_path / "dict/spanish").unlink()
    with pytest.raises(SystemExit, match="apt-get install -y wspanish"):
        build.build(paths, {"es-5"}, zipf_for)


def _sources_installed() -> bool:
    paths = build.Paths()
    return paths.scowl.is_dir() and all(
        (paths.hunspell / f"{d.name}.dic").is_file()
        for lang in HUNSPELL_LANGUAGES for d in lang.dictionaries)


#: Rebuilding every pack takes minutes; by default the English packs and German are rebuilt
#: (every rule of the English build, and a hunspell language with its own letters).  Set
#: WORDLISTS_REBUILD_ALL=1 to rebuild all (or run the build with --check).
REBUILT = (None if os.environ.get("WORDLISTS_REBUILD_ALL") == "1"
           else {"en-4", "en-5", "en-6", "en-7", "de-5"})


def test_shipped_packs_match_a_fresh_build_when_sources_are_installed() -> None:
    if not _sources_installed():
        pytest.skip("the Debian sources (see wordlists/README.md) are not installed")
    pytest.importorskip("wordfreq")
    files = build.build(build.Paths(), REBUILT)
    stale = [name for name, text in sorted(files.items())
             if not (WORDLISTS_DIR / name).is_file()
             or (WORDLISTS_DIR / name).read_text(encoding="utf-8") != text]
    assert stale == []
