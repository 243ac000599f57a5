"""A dictionary root that could be an answer, and how to read its morphological fields."""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Root:
    """A dictionary root that is a word by itself: how it is shown and what the .dic says."""

    display: str
    play: str
    morph: str
    flags: frozenset[str]


_MORPH_SPLIT = re.compile(r"[\s\[\],]+")


def morph_fields(morph: str) -> frozenset[str]:
    """The fields of a .dic morphology (``po:nom is:fem`` or ``[CAT=nc,G=f,N=s]``)."""
    return frozenset(part for part in _MORPH_SPLIT.split(morph) if part)
