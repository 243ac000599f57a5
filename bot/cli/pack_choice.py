"""``--language`` and ``--length`` of ``solve`` and ``prepare``: which word pack's lists.

English 5 letters (the default) keeps the bot's own lists: ``--answers``/``--allowed``, else
``WORDLE_ANSWERS``/``WORDLE_ALLOWED``, else the shipped ones. Any other pack
(``wordlists/<language>-<length>/``) gives its lists, or ``--answers``/``--allowed`` replace
them, read through the pack's letters (accents folded, the language's case).
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from bot.core.letter_rules import LETTER_RULES, LetterRules, letter_rules
from bot.core.letters import BadPackWord, read_word, shown_answer, upper_case
from bot.core.packs import DEFAULT_LANGUAGE, DEFAULT_LENGTH
from bot.core.variant import CLASSIC, Variant
from bot.render.common import ENGLISH, Texts


@dataclass(frozen=True)
class Chosen:
    """The lists a command works on, the pack's letters and its game."""

    variant: Variant
    rules: LetterRules
    answers: tuple[str, ...]
    allowed: tuple[str, ...]
    #: Accented spellings of the answers that have one.
    display: Mapping[str, str] = field(default_factory=dict)

    def shown(self, word: str) -> str:
        """A word as people read it: upper case, with its accents (``ÁRBOL``)."""
        return shown_answer(word, self.display.get(word, word), self.rules)

    def typed(self, word: str) -> str:
        """A guess as typed back in a row: upper case by the language's rule."""
        return upper_case(word, self.rules)


def _length(text: str) -> int:
    if not text.isdigit() or not 0 < int(text) < 100:
        raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a word length (a number "
                                         "such as 5)")
    return int(text)


def add_pack_options(parser: argparse.ArgumentParser, texts: Texts = ENGLISH) -> None:
    """``--language`` and ``--length``, their help in the language of ``texts``."""
    parser.add_argument("--language", default=DEFAULT_LANGUAGE, metavar="CODE",
                        help=texts._("the word pack's language: en, de, es, fr, it, nl, pt "
                                     "or ru (default {language})", language=DEFAULT_LANGUAGE))
    parser.add_argument("--length", type=_length, default=DEFAULT_LENGTH, metavar="N",
                        help=texts._("the word pack's length: 5 in every language, also 4, 6 "
                                     "and 7 in English (default {length})",
                                     length=DEFAULT_LENGTH))


def read_guess(text: str, variant: Variant, texts: Texts = ENGLISH) -> str:
    """A guess as typed, in the variant's letters: read through its language's letters
    (accents folded, Cyrillic, the language's case) when they are the variant's; raises
    ``ValueError`` with a message in the language of ``texts``."""
    from bot.render.solver_text import not_a_word_text
    from bot.render.word_problems import word_text

    rules = LETTER_RULES.get(variant.language)
    shown = repr(text[:30])
    if rules is not None and rules.alphabet == variant.alphabet:
        try:
            return read_word(text, rules, variant.length)
        except BadPackWord as bad:
            raise ValueError(texts._("{word}: {problem}", word=shown, problem=word_text(
                bad.problem.value, bad.values, texts))) from None
    word = text.lower()
    if len(word) != variant.length or not set(word) <= set(variant.alphabet):
        raise ValueError(not_a_word_text(text[:30], variant.length, variant.alphabet, texts))
    return word


def chosen_lists(command: str, env_file: str | Path, args: argparse.Namespace,
                 err: TextIO, texts: Texts = ENGLISH) -> Chosen | None:
    """The lists of the pack ``args`` name (with its ``--answers``/``--allowed``); ``None``
    once why they cannot be had is written to ``err`` (exit 2; a pack there is not, in the
    language of ``texts``)."""
    from bot.cli import word_lists
    from bot.core.packs import PackError, pack, pack_keys, read_pack_list
    from bot.render.terminal_text import controls_named

    if (args.language, args.length) == (DEFAULT_LANGUAGE, DEFAULT_LENGTH):
        lists = word_lists(command, env_file, args.answers, args.allowed, err)
        if lists is None:
            return None
        return Chosen(CLASSIC, letter_rules(DEFAULT_LANGUAGE), lists.answers,
                      lists.allowed_sorted)
    key = f"{args.language}-{args.length}"
    if key not in pack_keys():
        print(texts._("{command}: {problem}", command=f"wordle-bot {command}", problem=texts._(
            "There's no {pack} word pack; the packs are {packs}.",
            pack=controls_named(key[:30]), packs=", ".join(pack_keys()))), file=err)
        return None
    try:
        found = pack(args.language, args.length)
        answers = read_pack_list(args.answers, found) if args.answers else found.answers
        allowed = read_pack_list(args.allowed, found) if args.allowed else found.allowed
    except KeyError as error:
        print(f"wordle-bot {command}: {controls_named(str(error.args[0]))}", file=err)
        return None
    except PackError as error:
        print(f"wordle-bot {command}: word list problem: {controls_named(str(error))}",
              file=err)
        return None
    return Chosen(found.variant, found.rules, answers,
                  tuple(sorted(set(allowed) | set(answers))), found.display)
