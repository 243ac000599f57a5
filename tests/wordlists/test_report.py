"""scripts/wordlist_report.py on small lists, on broken lists, and on the shipped lists."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from tests.wordlists._scripts import REPO_ROOT, WORDLISTS_DIR, report


def write(directory: Path, **files: str) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (directory / f"{name}.txt").write_text(text, encoding="utf-8")
    return directory


def run(lists: Path, reference: Path) -> tuple[int, str]:
    out = io.StringIO()
    code = report.report(lists, reference, out=out)
    return code, out.getvalue()


GOOD = {"answers": "crane\nslate\n", "allowed": "crane\nslate\nsoare\ntares\n"}


def test_without_reference_prints_counts_subset_check_and_what_is_needed(tmp_path: Path) -> None:
    code, text = run(write(tmp_path / "lists", **GOOD), tmp_path / "no-reference")
    assert code == 0
    assert re.search(r"answers +2 words", text)
    assert re.search(r"allowed +4 words", text)
    assert "answers subset of allowed: yes" in text
    assert "Coverage figures need ../shared/reference" in text
    assert "%" not in text


def test_with_reference_prints_both_coverage_figures(tmp_path: Path) -> None:
    reference = write(
        tmp_path / "ref",
        **{
            "nyt-2022-allowed": "CRANE\nslate\nroate\nsalet\nsoare\n",
            "nyt-2022-answers": "crane\nroate\n",
        },
    )
    code, text = run(write(tmp_path / "lists", **GOOD), reference)
    assert code == 0
    # both answers are in the reference allowed list; 3 of its 5 words are in ours.
    assert "our answers that NYT 2022 allowed accepts: 2/2 = 100.00%" in text
    assert "(target >= 97%: meets target)" in text
    assert "NYT 2022 allowed words our allowed accepts: 3/5 = 60.00%" in text
    assert "(target >= 90%: BELOW target)" in text
    assert "NYT 2022 answers in our answers: 1/2 = 50.00%; in our allowed: 50.00%" in text
    assert "NYT 2023 answers" not in text  # absent file is skipped


@pytest.mark.parametrize(
    ("answers", "allowed", "message"),
    [
        ("slate\ncrane\n", GOOD["allowed"], "out of order"),
        ("crane\ncrane\n", GOOD["allowed"], "repeats the line before"),
        ("Crane\n", GOOD["allowed"], "is not five lower-case letters"),
        ("cranes\n", GOOD["allowed"], "is not five lower-case letters"),
        ("crane\n\n", GOOD["allowed"], "is not five lower-case letters"),
        ("crane", GOOD["allowed"], "no newline"),
        ("", GOOD["allowed"], "the list is empty"),
        ("crane\nzonky\n", GOOD["allowed"], "answers subset of allowed: NO (1 answers not"),
    ],
)
def test_broken_lists_exit_1_and_say_why(
    tmp_path: Path, answers: str, allowed: str, message: str
) -> None:
    code, text = run(write(tmp_path / "lists", answers=answers, allowed=allowed), tmp_path / "x")
    assert code == 1
    assert message in text
    assert "Result: our lists are BROKEN" in text


def test_missing_file_is_broken(tmp_path: Path) -> None:
    code, text = run(write(tmp_path / "lists", allowed=GOOD["allowed"]), tmp_path / "x")
    assert code == 1
    assert "answers.txt is missing" in text


def test_many_problems_are_summarised(tmp_path: Path) -> None:
    lines = "".join(f"{'X' * 5}\n" for _ in range(20))
    code, text = run(write(tmp_path / "lists", answers=lines, allowed=lines), tmp_path / "x")
    assert code == 1
    assert "... and 15 more problems" in text


def test_shipped_lists_pass_and_default_reference_is_next_to_the_repo() -> None:
    expected = REPO_ROOT.parent / "shared" / "reference"
    assert expected == report.DEFAULT_REFERENCE_DIR
    code, text = run(WORDLISTS_DIR, report.DEFAULT_REFERENCE_DIR)
    assert code == 0, text
    assert "answers subset of allowed: yes" in text


def test_shipped_lists_meet_the_coverage_targets_when_the_reference_is_present() -> None:
    reference = report.DEFAULT_REFERENCE_DIR
    if not (reference / "nyt-2022-allowed.txt").is_file():
        pytest.skip("needs ../shared/reference (measurement only)")
    _, text = run(WORDLISTS_DIR, reference)
    assert text.count("meets target") == 2, text


def test_main_exit_code(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = write(tmp_path / "good", **GOOD)
    assert report.main(["--lists", str(good), "--reference", str(tmp_path / "none")]) == 0
    bad = write(tmp_path / "bad", answers="zonky\n", allowed="crane\n")
    assert report.main(["--lists", str(bad), "--reference", str(tmp_path / "none")]) == 1
    assert "BROKEN" in capsys.readouterr().out
