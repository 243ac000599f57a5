"""Shared fixtures of the rendering tests."""

from __future__ import annotations

import pytest

from bot.render import png


@pytest.fixture
def threads(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """What the pictures hand to a worker thread (``png.cached_or_in_thread``), in order; the
    work still runs."""
    handed: list[object] = []
    real = png.asyncio.to_thread

    async def counting(*args, **kw):
        handed.append(args[0])
        return await real(*args, **kw)

    monkeypatch.setattr(png.asyncio, "to_thread", counting)
    return handed
