from pathlib import Path

import pytest

from bot.core.words import WordListError, WordLists, load_word_lists, read_word_file


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_loads_and_checks_subset(tmp_path):
    answers = write(tmp_path / "a.txt", "crane\nslate\n")
    allowed = write(tmp_path / "b.txt", "# comment\ncrane\nslate\n\nsoare\n")
    lists = load_word_lists(answers, allowed)
    assert lists.answers == ("crane", "slate")
    assert lists.allowed == {"crane", "slate", "soare"}
    assert lists.is_allowed("SOARE")


@pytest.mark.parametrize(
    ("text", "line", "fragment"),
    [
        ("crane\ncran\n", 2, "must have 5 letters"),
        ("crane\ncranes\n", 2, "must have 5 letters"),
        ("crane\ncr4ne\n", 2, "Use only the letters A to Z: the digit 4"),
        ("crane\ncrané\n", 2, "Use only the letters A to Z: 'é'"),
        ("crane\n\u212aebab\n", 2, "Use only the letters A to Z"),
        ("crane\nslate\nCRANE\n", 3, "duplicate word 'crane' (first on line 1)"),
    ],
)
def test_malformed_list_refused_with_file_and_line(tmp_path, text, line, fragment):
    path = write(tmp_path / "bad.txt", text)
    with pytest.raises(WordListError) as info:
        read_word_file(path)
    assert info.value.line == line
    assert fragment in info.value.message
    assert f"bad.txt:{line}" in str(info.value)


def test_answer_missing_from_allowed(tmp_path):
    answers = write(tmp_path / "a.txt", "crane\nslate\n")
    allowed = write(tmp_path / "b.txt", "crane\nsoare\n")
    with pytest.raises(WordListError) as info:
        load_word_lists(answers, allowed)
    assert info.value.line == 2
    assert "slate" in info.value.message and "allowed" in info.value.message


def test_missing_and_empty_files(tmp_path):
    with pytest.raises(WordListError, match="file not found"):
        read_word_file(tmp_path / "nope.txt")
    with pytest.raises(WordListError, match="no words"):
        read_word_file(write(tmp_path / "empty.txt", "\n# only a comment\n"))
    (tmp_path / "bin.txt").write_bytes(b"\xff\xfe\x00crane")
    with pytest.raises(WordListError, match="UTF-8"):
        read_word_file(tmp_path / "bin.txt")


def test_from_words():
    lists = WordLists.from_words(["Slate", "crane"], ["soare"])
    assert lists.answers == ("crane", "slate")
    assert lists.allowed_sorted == ("crane", "slate", "soare")
    with pytest.raises(WordListError):
        WordLists.from_words(["crane", "crane"], [])


def test_default_lists_load():
    default = Path(__file__).resolve().parents[2] / "wordlists" / "answers.txt"
    if not default.exists():
        pytest.skip("wordlists/ not built yet")
    lists = load_word_lists()
    assert 2000 <= len(lists.answers) <= 3500
    assert set(lists.answers) <= lists.allowed
