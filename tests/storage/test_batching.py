"""How a write batch is taken from the queue (both stores' writers) and cut into units: always
in the order the jobs were handed in."""

from __future__ import annotations

import asyncio

from bot.storage.batching import Create, Guess, next_batch, plan_units


def guess(game: int, attempt: int) -> Guess:
    return Guess(game, attempt, 1, "slate", "BBBBB", None, None, "t")


def create(channel: int) -> Create:
    return Create(1, channel, 1, "own", "random", None, "crane", False, None, "t")


def other() -> object:
    return lambda conn: None


def shape(jobs: list[object]) -> list[list[int]]:
    return [[i for i, _ in unit] for unit in plan_units(list(enumerate(jobs)))]


def test_guesses_and_then_new_games_share_a_unit() -> None:
    assert shape([guess(1, 1), guess(2, 1), guess(1, 1), create(1), create(2)]) == [
        [0, 1, 2, 3, 4]
    ]


def test_a_second_attempt_of_a_game_starts_a_new_unit() -> None:
    assert shape([guess(1, 1), guess(2, 1), guess(1, 2), guess(2, 1)]) == [[0, 1], [2, 3]]


def test_a_guess_after_a_new_game_starts_a_new_unit() -> None:
    assert shape([create(1), guess(1, 1), create(2)]) == [[0], [1, 2]]


def test_other_jobs_run_alone_where_they_were_handed_in() -> None:
    assert shape([guess(1, 1), other(), guess(2, 1), create(1), other(), other()]) == [
        [0], [1], [2, 3], [4], [5]
    ]


def test_every_job_is_planned_once_in_order() -> None:
    jobs = [guess(g % 3, 1 + g % 2) if g % 4 else create(g) for g in range(40)]
    jobs[7] = other()
    units = plan_units(list(enumerate(jobs)))
    assert [i for unit in units for i, _ in unit] == list(range(40))


async def test_a_batch_is_what_waits_in_the_queue_up_to_the_most_and_the_stop_mark() -> None:
    queue: asyncio.Queue[int | None] = asyncio.Queue()
    for item in (1, 2, 3, 4, 5, None, 6):
        queue.put_nowait(item)
    assert await next_batch(queue, 3) == ([1, 2, 3], False)
    assert await next_batch(queue, 3) == ([4, 5], True)  # the stop mark ends the batch
    assert queue.get_nowait() == 6  # and nothing after it was taken
    queue.put_nowait(None)
    assert await next_batch(queue, 3) == ([], True)
    waiting = asyncio.ensure_future(next_batch(queue, 3))
    await asyncio.sleep(0)
    assert not waiting.done()  # an empty queue: it waits for the first item
    queue.put_nowait(7)
    assert await waiting == ([7], False)
