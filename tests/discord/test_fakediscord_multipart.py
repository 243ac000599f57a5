"""The fake Discord's reader of multipart bodies: what aiohttp (so discord.py) sends is read
part by part, byte for byte; anything malformed is refused with a 400 and posts nothing."""

from __future__ import annotations

import json

import aiohttp
import pytest
from aiohttp import FormData

from tests.fakediscord import FakeDiscord
from tests.fakediscord.multipart import BadBody, media_type, parse_form

PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4 + b"\r\n--not-the-boundary\r\n"


async def encoded(form: FormData) -> tuple[str, bytes]:
    """The Content-Type and body aiohttp (so discord.py) sends for ``form``."""
    payload = form()
    chunks: list[bytes] = []

    class Sink:
        async def write(self, data: bytes) -> None:
            chunks.append(bytes(data))

    await payload.write(Sink())  # type: ignore[arg-type]
    return payload.content_type, b"".join(chunks)


def discord_form(files: int) -> FormData:
    form = FormData(quote_fields=False)
    form.add_field("payload_json", json.dumps({"content": "héllo \"quoted\""}),
                   content_type="application/json")
    for i in range(files):
        form.add_field(f"files[{i}]", PNG, filename=f"board {i}.png",
                       content_type="application/octet-stream")
    return form


async def test_parts_are_read_byte_for_byte() -> None:
    content_type, body = await encoded(discord_form(2))
    assert media_type(content_type) == "multipart/form-data"
    parts = parse_form(content_type, body)
    assert [(p.name, p.filename) for p in parts] == [
        ("payload_json", None), ("files[0]", "board 0.png"), ("files[1]", "board 1.png")]
    assert json.loads(parts[0].data) == {"content": "héllo \"quoted\""}
    assert parts[1].data == parts[2].data == PNG


@pytest.mark.parametrize(("mangle", "reason"), [
    (lambda ct, body: (ct.split(";")[0], body), "without a boundary"),
    (lambda ct, body: (ct, body[2:]), "does not start with its boundary"),
    (lambda ct, body: (ct, body[:body.rfind(b"--\r\n") - 1]), "not closed"),
    (lambda ct, body: (ct, body.replace(b"\r\n\r\n", b"\r\n", 1)), "blank line"),
    (lambda ct, body: (ct, body.replace(b"Content-Disposition", b"Content-Dispositio", 1)),
     "Content-Disposition"),
    (lambda ct, body: (ct, body.replace(b"form-data", b"attachment", 1)),
     "Content-Disposition"),
])
async def test_malformed_bodies_are_refused(mangle, reason: str) -> None:
    content_type, body = mangle(*await encoded(discord_form(1)))
    with pytest.raises(BadBody, match=reason):
        parse_form(content_type, body)


async def test_the_fake_refuses_a_malformed_upload_and_posts_nothing(
        fake_discord: FakeDiscord) -> None:
    guild = fake_discord.add_guild()
    channel = fake_discord.add_text_channel(guild, "general")
    url = f"{fake_discord.base_url}/api/v10/channels/{channel.id}/messages"
    headers = {"Authorization": f"Bot {fake_discord.token}"}
    content_type, body = await encoded(discord_form(1))
    async with aiohttp.ClientSession() as http:
        bad = body[:body.rfind(b"--\r\n") - 1]  # cut before the closing boundary
        async with http.post(url, data=bad, headers=headers | {"Content-Type": content_type}) \
                as response:
            assert response.status == 400
            assert (await response.json())["code"] == 50035
        assert fake_discord.channel_messages(channel) == []
        async with http.post(url, data=body, headers=headers | {"Content-Type": content_type}) \
                as response:
            assert response.status == 200, await response.text()
    [message] = fake_discord.channel_messages(channel)
    assert message.content == "héllo \"quoted\""
    assert [(a.filename, a.data) for a in message.attachments] == [("board 0.png", PNG)]
