"""Discord's documented limits on application commands, checked on the payloads a bot syncs.

Discord refuses a whole sync when one string is too long, so one word too many in a single
description leaves a server with no commands at all. The limits are those of Discord's API
documentation (Interactions > Application Commands):

* a ``CHAT_INPUT`` command's and every option's name: 1-32 characters matching
  ``^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``, in lower case where the letter has one;
  ``USER`` and ``MESSAGE`` command names: 1-32 characters of any kind;
* descriptions of ``CHAT_INPUT`` commands and of options: 1-100 characters. discord.py cuts
  an option's description given longer (``app_commands.describe``), and a description taken
  from a docstring, to 100 with an ellipsis (and writes one alone for an option described
  nowhere): such a cut description passes Discord but shows players half a sentence, so a
  description ending with "…" counts as too long here;
* at most 25 options in a command, a subcommand group or a subcommand, unique names among
  them, required ones before optional ones; groups only at the top, subcommands only at the
  top or in a group;
* at most 25 choices in an option, each named with 1-100 characters, a text value of at most
  100; no autocomplete beside choices;
* at most 4000 characters in a command's names, descriptions and choice values together,
  counting for each field its longest localisation (the default string included);
* localisations only under Discord's locales;
* at most 100 global ``CHAT_INPUT`` commands, 5 ``USER`` and 5 ``MESSAGE`` ones.

Every check runs in every locale the payloads carry (a string without a localisation for
that locale is shown in its default language there).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from typing import Any

import discord
from discord import app_commands

NAME_MAX = 32
DESCRIPTION_MAX = 100
OPTIONS_MAX = 25
CHOICES_MAX = 25
CHOICE_NAME_MAX = 100
CHOICE_VALUE_MAX = 100
COMMAND_CHARACTERS_MAX = 4000
GLOBAL_COMMANDS_MAX = {1: 100, 2: 5, 3: 5}  # CHAT_INPUT, USER, MESSAGE

CHAT_INPUT = 1
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
CUT = "…"  # what discord.py puts at the end of a description it shortened
DISCORD_LOCALES = frozenset(locale.value for locale in discord.Locale)

#: The Devanagari and Thai blocks, standing in for the script properties ``\p{sc=Deva}`` and
#: ``\p{sc=Thai}`` of Discord's pattern (Python's ``re`` has no script property); they add
#: the scripts' combining marks to the letters and digits ``\p{L}`` and ``\p{N}`` allow.
_SCRIPT_BLOCKS = ((0x0900, 0x097F), (0xA8E0, 0xA8FF), (0x11B00, 0x11B5F), (0x0E00, 0x0E7F))

Payload = dict[str, Any]


async def sync_payloads(tree: app_commands.CommandTree[Any]) -> list[Payload]:
    """The global commands as :meth:`CommandTree.sync` sends them: each command's
    ``to_dict``, or, when the tree has a translator, its translated payload (the default
    strings with a localisation for every locale the translator answers)."""
    translator = tree.translator
    commands = tree.get_commands()
    if translator is None:
        return [command.to_dict(tree) for command in commands]
    return [await command.get_translated_payload(tree, translator) for command in commands]


def locales_in(payloads: list[Payload]) -> list[str | None]:
    """``None`` (the default strings) and every locale a localisation is given for."""
    found: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key.endswith("_localizations") and value:
                    found.update(value)
                else:
                    walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(payloads)
    return [None, *sorted(found)]


def problems(payloads: list[Payload]) -> list[str]:
    """Every way ``payloads`` break Discord's limits, one line each (none: all is well)."""
    found: list[str] = []
    counts: dict[int, int] = {}
    for command in payloads:
        kind = command.get("type", CHAT_INPUT)
        counts[kind] = counts.get(kind, 0) + 1
        where = f"/{command['name']}"
        found += [f"{where}: {p}" for p in _localisation_keys(command)]
        for locale in locales_in([command]):
            found += [f"{p} [{locale or 'default'}]" for p in _command(command, locale)]
        total = _characters(command)
        if total > COMMAND_CHARACTERS_MAX:
            found.append(f"{where}: {total} characters in its names, descriptions and values "
                         f"(at most {COMMAND_CHARACTERS_MAX})")
    for kind, count in counts.items():
        if count > GLOBAL_COMMANDS_MAX.get(kind, 0):
            found.append(f"{count} global commands of type {kind} (at most "
                         f"{GLOBAL_COMMANDS_MAX.get(kind, 0)})")
    return found


def shown(node: Payload, key: str, locale: str | None) -> str:
    """``node[key]`` as people of ``locale`` see it (its default when not localised)."""
    localised = node.get(f"{key}_localizations") or {}
    return str(localised.get(locale, node[key]) if locale else node[key])


