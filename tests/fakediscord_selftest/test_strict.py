"""The fake is as strict as Discord: components v2 layouts, edits with attachments, mentions,
and the notifications and per-match counts it records (issue 15)."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from typing import Any, cast

import aiohttp
import discord
import pytest
from discord.ext import commands
from PIL import Image

from tests.fakediscord import FakeChannel, FakeDiscord, FakeUser
from tests.fakediscord import components as comp

V2 = comp.FLAG_COMPONENTS_V2

# --------------------------------------------------------------------------- payload rules


def text(content: str) -> dict[str, Any]:
    return {"type": comp.TEXT_DISPLAY, "content": content}


def button(custom_id: str, label: str = "Go") -> dict[str, Any]:
    return {"type": comp.BUTTON, "style": 1, "custom_id": custom_id, "label": label}


def row(*children: dict[str, Any]) -> dict[str, Any]:
    return {"type": comp.ACTION_ROW, "components": list(children)}


def gallery(*urls: str) -> dict[str, Any]:
    return {"type": comp.MEDIA_GALLERY, "items": [{"media": {"url": u}} for u in urls]}


def container(*children: dict[str, Any]) -> dict[str, Any]:
    return {"type": comp.CONTAINER, "components": list(children)}


def v2(*components: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"flags": V2, "components": list(components), **extra}


def codes(payload: dict[str, Any], **kwargs: Any) -> list[str]:
    """The error codes Discord would answer, flattened from the nested ``errors`` object."""
    kwargs.setdefault("n_files", 0)
    kwargs.setdefault("creating", True)
    problems = comp.validate_message(payload, **kwargs)
    found: list[str] = []

    def collect(node: dict[str, Any]) -> None:
        for key, value in node.items():
            if key == "_errors":
                found.extend(e["code"] for e in value)
            else:
                collect(value)

    collect(problems.errors)
    return found


def test_a_valid_v2_prompt_passes() -> None:
    prompt = container(
        text("**Your turn** — draw a card"),
        gallery("attachment://board.png"),
        {"type": comp.SEPARATOR, "spacing": 1},
        {
            "type": comp.SECTION,
            "components": [text("Hand: 5 cards")],
            "accessory": button("hand"),
        },
        row(button("draw", "Draw"), button("pass", "Pass")),
    )
    assert codes(v2(prompt), attachment_names=["board.png"]) == []


@pytest.mark.parametrize(
    "legacy",
    [{"content": "hi"}, {"embeds": [{"title": "x"}]}, {"sticker_ids": ["1"]}, {"poll": {}}],
)
def test_v2_forbids_content_embeds_stickers_polls(legacy: dict[str, Any]) -> None:
    payload = v2(text("board"), **legacy)
    if "poll" in legacy:
        payload["poll"] = {"question": {"text": "?"}}
    assert codes(payload) == ["MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2"]


def test_v2_layouts_without_the_flag_are_refused() -> None:
    assert codes({"components": [container(text("x"))]}) == ["UNION_TYPE_CHOICES"]


@pytest.mark.parametrize(
    "bad",
    [
        button("loose"),  # buttons live in rows or as a section accessory
        container(container(text("nested"))),
        {"type": comp.THUMBNAIL, "media": {"url": "https://x/y.png"}},  # only as an accessory
        {"type": comp.SECTION, "components": [text("a")], "accessory": text("b")},
    ],
)
def test_nesting_follows_discord(bad: dict[str, Any]) -> None:
    assert "UNION_TYPE_CHOICES" in codes(v2(bad))


def test_section_needs_one_to_three_texts_and_an_accessory() -> None:
    thumb = {"type": comp.THUMBNAIL, "media": {"url": "https://cdn/x.png"}}
    ok = {"type": comp.SECTION, "components": [text("a")] * 3, "accessory": thumb}
    assert codes(v2(ok)) == []
    assert codes(v2({**ok, "components": [text("a")] * 4})) == ["BASE_TYPE_BAD_LENGTH"]
    assert codes(v2({"type": comp.SECTION, "components": [text("a")]})) == ["BASE_TYPE_REQUIRED"]


def test_media_gallery_holds_one_to_ten_items() -> None:
    urls = [f"https://cdn/{i}.png" for i in range(11)]
    assert codes(v2(gallery(*urls[:10]))) == []
    assert codes(v2(gallery(*urls))) == ["BASE_TYPE_BAD_LENGTH"]
    assert codes(v2(gallery())) == ["BASE_TYPE_BAD_LENGTH"]


def test_forty_components_counting_nested_ones() -> None:
    # a container (1) of 13 rows (13) of 2 buttons (26) = 40; one more row of 1 button = 42
    rows = [row(button(f"b{i}a"), button(f"b{i}b")) for i in range(13)]
    assert codes(v2(container(*rows))) == []
    assert codes(v2(container(*rows, row(button("extra"))))) == ["MESSAGE_COMPONENTS_TOO_MANY"]


def test_four_thousand_text_characters_in_total() -> None:
    assert codes(v2(text("a" * 2000), text("b" * 2000))) == []
    assert codes(v2(text("a" * 2000), container(text("b" * 2001)))) == [
        "MESSAGE_COMPONENTS_TEXT_TOO_LONG"
    ]


def test_custom_ids_labels_rows_and_selects() -> None:
    assert codes(v2(row(button("x" * 101)))) == ["BASE_TYPE_MAX_LENGTH"]
    assert codes(v2(row(button("ok", label="L" * 81)))) == ["BASE_TYPE_MAX_LENGTH"]
    # unique across the whole message, not only within a row
    assert codes(v2(container(row(button("same"))), row(button("same")))) == [
        "COMPONENT_CUSTOM_ID_DUPLICATED"
    ]
    assert codes(v2(row(*(button(f"b{i}") for i in range(6))))) == ["BASE_TYPE_MAX_LENGTH"]
    options = [{"label": str(i), "value": str(i)} for i in range(26)]
    select = {"type": comp.STRING_SELECT, "custom_id": "pick", "options": options}
    assert "BASE_TYPE_BAD_LENGTH" in codes(v2(row(select)))
    select["options"] = options[:25]
    assert codes(v2(row(select))) == []
    assert codes(v2(row(select, button("more")))) == ["COMPONENT_LAYOUT_WIDTH_EXCEEDED"]


def test_attachment_media_must_name_an_attachment_of_the_message() -> None:
    payload = v2(gallery("attachment://board.png"))
    assert codes(payload, attachment_names=["board.png"]) == []
    assert codes(payload, attachment_names=["hand.png"]) == [
        "UNFURLED_MEDIA_ITEM_ATTACHMENT_NOT_FOUND"
    ]
    file_link = {"type": comp.FILE, "file": {"url": "https://cdn/rules.pdf"}}
    assert codes(v2(file_link)) == ["BASE_TYPE_INVALID_URL"]


def test_edits_keep_the_v2_flag() -> None:
    as_edit = {"creating": False, "previous_flags": V2}
    assert codes({"flags": 0, "components": []}, **as_edit) == [
        "MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG"
    ]
    # an edit that does not restate the flag is still an edit of a v2 message
    assert codes({"content": "plain again"}, **as_edit) == [
        "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2"
    ]
    # upgrading a classic message must clear its content in the same edit
    upgrade = {"creating": False, "previous_content": True}
    assert codes(v2(text("board")), **upgrade) == [
        "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2"
    ]
    assert codes(v2(text("board"), content=None), **upgrade) == []


def test_command_localizations_follow_discords_rules() -> None:
    good = {"name": "play", "description": "Play", "name_localizations": {"de": "spielen"},
            "description_localizations": {"pt-BR": "Jogar"},
            "options": [{"name": "game", "description": "Which",
                         "name_localizations": {"de": "spiel"},
                         "choices": [{"name": "Aura", "value": "aura",
                                      "name_localizations": {"de": "Aura die Erste"}}]}]}
    assert comp.validate_command(good).items == []
    bad = {**good, "name_localizations": {"de": "Spielen", "pt-BR": "jogar agora",
                                          "xx": "x", "fr": "a" * 33},
           "description_localizations": {"de": ""},
           "options": [{"name": "a", "description": "x", "name_localizations": {"de": "b"}},
                       {"name": "c", "description": "x", "name_localizations": {"de": "b"}}]}
    problems = " ".join(comp.validate_command(bad).items)
    for path in ("name_localizations.de", "name_localizations.pt-BR",
                 "name_localizations.xx", "name_localizations.fr",
                 "description_localizations.de", "options.1"):
        assert path in problems


def test_allowed_mentions_parse_and_list_exclude_each_other() -> None:
    payload = {"content": "<@1>", "allowed_mentions": {"parse": ["users"], "users": ["1"]}}
    assert codes(payload) == ["MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE"]


# --------------------------------------------------------------------------- through discord.py


def png(shade: int) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (8, 8), (shade, 40, 40)).save(buffer, format="PNG")
    return buffer.getvalue()


def board(step: int) -> discord.File:
    return discord.File(io.BytesIO(png(step * 40)), "board.png")


class Step(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"step:(?P<n>\d+)"):
    """One click inside a decision window: edit the same prompt (new text, image, buttons)."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Step {n + 1}", custom_id=f"step:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any, /
    ) -> Step:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        n = self.n + 1
        await interaction.response.edit_message(view=prompt(n), attachments=[board(n)])
        if n == 2:
            await interaction.followup.send("only you see this", ephemeral=True)


