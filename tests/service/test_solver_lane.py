"""Solver work has a lane of its own (:mod:`bot.service.solver_lane`): one search at a time in
one thread, never in asyncio's shared worker threads, and a burst beyond the lane's bound is
refused at once, changing nothing, instead of answered after Discord has given up."""

from __future__ import annotations

import asyncio
import threading

import pytest

from bot.service import Place, PlayerError, Problem
from bot.service import solver_lane as lanes
from bot.service.solver_lane import SolverLane

HERE = Place(guild_id=10, channel_id=100)
ALICE = 1001


async def test_jobs_run_one_at_a_time_in_one_thread_of_their_own():
    lane = SolverLane(waiting=8)
    running, most, threads = 0, 0, set()
    guard = threading.Lock()

    def job(n: int) -> int:
        nonlocal running, most
        with guard:
            running += 1
            most = max(most, running)
            threads.add(threading.current_thread().name)
        threading.Event().wait(0.01)
        with guard:
            running -= 1
        return n * n

    assert await asyncio.gather(*(lane.run(job, n) for n in range(6))) == [
        n * n for n in range(6)]
    assert most == 1 and len(threads) == 1
    assert next(iter(threads)).startswith("wordle-bot solver")
    assert lane.queued == 0


async def test_a_full_lane_refuses_at_once_and_runs_nothing():
    lane = SolverLane(waiting=2)
    release = threading.Event()
    ran: list[str] = []

    def blocked(name: str) -> str:
        release.wait(5)
        ran.append(name)
        return name

    first = asyncio.ensure_future(lane.run(blocked, "first"))
    second = asyncio.ensure_future(lane.run(blocked, "second"))
    await asyncio.sleep(0)
    with pytest.raises(PlayerError) as refused:
        await lane.run(blocked, "third")
    assert refused.value.problem is Problem.SOLVER_BUSY
    release.set()
    assert await asyncio.gather(first, second) == ["first", "second"]
    assert ran == ["first", "second"] and lane.queued == 0
    assert await lane.run(str.upper, "room again") == "ROOM AGAIN"


async def test_a_failing_job_frees_its_place():
    lane = SolverLane(waiting=1)

    def broken() -> None:
        raise ValueError("no")

    with pytest.raises(ValueError):
        await lane.run(broken)
    assert lane.queued == 0 and await lane.run(len, "abc") == 3


async def test_a_word_hint_or_analysis_beyond_the_bound_is_refused_and_nothing_is_saved(
        service, picker, monkeypatch):
    picker.queue.append("spine")
    started = await service.start(HERE, ALICE)
    await service.guess(HERE, ALICE, "world")
    await service.solver()
    monkeypatch.setattr(lanes.SOLVER_LANE, "waiting", 0)  # as if eight were waiting
    with pytest.raises(PlayerError) as refused:
        await service.hint(HERE, ALICE, "word")
    assert refused.value.problem is Problem.SOLVER_BUSY
    assert await service.db.hints_for_game(started.game.id) == []
    # letter hints need no solver: given at once
    assert (await service.hint(HERE, ALICE, "letter")).letter
    await service.guess(HERE, ALICE, "spine")
    with pytest.raises(PlayerError) as refused:
        await service.analyse(HERE, ALICE)
    assert refused.value.problem is Problem.SOLVER_BUSY
    monkeypatch.setattr(lanes.SOLVER_LANE, "waiting", lanes.WAITING)
    assert (await service.analyse(HERE, ALICE)).analysis.steps


async def test_a_job_keeps_its_place_until_it_has_finished_even_if_nobody_waits():
    lane = SolverLane(waiting=1)
    release = threading.Event()
    started = threading.Event()

    def blocked() -> None:
        started.set()
        release.wait(5)

    waiter = asyncio.ensure_future(lane.run(blocked))
    await asyncio.to_thread(started.wait, 5)
    waiter.cancel()  # the interaction gave up; the search still runs in the thread
    with pytest.raises(asyncio.CancelledError):
        await waiter
    with pytest.raises(PlayerError):  # so the bound still holds
        await lane.run(len, "x")
    release.set()
    for _ in range(100):
        if lane.queued == 0:
            break
        await asyncio.sleep(0.01)
    assert await lane.run(len, "xy") == 2


async def test_an_analysis_never_waits_for_a_strategy_being_built(
        db, make_service, picker, tmp_path):
    # With lists whose strategy is not ready, the analysis is refused at once (the build goes
    # on in another process) instead of holding the lane, and every word hint, for minutes.
    from bot.core.solver import Solver
    from bot.service import GameService

    plain = make_service(db)
    solver = Solver(list(plain.words.answers), list(plain.words.allowed_sorted),
                    cache_dir=tmp_path / "cache", build_process=True)
    service = GameService(db, plain.words, daily_salt="test-salt", clock=plain.now,
                          choose=picker, solver=solver)
    picker.queue.append("spine")
    await service.start(HERE, ALICE)
    await service.guess(HERE, ALICE, "spine")
    with pytest.raises(PlayerError) as refused:
        await service.analyse(HERE, ALICE)
    assert refused.value.problem is Problem.SOLVER_PREPARING
    assert lanes.SOLVER_LANE.queued == 0
    await asyncio.to_thread(solver.strategy, False)  # the build finishes
    assert (await service.analyse(HERE, ALICE)).analysis.steps
