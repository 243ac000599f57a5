"""Reading the bot's board messages (Components V2, :mod:`bot.cogs.board`) in tests: each part
by its fixed component id, and the whole board checked against the rules."""

from __future__ import annotations

import re

from PIL import Image

from bot.cogs import board as layout
from bot.core.feedback import score
from bot.core.share import squares
from bot.render import stats_image as stats_pic
from bot.render.image import LIGHT, image_size, tile_box
from tests.fakediscord.models import FakeMessage

EMPTY_ROW = "⬜⬜⬜⬜⬜"
IS_COMPONENTS_V2 = 1 << 15


def part(message: FakeMessage, component_id: int) -> str | None:
    """The text of the board's Text Display with this id, or None when it has none."""
    found = message.find_components(10, id=component_id)
    return str(found[0]["content"]) if found else None


def note(message: FakeMessage) -> str | None:
    return part(message, layout.NOTE_ID)


def title(message: FakeMessage) -> str:
    text = part(message, layout.TITLE_ID)
    assert text is not None and text.startswith("### "), message.text()
    return text.removeprefix("### ")


def footer(message: FakeMessage) -> str:
    text = part(message, layout.FOOTER_ID)
    assert text is not None and text.startswith("-# "), message.text()
    return text.removeprefix("-# ")


def board_text(message: FakeMessage) -> str:
    """The emoji rows and keyboard of a text-only board."""
    text = part(message, layout.BOARD_ID)
    assert text is not None, message.text()
    return text


def alt(message: FakeMessage) -> str:
    """The board picture's description (its words for screen readers)."""
    (gallery,) = message.find_components(12, id=layout.PICTURE_ID)
    item = gallery["items"][0]
    assert item["media"]["url"].endswith(f"/{layout.BOARD_FILE}"), item
    return str(item["description"])


def result_fields(message: FakeMessage) -> list[tuple[str, str]]:
    """The finish paragraphs (``**Solved!**`` then its text, ...) as (name, value) pairs."""
    text = part(message, layout.RESULT_ID)
    assert text is not None, f"no result on this board: {message.text()}"
    fields: list[tuple[str, list[str]]] = []
    previous = ""
    for line in text.split("\n"):
        if previous == "" and line.startswith("**") and line.endswith("**") and len(line) > 4:
            fields.append((line[2:-2], []))
        elif fields:
            fields[-1][1].append(line)
        previous = line
    return [(name, "\n".join(lines).strip("\n")) for name, lines in fields]


def fields(message: FakeMessage) -> dict[str, str]:
    return dict(result_fields(message))


def is_board(message: FakeMessage) -> bool:
    """A board message: a V2 message with the board picture or the text-only board."""
    return message.components_v2 and (part(message, layout.BOARD_ID) is not None
                                      or bool(message.find_components(12, id=layout.PICTURE_ID)))


def row_line(word: str, feedback: str) -> str:
    return f"{squares(feedback)} `{' '.join(word.upper())}`"


def has_emoji_board(message: FakeMessage) -> bool:
    """Whether any Text Display of the message holds a board row (played or empty) or a
    keyboard row, wherever it sits (the share grid of the result is neither: no letters, and
    never an empty row)."""
    for text in message.text_displays():
        for line in text.splitlines():
            if "⬜" in line or re.search(r"[⬜⬛🟩🟨🟧🟦]{5} `", line):
                return True
            if re.sub(r"[^A-Z]", "", line) == "QWERTYUIOP":
                return True
    return False


def best_states(answer: str, guesses: list[str]) -> dict[str, str]:
    """Each played letter's best state over the guesses, as the keyboard shows it."""
    best: dict[str, str] = {}
    for word in guesses:
        for letter, state in zip(word, score(word, answer), strict=True):
            if "BYG".index(state) >= "BYG".index(best.get(letter, "B")):
                best[letter] = state
    return best


def ruled_out_line(answer: str, guesses: list[str]) -> str | None:
    out = sorted(c.upper() for c, state in best_states(answer, guesses).items() if state == "B")
    return f"Not in the word: {', '.join(out)}" if out else None


