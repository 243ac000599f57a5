"""Whether the bot may post in a thread follows Send Messages in Threads, not Send Messages."""

from __future__ import annotations

from types import SimpleNamespace

import discord

from bot.cogs.interact import may_post_in


class _Thread(discord.Thread):
    """A thread whose parent grants ``granted``; nothing else of a thread is needed here."""

    def __init__(self, granted: discord.Permissions) -> None:  # no state: see the class doc
        self._granted = granted

    @property
    def guild(self) -> SimpleNamespace:  # type: ignore[override]
        return SimpleNamespace(me=object())

    def permissions_for(self, obj: object, /) -> discord.Permissions:  # type: ignore[override]
        return self._granted


def test_a_thread_needs_send_messages_in_threads() -> None:
    parent_only = discord.Permissions(view_channel=True, send_messages=True)
    assert may_post_in(_Thread(parent_only)) is False
    threads_too = discord.Permissions(view_channel=True, send_messages=True,
                                      send_messages_in_threads=True)
    assert may_post_in(_Thread(threads_too)) is True
