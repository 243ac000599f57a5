"""The subset of Discord's request validation that a bot can realistically trip over.

Each checker returns a list of ``(path, code, message)`` problems; the server turns them into a
Discord-style ``400 Invalid Form Body`` (code 50035) so discord.py raises ``HTTPException`` in the
bot exactly as it would against the real API.
"""

from __future__ import annotations

import re
from typing import Any

Problem = tuple[str, str, str]

# Documented limits (Discord developer docs, "Message" and "Embed Limits").
MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
EMBED_LIMITS = {"title": 256, "description": 4096}
MAX_FIELDS = 25
MAX_FIELD_NAME = 256
MAX_FIELD_VALUE = 1024
MAX_FOOTER = 2048
MAX_AUTHOR_NAME = 256
MAX_ACTION_ROWS = 5
MAX_ROW_ITEMS = 5
MAX_CUSTOM_ID = 100
MAX_BUTTON_LABEL = 80
MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024

MAX_COMMANDS = 100
NAME_RE = re.compile(r"^[-_'\w]{1,32}$")
MAX_DESCRIPTION = 100
MAX_OPTIONS = 25
MAX_CHOICES = 25


def _too_long(path: str, limit: int) -> Problem:
    return (path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")


def embed_problems(embeds: list[Any]) -> list[Problem]:
    problems: list[Problem] = []
    if len(embeds) > MAX_EMBEDS:
        problems.append(
            ("embeds", "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_EMBEDS} or fewer in length.")
        )
    total = 0
    for i, embed in enumerate(embeds):
        if not isinstance(embed, dict):
            problems.append((f"embeds.{i}", "MODEL_TYPE_CONVERT", "Only dictionaries may be used."))
            continue
        for key, limit in EMBED_LIMITS.items():
            text = embed.get(key) or ""
            total += len(text)
            if len(text) > limit:
                problems.append(_too_long(f"embeds.{i}.{key}", limit))
        fields = embed.get("fields") or []
        if len(fields) > MAX_FIELDS:
            problems.append(_too_long(f"embeds.{i}.fields", MAX_FIELDS))
        for j, f in enumerate(fields):
            name, value = str(f.get("name", "")), str(f.get("value", ""))
            total += len(name) + len(value)
            if not name:
                problems.append(
                    (f"embeds.{i}.fields.{j}.name", "BASE_TYPE_REQUIRED", "This field is required")
                )
            if not value:
                problems.append(
                    (f"embeds.{i}.fields.{j}.value", "BASE_TYPE_REQUIRED", "This field is required")
                )
            if len(name) > MAX_FIELD_NAME:
                problems.append(_too_long(f"embeds.{i}.fields.{j}.name", MAX_FIELD_NAME))
            if len(value) > MAX_FIELD_VALUE:
                problems.append(_too_long(f"embeds.{i}.fields.{j}.value", MAX_FIELD_VALUE))
        footer = (embed.get("footer") or {}).get("text") or ""
        total += len(footer)
        if len(footer) > MAX_FOOTER:
            problems.append(_too_long(f"embeds.{i}.footer.text", MAX_FOOTER))
        author = (embed.get("author") or {}).get("name") or ""
        total += len(author)
        if len(author) > MAX_AUTHOR_NAME:
            problems.append(_too_long(f"embeds.{i}.author.name", MAX_AUTHOR_NAME))
    if total > MAX_EMBED_TOTAL:
        problems.append(
            ("embeds", "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000")
        )
    return problems


def component_problems(components: list[Any]) -> list[Problem]:
    problems: list[Problem] = []
    if len(components) > MAX_ACTION_ROWS and all(c.get("type") == 1 for c in components):
        problems.append(_too_long("components", MAX_ACTION_ROWS))
    for i, row in enumerate(components):
        if row.get("type") != 1:
            continue
        items = row.get("components") or []
        if not items:
            problems.append(
                (
                    f"components.{i}.components",
                    "BASE_TYPE_MIN_LENGTH",
                    "Must be 1 or more in length.",
                )
            )
        if len(items) > MAX_ROW_ITEMS:
            problems.append(_too_long(f"components.{i}.components", MAX_ROW_ITEMS))
        seen: set[str] = set()
        for j, item in enumerate(items):
            custom_id = item.get("custom_id")
            if custom_id is not None:
                if len(custom_id) > MAX_CUSTOM_ID:
                    problems.append(
                        _too_long(f"components.{i}.components.{j}.custom_id", MAX_CUSTOM_ID)
                    )
                if custom_id in seen:
                    problems.append(
                        (
                            f"components.{i}.components.{j}.custom_id",
                            "COMPONENT_CUSTOM_ID_DUPLICATED",
                            "Component custom id cannot be duplicated",
                        )
                    )
                seen.add(custom_id)
            label = item.get("label")
            if label is not None and len(label) > MAX_BUTTON_LABEL:
                problems.append(_too_long(f"components.{i}.components.{j}.label", MAX_BUTTON_LABEL))
            if (
                item.get("type") == 2
                and item.get("style") != 5
                and not custom_id
                and item.get("style") != 6
            ):
                problems.append(
                    (
                        f"components.{i}.components.{j}.custom_id",
                        "BASE_TYPE_REQUIRED",
                        "This field is required",
                    )
                )
    return problems


def message_problems(payload: dict[str, Any]) -> list[Problem]:
    """Problems in a message create/edit body (only the keys present are checked)."""
    problems: list[Problem] = []
    content = payload.get("content")
    if content is not None:
        if not isinstance(content, str):
            content = str(content)
        if len(content) > MAX_CONTENT:
            problems.append(_too_long("content", MAX_CONTENT))
    if payload.get("embeds"):
        problems.extend(embed_problems(payload["embeds"]))
    # components are checked by .components (legacy rows or Components V2, by the flags)
    return problems


def is_empty_message(payload: dict[str, Any], file_count: int) -> bool:
    return not (
        payload.get("content")
        or payload.get("embeds")
        or payload.get("components")
        or payload.get("sticker_ids")
        or payload.get("poll")
        or file_count
    )


def _option_problems(path: str, options: list[Any], depth: int) -> list[Problem]:
    problems: list[Problem] = []
    if len(options) > MAX_OPTIONS:
        problems.append(_too_long(path, MAX_OPTIONS))
    names: set[str] = set()
    seen_optional = False
    for i, opt in enumerate(options):
        p = f"{path}.{i}"
        name = opt.get("name", "")
        if not NAME_RE.match(name) or name != name.lower():
            problems.append(
                (f"{p}.name", "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
            )
        if name in names:
            problems.append(
                (
                    f"{p}.name",
                    "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
                    "Option names must be unique",
                )
            )
        names.add(name)
        desc = opt.get("description", "")
        if not 1 <= len(desc) <= MAX_DESCRIPTION:
            problems.append(
                (
                    f"{p}.description",
                    "BASE_TYPE_BAD_LENGTH",
                    f"Must be between 1 and {MAX_DESCRIPTION} in length.",
                )
            )
        otype = opt.get("type")
        if otype in (1, 2):
            if depth >= 2 or (otype == 2 and depth >= 1):
                problems.append(
                    (
                        f"{p}.type",
                        "APPLICATION_COMMAND_OPTION_TYPE_INVALID",
                        "Subcommands cannot be nested this deep",
                    )
                )
            problems.extend(_option_problems(f"{p}.options", opt.get("options") or [], depth + 1))
            continue
        if opt.get("required"):
            if seen_optional:
                problems.append(
                    (
                        f"{p}.required",
                        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                        "Required options must be placed before non-required options",
                    )
                )
        else:
            seen_optional = True
        choices = opt.get("choices") or []
        if len(choices) > MAX_CHOICES:
            problems.append(_too_long(f"{p}.choices", MAX_CHOICES))
        if choices and opt.get("autocomplete"):
            problems.append(
                (
                    f"{p}.autocomplete",
                    "APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_INVALID",
                    "Autocomplete cannot be used with choices",
                )
            )
    return problems


def command_problems(commands: list[Any]) -> list[Problem]:
    """Problems in a bulk overwrite body (list of application command objects)."""
    problems: list[Problem] = []
    if not isinstance(commands, list):
        return [("", "MODEL_TYPE_CONVERT", "Only iterables may be used in a ListType.")]
    if len(commands) > MAX_COMMANDS:
        problems.append(_too_long("", MAX_COMMANDS))
    seen: set[tuple[int, str]] = set()
    for i, cmd in enumerate(commands):
        problems.extend(single_command_problems(cmd, prefix=f"{i}."))
        key = (int(cmd.get("type", 1)), cmd.get("name", ""))
        if key in seen:
            problems.append(
                (
                    f"{i}.name",
                    "APPLICATION_COMMANDS_DUPLICATE_NAME",
                    f"Application command names must be unique ({key[1]})",
                )
            )
        seen.add(key)
    return problems


def single_command_problems(cmd: dict[str, Any], prefix: str = "") -> list[Problem]:
    problems: list[Problem] = []
    ctype = int(cmd.get("type", 1))
    name = cmd.get("name", "")
    if ctype == 1:
        if not NAME_RE.match(name) or name != name.lower():
            problems.append(
                (f"{prefix}name", "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
            )
        desc = cmd.get("description", "")
        if not 1 <= len(desc) <= MAX_DESCRIPTION:
            problems.append(
                (
                    f"{prefix}description",
                    "BASE_TYPE_BAD_LENGTH",
                    f"Must be between 1 and {MAX_DESCRIPTION} in length.",
                )
            )
        problems.extend(_option_problems(f"{prefix}options", cmd.get("options") or [], 0))
    elif not 1 <= len(name) <= 32:
        problems.append(
            (f"{prefix}name", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 32 in length.")
        )
    return problems


def form_errors(problems: list[Problem]) -> dict[str, Any]:
    """Nest problems the way Discord does: {"content": {"_errors": [{code, message}]}}."""
    root: dict[str, Any] = {}
    for path, code, message in problems:
        node = root
        for part in [p for p in path.split(".") if p]:
            node = node.setdefault(part, {})
        node.setdefault("_errors", []).append({"code": code, "message": message})
    return root
