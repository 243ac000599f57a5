"""pytest fixtures for the fake Discord.

Use them from a conftest.py (or a test module) with an explicit import::

    from tests.fakediscord.fixtures import fake_discord  # noqa: F401
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from .server import FakeDiscord


@pytest.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A started FakeDiscord with discord.py patched to use it; stopped and restored after."""
    async with FakeDiscord() as fake:
        yield fake
