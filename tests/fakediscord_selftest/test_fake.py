"""The fake Discord proven against the real discord.py, with a tiny bot defined here."""

from __future__ import annotations

import asyncio
import io
import os
import subprocess
import sys
import textwrap
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any, cast

import discord
import pytest
from discord import app_commands
from discord.ext import commands
from PIL import Image

from tests.fakediscord import FakeChannel, FakeDiscord, FakeGuild, FakeUser

# --------------------------------------------------------------------------- the tiny bot


def render_png(width: int, height: int) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), (20, 120, 60)).save(buffer, format="PNG")
    return buffer.getvalue()


class FlipButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"flip:(?P<n>\d+)"
):
    """A persistent button: its state lives in the custom_id, so it survives restarts."""

    def __init__(self, n: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Flip", style=discord.ButtonStyle.primary, custom_id=f"flip:{n}"
            )
        )
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any, /
    ) -> FlipButton:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(FlipButton(self.n + 1))
        await interaction.response.edit_message(content=f"flipped {self.n + 1}", view=view)


class PickSelect(discord.ui.Select[discord.ui.View]):
    def __init__(self) -> None:
        options = [discord.SelectOption(label=f"Card {i}", value=f"c{i}") for i in range(1, 4)]
        super().__init__(custom_id="pick", options=options, min_values=1, max_values=2)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(f"picked {','.join(self.values)}", ephemeral=True)


class NoteModal(discord.ui.Modal, title="Leave a note"):
    note: discord.ui.TextInput[NoteModal] = discord.ui.TextInput(
        label="Note", custom_id="note", max_length=50
    )

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(f"noted: {self.note.value}", ephemeral=True)


class TinyBot(commands.AutoShardedBot):
    def __init__(self) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            guild_ready_timeout=0.05,
        )
        self.forbidden: list[discord.Forbidden] = []
        self.not_found: list[discord.NotFound] = []
        self.gate = asyncio.Event()
        self.ready_count = 0
        commands_: list[app_commands.Command[Any, ..., Any] | app_commands.Group] = [
            *(ping, board, dmme, slow, game, table, feedback, hand, post, card)
        ]
        for command in commands_:
            self.tree.add_command(command)

    async def setup_hook(self) -> None:
        self.add_dynamic_items(FlipButton)
        await self.tree.sync()

    async def on_ready(self) -> None:
        self.ready_count += 1


def tiny(interaction: discord.Interaction[Any]) -> TinyBot:
    return cast(TinyBot, interaction.client)


@app_commands.command(description="Answer privately")
async def ping(interaction: discord.Interaction[Any]) -> None:
    await interaction.response.send_message("pong", ephemeral=True)


@app_commands.command(description="Draw the board (slow: defer first)")
async def board(interaction: discord.Interaction[Any]) -> None:
    await interaction.response.defer(thinking=True)
    png = await asyncio.to_thread(render_png, 32, 16)
    await interaction.followup.send("the board", file=discord.File(io.BytesIO(png), "board.png"))


card = app_commands.Group(name="card", description="Card actions")


@card.command(name="draw", description="Draw cards for someone")
async def card_draw(
    interaction: discord.Interaction[Any],
    count: app_commands.Range[int, 1, 5],
    target: discord.User,
    public: bool = False,
) -> None:
    text = f"{count} for {target.name} public={public}"
    await interaction.response.send_message(text, ephemeral=not public)


@app_commands.command(description="Get a DM with a button")
async def dmme(interaction: discord.Interaction[Any]) -> None:
    view = discord.ui.View(timeout=None)
    view.add_item(FlipButton(0))
    try:
        await interaction.user.send("flip me", view=view)
    except discord.Forbidden as exc:
        tiny(interaction).forbidden.append(exc)
        await interaction.response.send_message("your DMs are closed", ephemeral=True)
        return
    await interaction.response.send_message("check your DMs", ephemeral=True)


@app_commands.command(description="Answers when the test opens the gate")
async def slow(interaction: discord.Interaction[Any]) -> None:
    await tiny(interaction).gate.wait()
    try:
        await interaction.response.send_message("finally")
    except discord.NotFound as exc:
        tiny(interaction).not_found.append(exc)


GAMES = ["aura", "zura", "auroria codex"]


