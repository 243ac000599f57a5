"""Message components as Discord checks them: legacy action rows and Components V2 layouts.

A message sent with the ``IS_COMPONENTS_V2`` flag (``1 << 15``) has no ``content`` or
``embeds``; its top level is made of Action Rows, Sections, Text Displays, Media Galleries,
Files, Separators and Containers (Discord developer docs, "Component Reference"). Problems are
``(path, code, message)`` like :mod:`.validation`, so the server answers 400 / 50035.

Also here: numbering components (Discord fills a missing ``id`` sequentially, skipping ids
already used in the message), resolving ``attachment://name`` media to the uploaded file the way
Discord returns it, and the rules for modals (interaction callback type 9).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from .validation import MAX_BUTTON_LABEL, MAX_CUSTOM_ID, Problem

FLAG_COMPONENTS_V2 = 1 << 15

ACTION_ROW = 1
BUTTON = 2
STRING_SELECT = 3
TEXT_INPUT = 4
USER_SELECT = 5
ROLE_SELECT = 6
MENTIONABLE_SELECT = 7
CHANNEL_SELECT = 8
SECTION = 9
TEXT_DISPLAY = 10
THUMBNAIL = 11
MEDIA_GALLERY = 12
FILE = 13
SEPARATOR = 14
CONTAINER = 17
LABEL = 18
FILE_UPLOAD = 19
RADIO_GROUP = 21
CHECKBOX_GROUP = 22
CHECKBOX = 23

SELECTS = (STRING_SELECT, USER_SELECT, ROLE_SELECT, MENTIONABLE_SELECT, CHANNEL_SELECT)
#: components a user can act on in a message (they need a custom_id)
INTERACTIVE = (BUTTON, *SELECTS)
V2_TOP_LEVEL = (ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER)
CONTAINER_CHILDREN = (ACTION_ROW, TEXT_DISPLAY, SECTION, MEDIA_GALLERY, SEPARATOR, FILE)
MODAL_TOP_LEVEL = (ACTION_ROW, TEXT_DISPLAY, LABEL)
MODAL_INPUTS = (TEXT_INPUT, *SELECTS, FILE_UPLOAD, RADIO_GROUP, CHECKBOX_GROUP, CHECKBOX)
LABEL_CHILDREN = (TEXT_INPUT, *SELECTS, FILE_UPLOAD, RADIO_GROUP, CHECKBOX_GROUP, CHECKBOX)

# Limits from the Component Reference
MAX_V2_COMPONENTS = 40  # every component in the message, nested ones included
MAX_V2_TEXT = 4000  # characters across every Text Display of the message
MAX_LEGACY_ROWS = 5
MAX_ROW_BUTTONS = 5
MAX_SECTION_TEXTS = 3
MAX_GALLERY_ITEMS = 10
MAX_MEDIA_DESCRIPTION = 1024
MAX_SELECT_OPTIONS = 25
MAX_OPTION_TEXT = 100
MAX_PLACEHOLDER = 150
MAX_LINK_URL = 512
MAX_MODAL_TITLE = 45
MAX_MODAL_COMPONENTS = 5
MAX_LABEL = 45
MAX_LABEL_DESCRIPTION = 100
MAX_TEXT_INPUT = 4000
MAX_TEXT_INPUT_PLACEHOLDER = 100


def _p(path: str, code: str, message: str) -> Problem:
    return (path, code, message)


def _too_long(path: str, limit: int) -> Problem:
    return _p(path, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")


def _required(path: str) -> Problem:
    return _p(path, "BASE_TYPE_REQUIRED", "This field is required")


def _bad_type(path: str, allowed: tuple[int, ...]) -> Problem:
    choices = ", ".join(str(t) for t in allowed)
    return _p(
        f"{path}.type", "UNION_TYPE_CHOICES", f'Value of field "type" must be one of ({choices}).'
    )


def walk(components: list[Any]) -> Iterator[dict[str, Any]]:
    """Every component of a message or modal, depth first (children, accessory, label child)."""
    for item in components:
        if not isinstance(item, dict):
            continue
        yield item
        if isinstance(item.get("components"), list):
            yield from walk(item["components"])
        for key in ("accessory", "component"):
            if isinstance(item.get(key), dict):
                yield from walk([item[key]])


class _Checker:
    def __init__(self, v2: bool) -> None:
        self.v2 = v2
        self.problems: list[Problem] = []
        self.custom_ids: dict[str, str] = {}
        self.ids: dict[int, str] = {}
        self.count = 0
        self.text = 0

    def add(self, problem: Problem) -> None:
        self.problems.append(problem)

    def common(self, path: str, item: dict[str, Any]) -> None:
        self.count += 1
        cid = item.get("id")
        if cid not in (None, 0):
            if not isinstance(cid, int) or isinstance(cid, bool) or not 0 < cid < 2**31:
                self.add(_p(f"{path}.id", "NUMBER_TYPE_COERCE", "Value is not a 32 bit integer."))
            elif cid in self.ids:
                self.add(
                    _p(f"{path}.id", "COMPONENT_ID_DUPLICATED", "Component ids must be unique")
                )
            else:
                self.ids[cid] = path

    def custom_id(self, path: str, item: dict[str, Any], *, required: bool) -> None:
        custom_id = item.get("custom_id")
        if custom_id is None or custom_id == "":
            if required:
                self.add(_required(f"{path}.custom_id"))
            return
        if not isinstance(custom_id, str):
            self.add(_p(f"{path}.custom_id", "BASE_TYPE_STRING", "Must be a string."))
            return
        if len(custom_id) > MAX_CUSTOM_ID:
            self.add(_too_long(f"{path}.custom_id", MAX_CUSTOM_ID))
        if custom_id in self.custom_ids:
            self.add(
                _p(
                    f"{path}.custom_id",
                    "COMPONENT_CUSTOM_ID_DUPLICATED",
                    "Component custom id cannot be duplicated",
                )
            )
        self.custom_ids[custom_id] = path

    # --- interactive

    def button(self, path: str, item: dict[str, Any]) -> None:
        self.common(path, item)
        style = item.get("style")
        if style not in (1, 2, 3, 4, 5, 6):
            self.add(_p(f"{path}.style", "BASE_TYPE_CHOICES", "Value must be one of (1..6)."))
        label = item.get("label")
        if label is not None and len(str(label)) > MAX_BUTTON_LABEL:
            self.add(_too_long(f"{path}.label", MAX_BUTTON_LABEL))
        if style == 5:
            url = item.get("url")
            if not url:
                self.add(_required(f"{path}.url"))
            elif len(str(url)) > MAX_LINK_URL:
                self.add(_too_long(f"{path}.url", MAX_LINK_URL))
            if item.get("custom_id"):
                self.add(
                    _p(
                        f"{path}.custom_id",
                        "BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED",
                        "A link button cannot have a custom id",
                    )
                )
        elif style == 6:
            if not item.get("sku_id"):
                self.add(_required(f"{path}.sku_id"))
        else:
            self.custom_id(path, item, required=True)
            if item.get("url"):
                self.add(
                    _p(
                        f"{path}.url",
                        "BUTTON_COMPONENT_URL_NOT_ALLOWED",
                        "Only link buttons can have a url",
                    )
                )
            if not label and not item.get("emoji"):
                self.add(
                    _p(
                        f"{path}",
                        "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED",
                        "A button needs a label or an emoji",
                    )
                )

    def select(self, path: str, item: dict[str, Any]) -> None:
        self.common(path, item)
        self.custom_id(path, item, required=True)
        placeholder = item.get("placeholder")
        if placeholder is not None and len(str(placeholder)) > MAX_PLACEHOLDER:
            self.add(_too_long(f"{path}.placeholder", MAX_PLACEHOLDER))
        low, high = item.get("min_values", 1), item.get("max_values", 1)
        if not (isinstance(low, int) and 0 <= low <= 25):
            self.add(_p(f"{path}.min_values", "NUMBER_TYPE_MAX", "Must be between 0 and 25."))
        if not (isinstance(high, int) and 1 <= high <= 25):
            self.add(_p(f"{path}.max_values", "NUMBER_TYPE_MAX", "Must be between 1 and 25."))
        if item.get("type") == STRING_SELECT:
            options = item.get("options") or []
            if not options:
                self.add(
                    _p(f"{path}.options", "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.")
                )
            if len(options) > MAX_SELECT_OPTIONS:
                self.add(_too_long(f"{path}.options", MAX_SELECT_OPTIONS))
            values = set()
            for k, opt in enumerate(options):
                for key in ("label", "value", "description"):
                    text = opt.get(key)
                    if text is None:
                        if key != "description":
                            self.add(_required(f"{path}.options.{k}.{key}"))
                    elif len(str(text)) > MAX_OPTION_TEXT:
                        self.add(_too_long(f"{path}.options.{k}.{key}", MAX_OPTION_TEXT))
                if opt.get("value") in values:
                    self.add(
                        _p(
                            f"{path}.options.{k}.value",
                            "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                            "Select option values must be unique",
                        )
                    )
                values.add(opt.get("value"))
            if isinstance(high, int) and options and high > len(options):
                self.add(
                    _p(
                        f"{path}.max_values",
                        "SELECT_COMPONENT_MAX_VALUES_TOO_HIGH",
                        "max_values must be at most the number of options",
                    )
                )

    def action_row(self, path: str, row: dict[str, Any]) -> None:
        self.common(path, row)
        items = row.get("components")
        if not isinstance(items, list) or not items:
            self.add(
                _p(f"{path}.components", "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.")
            )
            return
        types = [i.get("type") if isinstance(i, dict) else None for i in items]
        if any(t in SELECTS for t in types) and len(items) > 1:
            self.add(
                _p(
                    f"{path}.components",
                    "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                    "The specified component exceeds the maximum width",
                )
            )
        elif len(items) > MAX_ROW_BUTTONS:
            self.add(_too_long(f"{path}.components", MAX_ROW_BUTTONS))
        for j, item in enumerate(items):
            sub = f"{path}.components.{j}"
            t = types[j]
            if t == BUTTON:
                self.button(sub, item)
            elif t in SELECTS:
                self.select(sub, item)
            else:
                self.add(_bad_type(sub, INTERACTIVE))

    # --- Components V2 layout and content

    def media(self, path: str, media: Any) -> None:
        if not isinstance(media, dict) or not media.get("url"):
            self.add(_required(f"{path}.url"))

    def text_display(self, path: str, item: dict[str, Any]) -> None:
        self.common(path, item)
        content = item.get("content")
        if not isinstance(content, str) or not content:
            self.add(_required(f"{path}.content"))
        else:
            self.text += len(content)

    def thumbnail(self, path: str, item: dict[str, Any]) -> None:
        self.common(path, item)
        self.media(f"{path}.media", item.get("media"))
        desc = item.get("description")
        if desc is not None and len(str(desc)) > MAX_MEDIA_DESCRIPTION:
            self.add(_too_long(f"{path}.description", MAX_MEDIA_DESCRIPTION))

    def section(self, path: str, item: dict[str, Any]) -> None:
        self.common(path, item)
        texts = item.get("components")
        if not isinstance(texts, list) or not 1 <= len(texts) <= MAX_SECTION_TEXTS:
            self.add(
                _p(
                    f"{path}.components",
                    "BASE_TYPE_BAD_LENGTH",
                    f"Must be between 1 and {MAX_SECTION_TEXTS} in length.",
                )
            )
        for j, text in enumerate(texts if isinstance(texts, list) else []):
            if isinstance(text, dict) and text.get("type") == TEXT_DISPLAY:
                self.text_display(f"{path}.components.{j}", text)
            else:
                self.add(_bad_type(f"{path}.components.{j}", (TEXT_DISPLAY,)))
        accessory = item.get("accessory")
        if not isinstance(accessory, dict):
            self.add(_required(f"{path}.accessory"))
        elif accessory.get("type") == BUTTON:
            self.button(f"{path}.accessory", accessory)
        elif accessory.get("type") == THUMBNAIL:
            self.thumbnail(f"{path}.accessory", accessory)
        else:
            self.add(_bad_type(f"{path}.accessory", (BUTTON, THUMBNAIL)))

    def gallery(self, path: str, item: dict[str, Any]) -> None:
        self.common(path, item)
        items = item.get("items")
        if not isinstance(items, list) or not 1 <= len(items) <= MAX_GALLERY_ITEMS:
            self.add(
                _p(
                    f"{path}.items",
                    "BASE_TYPE_BAD_LENGTH",
                    f"Must be between 1 and {MAX_GALLERY_ITEMS} in length.",
                )
            )
            return
        for j, entry in enumerate(items):
            self.media(f"{path}.items.{j}.media", (entry or {}).get("media"))
            desc = (entry or {}).get("description")
            if desc is not None and len(str(desc)) > MAX_MEDIA_DESCRIPTION:
                self.add(_too_long(f"{path}.items.{j}.description", MAX_MEDIA_DESCRIPTION))

    def file(self, path: str, item: dict[str, Any]) -> None:
        self.common(path, item)
        url = str((item.get("file") or {}).get("url") or "")
        if not url.startswith("attachment://"):
            self.add(
                _p(
                    f"{path}.file.url",
                    "UNFURLED_MEDIA_ITEM_ATTACHMENT_REQUIRED",
                    "File components only support attachment:// urls",
                )
            )

    def separator(self, path: str, item: dict[str, Any]) -> None:
        self.common(path, item)
        if item.get("spacing", 1) not in (1, 2):
            self.add(_p(f"{path}.spacing", "BASE_TYPE_CHOICES", "Value must be one of (1, 2)."))

    def container(self, path: str, item: dict[str, Any]) -> None:
        self.common(path, item)
        color = item.get("accent_color")
        if color is not None and (
            not isinstance(color, int) or isinstance(color, bool) or not 0 <= color <= 0xFFFFFF
        ):
            self.add(
                _p(
                    f"{path}.accent_color",
                    "NUMBER_TYPE_MAX",
                    "accent_color must be an RGB integer from 0x000000 to 0xFFFFFF",
                )
            )
        children = item.get("components")
        if not isinstance(children, list) or not children:
            self.add(
                _p(f"{path}.components", "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.")
            )
            return
        for j, child in enumerate(children):
            self.layout(f"{path}.components.{j}", child, CONTAINER_CHILDREN)

    def layout(self, path: str, item: Any, allowed: tuple[int, ...]) -> None:
        t = item.get("type") if isinstance(item, dict) else None
        if t not in allowed:
            self.add(_bad_type(path, allowed))
            return
        handler: dict[int, Callable[[str, dict[str, Any]], None]] = {
            ACTION_ROW: self.action_row,
            SECTION: self.section,
            TEXT_DISPLAY: self.text_display,
            MEDIA_GALLERY: self.gallery,
            FILE: self.file,
            SEPARATOR: self.separator,
            CONTAINER: self.container,
        }
        handler[t](path, item)


def message_component_problems(components: list[Any], flags: int) -> list[Problem]:
    """Problems in a message's ``components`` (legacy rows, or V2 when ``flags`` has it)."""
    v2 = bool(flags & FLAG_COMPONENTS_V2)
    check = _Checker(v2)
    if not isinstance(components, list):
        return [_p("components", "MODEL_TYPE_CONVERT", "Only iterables may be used in a ListType.")]
    if v2:
        for i, item in enumerate(components):
            check.layout(f"components.{i}", item, V2_TOP_LEVEL)
        if check.count > MAX_V2_COMPONENTS:
            check.add(
                _p(
                    "components",
                    "COMPONENT_MAX_TOTAL_COMPONENTS_EXCEEDED",
                    f"A message can have at most {MAX_V2_COMPONENTS} components",
                )
            )
        if check.text > MAX_V2_TEXT:
            check.add(
                _p(
                    "components",
                    "COMPONENT_MAX_TOTAL_TEXT_LENGTH_EXCEEDED",
                    f"The text of all text displays must be {MAX_V2_TEXT} or fewer characters",
                )
            )
    else:
        if len(components) > MAX_LEGACY_ROWS:
            check.add(_too_long("components", MAX_LEGACY_ROWS))
        for i, item in enumerate(components):
            if isinstance(item, dict) and item.get("type") == ACTION_ROW:
                check.action_row(f"components.{i}", item)
            else:
                # Components V2 types need the IS_COMPONENTS_V2 flag
                check.add(_bad_type(f"components.{i}", (ACTION_ROW,)))
    return check.problems


