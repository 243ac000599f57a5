"""A refused guess worded in the player's language (issue 29 item 4), through the real core and
the real catalogues: the core hands over the reason's values, never English to be shown."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.core.game import Game, Invalid
from bot.core.packs import pack
from bot.core.word_notes import HardModeRule
from bot.render.catalogues import LANGUAGES, SOURCE_LANGUAGE
from bot.render.common import ENGLISH, texts_for
from bot.render.word_problems import invalid_text, ordinal_text

NOW = datetime(2026, 3, 1, tzinfo=UTC)
#: language: (the 2nd letter must be E; E twice; a digit and a space; 2 letters of 5)
EXPECTED = {
    "de": ("Schwerer Modus: Der 2. Buchstabe muss E sein.",
           "Schwerer Modus: Dein Wort muss E zweimal enthalten.",
           "nicht verwendbar: die Ziffer 1, ein Leerzeichen.",
           "Ein Wort muss 5 Buchstaben haben; AB hat 2."),
    "es": ("Modo difícil: la 2.ª letra debe ser E.",
           "Modo difícil: tu palabra debe contener E dos veces.",
           "no se puede usar: el dígito 1, un espacio.",
           "Una palabra debe tener 5 letras; AB tiene 2."),
    "fr": ("Mode difficile : la 2e lettre doit être E.",
           "Mode difficile : ton mot doit contenir E deux fois.",
           "impossible d'utiliser le chiffre 1, une espace.",
           "Un mot doit avoir 5 lettres ; AB en a 2."),
    "it": ("Modalità difficile: la 2ª lettera deve essere E.",
           "Modalità difficile: la tua parola deve contenere E due volte.",
           "non si può usare: la cifra 1, uno spazio.",
           "Una parola deve avere 5 lettere; AB ne ha 2."),
    "nl": ("Moeilijke modus: de 2e letter moet E zijn.",
           "Moeilijke modus: je woord moet E twee keer bevatten.",
           "niet te gebruiken: het cijfer 1, een spatie.",
           "Een woord moet 5 letters hebben; AB heeft er 2."),
    "pt": ("Modo difícil: a 2ª letra deve ser E.",
           "Modo difícil: sua palavra deve conter E duas vezes.",
           "não dá para usar: o dígito 1, um espaço.",
           "Uma palavra deve ter 5 letras; AB tem 2."),
    "ru": ("Сложный режим: 2-я буква должна быть Е.",
           "Сложный режим: буква Е должна быть в слове дважды.",
           "нельзя использовать: цифра 1, пробел.",
           "Нужно слово из 5 букв; в АБ букв: 2."),
}


def refusals(language: str) -> tuple[str, ...]:
    """The four refusals in a hard-mode game of the language's own pack, as the player reads
    them: the 2nd letter must be E, E twice, characters that are no letters, a short word."""
    game_pack = pack(language, 5)
    words, e = sorted(game_pack.allowed), "е" if language == "ru" else "e"
    hidden = next(w for w in sorted(game_pack.answers) if w[1] == e and w.count(e) == 1)
    # a first guess whose only green is the E, and no other letter of the hidden word
    first = next(w for w in words if w[1] == e and w.count(e) == 1
                 and not set(w[:1] + w[2:]) & set(hidden))
    game = Game(hidden_word=hidden, hard_mode=True, created_at=NOW, variant=game_pack.variant)
    played = game.play(first, player_id=1, now=NOW)
    breaking = next(w for w in words if w[1] != e)
    t = texts_for(language)
    position = played.check(breaking, game_pack.allowed)
    characters = game.check("х1 хх" if language == "ru" else "x1 xx", game_pack.allowed)
    short = game.check("аб" if language == "ru" else "ab", game_pack.allowed)
    count = Invalid("hard_mode", "", HardModeRule(e, count=2))
    assert {position.code, characters.code, short.code} == {"hard_mode", "characters",
                                                              "length"}
    return (invalid_text(position, t), invalid_text(count, t), invalid_text(characters, t),
            invalid_text(short, t))


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != SOURCE_LANGUAGE])
def test_a_refused_guess_is_worded_in_the_players_language(language: str) -> None:
    position, twice, characters, short = refusals(language)
    want = EXPECTED[language]
    assert (position, twice, short) == (want[0], want[1], want[3])
    assert characters.endswith(want[2]), characters


def test_english_keeps_the_cores_words() -> None:
    game_pack = pack("en", 5)
    game = Game(hidden_word="crane", hard_mode=True, created_at=NOW, variant=game_pack.variant)
    played = game.play("slate", player_id=1, now=NOW)
    refused = played.check("about", game_pack.allowed)
    assert isinstance(refused, Invalid)
    assert invalid_text(refused, ENGLISH) == refused.message
    assert refused.message == "Hard mode: the 3rd letter must be A."
    unknown = game.check("qqqqq", game_pack.allowed)
    assert isinstance(unknown, Invalid)
    assert invalid_text(unknown, texts_for("de")) == "QQQQQ steht nicht in der Wortliste."


@pytest.mark.parametrize(("language", "ordinals"), [
    ("en", ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st"]),
    ("de", ["1.", "2.", "3.", "4.", "11.", "12.", "13.", "21."]),
    ("fr", ["1re", "2e", "3e", "4e", "11e", "12e", "13e", "21re"]),
])
def test_ordinals_per_language(language: str, ordinals: list[str]) -> None:
    t = texts_for(language)
    assert [ordinal_text(n, t) for n in (1, 2, 3, 4, 11, 12, 13, 21)] == ordinals
