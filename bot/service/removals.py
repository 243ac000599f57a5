"""A server takes a word out of its own answers, or puts it back (``/wordle settings
remove_word:`` and ``restore_word:``, for Manage Server).

The word is read through the server's pack's letters and must be one of the pack's answers.
Practice games and races leave it out at once; the dailies from the server's next day on
(:mod:`bot.core.removed_words`), so today's and past dailies never change. Nothing here looks
at a daily: what is said back is the same whether the word was, is or would have been one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from bot.core.game import Invalid, validate_guess
from bot.core.packs import shown_word
from bot.core.personal import PERSONAL
from bot.core.removed_words import Removal, kept_answers, removed_now
from bot.core.variant import Variant
from bot.service.errors import BadOption, InvalidGuess, Problem
from bot.service.pack_choice import chosen_variant
from bot.storage.port import Store

if TYPE_CHECKING:
    from bot.service.game_service import GameService

#: The most words a server keeps out of its answers of one pack (and never half of them).
MAX_REMOVED: Final = 300


@dataclass(frozen=True)
class RemovedWords:
    """The words out of a server's answers in its pack now (sorted), and the word just
    removed or restored, if any."""

    variant: Variant
    words: tuple[str, ...]
    changed: str | None = None


async def answers_here(db: Store, guild_id: int, variant: Variant,
                       answers: tuple[str, ...]) -> tuple[str, ...]:
    """The answers a practice game or race of the server deals: the pack's, without the
    words the server took out."""
    if guild_id == PERSONAL:
        return answers
    removals = await db.removals(guild_id, variant.language, variant.length)
    return kept_answers(answers, removed_now(removals))


async def removed_words(service: GameService, guild_id: int) -> RemovedWords:
    """The words out of the server's answers in its pack now."""
    variant = chosen_variant(await service.db.guild_settings(guild_id), None, None)
    removals = await service.db.removals(guild_id, variant.language, variant.length)
    return RemovedWords(variant, tuple(sorted(removed_now(removals))))


async def check_changes(service: GameService, guild_id: int, remove: str | None,
                        restore: str | None, language: str | None = None,
                        length: int | None = None) -> None:
    """Refuse, before anything of a ``/wordle settings`` is saved, the word to take out or
    put back that :func:`remove_word` or :func:`restore_word` would refuse, in the pack the
    settings choose (``language``, ``length``): a command is saved whole or not at all."""
    if remove is None and restore is None:
        return
    db = service.db
    variant = chosen_variant(await db.guild_settings(guild_id), language, length)
    out = removed_now(await db.removals(guild_id, variant.language, variant.length))
    if remove is not None:
        word = _answer(service, variant, remove)
        _refuse_removal(service, variant, word, out)
        out = out | {word}
    if restore is not None:
        word = _answer(service, variant, restore)
        if word not in out:
            raise BadOption(Problem.WORD_NOT_REMOVED, detail=shown_word(variant, word))


def _refuse_removal(service: GameService, variant: Variant, word: str,
                    out: frozenset[str]) -> None:
    """``BadOption`` for a word out already, or one word too many out."""
    if word in out:
        raise BadOption(Problem.WORD_REMOVED_ALREADY, detail=shown_word(variant, word))
    limit = min(MAX_REMOVED, (len(service.lists[variant].answers) - 1) // 2)
    if len(out) >= limit:
        raise BadOption(Problem.TOO_MANY_REMOVED, detail=str(limit))


async def remove_word(service: GameService, guild_id: int, raw: str) -> RemovedWords:
    """Take ``raw`` out of the server's answers (see the module); refused, changing nothing,
    for a word that is not an answer of the pack, one out already, or one too many."""
    db, variant, word, removals, tomorrow = await _read(service, guild_id, raw)
    out = removed_now(removals)
    _refuse_removal(service, variant, word, out)
    ending = [r for r in removals if r.word == word and r.restored_from == tomorrow]
    if ending:  # put back today: that restore never counts
        await db.save_removal(guild_id, variant.language, variant.length,
                              Removal(word, ending[0].removed_from))
    else:
        await db.save_removal(guild_id, variant.language, variant.length,
                              Removal(word, tomorrow))
    return RemovedWords(variant, tuple(sorted(out | {word})), word)


async def restore_word(service: GameService, guild_id: int, raw: str) -> RemovedWords:
    """Put ``raw`` back among the server's answers: practice games and races at once, the
    dailies from the server's next day on. Refused, changing nothing, for a word not out."""
    db, variant, word, removals, tomorrow = await _read(service, guild_id, raw)
    current = [r for r in removals if r.word == word and r.restored_from is None]
    if not current:
        raise BadOption(Problem.WORD_NOT_REMOVED, detail=shown_word(variant, word))
    removal = current[0]
    if removal.removed_from >= tomorrow:  # taken out today: it never counted
        await db.drop_removal(guild_id, variant.language, variant.length, removal)
    else:
        await db.save_removal(guild_id, variant.language, variant.length,
                              Removal(word, removal.removed_from, tomorrow))
    out = removed_now(removals) - {word}
    return RemovedWords(variant, tuple(sorted(out)), word)


def _answer(service: GameService, variant: Variant, raw: str) -> str:
    """``raw`` read in the pack of ``variant``, refused unless one of its answers."""
    lists = service.lists[variant]
    word = validate_guess(raw, lists.allowed, variant)
    if isinstance(word, Invalid):
        raise InvalidGuess(word)
    if word not in lists.answers:
        raise BadOption(Problem.NOT_AN_ANSWER, detail=shown_word(variant, word))
    return word


async def _read(service: GameService, guild_id: int, raw: str
                ) -> tuple[Store, Variant, str, list[Removal], int]:
    """The word read in the server's pack (one of its answers), the server's removals and
    its next day."""
    db = service.db
    settings = await db.guild_settings(guild_id)
    variant = chosen_variant(settings, None, None)
    word = _answer(service, variant, raw)
    removals = await db.removals(guild_id, variant.language, variant.length)
    tomorrow = await service.today_in(settings, None) + 1
    return db, variant, word, removals, tomorrow
