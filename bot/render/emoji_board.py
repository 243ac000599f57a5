"""The board and keyboard as emoji text, for Discord messages and for looks without pictures.

A played row is coloured squares, then its letters in an inline code span so they keep one
width on desktop and mobile::

    🟩🟨⬛⬛⬛ `C R A N E`
    ⬜⬜⬜⬜⬜

The keyboard is a layout's rows, QWERTY by default (a language's own, such as ЙЦУКЕН, from
its letter rules): a letter found has its square right before it, a letter ruled out is struck
out, an unplayed letter stands alone (``🟩Q  W  🟨E  ~~R~~  T ...``); then the letters ruled
out in words, in the alphabet's order, ``Not in the word: N, Ñ, T``. A strike rather than ⬛
because that square is nearly the background in Discord's dark theme, and the words because
screen readers read no strike. Letters are plain, not regional-indicator letters, which some
clients join into flags, and in the upper case of their language (Turkish i is İ).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from bot.core.domain import GREEN, GREY, YELLOW
from bot.core.share import SQUARES
from bot.core.variant import CLASSIC, LATIN, Variant
from bot.render.common import (
    ENGLISH,
    QWERTY_ROWS,
    KeyboardLayout,
    Texts,
    board_rows,
    check_layout,
    check_variant,
    keyboard_from_rows,
    normalise_feedback,
    normalise_keyboard,
    normalise_row,
    normalise_word,
    ruled_out_text,
    upper_letters,
)

GREEN_SQUARE, YELLOW_SQUARE, GREY_SQUARE = SQUARES[GREEN], SQUARES[YELLOW], SQUARES[GREY]
EMPTY_SQUARE = "⬜"
#: Separates keys on a keyboard row (two spaces: keys stay apart, Discord keeps them).
KEY_SEPARATOR = "  "


def squares(feedback: str) -> str:
    """The feedback as coloured squares: ``squares("GYBBB") == "🟩🟨⬛⬛⬛"``."""
    return "".join(SQUARES[state] for state in normalise_feedback(feedback))


def letters(word: str, variant: Variant = CLASSIC) -> str:
    """The word of letters of ``variant`` upper case with a space between letters, in an
    inline code span: ```C R A N E```."""
    alphabet = check_variant(variant).alphabet
    return "`" + " ".join(upper_letters(normalise_word(word, alphabet), alphabet)) + "`"


def feedback_line(word: str, feedback: str, variant: Variant = CLASSIC) -> str:
    """One played row: ``"🟩🟨⬛⬛⬛ `C R A N E`"``."""
    word, feedback = normalise_row((word, feedback), check_variant(variant).alphabet)
    return f"{squares(feedback)} {letters(word, variant)}"


def empty_line(variant: Variant = CLASSIC) -> str:
    """A row not played yet, one square per letter: ``"⬜⬜⬜⬜⬜"``."""
    return EMPTY_SQUARE * variant.length


def board_text(rows: Iterable[Sequence[str]], variant: Variant = CLASSIC) -> str:
    """The board of ``variant``: one line per guess, then empty lines up to its attempts.

    If there are more rows than attempts every row is still shown (and no empty line).
    """
    variant = check_variant(variant)
    checked = board_rows(rows, variant)
    lines = [feedback_line(word, feedback, variant) for word, feedback in checked]
    lines += [empty_line(variant)] * max(0, variant.attempts - len(checked))
    return "\n".join(lines)


def key_text(letter: str, state: str | None, alphabet: str = LATIN) -> str:
    """One key: ``"🟩Q"`` or ``"🟨Q"`` for a letter found, ``"~~Q~~"`` (struck out) for one
    ruled out, ``"Q"`` for an unplayed one (upper case as the language of ``alphabet``
    writes it)."""
    shown = upper_letters(letter, alphabet)
    if state is None:
        return shown
    if state == GREY:
        return f"~~{shown}~~"
    return SQUARES[state] + shown


def keyboard_text(keyboard: Mapping[str, str] | None,
                  layout: KeyboardLayout = QWERTY_ROWS) -> str:
    """One line per row of ``layout``: each letter found preceded by its state's square, each
    letter ruled out struck out. The layout's letters are the alphabet the keyboard is
    checked and shown by."""
    rows = check_layout(layout)
    alphabet = "".join(rows)
    states = normalise_keyboard(keyboard, alphabet)
    return "\n".join(
        KEY_SEPARATOR.join(key_text(letter, states.get(letter), alphabet) for letter in row)
        for row in rows
    )


def game_text(
    rows: Iterable[Sequence[str]],
    keyboard: Mapping[str, str] | None = None,
    variant: Variant = CLASSIC,
    *,
    layout: KeyboardLayout = QWERTY_ROWS,
    texts: Texts = ENGLISH,
) -> str:
    """Board and keyboard (``layout``, one key for each letter of the variant's alphabet),
    separated by a blank line, then the letters ruled out in words (:func:`ruled_out_text`)
    once there are any.

    Without a ``keyboard`` it is worked out from ``rows`` (each letter's best state).
    """
    variant = check_variant(variant)
    layout = check_layout(layout, variant.alphabet)
    checked = board_rows(rows, variant)
    if keyboard is None:
        keyboard = keyboard_from_rows(checked, variant.alphabet)
    out = ruled_out_text(keyboard, variant, texts)
    text = f"{board_text(checked, variant)}\n\n{keyboard_text(keyboard, layout)}"
    return f"{text}\n{out}" if out else text
