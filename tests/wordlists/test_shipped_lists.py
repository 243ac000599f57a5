"""Checks on the English 5 lists, wordlists/answers.txt and wordlists/allowed.txt.

Every pack, English 5 included, is also checked by test_packs.py and test_rebuild.py.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from wordpacks import scowl

from tests.wordlists._scripts import WORDLISTS_DIR

WORD = re.compile(r"[a-z]{5}")
OPENERS = ("soare", "roate", "salet", "tares", "crane", "slate", "raise", "adieu")


def read_lines(name: str) -> list[str]:
    text = (WORDLISTS_DIR / name).read_text(encoding="utf-8")
    assert text.endswith("\n"), f"{name} must end with a newline"
    return text[:-1].split("\n")


@pytest.fixture(scope="module")
def answers() -> list[str]:
    return read_lines("answers.txt")


@pytest.fixture(scope="module")
def allowed() -> list[str]:
    return read_lines("allowed.txt")


@pytest.mark.parametrize("name", ["answers.txt", "allowed.txt"])
def test_format_one_lower_case_five_letter_word_per_line_sorted_unique(name: str) -> None:
    lines = read_lines(name)
    bad = [line for line in lines if not WORD.fullmatch(line)]
    assert bad == []
    assert lines == sorted(set(lines))


def test_files_are_plain_ascii_with_unix_newlines() -> None:
    for name in ("answers.txt", "allowed.txt"):
        raw = (WORDLISTS_DIR / name).read_bytes()
        assert b"\r" not in raw
        assert raw.isascii()


def test_answers_are_all_allowed(answers: list[str], allowed: list[str]) -> None:
    assert set(answers) - set(allowed) == set()


def test_counts_in_range(answers: list[str], allowed: list[str]) -> None:
    assert 2_000 <= len(answers) <= 3_500
    assert 12_000 <= len(allowed) <= 30_000


@pytest.mark.parametrize("opener", OPENERS)
def test_common_openers_are_allowed(opener: str, allowed: list[str]) -> None:
    assert opener in set(allowed)


def test_no_answer_is_another_answer_plus_s_or_es(answers: list[str]) -> None:
    pool = set(answers)
    plurals = sorted(
        w
        for w in pool
        if (w.endswith("s") and w[:-1] in pool)
        or (w.endswith("es") and w[:-2] in pool)
        or (w.endswith("ies") and w[:-3] + "y" in pool)
    )
    assert plurals == []


def test_no_answer_is_another_answer_plus_d_or_ed(answers: list[str]) -> None:
    pool = set(answers)
    assert sorted(w for w in pool if w.endswith("ed") and (w[:-1] in pool or w[:-2] in pool)) == []


def test_no_answer_passes_the_builds_own_plural_and_past_checks(answers: list[str]) -> None:
    pool = set(answers)
    flagged = [
        w
        for w in answers
        if (scowl.is_simple_plural(w, pool) or scowl.is_regular_past_tense(w, pool))
        and w not in scowl.NOT_INFLECTED
    ]
    assert flagged == []


@pytest.mark.parametrize("word", ["cards", "boxes", "flies", "faded", "cried", "fungi"])
def test_plural_and_past_forms_are_guesses_but_not_answers(
    word: str, answers: list[str], allowed: list[str]
) -> None:
    assert word in set(allowed)
    assert word not in set(answers)


@pytest.mark.parametrize("word", ["crane", "house", "light", "sugar", "glass", "bonus", "focus"])
def test_everyday_words_are_answers(word: str, answers: list[str]) -> None:
    # GLASS/BONUS/FOCUS end in s but are not plurals.
    assert word in set(answers)


def test_blocklists_hold(answers: list[str], allowed: list[str]) -> None:
    assert set(answers) & scowl.NOT_FOR_ANSWERS == set()
    assert set(answers) & scowl.NOT_ANSWERS == set()
    assert set(allowed) & scowl.SLURS == set()


def test_every_answer_has_a_vowel(answers: list[str]) -> None:
    assert [w for w in answers if not scowl.has_vowel(w)] == []


def test_readme_and_licence_files_are_shipped() -> None:
    readme = (WORDLISTS_DIR / "README.md").read_text(encoding="utf-8")
    assert "Permission to use, copy, modify, distribute and sell these word" in readme
    assert "Creative Commons Attribution-ShareAlike 4.0" in readme
    assert "uv run --group wordlists python scripts/build_wordlists.py" in readme
    for name in ("LICENSE-SCOWL.txt", "LICENSE-wordfreq.txt"):
        assert Path(WORDLISTS_DIR / name).stat().st_size > 1_000


def test_readme_states_the_current_sizes(answers: list[str], allowed: list[str]) -> None:
    readme = (WORDLISTS_DIR / "README.md").read_text(encoding="utf-8")
    assert f"| `answers.txt` | {len(answers):,} |" in readme
    assert f"| `allowed.txt` | {len(allowed):,} |" in readme
