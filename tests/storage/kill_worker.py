"""Writes games and guesses as fast as it can until it is killed (used by test_kill.py).

``python kill_worker.py DB_PATH ROUND`` prints, each line flushed as soon as the storage call
returned (so only what was acknowledged is ever printed):

    game GAME_ID                               a game was created
    ack GAME_ID ATTEMPT PLAYER WORD STATUS     a guess was accepted (STATUS: the game after it)
    gaveup GAME_ID                             a game was given up
"""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path

if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import bot.storage.sqlite.connection as database_module
from bot.core.feedback import ALL_GREEN, score
from bot.storage import SqliteStore

GUILD = 77
SLOTS = 24
WORDS = ["slate", "pious", "dumpy", "fight", "works", "jazzy", "vowel", "bring", "champ", "crane"]


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


async def slot(db: SqliteStore, round_: int, index: int) -> None:
    rng = random.Random(round_ * 1000 + index)
    channel = round_ * 1000 + index
    players = [round_ * 100_000 + index * 100 + k for k in range(3)]
    while True:
        shared = index % 4 == 0
        game = await db.create_game(
            guild_id=GUILD,
            channel_id=channel,
            owner_id=None if shared else players[0],
            scope="channel" if shared else "own",
            kind="random",
            answer=rng.choice(WORDS),
            hard_mode=False,
        )
        say(f"game {game.id}")
        while game.status == "active":
            if rng.random() < 0.02:
                # A channel game: one who guessed gives it up (anyone, before any guess).
                quitter = game.guesses[0].player_id if game.guesses else players[0]
                assert quitter is not None
                game = await db.give_up(game.id, player_id=quitter, day=1)
                say(f"gaveup {game.id}")
                break
            player = rng.choice(players) if shared else players[0]
            word = rng.choice(WORDS)
            attempt = len(game.guesses) + 1
            feedback = score(word, game.hidden_word)
            finish = "won" if feedback == ALL_GREEN else ("lost" if attempt == 6 else None)
            game = await db.record_guess(
                game.id,
                attempt=attempt,
                player_id=player,
                word=word,
                feedback=feedback,
                finish=finish,
                day=1,
            )
            say(f"ack {game.id} {attempt} {player} {word} {game.status}")


async def main(path: str, round_: int) -> None:
    # Checkpoint far more often than usual, so that kills also land in the middle of one.
    database_module.CHECKPOINT_COMMITS = 8
    db = await SqliteStore.open(path)  # never closed: the process is killed
    await asyncio.gather(*(slot(db, round_, i) for i in range(SLOTS)))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
