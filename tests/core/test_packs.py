"""Word packs load from wordlists/, are checked, and refuse a bad file with one clear line."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from bot.core.letter_rules import letter_rules
from bot.core.letters import pack_word
from bot.core.packs import Pack, PackError, load_pack, pack, pack_keys
from bot.core.variant import CLASSIC
from bot.core.words import default_wordlist_dir, load_word_lists

SHIPPED = ("de-5", "en-4", "en-5", "en-6", "en-7", "es-5", "fr-5", "it-5", "nl-5", "pt-5",
           "ru-5")


def shipped(key: str) -> Pack:
    language, _, length = key.partition("-")
    return pack(language, int(length))


def test_the_shipped_packs_are_listed_by_language_then_length() -> None:
    assert pack_keys() == SHIPPED


@pytest.mark.parametrize("key", SHIPPED)
def test_a_shipped_pack_loads_with_its_words_in_its_letters(key: str) -> None:
    found = shipped(key)
    language, _, length = key.partition("-")
    assert (found.key, found.language, found.length) == (key, language, int(length))
    assert found.rules is letter_rules(language) and found.alphabet == found.rules.alphabet
    assert found.variant.language == language and found.variant.length == found.length
    assert found.variant.attempts == found.attempts == max(found.length + 1, 6)
    assert list(found.answers) == sorted(set(found.answers)) and len(found.answers) > 800
    assert list(found.allowed) == sorted(set(found.allowed))
    assert len(found.allowed) > len(found.answers)
    assert set(found.answers) <= set(found.allowed)
    letters = set(found.alphabet)
    for word in found.allowed:
        assert len(word) == found.length and set(word) <= letters, word
    for word, spelling in found.display.items():
        assert pack_word(spelling, found.rules) == word
    assert found.sources and all(s.licence_file.is_file() for s in found.sources)
    assert shipped(key) is found  # loaded once per process


def test_english_five_is_the_classic_lists() -> None:
    english = pack()
    lists = load_word_lists()
    assert (english.answers, english.allowed) == (lists.answers, lists.allowed_sorted)
    assert english.variant == CLASSIC and CLASSIC.language == "en"


@pytest.mark.parametrize(("key", "typed", "word", "shown"), [
    ("es-5", "Señor", "señor", "SEÑOR"),
    ("es-5", "ÁRBOL", "arbol", "ÁRBOL"),
    ("fr-5", "pêche", "peche", "PÊCHE"),
    ("de-5", "Floß", "floss", "FLOẞ"),
    ("de-5", "BÜHNE", "bühne", "BÜHNE"),
    ("ru-5", "ЗАЙКА", "зайка", "ЗАЙКА"),
    ("ru-5", "актёр", "актер", "АКТЁР"),
    ("en-6", "Planet", "planet", "PLANET"),
])
def test_a_typed_word_is_read_through_the_pack_letters(key: str, typed: str, word: str,
                                                      shown: str) -> None:
    found = shipped(key)
    assert found.read(typed) == word
    assert found.is_allowed(word)
    if word in found.answers:
        assert found.shown(word) == shown


def test_a_letter_of_its_own_is_not_folded() -> None:
    spanish = shipped("es-5")
    assert "señor" in spanish.allowed and "senor" not in spanish.allowed
    assert not spanish.is_allowed(spanish.read("senor"))


def test_an_unknown_pack_names_the_packs_there_are() -> None:
    with pytest.raises(KeyError, match="no 5-letter pack in 'xx'; the packs are de-5, en-4"):
        pack("xx", 5)
    with pytest.raises(KeyError, match="no 9-letter pack in 'en'"):
        pack("en", 9)


@pytest.fixture
def spanish_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "es-5"
    shutil.copytree(default_wordlist_dir() / "es-5", folder)
    return folder


def append(path: Path, line: str) -> int:
    """Add ``line`` to a pack file; its line number."""
    text = path.read_text("utf-8")
    path.write_text(text + line + "\n", "utf-8")
    return text.count("\n") + 1


def edit_metadata(folder: Path, **changes: object) -> None:
    meta = json.loads((folder / "pack.json").read_text("utf-8"))
    meta.update(changes)
    (folder / "pack.json").write_text(json.dumps(meta), "utf-8")


def refused(folder: Path) -> str:
    with pytest.raises(PackError) as caught:
        load_pack(folder)
    message = str(caught.value)
    assert "\n" not in message
    return message


def test_a_copied_pack_loads_like_the_shipped_one(spanish_copy: Path) -> None:
    copy = load_pack(spanish_copy)
    assert (copy.answers, copy.allowed, dict(copy.display)) == (
        shipped("es-5").answers, shipped("es-5").allowed, dict(shipped("es-5").display))


@pytest.mark.parametrize(("line", "says"), [
    ("árbol", "'árbol' is not written in the pack's letters (it would be 'arbol')"),
    ("casas1", "'casas1': Use only the letters A to Z and Ñ: the digit 1 can't be used."),
    ("casa", "'casa': A word must have 5 letters; CASA has 4."),
    ("мирок", "'мирок': Use only the letters A to Z and Ñ"),
    ("abaco", "duplicate word 'abaco' (first on line 3)"),
])
def test_a_bad_word_is_refused_with_its_file_and_line(spanish_copy: Path, line: str,
                                                      says: str) -> None:
    allowed = spanish_copy / "allowed.txt"
    number = append(allowed, line)
    message = refused(spanish_copy)
    assert message.startswith(f"{allowed}:{number}: ")
    assert says in message


def test_an_answer_missing_from_the_allowed_words_is_refused(spanish_copy: Path) -> None:
    answers = spanish_copy / "answers.txt"
    number = append(answers, "zzzzz")
    assert refused(spanish_copy) == (f"{answers}:{number}: answer 'zzzzz' is missing from the "
                                     f"allowed list {spanish_copy / 'allowed.txt'}")


def test_a_display_spelling_must_spell_its_word(spanish_copy: Path) -> None:
    display = spanish_copy / "display.tsv"
    number = append(display, "abaco\tábacos")
    assert refused(spanish_copy).startswith(
        f"{display}:{number}: 'ábacos' does not spell 'abaco' in the pack's letters")


@pytest.mark.parametrize(("changes", "says"), [
    ({"alphabet": "abcdefghijklmnopqrstuvwxyz"}, "'alphabet' is not the letters of Spanish"),
    ({"language": "xx"}, "no letter rules for the language 'xx' (known: en, es,"),
    ({"length": "5"}, "'length' must be a whole number"),
    ({"attempts": 0}, "a pack has 2 to 12 letters and 1 to 20 attempts, not 5 and 0"),
    ({"keyboard": [["q"]]}, "'keyboard' is not the Spanish keyboard"),
    ({"files": {"answers": "answers.txt"}}, "'files' must name the allowed file"),
])
def test_bad_metadata_is_refused(spanish_copy: Path, changes: dict[str, object],
                                 says: str) -> None:
    edit_metadata(spanish_copy, **changes)
    message = refused(spanish_copy)
    assert message.startswith(f"{spanish_copy / 'pack.json'}: ")
    assert says in message


def test_unreadable_files_are_refused(spanish_copy: Path) -> None:
    (spanish_copy / "pack.json").write_text("{", "utf-8")
    assert refused(spanish_copy).startswith(f"{spanish_copy / 'pack.json'}:1: not JSON")
    (spanish_copy / "pack.json").unlink()
    assert refused(spanish_copy) == f"{spanish_copy / 'pack.json'}: file not found"


def test_a_missing_licence_file_is_refused(spanish_copy: Path) -> None:
    (spanish_copy / "LICENSE-wspanish.txt").unlink()
    assert "its licence file" in refused(spanish_copy)


def test_a_list_that_is_not_utf8_is_refused(spanish_copy: Path) -> None:
    (spanish_copy / "answers.txt").write_bytes("árbol\n".encode("latin-1"))
    assert refused(spanish_copy).startswith(f"{spanish_copy / 'answers.txt'}: not UTF-8 text")
