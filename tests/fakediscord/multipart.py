"""Request bodies as Discord reads them: JSON, or ``multipart/form-data`` with a
``payload_json`` part and ``files[N]`` parts.

Parsed here from the whole body at once rather than with aiohttp's streaming reader, whose
header parsing (through the ``email`` package, for every part and for the request's own
Content-Type) cost the fake about 3 ms of CPU per uploaded board. The fake shares the
machine's cores with the bot it measures, so its own CPU shows in the bot's latency
figures (``benchmarks/discord_latency.py``). Malformed bodies are refused as before.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: ``boundary=...`` in a Content-Type, quoted or not (RFC 2046: 1 to 70 characters).
_BOUNDARY = re.compile(r';\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))', re.IGNORECASE)
#: ``name="..."`` and ``filename="..."`` in a Content-Disposition (quoted, as clients send).
_PARAMETER = re.compile(r';\s*(name|filename)="((?:[^"\\]|\\.)*)"', re.IGNORECASE)


class BadBody(ValueError):
    """The body is not what its Content-Type says."""


@dataclass(frozen=True)
class Part:
    name: str
    filename: str | None
    data: bytes


def media_type(content_type: str | None) -> str:
    """``multipart/form-data`` from ``multipart/form-data; boundary=...``, lower case."""
    return (content_type or "").partition(";")[0].strip().lower()


def parse_form(content_type: str, raw: bytes) -> list[Part]:
    """The parts of a ``multipart/form-data`` body, in order. Raises :class:`BadBody`."""
    found = _BOUNDARY.search(content_type)
    if found is None:
        raise BadBody("multipart body without a boundary")
    delimiter = b"--" + (found.group(1) or found.group(2)).encode("latin-1")
    if not raw.startswith(delimiter + b"\r\n"):
        raise BadBody("multipart body does not start with its boundary")
    close = b"\r\n" + delimiter + b"--"
    end = raw.rfind(close)
    if end < 0:
        raise BadBody("multipart body is not closed")
    parts = []
    for chunk in raw[len(delimiter) + 2:end].split(b"\r\n" + delimiter + b"\r\n"):
        head, blank, data = chunk.partition(b"\r\n\r\n")
        if not blank:
            raise BadBody("multipart part without a blank line after its headers")
        disposition = None
        for line in head.split(b"\r\n"):
            key, colon, value = line.partition(b":")
            if not colon:
                raise BadBody("malformed multipart header")
            if key.strip().lower() == b"content-disposition":
                disposition = value.decode("utf-8", "replace").strip()
        if disposition is None or media_type(disposition) != "form-data":
            raise BadBody("multipart part without Content-Disposition: form-data")
        params = {k.lower(): v.replace('\\"', '"') for k, v in _PARAMETER.findall(disposition)}
        parts.append(Part(params.get("name", ""), params.get("filename"), data))
    return parts
