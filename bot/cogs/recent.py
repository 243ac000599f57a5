"""Values kept in memory for a while after they were last put, at a cost per use that does not
grow with how many are kept: the commands' cooldown buckets (:mod:`bot.cogs.cooldown`) and the
players' looks (:mod:`bot.cogs.looks`)."""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Recent(Generic[K, V]):
    """Each key's value for ``ttl`` seconds after it was put, at most ``most`` of them.

    Entries are kept in the order they were put (a key put again moves to the end), so every
    expired one is at the front and is dropped once, when the next value is put. A put whose
    time is a little behind the one before it (a slow read finishing late) only keeps its entry
    a little longer than ``ttl``."""

    def __init__(self, ttl: float, most: int = 100_000) -> None:
        if ttl <= 0 or most < 1:
            raise ValueError("values must be kept for a positive time, and at least one")
        self.ttl = ttl
        self.most = most
        self._entries: dict[K, tuple[V, float]] = {}

    def __len__(self) -> int:
        return len(self._entries)

    def __iter__(self) -> Iterator[K]:
        """The keys, oldest first."""
        return iter(self._entries)

    def get(self, key: K, now: float) -> V | None:
        """``key``'s value, unless there is none or it was put more than ``ttl`` before."""
        found = self._entries.get(key)
        return found[0] if found is not None and now <= found[1] + self.ttl else None

    def last(self, key: K) -> V | None:
        """``key``'s value however long ago it was put, while it is still kept (the expired
        ones go when the next value is put)."""
        found = self._entries.get(key)
        return found[0] if found is not None else None

    def put(self, key: K, value: V, now: float) -> None:
        """Keep ``value`` for ``key`` from ``now``; first drop the expired values and, beyond
        ``most``, the oldest."""
        entries = self._entries
        while entries:
            oldest = next(iter(entries))
            if now <= entries[oldest][1] + self.ttl and len(entries) < self.most:
                break
            del entries[oldest]
        entries.pop(key, None)  # to the end: the entries stay in the order they expire
        entries[key] = (value, now)

    def pop(self, key: K) -> None:
        self._entries.pop(key, None)
