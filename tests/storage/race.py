"""Racing guessers on shared channel games, used in-process by test_race.py and, as a
script, by its multi-process test (one SqliteStore per process on the same file).

As a script: ``python race.py DB_PATH GO_FILE FIRST_PLAYER GUESSERS GAME_ID...`` opens the
database, prints "ready", waits until GO_FILE exists and then until the time (seconds since
the epoch) written in it, races GUESSERS guessers (player ids
FIRST_PLAYER, FIRST_PLAYER+1, ...) on each game in turn and prints one JSON line: the
guesses this process was told were accepted.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from pathlib import Path

if __name__ == "__main__":  # run as a script: make the project importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.core.feedback import ALL_GREEN, score
from bot.storage import AttemptConflict, GameNotActive, SqliteStore

#: Words guessers pick from; none of them is "crane", the hidden word of the raced games.
WORDS = ["slate", "pious", "dumpy", "fight", "works", "jazzy", "vowel", "bring", "champ", "oxide"]


async def guesser(db: SqliteStore, game_id: int, player: int, word: str) -> list[tuple]:
    """Read the game, work out the attempt, record; retry on conflicts until accepted or the
    game is over. Returns the accepted guess as ``[(game, attempt, player, word)]`` or []."""
    while True:
        game = await db.get_game(game_id)
        assert game is not None
        if game.status != "active":
            return []
        attempt = len(game.guesses) + 1
        feedback = score(word, game.hidden_word)
        finish = "won" if feedback == ALL_GREEN else ("lost" if attempt == 6 else None)
        try:
            await db.record_guess(
                game_id,
                attempt=attempt,
                player_id=player,
                word=word,
                feedback=feedback,
                finish=finish,
                day=1,
            )
        except AttemptConflict:
            continue
        except GameNotActive:
            return []
        return [(game_id, attempt, player, word)]


async def race(db: SqliteStore, game_id: int, players: list[int], words: list[str]) -> list[tuple]:
    results = await asyncio.gather(
        *(guesser(db, game_id, p, w) for p, w in zip(players, words, strict=True))
    )
    return [accepted for result in results for accepted in result]


def give_go(go: Path, ahead: float = 0.2) -> None:
    """Tell the racing processes (each waiting in :func:`wait_for_go`) to start together, at a
    moment ``ahead`` seconds from now written in ``go`` (made whole, by a rename)."""
    ready = go.with_name(go.name + ".tmp")
    ready.write_text(repr(time.time() + ahead))
    ready.rename(go)


async def wait_for_go(go: str) -> None:
    """Wait until ``go`` exists, then until the moment written in it: every process wakes for
    that moment rather than whenever its polling next looks (one could take every game
    first, and the processes would not race at all)."""
    while not Path(go).exists():
        await asyncio.sleep(0.005)
    start = float(Path(go).read_text())
    while (left := start - time.time()) > 0:
        await asyncio.sleep(min(left, 0.001))


async def _main(path: str, go: str, first: int, count: int, game_ids: list[int]) -> None:
    async with await SqliteStore.open(path) as db:
        print("ready", flush=True)
        await wait_for_go(go)
        accepted: list[tuple] = []
        players = list(range(first, first + count))
        for game_id in game_ids:
            words = [WORDS[(p + game_id) % len(WORDS)] for p in players]
            # One player in each process also knows the answer, so some games are won.
            if game_id % 2 == 0:
                words[(game_id // 2) % count] = "crane"
            accepted += await race(db, game_id, players, words)
    print(json.dumps({"accepted": accepted, "time": time.time()}), flush=True)


if __name__ == "__main__":
    db_path, go_file, first_player, guessers, *ids = sys.argv[1:]
    asyncio.run(_main(db_path, go_file, int(first_player), int(guessers), [int(i) for i in ids]))
