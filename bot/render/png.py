"""A palette PNG written from horizontal bands that are compressed once and reused.

A board picture is a stack of bands (a row of tiles, a row of keys, the blank gaps between),
and most bands recur from one picture to the next (empty rows, gaps, a row already played).
Each band is filtered (PNG filter "Up" within the band, none on its first line, so it does not
depend on the band above) and deflated on its own, ending with a full flush: its compressed
bytes can then be concatenated with any others into one valid zlib stream. The stream's
Adler-32 checksum is combined from the bands' own checksums, so writing a picture from cached
bands needs no compression at all.
"""

from __future__ import annotations

import asyncio
import struct
import threading
import zlib
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import ParamSpec

import numpy as np

_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_ZLIB_HEADER = b"\x78\x01"  # deflate, 32 KB window, fastest-level flag
_FINAL_BLOCK = b"\x03\x00"  # an empty last block (fixed Huffman codes)
_ADLER_BASE = 65521
FILTER_NONE = 0
FILTER_UP = 2


@dataclass(frozen=True)
class Band:
    """One band's filtered scanlines, deflated: ``data`` ends on a byte boundary with no
    reference to anything before it; ``adler`` and ``length`` describe the raw scanlines."""

    height: int
    data: bytes
    adler: int
    length: int


def deflate_band(pixels: np.ndarray, level: int) -> Band:
    """Compress an ``(height, width)`` uint8 array of palette indices as a :class:`Band`."""
    height, width = pixels.shape
    lines = np.empty((height, width + 1), dtype=np.uint8)
    lines[:, 0] = FILTER_UP
    lines[0, 0] = FILTER_NONE
    lines[0, 1:] = pixels[0]
    np.subtract(pixels[1:], pixels[:-1], out=lines[1:, 1:])  # modulo 256, as PNG wants
    raw = lines.tobytes()
    compressor = zlib.compressobj(level, zlib.DEFLATED, -15, 9, zlib.Z_RLE)
    data = compressor.compress(raw) + compressor.flush(zlib.Z_FULL_FLUSH)
    return Band(height, data, zlib.adler32(raw), len(raw))


def adler32_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two byte strings joined, from their own checksums (as zlib's
    ``adler32_combine``)."""
    remainder = second_length % _ADLER_BASE
    sum1 = first & 0xFFFF
    sum2 = (remainder * sum1) % _ADLER_BASE
    sum1 = (sum1 + (second & 0xFFFF) + _ADLER_BASE - 1) % _ADLER_BASE
    sum2 = (sum2 + ((first >> 16) & 0xFFFF) + ((second >> 16) & 0xFFFF)
            + _ADLER_BASE - remainder) % _ADLER_BASE
    return sum1 | (sum2 << 16)


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(
        ">I", zlib.crc32(body, zlib.crc32(kind))
    )


def palette_png(width: int, palette: bytes, bands: Sequence[Band]) -> bytes:
    """An 8-bit palette PNG of ``width`` pixels made of ``bands`` top to bottom; ``palette`` is
    the RGB triples (at most 256)."""
    height = sum(band.height for band in bands)
    adler = 1  # the checksum of nothing
    for band in bands:
        adler = adler32_combine(adler, band.adler, band.length)
    stream = b"".join([_ZLIB_HEADER, *(band.data for band in bands), _FINAL_BLOCK,
                       struct.pack(">I", adler)])
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    return b"".join([_SIGNATURE, _chunk(b"IHDR", header), _chunk(b"PLTE", palette),
                     _chunk(b"IDAT", stream), _chunk(b"IEND", b"")])


# --------------------------------------------------------------------------------------------
# Pictures made on the event loop when every part is cached, else in a thread


class NeedsDrawing(Exception):
    """A part never drawn before is needed where only cached parts may be used."""


_CACHED_ONLY = threading.local()
P = ParamSpec("P")


def may_draw() -> None:
    """Called before drawing a part that was not cached: raises :class:`NeedsDrawing` inside
    :func:`cached_only` (on the event loop, where drawing would hold up every other player)."""
    if getattr(_CACHED_ONLY, "on", False):
        raise NeedsDrawing


@contextmanager
def cached_only() -> Iterator[None]:
    """Within it, in this thread, pictures are made from cached parts or not at all."""
    _CACHED_ONLY.on = True
    try:
        yield
    finally:
        _CACHED_ONLY.on = False


async def cached_or_in_thread(make: Callable[P, bytes], *args: P.args,
                                   **kwargs: P.kwargs) -> bytes:
    """``make(*args, **kwargs)`` at once when every part it needs was drawn before (joining
    cached bands costs less than handing the work to a thread and back, and under load the
    hand-back waits its turn on the event loop), else in a worker thread."""
    try:
        with cached_only():
            return make(*args, **kwargs)
    except NeedsDrawing:
        pass
    return await asyncio.to_thread(make, *args, **kwargs)
