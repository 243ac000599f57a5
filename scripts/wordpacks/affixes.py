"""Read a hunspell dictionary (.aff + .dic) and spell out every word form it accepts.

Only what the word packs need is implemented: prefix and suffix rules with their conditions,
cross products, two levels of suffixes (continuation classes), the NEEDAFFIX, CIRCUMFIX,
ONLYINCOMPOUND and FORBIDDENWORD flags, flag aliases (AF) and the four flag syntaxes (single
characters, UTF-8 characters, two-character "long" flags and comma-separated numbers).
Compounding is not spelled out: compounds are left to the dictionaries' own entries.

The expansion is pure and ordered: the same files give the same forms in the same order.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace

Flags = frozenset[str]
_EMPTY: Flags = frozenset()


@dataclass(frozen=True)
class Affix:
    """One PFX/SFX line: remove ``strip`` and add ``add`` where ``condition`` matches."""

    prefix: bool
    flag: str
    cross: bool
    strip: str
    add: str
    cont: Flags
    condition: re.Pattern[str]

    def applies(self, word: str) -> bool:
        if self.prefix:
            return word.startswith(self.strip) and self.condition.match(word) is not None
        return word.endswith(self.strip) and self.condition.search(word) is not None

    def apply(self, word: str) -> str:
        if self.prefix:
            return self.add + word[len(self.strip):]
        return word[: len(word) - len(self.strip)] + self.add


@dataclass
class AffixRules:
    """What an .aff file says about forming words."""

    flag_type: str = "char"
    prefixes: dict[str, list[Affix]] = field(default_factory=dict)
    suffixes: dict[str, list[Affix]] = field(default_factory=dict)
    aliases: list[Flags] = field(default_factory=list)
    needaffix: str | None = None
    circumfix: str | None = None
    onlyincompound: str | None = None
    forbidden: str | None = None

    def flags(self, text: str) -> Flags:
        """Parse a flag field (an alias number when the file defines AF)."""
        if self.aliases and text.isdigit():
            index = int(text) - 1
            return self.aliases[index] if 0 <= index < len(self.aliases) else _EMPTY
        return parse_flags(text, self.flag_type)

    def unusable(self, flags: Flags) -> bool:
        """True when a form with these flags is not a word on its own."""
        return any(f is not None and f in flags for f in (self.needaffix, self.onlyincompound,
                                                          self.forbidden, self.circumfix))


def parse_flags(text: str, flag_type: str) -> Flags:
    """Split a flag field according to the file's FLAG setting."""
    if flag_type == "long":
        return frozenset(text[i : i + 2] for i in range(0, len(text) - 1, 2))
    if flag_type == "num":
        return frozenset(part for part in text.split(",") if part)
    return frozenset(text)


def condition_pattern(condition: str, prefix: bool) -> re.Pattern[str]:
    """Turn a hunspell condition (``[^aeiou]y``, ``.``) into an anchored regular expression."""
    parts: list[str] = []
    i = 0
    while i < len(condition):
        ch = condition[i]
        if ch == "[":
            end = condition.index("]", i + 1)
            body = condition[i + 1 : end]
            negate = body.startswith("^")
            chars = "".join(re.escape(c) for c in (body[1:] if negate else body))
            parts.append(f"[{'^' if negate else ''}{chars}]")
            i = end + 1
            continue
        parts.append("." if ch == "." else re.escape(ch))
        i += 1
    body = "".join(parts)
    return re.compile(f"^{body}" if prefix else f"{body}$")


_SPECIAL_FLAGS = {"NEEDAFFIX": "needaffix", "CIRCUMFIX": "circumfix",
                  "ONLYINCOMPOUND": "onlyincompound", "FORBIDDENWORD": "forbidden"}


def parse_aff(text: str) -> AffixRules:
    """Parse the parts of an .aff file the expansion uses (the file is UTF-8)."""
    rules = AffixRules()
    headers: dict[tuple[str, str], bool] = {}
    for raw in text.splitlines():
        line = raw.split("#", 1)[0] if raw.lstrip().startswith("#") else raw
        fields = line.split()
        if not fields:
            continue
        key = fields[0]
        if key == "FLAG" and len(fields) > 1:
            rules.flag_type = {"UTF-8": "utf8", "long": "long", "num": "num"}.get(fields[1], "char")
        elif key == "AF" and len(fields) > 1:
            if ("AF", "") in headers:  # the first AF line only says how many follow
                rules.aliases.append(parse_flags(fields[1], rules.flag_type))
            headers[("AF", "")] = True
        elif key in _SPECIAL_FLAGS and len(fields) > 1:
            setattr(rules, _SPECIAL_FLAGS[key], fields[1])
        elif key in ("PFX", "SFX") and len(fields) >= 4:
            flag = fields[1]
            if (key, flag) not in headers and fields[2] in ("Y", "N"):
                headers[(key, flag)] = fields[2] == "Y"
                continue
            rules_for = rules.prefixes if key == "PFX" else rules.suffixes
            rules_for.setdefault(flag, []).append(_affix(rules, key, fields, headers[(key, flag)]))
    return rules