def legacy_field_problems(payload: dict[str, Any]) -> list[Problem]:
    """With IS_COMPONENTS_V2 the content, embeds, poll and stickers fields cannot be used."""
    out = []
    for key in ("content", "embeds", "poll", "sticker_ids"):
        if payload.get(key):
            out.append(
                _p(
                    key,
                    "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                    f"The '{key}' field cannot be used when using MessageFlags.IS_COMPONENTS_V2",
                )
            )
    return out


def number_components(components: list[dict[str, Any]]) -> None:
    """Fill missing ids (0 or absent) sequentially, skipping ids already in use (in place)."""
    items = list(walk(components))
    used = {c["id"] for c in items if isinstance(c.get("id"), int) and c["id"] > 0}
    next_id = 1
    for c in items:
        if not c.get("id"):
            while next_id in used:
                next_id += 1
            c["id"] = next_id
            used.add(next_id)


def media_items(components: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every unfurled media item object (gallery items, thumbnails, files) of a message."""
    for c in walk(components):
        if c.get("type") == MEDIA_GALLERY:
            for entry in c.get("items") or []:
                if isinstance(entry.get("media"), dict):
                    yield entry["media"]
        elif c.get("type") == THUMBNAIL and isinstance(c.get("media"), dict):
            yield c["media"]
        elif c.get("type") == FILE and isinstance(c.get("file"), dict):
            yield c["file"]


def modal_problems(data: dict[str, Any]) -> list[Problem]:
    """Problems in a MODAL (type 9) callback's data."""
    check = _Checker(v2=False)
    custom_id = data.get("custom_id")
    if not custom_id:
        check.add(_required("data.custom_id"))
    elif len(str(custom_id)) > MAX_CUSTOM_ID:
        check.add(_too_long("data.custom_id", MAX_CUSTOM_ID))
    title = data.get("title")
    if not title:
        check.add(_required("data.title"))
    elif len(str(title)) > MAX_MODAL_TITLE:
        check.add(_too_long("data.title", MAX_MODAL_TITLE))
    comps = data.get("components")
    if not isinstance(comps, list) or not 1 <= len(comps) <= MAX_MODAL_COMPONENTS:
        check.add(
            _p(
                "data.components",
                "BASE_TYPE_BAD_LENGTH",
                f"Must be between 1 and {MAX_MODAL_COMPONENTS} in length.",
            )
        )
        return check.problems
    for i, item in enumerate(comps):
        path = f"data.components.{i}"
        t = item.get("type") if isinstance(item, dict) else None
        if t == TEXT_DISPLAY:
            check.text_display(path, item)
        elif t == LABEL:
            check.common(path, item)
            label = item.get("label")
            if not label:
                check.add(_required(f"{path}.label"))
            elif len(str(label)) > MAX_LABEL:
                check.add(_too_long(f"{path}.label", MAX_LABEL))
            desc = item.get("description")
            if desc is not None and len(str(desc)) > MAX_LABEL_DESCRIPTION:
                check.add(_too_long(f"{path}.description", MAX_LABEL_DESCRIPTION))
            child = item.get("component")
            if not isinstance(child, dict) or child.get("type") not in LABEL_CHILDREN:
                check.add(_bad_type(f"{path}.component", LABEL_CHILDREN))
            else:
                _modal_input(check, f"{path}.component", child)
        elif t == ACTION_ROW:  # deprecated: a row holding one text input
            check.common(path, item)
            row = item.get("components") or []
            if len(row) != 1 or not isinstance(row[0], dict) or row[0].get("type") != TEXT_INPUT:
                check.add(
                    _p(
                        f"{path}.components",
                        "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                        "An action row in a modal holds exactly one text input",
                    )
                )
            else:
                _modal_input(check, f"{path}.components.0", row[0], needs_label=True)
        else:
            check.add(_bad_type(path, MODAL_TOP_LEVEL))
    return check.problems


def _modal_input(
    check: _Checker, path: str, item: dict[str, Any], *, needs_label: bool = False
) -> None:
    if item.get("disabled"):
        check.add(
            _p(f"{path}.disabled", "COMPONENT_DISABLED_IN_MODAL", "Modals cannot disable inputs")
        )
    if item.get("type") != TEXT_INPUT:
        if item.get("type") in SELECTS:
            check.select(path, item)
        else:
            check.common(path, item)
            check.custom_id(path, item, required=item.get("type") != TEXT_DISPLAY)
        return
    check.common(path, item)
    check.custom_id(path, item, required=True)
    if item.get("style") not in (1, 2):
        check.add(_p(f"{path}.style", "BASE_TYPE_CHOICES", "Value must be one of (1, 2)."))
    label = item.get("label")
    if needs_label and not label:
        check.add(_required(f"{path}.label"))
    if label is not None and len(str(label)) > MAX_LABEL:
        check.add(_too_long(f"{path}.label", MAX_LABEL))
    low, high = item.get("min_length"), item.get("max_length")
    if low is not None and not (isinstance(low, int) and 0 <= low <= MAX_TEXT_INPUT):
        check.add(_p(f"{path}.min_length", "NUMBER_TYPE_MAX", "Must be between 0 and 4000."))
    if high is not None and not (isinstance(high, int) and 1 <= high <= MAX_TEXT_INPUT):
        check.add(_p(f"{path}.max_length", "NUMBER_TYPE_MAX", "Must be between 1 and 4000."))
    value = item.get("value")
    if value is not None and len(str(value)) > MAX_TEXT_INPUT:
        check.add(_too_long(f"{path}.value", MAX_TEXT_INPUT))
    placeholder = item.get("placeholder")
    if placeholder is not None and len(str(placeholder)) > MAX_TEXT_INPUT_PLACEHOLDER:
        check.add(_too_long(f"{path}.placeholder", MAX_TEXT_INPUT_PLACEHOLDER))


def modal_inputs(modal: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The modal's inputs by custom_id (text inputs, selects... inside labels or rows)."""
    out: dict[str, dict[str, Any]] = {}
    for c in walk(modal.get("components") or []):
        if c.get("type") in MODAL_INPUTS and c.get("custom_id"):
            out[c["custom_id"]] = c
    return out
