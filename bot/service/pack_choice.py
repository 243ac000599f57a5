"""Which word pack a game is played in, and that pack's lists and solver.

A start names a language and a length, or leaves them to the server's settings, then to the
bot's default (English, 5 letters). English in 5 letters is the bot's own lists (its
``WORDLE_ANSWERS``/``WORDLE_ALLOWED`` when set); any other shipped pack gives its own
(:mod:`bot.core.packs`).
"""

from __future__ import annotations

import asyncio
from functools import partial
from typing import Any

from bot.core.packs import DEFAULT_LANGUAGE, DEFAULT_LENGTH, Pack, PackError, pack
from bot.core.solver import Solver
from bot.core.variant import CLASSIC, Variant
from bot.core.words import WordLists
from bot.service.errors import BadOption, Problem
from bot.storage.models import GuildSettings, Unset


def chosen_variant(settings: GuildSettings | None, language: str | None,
                   length: int | None) -> Variant:
    """The variant of the pack a start asks for: each of ``language`` and ``length`` given,
    else the server's, else the bot's default. ``BadOption`` (``UNKNOWN_PACK``, naming the
    packs there are) for a pack not shipped."""
    language = language or (settings.language if settings else None) or DEFAULT_LANGUAGE
    length = length or (settings.word_length if settings else None) or DEFAULT_LENGTH
    if (language, length) == (CLASSIC.language, CLASSIC.length):
        return CLASSIC
    return shipped(language, length).variant


def shipped(language: str, length: int) -> Pack:
    """The shipped pack ``language``-``length``; ``BadOption`` naming the packs there are."""
    try:
        return pack(language, length)
    except (KeyError, PackError):
        raise BadOption(Problem.UNKNOWN_PACK, detail=f"{language}-{length}") from None


def server_pack(settings: GuildSettings, language: str | Unset,
                length: int | Unset) -> dict[str, Any]:
    """The settings to write for a server's new word pack: none when neither is given; else
    the pack of the one given with the other as set now, checked to be shipped
    (``BadOption`` otherwise), stored as ``None`` for the bot's default."""
    if isinstance(language, Unset) and isinstance(length, Unset):
        return {}
    variant = chosen_variant(settings, None if isinstance(language, Unset) else language,
                             None if isinstance(length, Unset) else length)
    if variant == CLASSIC:
        return {"language": None, "word_length": None}
    return {"language": variant.language, "word_length": variant.length}


class PackLists(dict[Variant, WordLists]):
    """The answers and allowed guesses of each variant played (``lists[variant]``), made
    once per process from its pack (``KeyError`` for one not shipped). A dict, so that a
    guess looks its lists up without a call into this module."""

    def __init__(self, classic: WordLists) -> None:
        super().__init__({CLASSIC: classic})

    def __missing__(self, variant: Variant) -> WordLists:
        played = pack(variant.language, variant.length)
        if variant.boards > 1:  # the words of its pack's game of one board
            found = self[variant] = self[played.variant]
        else:
            found = self[variant] = WordLists(played.answers, played.allowed)
        return found


class PackSolvers:
    """The solver of each variant a hint or an analysis needed, built once in a worker thread
    on first use: English in 5 letters from the bot's own lists (or ``ready``), any other from
    its pack's (whose strategies ship with the bot, found by its lists)."""

    def __init__(self, lists: PackLists, ready: Solver | None = None) -> None:
        self._lists = lists
        self._built: dict[Variant, Solver] = {} if ready is None else {CLASSIC: ready}
        self._lock = asyncio.Lock()

    async def get(self, variant: Variant = CLASSIC) -> Solver:
        found = self._built.get(variant)
        if found is None:
            async with self._lock:
                found = self._built.get(variant)
                if found is None:
                    lists = self._lists[variant]
                    answers, allowed = list(lists.answers), list(lists.allowed_sorted)
                    found = self._built[variant] = await asyncio.to_thread(
                        partial(Solver, answers, allowed, variant=variant))
        return found
