"""Fixtures for tests that run real discord.py clients against the fake Discord."""

from tests.fakediscord.fixtures import fake_discord  # noqa: F401
