"""The group-commit queue on its own: batches form while one runs, and a caller answered can
hand in again at once."""

from __future__ import annotations

import asyncio

import pytest

from bot.storage.database import BatchQueue, Outcome
from bot.storage.errors import StorageError


async def test_a_caller_answered_hands_in_again_at_once():
    """The caller resumes before the batch's runner is reaped: its next item still runs."""
    async def run(items: list[int]) -> list[Outcome]:
        return [(item * 2, None) for item in items]

    queue: BatchQueue[int] = BatchQueue(run)
    for item in range(5):
        async with asyncio.timeout(2):  # (wait_for would hand in from a task of its own)
            assert await queue.submit(item) == item * 2
    await queue.close()


async def test_what_waits_goes_in_the_next_batch_with_at_most_writers_at_once():
    batches: list[list[int]] = []
    running = most_running = 0
    gate = asyncio.Event()

    async def run(items: list[int]) -> list[Outcome]:
        nonlocal running, most_running
        batches.append(items)
        running += 1
        most_running = max(most_running, running)
        await gate.wait()
        running -= 1
        return [(item, None) for item in items]

    queue: BatchQueue[int] = BatchQueue(run, writers=2, most=3)
    calls = [asyncio.ensure_future(queue.submit(item)) for item in range(2)]
    await asyncio.sleep(0.01)  # both writers busy, one item each
    calls += [asyncio.ensure_future(queue.submit(item)) for item in range(2, 7)]
    await asyncio.sleep(0.01)
    gate.set()
    assert await asyncio.gather(*calls) == list(range(7))
    assert batches == [[0, 1], [2, 3, 4], [5, 6]]
    assert most_running == 2
    await queue.close()
    with pytest.raises(StorageError, match="closed"):
        await queue.submit(7)
