"""Writes games and guesses through a PostgresStore as fast as it can until it is killed.

``python kill_worker.py DSN ROUND`` prints, each line flushed as soon as the store answered
(so only what was acknowledged is ever printed): ``game ID`` and
``ack GAME ATTEMPT PLAYER WORD STATUS``.
"""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path

if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.core.feedback import ALL_GREEN, score
from bot.storage.postgres import PostgresStore

GUILD = 77
SLOTS = 24
WORDS = ["slate", "pious", "dumpy", "fight", "works", "jazzy", "vowel", "bring", "champ", "crane"]


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


async def slot(store: PostgresStore, round_: int, index: int) -> None:
    rng = random.Random(round_ * 1000 + index)
    player = round_ * 100_000 + index
    while True:
        game = await store.create_game(
            guild_id=GUILD,
            channel_id=round_ * 1000 + index,
            owner_id=player,
            scope="own",
            kind="random",
            answer=rng.choice(WORDS),
            hard_mode=False,
        )
        say(f"game {game.id}")
        while game.status == "active":
            word = rng.choice(WORDS)
            attempt = len(game.guesses) + 1
            feedback = score(word, game.hidden_word)
            finish = "won" if feedback == ALL_GREEN else "lost" if attempt == 6 else None
            game = await store.record_guess(
                game.id,
                attempt=attempt,
                player_id=player,
                word=word,
                feedback=feedback,
                finish=finish,
                day=1,
            )
            say(f"ack {game.id} {attempt} {player} {word} {game.status}")


async def main(dsn: str, round_: int) -> None:
    store = await PostgresStore.open(dsn, pool_size=4)
    await asyncio.gather(*(slot(store, round_, i) for i in range(SLOTS)))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