def name_problem(name: str, *, chat_input: bool = True) -> str | None:
    """Why ``name`` cannot be a command's or an option's name, or ``None``."""
    if not 1 <= len(name) <= NAME_MAX:
        return f"name {name!r} has {len(name)} characters (1 to {NAME_MAX})"
    if not chat_input:
        return None
    bad = [c for c in name if not _name_character(c)]
    if bad:
        return f"name {name!r} has characters Discord refuses: {''.join(bad)!r}"
    if any(c.lower() != c for c in name):
        return f"name {name!r} must be in lower case"
    return None


def _name_character(c: str) -> bool:
    if c in "-_'" or unicodedata.category(c)[0] in "LN":
        return True
    return any(low <= ord(c) <= high for low, high in _SCRIPT_BLOCKS)


def _text_problem(what: str, text: str, most: int) -> str | None:
    if not 1 <= len(text) <= most:
        return f"{what} has {len(text)} characters (1 to {most}): {text!r}"
    return None


def _description_problem(node: Payload, locale: str | None) -> str | None:
    text = shown(node, "description", locale)
    if text.endswith(CUT):
        return f"description cut short by discord.py (longer than {DESCRIPTION_MAX} " \
               f"characters, or none given): {text!r}"
    return _text_problem("description", text, DESCRIPTION_MAX)


def _command(command: Payload, locale: str | None) -> Iterator[str]:
    name = shown(command, "name", locale)
    where = f"/{name}"
    chat_input = command.get("type", CHAT_INPUT) == CHAT_INPUT
    problem = name_problem(name, chat_input=chat_input)
    if problem:
        yield f"{where}: {problem}"
    if not chat_input:
        return
    problem = _description_problem(command, locale)
    if problem:
        yield f"{where}: {problem}"
    yield from _options(where, command.get("options") or [], locale)


#: What each level may hold besides plain options: a command, groups and subcommands; a
#: group, subcommands only (and no plain options); a subcommand, plain options only.
_NESTS = {"command": {SUB_COMMAND, SUB_COMMAND_GROUP}, "group": {SUB_COMMAND},
          "subcommand": set()}
_LEVEL_OF = {SUB_COMMAND_GROUP: "group", SUB_COMMAND: "subcommand"}


def _options(where: str, options: list[Payload], locale: str | None, *,
             level: str = "command") -> Iterator[str]:
    if len(options) > OPTIONS_MAX:
        yield f"{where}: {len(options)} options (at most {OPTIONS_MAX})"
    names = [shown(option, "name", locale) for option in options]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        yield f"{where}: options named twice: {', '.join(twice)}"
    optional_seen = False
    for option, name in zip(options, names, strict=True):
        here = f"{where} {name}"
        kind = option["type"]
        for problem in (name_problem(name), _description_problem(option, locale)):
            if problem:
                yield f"{here}: {problem}"
        if kind in _LEVEL_OF:
            if kind not in _NESTS[level]:
                yield f"{here}: a {_LEVEL_OF[kind]} cannot be inside a {level}"
            yield from _options(here, option.get("options") or [], locale,
                                level=_LEVEL_OF[kind])
            continue
        if level == "group":
            yield f"{here}: a group holds subcommands only"
        if option.get("required"):
            if optional_seen:
                yield f"{here}: a required option after an optional one"
        else:
            optional_seen = True
        yield from _choices(here, option, locale)


def _choices(where: str, option: Payload, locale: str | None) -> Iterator[str]:
    choices = option.get("choices") or []
    if len(choices) > CHOICES_MAX:
        yield f"{where}: {len(choices)} choices (at most {CHOICES_MAX})"
    if choices and option.get("autocomplete"):
        yield f"{where}: autocomplete beside choices"
    for choice in choices:
        problem = _text_problem("choice name", shown(choice, "name", locale), CHOICE_NAME_MAX)
        if problem:
            yield f"{where}: {problem}"
        value = choice["value"]
        if isinstance(value, str) and len(value) > CHOICE_VALUE_MAX:
            yield f"{where}: choice value {value!r} has {len(value)} characters (at most " \
                  f"{CHOICE_VALUE_MAX})"


def _localisation_keys(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key.endswith("_localizations") and value:
                unknown = sorted(set(value) - DISCORD_LOCALES)
                if unknown:
                    yield f"{key} for locales Discord does not have: {', '.join(unknown)}"
            else:
                yield from _localisation_keys(value)
    elif isinstance(node, list):
        for item in node:
            yield from _localisation_keys(item)


def _longest(node: Payload, key: str) -> int:
    """A field's size as Discord counts it: its longest localisation, the default included."""
    texts = [str(node[key]), *(node.get(f"{key}_localizations") or {}).values()]
    return max(len(text) for text in texts)


def _characters(node: Payload) -> int:
    """The names, descriptions and choice values of a command (or option) and all within."""
    total = _longest(node, "name") + (_longest(node, "description") if "description" in node
                                      else 0)
    for choice in node.get("choices") or []:
        total += _longest(choice, "name") + len(str(choice["value"]))
    return total + sum(_characters(option) for option in node.get("options") or [])