def _affix(rules: AffixRules, key: str, fields: list[str], cross: bool) -> Affix:
    strip = "" if fields[2] == "0" else _nfc(fields[2])
    add, _, cont_text = fields[3].partition("/")
    add = "" if add == "0" else _nfc(add)
    condition = fields[4] if len(fields) > 4 and not fields[4].startswith(("+", "[CAT")) else "."
    if ":" in condition:  # a morphological field (po:..., is:...) where no condition was given
        condition = "."
    prefix = key == "PFX"
    return Affix(prefix, fields[1], cross, strip, add, rules.flags(cont_text) if cont_text
                 else _EMPTY, condition_pattern(_nfc(condition), prefix))


def _nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


@dataclass(frozen=True)
class Entry:
    """One .dic line: the root word, its flags and any morphological fields after it."""

    word: str
    flags: Flags
    morph: str


def parse_dic(text: str, rules: AffixRules) -> list[Entry]:
    """Parse a .dic file (the first line, the entry count, is skipped)."""
    entries = []
    for line in text.splitlines()[1:]:
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        head, _, morph = stripped.replace("\t", " ").partition(" ")
        word, flags = _split_word(head)
        entries.append(Entry(_nfc(word), rules.flags(flags) if flags else _EMPTY, morph.strip()))
    return entries


def _split_word(head: str) -> tuple[str, str]:
    """Split ``word/flags`` at the first slash that is not escaped as ``\\/``."""
    i = 0
    while True:
        i = head.find("/", i)
        if i <= 0:
            return head.replace("\\/", "/"), ""
        if head[i - 1] != "\\":
            return head[:i].replace("\\/", "/"), head[i + 1 :]
        i += 1


def expand(entry: Entry, rules: AffixRules) -> Iterator[str]:
    """Every word form of ``entry``: the root (unless it needs an affix) and its affixed forms.

    A form may repeat; callers collect them into sets.
    """
    root, flags = entry.word, entry.flags
    if any(f is not None and f in flags for f in (rules.forbidden, rules.onlyincompound)):
        return
    if rules.needaffix is None or rules.needaffix not in flags:
        yield root
    suffixed = list(_suffixed(root, flags, rules))
    for word, cont, _cross in suffixed:
        if not rules.unusable(cont):
            yield word
    circumfix = rules.circumfix
    for flag in sorted(flags):
        for prefix in rules.prefixes.get(flag, ()):
            if not prefix.applies(root):
                continue
            if not rules.unusable(prefix.cont):
                yield prefix.apply(root)
            if not prefix.cross or (rules.onlyincompound or "") in prefix.cont:
                continue
            circ = circumfix is not None and circumfix in prefix.cont
            for word, cont, cross in suffixed:
                if not cross or not word.startswith(prefix.strip):
                    continue
                if (circumfix is not None and circumfix in cont) != circ:
                    continue
                if rules.onlyincompound is None or rules.onlyincompound not in cont:
                    yield prefix.apply(word)


def _suffixed(root: str, flags: Flags, rules: AffixRules) -> Iterator[tuple[str, Flags, bool]]:
    """(form, flags of its outer suffix, cross product allowed) for one or two suffixes."""
    for flag in sorted(flags):
        for suffix in rules.suffixes.get(flag, ()):
            if not suffix.applies(root):
                continue
            word = suffix.apply(root)
            yield word, suffix.cont, suffix.cross
            for flag2 in sorted(suffix.cont):
                for outer in rules.suffixes.get(flag2, ()):
                    if outer.applies(word):
                        # the inner suffix's NEEDAFFIX is met by the outer one
                        yield outer.apply(word), outer.cont, suffix.cross and outer.cross


def keep_affixes(rules: AffixRules, keep: Callable[[Affix], bool]) -> AffixRules:
    """A copy of ``rules`` with only the affixes ``keep`` accepts (e.g. no elided "l'")."""

    def chosen(table: dict[str, list[Affix]]) -> dict[str, list[Affix]]:
        return {flag: [a for a in affixes if keep(a)] for flag, affixes in table.items()}

    return replace(rules, prefixes=chosen(rules.prefixes), suffixes=chosen(rules.suffixes))
