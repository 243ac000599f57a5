"""Once the bot is ready, what it loaded lives outside the garbage collector's reach
(bot.app.settle_memory, the end of warm_up): a full collection walks only what came later."""

from __future__ import annotations

import gc
import weakref

from bot.app import settle_memory


class Node:
    def __init__(self) -> None:
        self.me = self  # a reference cycle: only the collector frees it


def test_what_lives_at_warm_up_is_frozen_and_what_comes_later_is_not() -> None:
    loaded = [[i] for i in range(1000)]  # like word lists and strategies: containers
    was_enabled = gc.isenabled()
    gc.disable()  # so that only settle_memory collects in between
    garbage = Node()
    gone = weakref.ref(garbage)
    del garbage
    try:
        assert gone() is not None
        settle_memory()
        assert gc.get_freeze_count() >= len(loaded)
        tracked = {id(o) for o in gc.get_objects()}
        assert id(loaded) not in tracked and id(loaded[0]) not in tracked
        assert gone() is None  # garbage was collected first, not frozen with the rest
        later = [[1]]
        assert id(later) in {id(o) for o in gc.get_objects()}  # still the collector's
    finally:
        gc.unfreeze()
        if was_enabled:
            gc.enable()
    assert id(loaded) in {id(o) for o in gc.get_objects()}
