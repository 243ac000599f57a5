"""Where everything goes in the picture of a several-board game (:mod:`bot.render.boards_image`).

The boards sit in the grid of :func:`bot.render.boards.grid` (Dordle 2 side by side, Quordle
2x2, Octordle two rows of 4), each with a caption band above it (its number, and the guess
that solved it); the keyboard is below, each row centred, as on the one-board picture. The
more boards, the smaller the tiles, so that an Octordle stays about as wide as a phone screen
shows a picture at full width (Discord scales it down, and the letters must still read), and
its keys larger, since each is split into a part per board.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from bot.core.variant import Variant
from bot.render.boards import grid
from bot.render.common import KeyboardLayout
from bot.render.draw import HEADER_HEIGHT, KEY_ROW_GAP, PADDING, SECTION_GAP, Box


@dataclass(frozen=True)
class Sizes:
    """The measures, in pixels, of one kind of several-board picture."""

    tile: int
    tile_gap: int
    tile_font: int
    #: Between boards side by side, and between rows of boards.
    board_gap: int
    grid_gap: int
    caption: int
    caption_font: int
    key_width: int
    key_height: int
    key_gap: int
    key_font: int
    tile_border: int = 2


#: Dordle: two boards of 7 rows; Quordle: 2x2 boards of 9; Octordle: 4x2 boards of 13.
DORDLE_SIZES = Sizes(tile=48, tile_gap=5, tile_font=26, board_gap=24, grid_gap=16, caption=26,
                     caption_font=15, key_width=48, key_height=56, key_gap=6, key_font=18)
QUORDLE_SIZES = Sizes(tile=40, tile_gap=4, tile_font=22, board_gap=24, grid_gap=16,
                      caption=24, caption_font=14, key_width=46, key_height=60, key_gap=5,
                      key_font=18)
OCTORDLE_SIZES = Sizes(tile=34, tile_gap=3, tile_font=19, board_gap=20, grid_gap=14,
                       caption=22, caption_font=13, key_width=70, key_height=64, key_gap=6,
                       key_font=20)


def sizes(boards: int) -> Sizes:
    """The measures for ``boards`` boards: Dordle's up to 2, Quordle's up to 4, else
    Octordle's."""
    return DORDLE_SIZES if boards <= 2 else QUORDLE_SIZES if boards <= 4 else OCTORDLE_SIZES


@dataclass(frozen=True)
class Geometry:
    """Every position in a picture of one variant, keyboard layout and header (or none)."""

    sizes: Sizes
    width: int
    height: int
    columns: int
    grid_rows: int
    #: Each board's left edge and the top of its first row of tiles.
    board_lefts: tuple[int, ...]
    board_tops: tuple[int, ...]
    #: The tiles' offsets from the board's left edge, and the rows' from its top.
    tile_offsets: tuple[int, ...]
    row_offsets: tuple[int, ...]
    board_width: int
    #: The top of the header band's end: where the first caption band starts.
    boards_top: int
    #: Each keyboard row's (letter, key box) pairs, top row first.
    keys: tuple[tuple[tuple[str, Box], ...], ...]

    def tile_box(self, board: int, row: int, column: int) -> Box:
        """Where tile (``row``, ``column``) of board ``board`` is drawn, all 0-based."""
        left = self.board_lefts[board] + self.tile_offsets[column]
        top = self.board_tops[board] + self.row_offsets[row]
        return left, top, left + self.sizes.tile, top + self.sizes.tile

    def caption_box(self, board: int) -> Box:
        """Where the caption of board ``board`` is written: the band above its tiles."""
        left, top = self.board_lefts[board], self.board_tops[board] - self.sizes.caption
        return left, top, left + self.board_width, top + self.sizes.caption

    def key_box(self, letter: str) -> Box:
        for row in self.keys:
            for key, box in row:
                if key == letter:
                    return box
        raise ValueError(f"no key for {letter!r}")

    def key_part_box(self, letter: str, board: int) -> Box:
        """The part of ``letter``'s key that shows board ``board``: keys are split as the
        boards are laid out (halves, quarters, a 4x2 grid)."""
        return part_box(self.key_box(letter), board, self.columns, self.grid_rows)


def part_box(box: Box, board: int, columns: int, rows: int) -> Box:
    """Board ``board``'s part of a key at ``box`` split into ``columns`` x ``rows`` parts."""
    column, row = board % columns, board // columns
    width, height = box[2] - box[0], box[3] - box[1]
    return (box[0] + width * column // columns, box[1] + height * row // rows,
            box[0] + width * (column + 1) // columns, box[1] + height * (row + 1) // rows)


@lru_cache(maxsize=64)
def geometry(variant: Variant, layout: KeyboardLayout, header: bool) -> Geometry:
    """The :class:`Geometry` of a picture of ``variant``'s boards with ``layout`` below;
    ``header`` when a title or the hard-mode badge is drawn."""
    size = sizes(variant.boards)
    columns, grid_rows = grid(variant.boards)
    step = size.tile + size.tile_gap
    board_width = variant.length * step - size.tile_gap
    board_height = variant.attempts * step - size.tile_gap
    boards_width = columns * board_width + (columns - 1) * size.board_gap
    longest = max(len(row) for row in layout)
    keyboard_width = longest * size.key_width + (longest - 1) * size.key_gap
    width = max(boards_width, keyboard_width) + 2 * PADDING
    boards_top = PADDING + (HEADER_HEIGHT if header else 0)
    band = size.caption + board_height + size.grid_gap
    first_left = (width - boards_width) // 2
    lefts = tuple(first_left + (b % columns) * (board_width + size.board_gap)
                  for b in range(variant.boards))
    tops = tuple(boards_top + (b // columns) * band + size.caption
                 for b in range(variant.boards))
    keys_top = boards_top + grid_rows * band - size.grid_gap + SECTION_GAP
    keys = []
    for index, row in enumerate(layout):
        row_width = len(row) * size.key_width + (len(row) - 1) * size.key_gap
        left = (width - row_width) // 2
        top = keys_top + index * (size.key_height + KEY_ROW_GAP)
        keys.append(tuple(
            (letter, (left + i * (size.key_width + size.key_gap), top,
                      left + i * (size.key_width + size.key_gap) + size.key_width,
                      top + size.key_height))
            for i, letter in enumerate(row)))
    height = keys_top + len(layout) * (size.key_height + KEY_ROW_GAP) - KEY_ROW_GAP + PADDING
    return Geometry(
        sizes=size, width=width, height=height, columns=columns, grid_rows=grid_rows,
        board_lefts=lefts, board_tops=tops,
        tile_offsets=tuple(c * step for c in range(variant.length)),
        row_offsets=tuple(r * step for r in range(variant.attempts)),
        board_width=board_width, boards_top=boards_top, keys=tuple(keys),
    )
