"""Components V2 messages, button and select clicks, modals and message edit rate limits in the
fake Discord, driven by a throwaway discord.py bot (LayoutView, DynamicItem, Modal + Label)."""

from __future__ import annotations

import io
import re
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.http import Route
from PIL import Image

from tests.fakediscord import FakeDiscord, FakeDiscordError, InvalidCommandInput

GREEN, GREY = 0x6AAA64, 0x787C7E

#: the toy's "storage": game id -> guesses (outlives a client, like a database)
GAMES: dict[int, list[str]] = {}


def _png(colour: tuple[int, int, int], width: int = 5) -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (width, 6), colour).save(buf, format="PNG")
    return buf.getvalue()


def board_picture(game: int) -> bytes:
    colour = (106, 170, 100) if "CRANE" in GAMES[game] else (120, 124, 126)
    return _png(colour, 5 + len(GAMES[game]))


class GuessButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"toy:guess:(?P<g>\d+)"
):
    """Works after a restart: the game id lives in the custom id."""

    def __init__(self, game: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Guess", style=discord.ButtonStyle.primary, custom_id=f"toy:guess:{game}"
            )
        )
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> GuessButton:
        return cls(int(match["g"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(GuessModal(self.game))


class HintSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"toy:hint:(?P<g>\d+)"):
    def __init__(self, game: int) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"toy:hint:{game}",
                placeholder="Hint",
                options=[
                    discord.SelectOption(label="A letter", value="letter"),
                    discord.SelectOption(label="A position", value="position"),
                ],
            )
        )
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HintSelect:
        return cls(int(match["g"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        # DEFERRED_UPDATE_MESSAGE, then a follow-up and an edit of the original (the board)
        await interaction.response.defer()
        kind = self.item.values[0]
        await interaction.followup.send(f"hint: {kind}", ephemeral=True)
        GAMES[self.game].append(f"hint {kind}")
        await interaction.edit_original_response(view=board_view(self.game))


class GuessModal(discord.ui.Modal):
    def __init__(self, game: int) -> None:
        super().__init__(title="Your guess", custom_id=f"toy:modal:{game}")
        self.game = game
        self.word: discord.ui.TextInput[Any] = discord.ui.TextInput(
            custom_id="word", min_length=5, max_length=5, placeholder="crane"
        )
        self.add_item(discord.ui.TextDisplay("Five letters."))
        self.add_item(discord.ui.Label(text="Word", component=self.word))

    async def on_submit(self, interaction: discord.Interaction) -> None:
        GAMES[self.game].append(self.word.value.upper())
        picture = discord.File(io.BytesIO(board_picture(self.game)), "board.png")
        await interaction.response.edit_message(
            view=board_view(self.game), attachments=[picture]
        )


def board_view(game: int) -> discord.ui.LayoutView:
    won = "CRANE" in GAMES[game]
    view = discord.ui.LayoutView(timeout=None)
    rows = "\n".join(GAMES[game]) or "no guesses yet"
    container = discord.ui.Container(accent_color=GREEN if won else GREY)
    container.add_item(discord.ui.TextDisplay(f"## Game {game}\n{rows}"))
    container.add_item(
        discord.ui.MediaGallery(discord.MediaGalleryItem("attachment://board.png", description="b"))
    )
    container.add_item(discord.ui.Separator())
    container.add_item(
        discord.ui.Section(
            discord.ui.TextDisplay("Stuck?"),
            accessory=discord.ui.Thumbnail("attachment://board.png"),
        )
    )
    if not won:
        buttons: discord.ui.ActionRow[Any] = discord.ui.ActionRow()
        buttons.add_item(GuessButton(game))
        container.add_item(buttons)
        hints: discord.ui.ActionRow[Any] = discord.ui.ActionRow()
        hints.add_item(HintSelect(game))
        container.add_item(hints)
    view.add_item(container)
    return view


def make_bot() -> discord.Client:
    client = discord.Client(intents=discord.Intents.default(), guild_ready_timeout=0.05)
    tree = app_commands.CommandTree(client)
    client.add_dynamic_items(GuessButton, HintSelect)

    @tree.command(description="Start a toy game")
    async def play(interaction: discord.Interaction) -> None:
        game = len(GAMES) + 1
        GAMES[game] = []
        await interaction.response.send_message(
            view=board_view(game),
            file=discord.File(io.BytesIO(board_picture(game)), "board.png"),
        )

    @tree.command(description="Post a message and edit it many times")
    @app_commands.describe(times="how many edits")
    async def spam(interaction: discord.Interaction, times: int) -> None:
        await interaction.response.send_message("posting", ephemeral=True)
        assert isinstance(interaction.channel, discord.TextChannel)
        msg = await interaction.channel.send("edit 0")
        for i in range(1, times + 1):
            await msg.edit(content=f"edit {i}")

    async def setup_hook() -> None:
        await tree.sync()

    client.setup_hook = setup_hook  # type: ignore[method-assign]
    return client


@pytest.fixture(autouse=True)
def _fresh_games() -> None:
    GAMES.clear()


async def test_layout_view_click_modal_and_edit(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    guild = fake.add_guild("Toy")
    channel = fake.add_text_channel(guild)
    ann = fake.add_member(guild, "ann")
    async with fake.run_bot(make_bot()):
        play = await fake.invoke(channel, ann, "play")
        board = (await play.first_response()).message
        assert board is not None and board.components_v2 and not board.content
        assert board.accent_color == GREY
        assert board.text_displays()[0] == "## Game 1\nno guesses yet"
        assert "Game 1" in board.text()
        # attachment://board.png resolved to the uploaded file, in the gallery and thumbnail
        assert [a.filename for a in board.media()] == ["board.png", "board.png"]
        assert board.media()[0].data == board_picture(1)
        assert all(url.startswith(fake.base_url) for url in board.media_urls())
        ids = [c["id"] for c in board.walk_components()]
        assert len(ids) == len(set(ids)) and 0 not in ids  # numbered like Discord

        click = await fake.click(board, ann, label="Guess")
        assert click.payload["data"]["component_type"] == 2
        guess_button = board.find_components(custom_id="toy:guess:1")[0]
        assert click.payload["data"]["id"] == guess_button["id"]
        modal = (await click.first_response()).modal
        assert modal is not None and modal["title"] == "Your guess"
        assert [c["type"] for c in modal["components"]] == [10, 18]

        # the Discord client itself refuses a 4-letter word (min_length 5)
        with pytest.raises(InvalidCommandInput, match="min_length"):
            await fake.submit_modal(click, {"word": "cran"})
        with pytest.raises(FakeDiscordError, match="no inputs"):
            await fake.submit_modal(click, {"letters": "crane"})

        submit = await fake.submit_modal(click, {"word": "slate"})
        resp = await submit.first_response()
        assert resp.type_name == "update_message" and resp.message is board
        labelled = submit.payload["data"]["components"][1]
        assert labelled["type"] == 18 and labelled["component"]["value"] == "slate"
        assert board.text_displays()[0] == "## Game 1\nSLATE"
        assert board.media()[0].data == board_picture(1) and board.edit_count == 1
        assert [e.via for e in board.edits] == ["callback"]

        # a select: deferred update, an ephemeral follow-up, then the original edited
        hint = await fake.click(board, ann, custom_id="toy:hint:1", values=["letter"])
        assert (await hint.first_response()).type_name == "deferred_update"
        await hint.wait_for_messages(2)  # the board (original) and the follow-up
        (note,) = hint.followups
        assert note.content == "hint: letter" and note.ephemeral
        await fake.wait_for(lambda: board.edit_count == 2)
        assert board.text_displays()[0].endswith("hint letter")
        assert [e.via for e in board.edits] == ["callback", "webhook"]
        assert len(fake.edits_of(board)) == 2

        win = await fake.submit_modal(await _open_guess(fake, board, ann), {"word": "crane"})
        await win.first_response()
        assert board.accent_color == GREEN and board.buttons() == []


async def _open_guess(fake: FakeDiscord, board: Any, who: Any) -> Any:
    click = await fake.click(board, who, label="Guess")
    await click.first_response()
    return click


async def test_dynamic_button_still_works_after_a_restart(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    guild = fake.add_guild("Toy")
    channel = fake.add_text_channel(guild)
    ann = fake.add_member(guild, "ann")
    async with fake.run_bot(make_bot()):
        board = (await (await fake.invoke(channel, ann, "play")).first_response()).message
    assert board is not None and board.buttons()

    async with fake.run_bot(make_bot()):  # a new client: no view in memory, only the message
        click = await fake.click(board, ann, label="Guess")
        assert (await click.first_response()).type_name == "modal"
        submit = await fake.submit_modal(click, {"word": "crane"})
        await submit.first_response()
        assert board.text_displays()[0] == "## Game 1\nCRANE" and board.accent_color == GREEN
    assert fake.identify_count == 2


def _v2(*components: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"flags": 1 << 15, "components": list(components), **extra}


def _text(content: str) -> dict[str, Any]:
    return {"type": 10, "content": content}


def _button(custom_id: str) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": "Go", "custom_id": custom_id}


BAD_PAYLOADS = {
    "content with the V2 flag": (
        _v2(_text("hi"), content="hi"),
        "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
    ),
    "embeds with the V2 flag": (
        _v2(_text("hi"), embeds=[{"title": "x"}]),
        "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
    ),
    "a container without the flag": (
        {"components": [{"type": 17, "components": [_text("hi")]}]},
        "UNION_TYPE_CHOICES",
    ),
    "41 components": (
        _v2(*[_text(str(i)) for i in range(41)]),
        "COMPONENT_MAX_TOTAL_COMPONENTS_EXCEEDED",
    ),
    "4001 characters of text": (
        _v2(_text("a" * 2000), _text("b" * 2001)),
        "COMPONENT_MAX_TOTAL_TEXT_LENGTH_EXCEEDED",
    ),
    "a custom id twice": (
        _v2(
            {"type": 17, "components": [{"type": 1, "components": [_button("same")]}]},
            {"type": 1, "components": [_button("same")]},
        ),
        "COMPONENT_CUSTOM_ID_DUPLICATED",
    ),
    "a 101-character custom id": (
        _v2({"type": 1, "components": [_button("x" * 101)]}),
        "BASE_TYPE_MAX_LENGTH",
    ),
    "a gallery picture that was not uploaded": (
        _v2({"type": 12, "items": [{"media": {"url": "attachment://missing.png"}}]}),
        "UNFURLED_MEDIA_ITEM_ATTACHMENT_NOT_FOUND",
    ),
    "a section with four texts": (
        _v2(
            {
                "type": 9,
                "components": [_text("a"), _text("b"), _text("c"), _text("d")],
                "accessory": _button("s"),
            }
        ),
        "BASE_TYPE_BAD_LENGTH",
    ),
    "an accent colour above 0xFFFFFF": (
        _v2({"type": 17, "accent_color": 0x1000000, "components": [_text("x")]}),
        "NUMBER_TYPE_MAX",
    ),
    "a text input in a message": (
        _v2({"type": 1, "components": [{"type": 4, "custom_id": "t", "style": 1}]}),
        "UNION_TYPE_CHOICES",
    ),
    "six buttons in a row": (
        _v2({"type": 1, "components": [_button(f"b{i}") for i in range(6)]}),
        "BASE_TYPE_MAX_LENGTH",
    ),
}


@pytest.mark.parametrize("payload,code", BAD_PAYLOADS.values(), ids=list(BAD_PAYLOADS))
async def test_malformed_components_are_refused_like_discord(
    fake_discord: FakeDiscord, payload: dict[str, Any], code: str
) -> None:
    fake = fake_discord
    channel = fake.add_text_channel(fake.add_guild("Toy"))
    client = discord.Client(intents=discord.Intents.default())
    await client.login(fake.token)
    try:
        route = Route("POST", "/channels/{channel_id}/messages", channel_id=channel.id)
        with pytest.raises(discord.HTTPException) as refused:
            await client.http.request(route, json=payload)
    finally:
        await client.close()
    assert (refused.value.status, refused.value.code) == (400, 50035)
    assert code in (fake.requests[-1].error or "")
    assert fake.channel_messages(channel) == []


async def test_v2_flag_cannot_be_removed_and_valid_v2_is_stored(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    channel = fake.add_text_channel(fake.add_guild("Toy"))
    client = discord.Client(intents=discord.Intents.default())
    await client.login(fake.token)
    try:
        post = Route("POST", "/channels/{channel_id}/messages", channel_id=channel.id)
        sent = await client.http.request(
            post, json=_v2({"type": 17, "accent_color": GREEN, "components": [_text("hi")]})
        )
        assert sent["flags"] == 1 << 15 and sent["components"][0]["id"] == 1
        edit = Route(
            "PATCH",
            "/channels/{channel_id}/messages/{message_id}",
            channel_id=channel.id,
            message_id=sent["id"],
        )
        with pytest.raises(discord.HTTPException):
            await client.http.request(edit, json={"flags": 0, "components": [_text("x")]})
        assert "MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG" in (fake.requests[-1].error or "")
        with pytest.raises(discord.HTTPException):
            await client.http.request(edit, json={"content": "plain again"})
        await client.http.request(edit, json={"components": [_text("edited")]})
    finally:
        await client.close()
    (msg,) = fake.channel_messages(channel)
    assert msg.text_displays() == ["edited"] and msg.components_v2 and msg.edit_count == 1


async def test_edits_faster_than_the_limit_get_429_and_are_spaced(
    fake_discord: FakeDiscord,
) -> None:
    fake = fake_discord
    guild = fake.add_guild("Toy")
    channel = fake.add_text_channel(guild)
    ann = fake.add_member(guild, "ann")
    fake.limit_edits(2, 0.4)
    async with fake.run_bot(make_bot()):
        inter = await fake.invoke(channel, ann, "spam", {"times": 6})
        await inter.first_response()
        await fake.wait_for(
            lambda: any(m.content == "edit 6" for m in fake.channel_messages(channel)),
            timeout=10,
            what="the sixth edit",
        )
    (msg,) = fake.channel_messages(channel)
    times = fake.edits_of(msg)
    assert len(times) == 6
    # never more than 2 edits inside any 0.4 s: the fake refused the rest with 429
    assert fake.max_edits_within(msg, 0.4) <= 2
    assert all(b - a >= 0.4 for a, b in zip(times, times[2:], strict=False))
    # discord.py waited on its own from the X-RateLimit headers (or retried after a 429)
    assert times[-1] - times[0] >= 0.8
    refused = fake.requests_to("PATCH", rf"/channels/{channel.id}/messages/")
    assert all(r.status in (200, 429) for r in refused)


async def test_rate_limit_answer_has_discords_shape(fake_discord: FakeDiscord) -> None:
    fake = fake_discord
    channel = fake.add_text_channel(fake.add_guild("Toy"))
    fake.limit_edits(1, 30.0)
    auth = {"Authorization": f"Bot {fake.token}"}
    url = f"{fake.api_url}/channels/{channel.id}/messages"
    # plain HTTP: discord.py itself would sleep 30 s on the empty bucket before asking again
    async with aiohttp.ClientSession(headers=auth) as http:
        async with http.post(url, json={"content": "a"}) as resp:
            mid = (await resp.json())["id"]
        async with http.patch(f"{url}/{mid}", json={"content": "b"}) as resp:
            assert resp.status == 200
            assert resp.headers["X-RateLimit-Limit"] == "1"
            assert resp.headers["X-RateLimit-Remaining"] == "0"
            assert 29 < float(resp.headers["X-RateLimit-Reset-After"]) <= 30
        async with http.patch(f"{url}/{mid}", json={"content": "c"}) as resp:
            body = await resp.json()
            assert resp.status == 429
            assert resp.headers["X-RateLimit-Remaining"] == "0" and resp.headers["Via"]
            assert int(resp.headers["Retry-After"]) == 30
            assert body["global"] is False and 29 < body["retry_after"] <= 30
    (msg,) = fake.channel_messages(channel)
    assert msg.content == "b" and len(fake.rate_limited) == 1 and len(fake.edits_of(msg)) == 1


async def test_channel_scoped_edit_limit_counts_every_message_of_the_channel(
    fake_discord: FakeDiscord,
) -> None:
    fake = fake_discord
    guild = fake.add_guild("Toy")
    channel, other = fake.add_text_channel(guild), fake.add_text_channel(guild, "other")
    fake.limit_edits(2, 30.0, scope="channel")
    auth = {"Authorization": f"Bot {fake.token}"}
    statuses = []
    async with aiohttp.ClientSession(headers=auth) as http:
        ids = {}
        for where, name in ((channel, "a"), (channel, "b"), (other, "c")):
            async with http.post(
                f"{fake.api_url}/channels/{where.id}/messages", json={"content": name}
            ) as resp:
                ids[name] = (where.id, (await resp.json())["id"])
        for name in ("a", "b", "a", "c"):
            cid, mid = ids[name]
            async with http.patch(
                f"{fake.api_url}/channels/{cid}/messages/{mid}", json={"content": name + "!"}
            ) as resp:
                statuses.append(resp.status)
    # a and b share the channel's two edits; the third edit there waits, c's channel is free
    assert statuses == [200, 200, 429, 200]
    assert [m.content for m in fake.channel_messages(channel)] == ["a!", "b!"]
