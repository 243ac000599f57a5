"""The spoiler-free share grid, as the real game posts it.

    Wordle 1,234 4/6*

    ⬛🟨⬛⬛⬛
    ⬛⬛🟩🟨⬛
    🟨⬛🟩⬛🟩
    🟩🟩🟩🟩🟩

``X/6`` marks a lost or given-up game and ``*`` hard mode. Only squares, never letters. A
pack other than English 5 letters is named after the game's name: ``Wordle ES 123 4/6`` for
Spanish, ``Wordle EN6 123 4/7`` for English in 6 letters.

A game of several boards shares as the real Dordle, Quordle and Octordle do
(:func:`boards_share_text`): its name and pack, then for each board the guess that solved it
as a keycap digit (🔟 and clocks past 9), 🟥 for a board not solved, laid out as the boards
are (2 a line, 4 for Octordle)::

    Quordle 1,234

    6️⃣5️⃣
    🟥8️⃣
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final

from bot.core.domain import GREEN, GREY, MAX_ATTEMPTS, WORD_LENGTH, YELLOW
from bot.core.letter_rules import LETTER_RULES

if TYPE_CHECKING:
    from bot.core.game import Game

SQUARES = {GREEN: "\N{LARGE GREEN SQUARE}", YELLOW: "\N{LARGE YELLOW SQUARE}",
           GREY: "\N{BLACK LARGE SQUARE}"}
#: The pack a grid names by nothing: the game's own, English in 5 letters.
_PLAIN_PACK = ("en", WORD_LENGTH)


#: The mark of a board solved by guess n (from 1), as the real games post it.
SOLVED_MARKS: Final = (*(f"{n}\N{VARIATION SELECTOR-16}\N{COMBINING ENCLOSING KEYCAP}"
                         for n in range(1, 10)), "\N{KEYCAP TEN}",
                       "\N{CLOCK FACE ELEVEN OCLOCK}", "\N{CLOCK FACE TWELVE OCLOCK}",
                       "\N{CLOCK FACE ONE OCLOCK}")
#: The mark of a board not solved.
NOT_SOLVED: Final = "\N{LARGE RED SQUARE}"


def squares(feedback: str) -> str:
    """``"GYBBB"`` as ``🟩🟨⬛⬛⬛``."""
    return "".join(SQUARES[c] for c in feedback.upper())


def pack_tag(language: str = "en", length: int = WORD_LENGTH) -> str:
    """How a grid names the pack of ``language`` (a code of
    :data:`~bot.core.letter_rules.LETTER_RULES`) and ``length``: ``""`` for English in 5
    letters, the code in capitals for another language (``"ES"``), with the length after it
    for another length (``"EN6"``). ``ValueError`` for an unknown language or a length that
    is not a whole number from 1."""
    if language not in LETTER_RULES:
        raise ValueError(f"no letter rules for {language!r}; known: {', '.join(LETTER_RULES)}")
    if isinstance(length, bool) or not isinstance(length, int) or length < 1:
        raise ValueError(f"a pack's length is a whole number of letters, not {length!r}")
    if (language, length) == _PLAIN_PACK:
        return ""
    return language.upper() + ("" if length == WORD_LENGTH else str(length))


def share_title(label: str, rows_played: int, won: bool, hard_mode: bool,
                max_attempts: int = MAX_ATTEMPTS, *, language: str = "en",
                length: int = WORD_LENGTH) -> str:
    """``Wordle 1,234 4/6*``: the label with the pack's tag (:func:`pack_tag`) after its first
    word, the game's name, then the score."""
    score = str(rows_played) if won else "X"
    return f"{tagged(label, language, length)} {score}/{max_attempts}{'*' if hard_mode else ''}"


def tagged(label: str, language: str, length: int) -> str:
    """``label`` with the pack's tag (:func:`pack_tag`) after its first word, the game's
    name."""
    tag = pack_tag(language, length)
    if tag:
        name, _, rest = label.partition(" ")
        label = " ".join(part for part in (name, tag, rest) if part)
    return label


def share_text(rows: Iterable[Sequence[str]], *, label: str, won: bool, hard_mode: bool,
               max_attempts: int = MAX_ATTEMPTS, language: str = "en",
               length: int = WORD_LENGTH) -> str:
    """The title line, a blank line, then one row of squares per guess (no letters); the
    title alone for a game given up before its first guess. ``language`` and ``length`` are
    the pack's, which the title names unless it is English in 5 letters."""
    grid = [squares(feedback) for _, feedback in rows]
    title = share_title(label, len(grid), won, hard_mode, max_attempts, language=language,
                        length=length)
    return "\n".join([title, "", *grid]) if grid else title


def boards_share_text(solved: Sequence[int | None], *, label: str, hard_mode: bool,
                      language: str = "en", length: int = WORD_LENGTH) -> str:
    """The share grid of a game of several boards (see the module notes): ``solved`` holds,
    for each board, the guess that solved it (from 1) or ``None``."""
    marks = [NOT_SOLVED if n is None else SOLVED_MARKS[n - 1] for n in solved]
    columns = 2 if len(marks) <= 4 else 4
    lines = ["".join(marks[i:i + columns]) for i in range(0, len(marks), columns)]
    title = tagged(label, language, length) + ("*" if hard_mode else "")
    return "\n".join([title, "", *lines])


def game_share_text(game: Game, label: str) -> str:
    """The share grid of a finished ``game`` (of one board or several), titled ``label`` (its
    name as the reader reads it), naming its pack."""
    variant = game.variant
    if variant.boards > 1:
        return boards_share_text([game.solved_at(b) for b in range(variant.boards)],
                                 label=label, hard_mode=game.hard_mode,
                                 language=variant.language, length=variant.length)
    return share_text(game.rows, label=label, won=game.won, hard_mode=game.hard_mode,
                      max_attempts=game.max_attempts, language=variant.language,
                      length=variant.length)