def assert_board(message: FakeMessage, answer: str, guesses: list[str], *,
                 header: bool = True, picture: bool = True, hints: bool = True) -> None:
    """A V2 board, shown once. With a ``picture``: the PNG in the gallery has the documented
    size and the same colours, its description says each row in words and the letters not in
    the word, and no Text Display repeats the board as emoji. Text only (``picture=False``):
    one line per guess (squares and letters), empty rows up to six and the keyboard (letters
    found with their square, letters ruled out struck out, then listed) in a Text Display, and
    no picture. Buttons while the game is on (the hint buttons unless ``hints`` are off),
    none once it is over."""
    assert message.components_v2 and message.flags & IS_COMPONENTS_V2, message.text()
    assert not message.content and not message.embeds
    if picture:
        assert_picture(message, answer, guesses, header=header)
    else:
        assert_text(message, answer, guesses)
    over = bool(guesses and guesses[-1] == answer) or len(guesses) == 6 \
        or part(message, layout.RESULT_ID) is not None
    labels = message.button_labels()
    if over:
        assert labels == [] and message.accent_color in (layout.DEFAULT_LOOK.won,
                                                         layout.DEFAULT_LOOK.lost)
    else:
        assert labels[:2] == ["Guess", "Give up"]
        assert labels[2:4] == (["Letter", "Position"] if hints else [])
        assert message.accent_color == layout.DEFAULT_LOOK.playing


def assert_picture(message: FakeMessage, answer: str, guesses: list[str], *,
                   header: bool) -> None:
    assert part(message, layout.BOARD_ID) is None and not has_emoji_board(message), \
        f"the board is shown twice: {message.text()}"
    description = alt(message)
    assert len(description) <= 1024  # Discord's limit for a gallery item's description
    names = {"G": "green", "Y": "yellow", "B": "grey"}
    for word in guesses:
        assert f"{word.upper()}: " + " ".join(names[s] for s in score(word, answer)) \
            in description
    out = ruled_out_line(answer, guesses)
    if out:
        assert description.endswith(f". {out}"), description
    else:
        assert "Not in the word" not in description, description
    png, *others = message.media()
    assert png.filename == "board.png" and png.content_type == "image/png"
    assert [o.filename for o in others] in ([], ["stats.png"])
    image = png.image()
    assert image.size == image_size(6, header=header)
    rgb = image.convert("RGB")
    for row, word in enumerate(guesses):
        for column, state in enumerate(score(word, answer)):
            left, top, _, _ = tile_box(row, column, header=header)
            assert rgb.getpixel((left + 4, top + 4)) == LIGHT.state(state)
    if len(guesses) < 6:  # an empty tile is the background with a border
        left, top, _, _ = tile_box(len(guesses), 0, header=header)
        assert rgb.getpixel((left + 10, top + 10)) == LIGHT.background


def assert_text(message: FakeMessage, answer: str, guesses: list[str]) -> None:
    assert message.find_components(12) == [] and message.media() == []
    assert message.attachments == []
    lines = board_text(message).split("\n")
    expected = [row_line(w, score(w, answer)) for w in guesses]
    expected += [EMPTY_ROW] * (6 - len(guesses))
    assert lines[:6] == expected
    assert lines[6] == ""  # a blank line, then the keyboard: each played letter's best state
    best = best_states(answer, guesses)

    def key(c: str) -> str:
        if c not in best:
            return c.upper()
        return f"~~{c.upper()}~~" if best[c] == "B" else squares(best[c]) + c.upper()

    assert lines[7:10] == ["  ".join(key(c) for c in keys)
                           for keys in ("qwertyuiop", "asdfghjkl", "zxcvbnm")]
    out = ruled_out_line(answer, guesses)
    assert lines[10:] == ([out] if out else [])
    assert "⬛" not in "\n".join(lines[7:])  # nearly the background in the dark theme


def lit_bar(png: Image.Image, distribution: tuple[int, ...]) -> int | None:
    """Which attempt's bar of a statistics picture is green (light theme), checked at the
    bar's own box; every other bar must be grey there."""
    rgb = png.convert("RGB")
    maximum = max(distribution)
    lit = None
    for attempt, count in enumerate(distribution, start=1):
        left, top, right, bottom = stats_pic.bar_box(attempt, count, maximum)
        colour = rgb.getpixel((left + 2, top + 2))
        assert rgb.getpixel((right - 1, bottom - 1)) == colour  # a solid bar
        assert colour in (LIGHT.green, LIGHT.grey), (attempt, colour)
        if colour == LIGHT.green:
            assert lit is None, "two bars lit"
            lit = attempt
    return lit


def stats_picture(message: FakeMessage) -> Image.Image:
    (found,) = [m for m in message.media() if m.filename == "stats.png"]
    return found.image()
