"""Letters per language: which characters are letters of their own, which fold, and the keyboard.

A word is spelt for play in the pack's letters: lower case, NFC, each character either a letter
of the alphabet or folded into one or more of them (French É -> E, German ß -> SS).  A word with
a character that is neither cannot be played in that pack and is left out of it.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

#: Accented Latin letters that fold to their base letter unless the alphabet has them.
_ACCENTED = "àáâãäåçèéêëìíîïñòóôõöùúûüýÿ"
#: The three letter rows of a QWERTY keyboard.
QWERTY = ("qwertyuiop", "asdfghjkl", "zxcvbnm")


@dataclass(frozen=True)
class Letters:
    """A language's letters: its alphabet, its keyboard rows and how other characters fold."""

    alphabet: str
    keyboard: tuple[str, ...]
    fold: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        keys = "".join(self.keyboard)
        if sorted(keys) != sorted(self.alphabet) or len(set(keys)) != len(keys):
            raise ValueError("the keyboard must hold every letter of the alphabet exactly once")
        for source, target in self.fold.items():
            if source in self.alphabet or any(ch not in self.alphabet for ch in target):
                raise ValueError(f"bad folding {source!r} -> {target!r}")

    def play_spelling(self, word: str) -> str | None:
        """``word`` in the pack's letters (lower case, folded), or None if it cannot be."""
        out = []
        for ch in unicodedata.normalize("NFC", word).lower():
            if ch in self.alphabet:
                out.append(ch)
            elif ch in self.fold:
                out.append(self.fold[ch])
            else:
                return None
        return "".join(out)

    def length(self, spelling: str) -> int:
        """How many letters a play spelling has (each letter is one character)."""
        return len(spelling)


def strip_accents(chars: str, alphabet: str) -> dict[str, str]:
    """Fold each of ``chars`` to its base letter (É -> e), for the letters not in ``alphabet``."""
    table = {}
    for ch in chars:
        if ch in alphabet:
            continue
        base = unicodedata.normalize("NFD", ch)[0]
        if base in alphabet:
            table[ch] = base
    return table


def latin(alphabet: str, keyboard: tuple[str, ...] = QWERTY,
          fold_also: dict[str, str] | None = None) -> Letters:
    """A Latin alphabet: accented letters outside ``alphabet`` fold to their base letter."""
    fold = strip_accents(_ACCENTED, alphabet)
    fold.update(fold_also or {})
    return Letters(alphabet, keyboard, dict(sorted(fold.items())))
