import os
import threading
from pathlib import Path

import pytest

from bot.core import words
from bot.core.words import (
    MAX_LINE_LENGTH,
    MAX_LIST_BYTES,
    RefusedFile,
    WordListError,
    WordLists,
    load_word_lists,
    read_capped_text,
    read_word_file,
)


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


def test_a_list_too_large_is_refused_without_reading_it_whole(tmp_path):
    path = tmp_path / "huge.txt"
    path.write_bytes(b"crane\n" * (MAX_LIST_BYTES // 6 + 1))
    with pytest.raises(WordListError, match="larger than 4 MiB") as info:
        read_word_file(path)
    assert info.value.line is None and str(info.value).startswith(f"{path}: ")


def test_a_list_just_within_the_size_is_read(tmp_path):
    path = tmp_path / "padded.txt"
    path.write_bytes(b"crane\n" + b"#" * (MAX_LIST_BYTES - 7) + b"\n")
    assert path.stat().st_size == MAX_LIST_BYTES
    with pytest.raises(WordListError, match="at most 1,000"):  # the line, not the size
        read_word_file(path)
    lines = b"\n".join(b"#" * (MAX_LINE_LENGTH - 1) for _ in range(MAX_LIST_BYTES // 1000))
    path.write_bytes(b"crane\n" + lines[:MAX_LIST_BYTES - 6])
    assert read_word_file(path) == ["crane"]


def test_an_over_long_line_names_its_length_not_its_text(tmp_path):
    path = write(tmp_path / "long.txt", "crane\n" + "x" * 5000 + "\n")
    with pytest.raises(WordListError) as info:
        read_word_file(path)
    assert info.value.line == 2
    assert info.value.message == "a line of 5,000 characters: a word list's lines are at most 1,000"


def test_devices_folders_and_named_pipes_are_refused(tmp_path):
    os.mkfifo(tmp_path / "pipe")
    (tmp_path / "folder").mkdir()
    for path, why in ((Path("/dev/zero"), "a device, not a regular file"),
                      (tmp_path / "folder", "a folder, not a file"),
                      (tmp_path / "pipe", "a named pipe (FIFO), not a regular file")):
        with pytest.raises(WordListError) as info:
            read_word_file(path)
        assert info.value.message == why


def test_a_pipe_put_in_place_after_the_check_is_refused_without_blocking(tmp_path, monkeypatch):
    # The file is swapped for a named pipe between the check of the path and the open: the
    # open must not wait for a writer, and the opened file is what is checked.
    pipe, regular = tmp_path / "pipe", write(tmp_path / "words.txt", "crane\n")
    os.mkfifo(pipe)
    real_stat = os.stat
    monkeypatch.setattr(words.os, "stat", lambda path, *a, **k: real_stat(
        regular if Path(path) == pipe else path, *a, **k))
    outcome: list[BaseException | str] = []

    def read() -> None:
        try:
            outcome.append(read_capped_text(pipe, 100))
        except BaseException as error:  # handed to the test's thread
            outcome.append(error)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(30)
    if reader.is_alive():  # blocked opening the pipe: a writer lets it go, then fail
        os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK))
        reader.join(30)
        pytest.fail("opening the named pipe blocked")
    assert len(outcome) == 1 and isinstance(outcome[0], RefusedFile), outcome
    assert str(outcome[0]) == f"{pipe}: a named pipe (FIFO), not a regular file"


def test_a_refused_file_is_an_os_error_naming_the_file(tmp_path):
    path = write(tmp_path / "salt", "x" * 101)
    with pytest.raises(OSError) as info:
        read_capped_text(path, 100)
    assert (info.value.filename, info.value.strerror) == (str(path), "larger than 100 bytes, "
                                                                     "too large to be read")
    assert read_capped_text(write(path, "é" * 50), 100) == "é" * 50
