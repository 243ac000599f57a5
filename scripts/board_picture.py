"""Draw ``docs/board.png``, the board the README shows, with the bot's own renderer.

    uv run python scripts/board_picture.py [--output docs/board.png]

A daily won in four guesses (CRANE, SLOPE, WOMEN, LEMON), in the light theme, titled as the
bot titles a daily. The same code always writes the same bytes, so running it again after a
change to the renderer shows in ``git diff`` whether the picture changed.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.core.domain import Kind, Scope, game_label  # noqa: E402
from bot.core.feedback import score  # noqa: E402
from bot.render.image import board_png  # noqa: E402

HIDDEN = "lemon"
GUESSES = ("crane", "slope", "women", "lemon")
PUZZLE = 42


def picture() -> bytes:
    rows = [(guess, score(guess, HIDDEN)) for guess in GUESSES]
    return board_png(rows, title=game_label(Scope.OWN, Kind.DAILY, PUZZLE))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=ROOT / "docs" / "board.png")
    args = parser.parse_args()
    data = picture()
    args.output.write_bytes(data)
    print(f"{args.output}: {len(data):,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