def prompt(n: int) -> discord.ui.LayoutView:
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(
        discord.ui.Container(
            discord.ui.TextDisplay(f"**Your turn** — step {n}"),
            discord.ui.MediaGallery(discord.MediaGalleryItem("attachment://board.png")),
            discord.ui.ActionRow(Step(n)),
        )
    )
    return view


class PromptBot(commands.Bot):
    def __init__(self) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            guild_ready_timeout=0.05,
        )

    async def setup_hook(self) -> None:
        self.add_dynamic_items(Step)


@pytest.fixture
async def bot(fake_discord: FakeDiscord) -> AsyncIterator[PromptBot]:
    async with fake_discord.run_bot(PromptBot()) as running:
        yield cast(PromptBot, running)


@pytest.fixture
def people(fake_discord: FakeDiscord) -> tuple[FakeChannel, FakeUser, FakeUser]:
    guild = fake_discord.add_guild("Parlor Test")
    table = fake_discord.add_channel(guild, "card-table")
    alice = fake_discord.add_user("alice", guilds=[guild])
    bob = fake_discord.add_user("bob", guilds=[guild])
    return table, alice, bob


async def raw(fake: FakeDiscord, method: str, path: str, body: dict[str, Any]) -> Any:
    async with (
        aiohttp.ClientSession() as session,
        session.request(
            method,
            fake.api_base + path,
            json=body,
            headers={"Authorization": f"Bot {fake.token}"},
        ) as response,
    ):
        return response.status, await response.json()


