"""The ids a front end hands the service, checked where the service receives them.

Discord's ids (players, servers, channels, messages) and ours (games, races) are whole numbers
from 0 to 2**63-1, the stores' keys. Any other value is no player, place, game or race of
ours: a front end that sends one (say a forged button) gets a player error and nothing
changes, instead of the store's ``ValueError``. :func:`ids_checked` checks every parameter
named ``..._id`` of a service call by its name (:data:`_KINDS`); :class:`~bot.service.results.Place`
checks its own.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any, Final, TypeVar

from bot.service.errors import NoGame, PlayerError, Problem
from bot.storage.models import Unset
from bot.storage.port import storable_id

F = TypeVar("F", bound=Callable[..., Any])
C = TypeVar("C", bound=type)

#: What an impossible id of each name gets: the game or race is no longer there (a forged
#: or stale button), or the player or the place cannot be one.
_KINDS: Final[dict[str, tuple[type[PlayerError], Problem]]] = {
    "game_id": (NoGame, Problem.GAME_GONE),
    "race_id": (NoGame, Problem.NO_RACE),
    **{name: (PlayerError, Problem.BAD_PLAYER_ID)
       for name in ("player_id", "owner_id", "setter_id", "starter_id")},
    **{name: (PlayerError, Problem.BAD_PLACE_ID)
       for name in ("guild_id", "channel_id", "results_channel_id", "message_id")},
}


def possible_id(value: object) -> bool:
    """Whether ``value`` can be an id of ours or Discord's (``True`` is not ``1``)."""
    return isinstance(value, int) and not isinstance(value, bool) and storable_id(value)


def check_id(name: str, value: object) -> None:
    """The player error for ``value`` as the id ``name`` (a key of :data:`_KINDS`), if it is
    not a :func:`possible_id`."""
    if not possible_id(value):
        error, problem = _KINDS[name]
        raise error(problem)


def ids_checked(function: F) -> F:
    """``function`` (a coroutine function or not) with its ``..._id`` arguments checked before
    it runs (:func:`check_id`); ``None`` where the parameter allows it, and ``UNSET``, pass."""
    signature = inspect.signature(function)
    checked = {name: "None" in str(param.annotation)
               for name, param in signature.parameters.items() if name.endswith("_id")}
    unknown = set(checked) - set(_KINDS)
    if unknown:  # a new kind of id: say what it gets in _KINDS
        raise TypeError(f"{function.__qualname__}: no kind for {', '.join(sorted(unknown))}")
    if not checked:
        return function

    def check(args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
        try:
            given = signature.bind(*args, **kwargs).arguments
        except TypeError:
            return  # the call itself says what is wrong with it
        for name, optional in checked.items():
            if name not in given:
                continue  # its default
            value = given[name]
            if isinstance(value, Unset) or (value is None and optional):
                continue
            check_id(name, value)

    if inspect.iscoroutinefunction(function):
        @functools.wraps(function)
        async def checked_call(*args: Any, **kwargs: Any) -> Any:
            check(args, kwargs)
            return await function(*args, **kwargs)

        return checked_call  # type: ignore[return-value]

    @functools.wraps(function)
    def checked_sync_call(*args: Any, **kwargs: Any) -> Any:
        check(args, kwargs)
        return function(*args, **kwargs)

    return checked_sync_call  # type: ignore[return-value]


def ids_checked_calls(cls: C) -> C:
    """Class decorator: every public method of ``cls`` (its own, not inherited ones) is
    :func:`ids_checked`."""
    for name, member in list(vars(cls).items()):
        if not name.startswith("_") and inspect.isfunction(member):
            setattr(cls, name, ids_checked(member))
    return cls
