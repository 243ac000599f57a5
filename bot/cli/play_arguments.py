"""What is wrong with ``wordle-bot play``'s options, before any game or database: two games
asked for at once, an archive number or date that cannot be one, a word pack not shipped or
not for the daily, a ``--word`` not in the pack. Worded in the terminal's language
(``--lang``, else the environment's), as the game itself."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from bot.render.common import ENGLISH, Texts

if TYPE_CHECKING:
    from bot.core.variant import Variant
    from bot.core.words import WordLists


def play_arguments_error(args: argparse.Namespace, words: WordLists,
                         texts: Texts = ENGLISH) -> str | None:
    """Why the options of ``play`` cannot start a game (exit status 2), or None."""
    from bot.core.game import Invalid, validate_guess
    from bot.core.packs import DEFAULT_LANGUAGE, DEFAULT_LENGTH, pack_of
    from bot.core.variant import CLASSIC
    from bot.render.word_problems import invalid_text

    t = texts
    archive = args.archive is not None or args.archive_date is not None
    if sum((args.daily, args.word is not None, archive)) > 1:
        return t._("Choose one of --daily, --word and --archive (or --archive-date).")
    if args.archive is not None and not (args.archive.strip().isascii()
                                         and args.archive.strip().isdigit()):
        return "--archive: " + t._("{number} isn't a puzzle number; give a number (--archive "
                                   "123) or a date (--archive-date 2026-03-15).",
                                   number=repr(args.archive[:20]))
    if args.archive_date is not None:
        problem = _archive_date_error(args.archive_date, t)
        if problem is not None:
            return f"--archive-date: {problem}"
        if args.archive is not None and _archive_mismatch(args.archive, args.archive_date):
            return t._("--archive and --archive-date name two different puzzles; give just "
                       "one of them.")
    if args.boards is not None and (args.word is not None or archive):
        return t._("--boards plays a practice game or the daily on several boards; --word and "
                   "the archive are for one board.")
    variant = CLASSIC
    if args.language is not None or args.length is not None:
        found = _play_pack(args.language or DEFAULT_LANGUAGE, args.length or DEFAULT_LENGTH, t)
        if isinstance(found, str):
            return found
        variant = found
    if variant != CLASSIC and (args.daily or archive):
        return t._("--language and --length choose the words of a practice game; the daily "
                   "and its archive are English, 5 letters.")
    if args.word is not None:
        allowed = words.allowed if variant == CLASSIC else pack_of(variant).allowed
        checked = validate_guess(args.word, allowed, variant)
        if isinstance(checked, Invalid):
            return "--word: " + invalid_text(checked, t)
    return None


def _play_pack(language: str, length: int, texts: Texts) -> Variant | str:
    """The variant of the shipped pack ``language``-``length``, or why there is none."""
    from bot.core.packs import PackError, pack, pack_keys

    if f"{language}-{length}" not in pack_keys():
        return "--language/--length: " + texts._(
            "There's no {pack} word pack; the packs are {packs}.",
            pack=f"{language[:20]}-{length}", packs=", ".join(pack_keys()))
    try:
        return pack(language, length).variant
    except PackError as error:  # a damaged pack: the details are for whoever installed it
        return texts._("word pack {pack}: {error}", pack=f"{language}-{length}", error=error)


def _archive_date_error(text: str, texts: Texts) -> str | None:
    """What is wrong with a date that is not YYYY-MM-DD, worded as the game words it; a
    well-formed date outside the archive is left to the game."""
    from bot.service.archive import archive_number
    from bot.service.errors import BadOption, Problem
    from bot.terminal import error_text

    try:
        archive_number(None, text)
    except BadOption as exc:
        if exc.problem is Problem.ARCHIVE_BAD_DATE:
            return error_text(exc, texts=texts)
    return None


def _archive_mismatch(number: str, text: str) -> bool:
    """Whether a number and a well-formed date name two different puzzles."""
    from bot.service.archive import archive_number
    from bot.service.errors import BadOption, Problem

    try:
        archive_number(int(number), text)
    except BadOption as exc:
        return exc.problem is Problem.ARCHIVE_MISMATCH
    return False