async def test_one_dm_prompt_edited_by_every_click(
    fake_discord: FakeDiscord, people: tuple[FakeChannel, FakeUser, FakeUser], bot: PromptBot
) -> None:
    fake, (table, alice, bob) = fake_discord, people
    thread = fake.state.add_thread(table, "Match 1")  # the match's thread, for the tally
    start = fake.mark()
    user = await bot.fetch_user(alice.id)
    await user.send(view=prompt(0), file=board(0))
    message = fake.last_message(fake.dm_channel(alice))
    assert message.components_v2 and message.attachments[0].filename == "board.png"
    first_image = message.attachments[0].data
    for n in range(3):
        await (await fake.click(alice, message, custom_id=f"step:{n}")).callback()
    message = fake.message(message)
    assert "step 3" in message.text and message.custom_ids == ["step:3"]
    assert [a.filename for a in message.attachments] == ["board.png"]
    assert message.attachments[0].data != first_image  # replaced, not added
    counts = fake.tally(thread, [alice, bob], since=start)
    assert counts.as_dict() == {
        "thread_posts": 0,
        "posts_without_events": 0,
        "dms": {"alice": 1, "bob": 0},
        "ephemerals": {"alice": 1, "bob": 0},
        "edits": 3,
        "clicks": {"alice": 3, "bob": 0},
        "notifications": {"alice": 1, "bob": 0},
    }
    assert [n.kind for n in fake.notifications(alice, since=start)] == ["dm"]