async def game_names(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    return [
        app_commands.Choice(name=g.title(), value=g) for g in GAMES if g.startswith(current.lower())
    ]


@app_commands.command(description="Pick a game")
@app_commands.autocomplete(name=game_names)
async def game(interaction: discord.Interaction[Any], name: str) -> None:
    await interaction.response.send_message(f"game {name}", ephemeral=True)


@app_commands.command(description="Open a table thread")
@app_commands.guild_only()
async def table(interaction: discord.Interaction[Any]) -> None:
    assert isinstance(interaction.channel, discord.TextChannel)
    thread = await interaction.channel.create_thread(
        name="table-1", type=discord.ChannelType.public_thread
    )
    await thread.add_user(interaction.user)
    view = discord.ui.View(timeout=None)
    view.add_item(PickSelect())
    await thread.send(f"{interaction.user.mention} pick up to two", view=view)
    await interaction.response.send_message(f"opened {thread.mention}", ephemeral=True)


@app_commands.command(description="Your hand, privately")
async def hand(interaction: discord.Interaction[Any]) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    png = render_png(8, 8)
    await interaction.edit_original_response(
        content="your hand", attachments=[discord.File(io.BytesIO(png), "hand.png")]
    )
    await interaction.followup.send("a private tip", ephemeral=True)
    await interaction.followup.send("alice looked at her hand")


class RefreshView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Refresh", custom_id="refresh")
    async def refresh(
        self, interaction: discord.Interaction[Any], button: discord.ui.Button[Any]
    ) -> None:
        await interaction.response.defer()  # type 6: acknowledge, edit later
        await interaction.edit_original_response(content="refreshed", view=None)


@app_commands.command(description="Post a board with a thread and a button")
async def post(interaction: discord.Interaction[Any]) -> None:
    await interaction.response.send_message("the board", view=RefreshView())
    message = await interaction.original_response()
    thread = await message.create_thread(name="discussion")
    await thread.send("talk here")
    assert isinstance(interaction.channel, discord.TextChannel)
    seen = [m.content async for m in interaction.channel.history(limit=5)]
    await thread.send(f"history: {seen}")


@app_commands.command(description="Leave a note")
async def feedback(interaction: discord.Interaction[Any]) -> None:
    await interaction.response.send_modal(NoteModal())


# --------------------------------------------------------------------------- fixtures


class World:
    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.guild: FakeGuild = fake.add_guild("Parlor Test")
        self.table: FakeChannel = fake.add_channel(self.guild, "card-table")
        self.alice: FakeUser = fake.add_user("alice", guilds=[self.guild])
        self.bob: FakeUser = fake.add_user("bob", guilds=[self.guild], dm_open=False)


@pytest.fixture
def world(fake_discord: FakeDiscord) -> World:
    return World(fake_discord)


@pytest.fixture
async def bot(fake_discord: FakeDiscord, world: World) -> AsyncIterator[TinyBot]:
    async with fake_discord.run_bot(TinyBot()) as running:
        yield cast(TinyBot, running)


# --------------------------------------------------------------------------- tests


async def test_login_ready_and_guild_create(
    fake_discord: FakeDiscord, world: World, bot: TinyBot
) -> None:
    routes = [r.route for r in fake_discord.requests()]
    assert routes[:2] == ["GET /users/@me", "GET /oauth2/applications/@me"]
    assert "GET /gateway/bot" in routes
    assert bot.is_ready() and bot.ready_count == 1
    assert bot.user is not None and bot.user.id == fake_discord.bot_user.id
    assert bot.application_id == fake_discord.application_id
    assert bot.shard_count == 1
    guild = bot.get_guild(world.guild.id)
    assert guild is not None and guild.name == "Parlor Test"
    channel = guild.get_channel(world.table.id)
    assert channel is not None and channel.name == "card-table"
    assert guild.me is not None and guild.me.id == fake_discord.bot_user.id


async def test_command_sync(fake_discord: FakeDiscord, bot: TinyBot) -> None:
    syncs = fake_discord.requests("PUT /applications/{application_id}/commands")
    assert len(syncs) == 1 and syncs[0].status == 200
    snapshot = fake_discord.command_snapshot()
    assert [c["name"] for c in snapshot] == [
        *("board", "card", "dmme", "feedback", "game", "hand", "ping", "post", "slow", "table")
    ]
    card_cmd = next(c for c in snapshot if c["name"] == "card")
    draw = card_cmd["options"][0]
    assert (draw["name"], draw["type"]) == ("draw", 1)
    assert [(o["name"], o["type"], o.get("required", False)) for o in draw["options"]] == [
        ("count", 4, True),
        ("target", 6, True),
        ("public", 5, False),
    ]
    assert next(c for c in snapshot if c["name"] == "table")["contexts"] == [0]


async def test_slash_ephemeral_reply(fake_discord: FakeDiscord, world: World, bot: TinyBot) -> None:
    handle = await fake_discord.slash(world.alice, "ping", channel=world.table)
    reply = await handle.reply()
    assert handle.callback_type == 4
    assert reply.content == "pong"
    assert reply.ephemeral and reply.visible_to == world.alice.id
    assert fake_discord.ephemerals(world.alice) == [reply]
    assert fake_discord.messages(world.table) == []  # nobody else sees it


async def test_subcommand_with_typed_options(
    fake_discord: FakeDiscord, world: World, bot: TinyBot
) -> None:
    options = {"count": 3, "target": world.bob, "public": True}
    reply = await (
        await fake_discord.slash(world.alice, "card draw", options, channel=world.table)
    ).reply()
    assert reply.content == "3 for bob public=True"
    assert not reply.ephemeral
    assert fake_discord.messages(world.table) == [reply]


async def test_defer_then_followup_with_png(
    fake_discord: FakeDiscord, world: World, bot: TinyBot
) -> None:
    handle = await fake_discord.slash(world.alice, "board", channel=world.table)
    assert (await handle.callback()).type == 5
    reply = await handle.reply()
    assert reply.content == "the board" and not reply.loading
    assert handle.original is not None and reply.id == handle.original.id
    [attachment] = reply.attachments
    assert attachment.filename == "board.png" and attachment.is_png
    assert Image.open(io.BytesIO(attachment.data)).size == (32, 16)


async def test_dynamic_button_in_dm_survives_restart(
    fake_discord: FakeDiscord, world: World, bot: TinyBot
) -> None:
    fake = fake_discord
    ack = await (await fake.slash(world.alice, "dmme", channel=world.table)).reply()
    assert ack.content == "check your DMs"
    dm = await fake.wait_for_message(dm=world.alice)
    assert dm.content == "flip me" and dm.custom_ids == ["flip:0"]

    click = await fake.click(world.alice, dm, label="Flip")
    edited = await click.reply()
    assert click.callback_type == 7 and edited.id == dm.id
    assert edited.content == "flipped 1" and edited.custom_ids == ["flip:1"]

    await bot.close()  # a restart: a new process knows nothing but the registered DynamicItem
    async with fake.run_bot(TinyBot()):
        again = await (await fake.click(world.alice, dm, "flip:1")).reply()
        assert again.content == "flipped 2" and again.custom_ids == ["flip:2"]
    assert [m.content for m in fake.dms(world.alice)] == ["flipped 2"]


async def test_closed_dms_raise_forbidden_50007(
    fake_discord: FakeDiscord, world: World, bot: TinyBot
) -> None:
    reply = await (await fake_discord.slash(world.bob, "dmme", channel=world.table)).reply()
    assert reply.content == "your DMs are closed" and reply.ephemeral
    [exc] = bot.forbidden
    assert exc.status == 403 and exc.code == 50007
    assert fake_discord.dms(world.bob) == []


async def test_late_callback_gets_unknown_interaction(
    fake_discord: FakeDiscord, world: World, bot: TinyBot
) -> None:
    fake = fake_discord
    fake.use_manual_clock()
    on_time = await fake.slash(world.alice, "slow", channel=world.table)
    fake.advance(2.9)
    bot.gate.set()
    assert (await on_time.reply()).content == "finally"

    bot.gate.clear()
    late = await fake.slash(world.alice, "slow", channel=world.table)
    fake.advance(3.5)
    bot.gate.set()
    assert (await late.rejection())[:2] == (404, 10062)
    await fake.wait_until(lambda: bot.not_found, what="the bot to see NotFound")
    assert bot.not_found[0].status == 404 and bot.not_found[0].code == 10062
    assert late.record.acknowledged is False
    fake.expect_problem("10062 Unknown interaction")


async def test_unknown_route_is_recorded(
    fake_discord: FakeDiscord, world: World, bot: TinyBot
) -> None:
    channel = bot.get_channel(world.table.id)
    assert isinstance(channel, discord.TextChannel)
    message = await channel.send("react to me")
    with pytest.raises(discord.NotFound):
        await message.add_reaction("\N{THUMBS UP SIGN}")
    [route] = fake_discord.unknown_routes
    assert route.startswith(f"PUT /channels/{world.table.id}/messages/{message.id}/reactions/")
    assert any("unknown route PUT" in p for p in fake_discord.check())
    fake_discord.expect_problem("unknown route PUT")


async def test_rate_limit_is_retried(fake_discord: FakeDiscord, world: World, bot: TinyBot) -> None:
    route = "POST /channels/{channel_id}/messages"
    fault = fake_discord.inject_rate_limit(
        route, retry_after=0.02, times=2, channel_id=world.table.id
    )
    channel = bot.get_channel(world.table.id)
    assert isinstance(channel, discord.TextChannel)
    sent = await channel.send("after the storm")
    assert fault.hits == 2
    assert [r.status for r in fake_discord.requests(route)] == [429, 429, 200]
    assert fake_discord.last_message(world.table).id == sent.id
    assert fake_discord.last_message(world.table).content == "after the storm"


async def test_autocomplete_thread_select_and_modal(
    fake_discord: FakeDiscord, world: World, bot: TinyBot
) -> None:
    fake = fake_discord
    choices = await (
        await fake.autocomplete(
            world.alice, "game", {"name": "au"}, focused="name", channel=world.table
        )
    ).choices()
    assert [c["value"] for c in choices] == ["aura", "auroria codex"]

    opened = await (await fake.slash(world.alice, "table", channel=world.table)).reply()
    thread = fake.thread("table-1")
    assert opened.content == f"opened {thread.mention}"
    assert thread.parent_id == world.table.id and world.alice.id in thread.member_ids
    [prompt] = fake.messages(thread)
    assert prompt.mentions == [world.alice.id] and prompt.pings == [world.alice.id]
    assert prompt.select("pick").labels == ["Card 1", "Card 2", "Card 3"]
    picked = await (await fake.select(world.alice, prompt, "pick", ["c1", "c3"])).reply()
    assert picked.content == "picked c1,c3" and picked.ephemeral

    modal = await (await fake.slash(world.alice, "feedback", channel=thread)).modal()
    assert modal.title == "Leave a note" and [t.custom_id for t in modal.text_inputs] == ["note"]
    noted = await (await fake.submit_modal(world.alice, {"note": "good game"})).reply()
    assert noted.content == "noted: good game"


async def test_invalid_payload_is_refused(
    fake_discord: FakeDiscord, world: World, bot: TinyBot
) -> None:
    channel = bot.get_channel(world.table.id)
    assert isinstance(channel, discord.TextChannel)
    view = discord.ui.View()
    view.add_item(
        discord.ui.Select(
            custom_id="too-many",
            options=[discord.SelectOption(label=str(i), value=str(i)) for i in range(26)],
        )
    )
    with pytest.raises(discord.HTTPException) as caught:
        await channel.send("pick", view=view)
    assert caught.value.status == 400 and caught.value.code == 50035
    assert fake_discord.messages(world.table) == []
    fake_discord.expect_problem("Must be between 1 and 25 options")


async def test_ephemeral_defer_edit_original_and_followups(
    fake_discord: FakeDiscord, world: World, bot: TinyBot
) -> None:
    handle = await fake_discord.slash(world.alice, "hand", channel=world.table)
    reply = await handle.reply()
    assert handle.callback_type == 5
    assert reply.content == "your hand" and reply.ephemeral and not reply.loading
    assert [a.filename for a in reply.attachments] == ["hand.png"] and reply.attachments[0].is_png
    tip = await handle.followup(0)
    public = await handle.followup(1)
    assert (tip.content, tip.ephemeral) == ("a private tip", True)
    assert (public.content, public.ephemeral) == ("alice looked at her hand", False)
    assert [m.content for m in fake_discord.ephemerals(world.alice)] == [
        "your hand",
        "a private tip",
    ]
    assert fake_discord.messages(world.table) == [public]


async def test_thread_from_message_history_and_deferred_update(
    fake_discord: FakeDiscord, world: World, bot: TinyBot
) -> None:
    fake = fake_discord
    board_msg = await (await fake.slash(world.alice, "post", channel=world.table)).reply()
    done = await fake.wait_for_message(lambda m: m.content.startswith("history"))
    thread = fake.thread("discussion")
    assert thread.id == board_msg.id == done.channel_id
    assert fake.message(board_msg).thread_id == thread.id
    assert [m.content for m in fake.messages(thread)] == ["talk here", done.content]
    assert done.content == "history: ['the board']"

    click = await fake.click(world.bob, board_msg, label="Refresh")
    refreshed = await click.reply()
    assert click.callback_type == 6 and refreshed.id == board_msg.id
    assert refreshed.content == "refreshed" and refreshed.components == []
    assert [v.content for v in refreshed.history] == ["the board"]


class ShardedBot(TinyBot):
    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        return None  # discord.py sleeps 5 s before every IDENTIFY but the first


async def test_two_shards_route_guilds_and_dms(error_logs: object) -> None:
    async with FakeDiscord(shard_count=2) as fake, fake.patch_discord():
        guilds = [fake.add_guild(f"guild {n}", shard=n) for n in (0, 1)]
        channels = [fake.add_channel(g, "table") for g in guilds]
        carol = fake.add_user("carol", guilds=guilds)
        async with fake.run_bot(ShardedBot()) as bot:
            assert bot.shard_count == 2
            assert sorted(s.shard_id for s in fake.server.sessions) == [0, 1]
            assert {g.id: g.shard_id for g in bot.guilds} == {guilds[0].id: 0, guilds[1].id: 1}
            for channel in channels:
                reply = await (await fake.slash(carol, "ping", channel=channel)).reply()
                assert reply.content == "pong" and reply.channel_id == channel.id
            in_dm = await (await fake.slash(carol, "ping")).reply()
            assert in_dm.channel_id == fake.dm_channel(carol).id
        assert fake.check() == []


# --------------------------------------------------------------------------- the fixtures

PLUGIN_PROBE = """
import logging

import aiohttp


async def test_unknown_route_fails(fake_discord):
    async with aiohttp.ClientSession() as session:
        async with session.get(fake_discord.api_base + "/no/such/route") as response:
            assert response.status == 404


async def test_expected_problem_passes(fake_discord):
    async with aiohttp.ClientSession() as session:
        async with session.get(fake_discord.api_base + "/no/such/route") as response:
            assert response.status == 404
    fake_discord.expect_problem("unknown route GET /no/such/route")


async def test_missing_expected_problem_fails(fake_discord):
    fake_discord.expect_problem("never happens")


async def test_discord_error_log_fails(fake_discord):
    logging.getLogger("discord.app_commands.tree").error("Ignoring exception in command")


def test_bot_error_log_fails(error_logs):
    logging.getLogger("bot.match").error("kaboom")


def test_allowed_error_log_passes(error_logs):
    error_logs.allow("expected failure", logger="cogs")
    logging.getLogger("cogs.play").error("an expected failure")


def test_warning_passes(error_logs):
    logging.getLogger("discord.http").warning("We are being rate limited.")


async def test_clean_passes(fake_discord):
    assert fake_discord.check() == []
"""


def test_fixtures_fail_tests_on_unknown_routes_and_error_logs(tmp_path: Path) -> None:
    (tmp_path / "test_probe.py").write_text(textwrap.dedent(PLUGIN_PROBE))
    repo_root = str(Path(__file__).resolve().parents[2])
    env = dict(
        os.environ,
        PYTHONPATH=os.pathsep.join([repo_root, os.environ.get("PYTHONPATH", "")]),
        PYTEST_DISABLE_PLUGIN_AUTOLOAD="1",  # hypothesis & co. cost a second here
    )
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-rA",
            "-p",
            "no:cacheprovider",
            "-p",
            "pytest_asyncio.plugin",
            "-p",
            "tests.fakediscord.pytest_plugin",
            "-o",
            "asyncio_mode=auto",
            "-o",
            "asyncio_default_fixture_loop_scope=function",
            "--rootdir",
            str(tmp_path),
            str(tmp_path / "test_probe.py"),
        ],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    out = result.stdout + result.stderr
    assert result.returncode == 1, out

    def outcome(name: str) -> str:
        lines = [
            line for line in out.splitlines() if line.endswith(f"::{name}") or f"::{name} " in line
        ]
        kinds = {
            line.split()[0] for line in lines if line.split()[0] in {"PASSED", "FAILED", "ERROR"}
        }
        return (
            "ERROR"
            if "ERROR" in kinds
            else "FAILED"
            if "FAILED" in kinds
            else "PASSED"
            if kinds
            else "?"
        )

    assert outcome("test_unknown_route_fails") == "ERROR", out
    assert "unknown route GET /no/such/route" in out
    assert outcome("test_expected_problem_passes") == "PASSED", out
    assert outcome("test_missing_expected_problem_fails") == "ERROR", out
    assert outcome("test_discord_error_log_fails") == "ERROR", out
    assert "Ignoring exception in command" in out
    assert outcome("test_bot_error_log_fails") == "ERROR", out
    assert outcome("test_allowed_error_log_passes") == "PASSED", out
    assert outcome("test_warning_passes") == "PASSED", out
    assert outcome("test_clean_passes") == "PASSED", out
