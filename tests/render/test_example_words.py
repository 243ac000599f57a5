"""The example words a player reads in their language are words of their language's pack: the
row in ``/wordle prefs`` and the rules' duplicate-letter example, whose row is scored by the
rules themselves (:func:`bot.core.feedback.score`)."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.core.feedback import score
from bot.core.packs import pack
from bot.render.account_text import prefs_text
from bot.render.catalogues import LANGUAGES, SOURCE_LANGUAGE
from bot.render.common import texts_for
from bot.render.emoji_board import squares
from bot.render.rules_text import RULES_EXAMPLES, rules_text
from bot.service.prefs import PlayerPrefs

OTHERS = [language for language in LANGUAGES if language != SOURCE_LANGUAGE]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_prefs_example_is_a_word_of_the_pack(language: str) -> None:
    text = prefs_text(PlayerPrefs(1), None, texts_for(language))
    [spaced] = [part for part in text.split("`")[1::2] if len(part) == 9]
    word = spaced.replace(" ", "").lower()
    assert word in pack(language, 5).allowed, word
    if language != SOURCE_LANGUAGE:
        assert word != "crane"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rules_example_is_a_duplicate_letter_row_of_the_pack(language: str) -> None:
    guess, answer = RULES_EXAMPLES[language]
    words = pack(language, 5)
    assert guess in words.allowed and answer in words.answers
    row = score(guess, answer)
    [(twice, _)] = [(c, n) for c, n in Counter(guess).items() if n == 2]
    assert twice in answer  # a letter typed twice, which the word has
    text = rules_text(texts=texts_for(language))
    assert f"{guess.upper()}" in text and f"{answer.upper()}" in text
    assert squares(row) in text
    if language != SOURCE_LANGUAGE:
        # one copy coloured, the other grey: the word has no more of it
        marks = {row[i] for i, c in enumerate(guess) if c == twice}
        assert marks & {"G", "Y"} and "B" in marks, row
        assert "SPEED" not in text