async def test_an_edit_must_keep_the_attachment_its_media_names(
    fake_discord: FakeDiscord, people: tuple[FakeChannel, FakeUser, FakeUser], bot: PromptBot
) -> None:
    fake, (_, alice, _) = fake_discord, people
    sent = await (await bot.fetch_user(alice.id)).send(view=prompt(0), file=board(0))
    kept = await sent.edit(view=prompt(1), attachments=sent.attachments)  # keep by id
    assert [a.filename for a in kept.attachments] == ["board.png"]
    with pytest.raises(discord.HTTPException) as caught:
        await sent.edit(view=prompt(2), attachments=[])
    assert (caught.value.status, caught.value.code) == (400, 50035)
    assert "In components.0.components.1.items.0.media.url" in caught.value.text
    fake.expect_problem("'board.png' is not an attachment of this message")


async def test_raw_errors_have_discords_shape(
    fake_discord: FakeDiscord, people: tuple[FakeChannel, FakeUser, FakeUser], bot: PromptBot
) -> None:
    fake, (table, _, _) = fake_discord, people
    status, body = await raw(
        fake, "POST", f"/channels/{table.id}/messages", v2(text("board"), content="board")
    )
    assert status == 400 and body["code"] == 50035 and body["message"] == "Invalid Form Body"
    assert body["errors"]["content"]["_errors"][0]["code"] == (
        "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2"
    )
    status, created = await raw(fake, "POST", f"/channels/{table.id}/messages", v2(text("a")))
    assert status == 200
    status, body = await raw(
        fake, "PATCH", f"/channels/{table.id}/messages/{created['id']}", {"flags": 0}
    )
    assert status == 400 and "flags" in body["errors"]
    status, body = await raw(fake, "POST", f"/channels/{table.id}/messages", v2())
    assert (status, body["code"]) == (400, 50006)
    for fragment in ("cannot be used with", "cannot be removed", "empty message"):
        fake.expect_problem(fragment)


async def test_only_new_messages_that_may_ping_notify(
    fake_discord: FakeDiscord, people: tuple[FakeChannel, FakeUser, FakeUser], bot: PromptBot
) -> None:
    fake, (table, alice, bob) = fake_discord, people
    channel = bot.get_channel(table.id)
    assert isinstance(channel, discord.TextChannel)
    thread = await channel.create_thread(name="Match 2", type=discord.ChannelType.public_thread)
    fthread = fake.thread("Match 2")
    start = fake.mark()
    only_alice = discord.AllowedMentions(users=[discord.Object(alice.id)])
    turn = await thread.send(
        f"<@{alice.id}> and <@{bob.id}>: Alice to act", allowed_mentions=only_alice
    )
    none = discord.AllowedMentions.none()
    await thread.send("**Match 2**", allowed_mentions=none)
    await thread.send(f"**Match 2** ·\nTo act: <@{alice.id}>", allowed_mentions=none)
    await turn.edit(content=f"<@{alice.id}> <@{bob.id}> Alice drew a card")  # edited in: silent
    counts = fake.tally(fthread, [alice, bob], since=start)
    assert counts.thread_posts == 3 and counts.posts_without_events == 1 and counts.edits == 1
    assert (
        fake.tally(fthread, [alice], since=start, boilerplate=["To act: .*"]).as_dict()[
            "posts_without_events"
        ]
        == 2
    )
    assert [n.kind for n in counts.notifications[alice.id]] == ["mention"]
    assert counts.notifications[bob.id] == []
    assert fake.message(turn.id).pings == [alice.id]


async def test_a_repeated_nonce_gets_the_first_message_and_sends_nothing(
    fake_discord: FakeDiscord, people: tuple[FakeChannel, FakeUser, FakeUser], bot: PromptBot
) -> None:
    fake, (table, alice, _) = fake_discord, people
    start = fake.mark()
    user = await bot.fetch_user(alice.id)
    first = await user.send("You placed 1st.", nonce="result-1")
    again = await user.send("You placed 1st.", nonce="result-1")
    other = await user.send("Your move.", nonce="prompt-1")
    assert again.id == first.id != other.id
    assert [m.id for m in fake.dms(alice)] == [first.id, other.id]
    assert len(fake.notifications(alice, since=start)) == 2
    channel = bot.get_channel(table.id)
    assert isinstance(channel, discord.TextChannel)
    with pytest.raises(discord.HTTPException) as caught:
        await channel.send("too long", nonce="n" * 26)
    assert (caught.value.status, caught.value.code) == (400, 50035)
    fake.expect_problem("nonce")
