"""One process racing guessers on shared games through its own PostgresStore (its own pool).

``python race_worker.py DSN GO_FILE FIRST_PLAYER GUESSERS GAME_ID...``: opens the store
(migrating, like every process at start), prints "ready", waits until GO_FILE exists and
then until the moment written in it (``tests.storage.race.wait_for_go``), races
GUESSERS guessers (player ids FIRST_PLAYER, ...) on every game at once and prints one JSON
line: the guesses this process was told were accepted.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

if __name__ == "__main__":  # run as a script: make the project importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.storage.postgres import PostgresStore
from tests.storage.race import WORDS, race, wait_for_go


async def _main(dsn: str, go: str, first: int, count: int, game_ids: list[int]) -> None:
    async with await PostgresStore.open(dsn, pool_size=4) as store:
        print("ready", flush=True)
        await wait_for_go(go)
        players = list(range(first, first + count))
        rounds = []
        for game_id in game_ids:
            words = [WORDS[(p + game_id) % len(WORDS)] for p in players]
            if game_id % 2 == 0:  # someone in each process knows the answer
                words[(game_id // 2) % count] = "crane"
            rounds.append(race(store, game_id, players, words))  # type: ignore[arg-type]
        accepted = [a for result in await asyncio.gather(*rounds) for a in result]
    print(json.dumps({"accepted": accepted}), flush=True)


if __name__ == "__main__":
    dsn, go_file, first_player, guessers, *ids = sys.argv[1:]
    asyncio.run(_main(dsn, go_file, int(first_player), int(guessers), [int(i) for i in ids]))
