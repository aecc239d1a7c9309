"""The network model, Discord's rate limits, injected faults and the timing records, proven
against the real discord.py with the tiny bot of ``test_fake``."""

from __future__ import annotations

import asyncio
import io
import time
from collections.abc import AsyncIterator

import aiohttp
import discord
import pytest

from tests.fakediscord import FakeDiscord
from tests.fakediscord.timing import press_waits, wire

from .test_fake import TinyBot, World, render_png

POST_MESSAGE = "POST /channels/{channel_id}/messages"


@pytest.fixture
async def running(fake_discord: FakeDiscord) -> AsyncIterator[tuple[World, TinyBot]]:
    world = World(fake_discord)
    async with fake_discord.run_bot(TinyBot()) as bot:
        assert isinstance(bot, TinyBot)
        yield world, bot


def table_of(bot: TinyBot, world: World) -> discord.TextChannel:
    channel = bot.get_channel(world.table.id)
    assert isinstance(channel, discord.TextChannel)
    return channel


async def raw(fake: FakeDiscord, method: str, path: str, **kwargs: object
              ) -> tuple[int, dict[str, str], object]:
    """A request as any HTTP client makes it (the bot's token), for the headers."""
    headers = {"Authorization": f"Bot {fake.token}"}
    async with aiohttp.ClientSession() as session, session.request(
            method, fake.api_base + path, headers=headers, **kwargs) as response:
        return response.status, dict(response.headers), await response.json()


# --------------------------------------------------------------------------- the network


@pytest.mark.parametrize("fake_discord_options", [{"rtt": 0.2, "upload_bps": 200_000}])
async def test_a_request_lands_after_its_upload_and_half_a_round_trip(
        fake_discord: FakeDiscord, running: tuple[World, TinyBot]) -> None:
    world, bot = running
    png = render_png(300, 300)
    sent = time.monotonic()
    message = await table_of(bot, world).send(
        "the board", file=discord.File(io.BytesIO(png), "board.png"))
    back = time.monotonic() - sent
    record = fake_discord.requests(POST_MESSAGE)[-1]
    upload = record.size / 200_000
    assert record.upload_bytes == len(png) and record.size > len(png)
    assert upload + 0.1 <= record.at - sent < upload + 0.1 + 0.15
    assert fake_discord.message(message.id).times == [pytest.approx(record.at, abs=0.01)]
    assert upload + 0.2 <= back < upload + 0.2 + 0.15, "the answer takes the other half"


@pytest.mark.parametrize("fake_discord_options", [{"upload_bps": 100_000}])
async def test_uploads_share_one_uplink(fake_discord: FakeDiscord,
                                        running: tuple[World, TinyBot]) -> None:
    world, bot = running
    channel = table_of(bot, world)
    await channel.send("learn the bucket")
    data = bytes(20_000)
    sent = time.monotonic()
    await asyncio.gather(*(channel.send(file=discord.File(io.BytesIO(data), f"f{i}.bin"))
                           for i in range(2)))
    first, second = sorted(r.at - sent for r in fake_discord.requests(POST_MESSAGE)[-2:])
    assert first >= 0.2 and second >= 0.4, "one after the other at 100 kB/s"


@pytest.mark.parametrize("fake_discord_options", [{"rtt": 0.2}])
async def test_events_reach_the_bot_half_a_round_trip_late(
        fake_discord: FakeDiscord, running: tuple[World, TinyBot]) -> None:
    world, _ = running
    handle = await fake_discord.slash(world.alice, "ping", channel=world.table)
    callback = await handle.callback()
    assert 0.2 <= callback.at - handle.record.dispatched_at < 0.35, "there and back"


# --------------------------------------------------------------------------- rate limits


@pytest.mark.parametrize("fake_discord_options", [
    {"rate_limits": True, "route_limits": {POST_MESSAGE: (2, 0.5)}}])
async def test_discord_py_paces_itself_by_the_bucket_headers(
        fake_discord: FakeDiscord, running: tuple[World, TinyBot]) -> None:
    world, bot = running
    channel = table_of(bot, world)
    started = time.monotonic()
    await asyncio.gather(*(channel.send(f"message {i}") for i in range(5)))
    assert time.monotonic() - started >= 1.0, "2 per 0.5 s: three windows"
    assert sorted(m.content for m in fake_discord.messages(world.table)) == \
        [f"message {i}" for i in range(5)]
    assert all(r.status == 200 for r in fake_discord.requests(POST_MESSAGE))


@pytest.mark.parametrize("fake_discord_options", [
    {"rate_limits": True, "route_limits": {POST_MESSAGE: (2, 5.0)}}])
async def test_a_full_bucket_answers_429_with_discords_headers(
        fake_discord: FakeDiscord) -> None:
    channel = fake_discord.add_channel(fake_discord.add_guild(), "general")
    path = f"/channels/{channel.id}/messages"
    answers = [await raw(fake_discord, "POST", path, json={"content": "hi"}) for _ in range(3)]
    assert [a[0] for a in answers] == [200, 200, 429]
    first, _, refused = (a[1] for a in answers)
    assert (first["X-RateLimit-Limit"], first["X-RateLimit-Remaining"]) == ("2", "1")
    assert 4.9 < float(first["X-RateLimit-Reset-After"]) <= 5.0
    assert abs(float(first["X-RateLimit-Reset"]) - time.time() - 5.0) < 0.2
    assert refused["X-RateLimit-Remaining"] == "0" and refused["X-RateLimit-Scope"] == "user"
    assert refused["X-RateLimit-Bucket"] == first["X-RateLimit-Bucket"]
    assert refused["Retry-After"] == "5" and "X-RateLimit-Global" not in refused
    body = answers[2][2]
    assert isinstance(body, dict) and body["global"] is False
    assert 4.5 < body["retry_after"] <= 5.0
    other = fake_discord.add_channel(fake_discord.add_guild(), "other")
    assert (await raw(fake_discord, "POST", f"/channels/{other.id}/messages",
                      json={"content": "hi"}))[0] == 200, "each channel has its own bucket"
    assert [p for p in fake_discord.check() if "429 (user rate limit)" in p]
    fake_discord.expect_problem("429 (user rate limit)")


@pytest.mark.parametrize("fake_discord_options", [{"rate_limits": True}])
async def test_the_global_budget_spares_interaction_endpoints(
        fake_discord: FakeDiscord, running: tuple[World, TinyBot]) -> None:
    world, _ = running
    fake_discord.global_budget(3)
    for _ in range(10):
        status, headers, body = await raw(fake_discord, "GET", "/users/@me")
        if status == 429:
            break
    assert status == 429
    assert headers["X-RateLimit-Global"] == "true" and headers["X-RateLimit-Scope"] == "global"
    assert "X-RateLimit-Bucket" not in headers and int(headers["Retry-After"]) >= 1
    assert isinstance(body, dict) and body["global"] is True and 0 < body["retry_after"] <= 1
    reply = await (await fake_discord.slash(world.alice, "ping", channel=world.table)).reply()
    assert reply.content == "pong", "the callback is not bound to the global budget"
    fake_discord.expect_problem("429 (global rate limit)")


@pytest.mark.parametrize("fake_discord_options", [{"rate_limits": True}])
async def test_discord_py_waits_out_a_global_429_and_every_message_arrives(
        fake_discord: FakeDiscord, running: tuple[World, TinyBot]) -> None:
    world, bot = running
    channels = [fake_discord.add_channel(world.guild, f"room{i}") for i in range(4)]
    await fake_discord.wait_until(lambda: all(bot.get_channel(c.id) for c in channels))
    fake_discord.global_budget(2)
    started = time.monotonic()
    sends = []
    for c in channels:
        channel = bot.get_channel(c.id)
        assert isinstance(channel, discord.TextChannel)
        sends.append(channel.send("hello"))
    await asyncio.gather(*sends)
    assert time.monotonic() - started < 3.0
    assert [len(fake_discord.messages(c)) for c in channels] == [1] * 4
    limited = [r for r in fake_discord.requests(POST_MESSAGE) if r.status == 429]
    assert limited and all(r.limited == "global" for r in limited)
    fake_discord.expect_problem("429 (global rate limit)")


# --------------------------------------------------------------------------- faults


async def test_editing_a_deleted_message_gets_unknown_message(
        fake_discord: FakeDiscord, running: tuple[World, TinyBot]) -> None:
    world, bot = running
    message = await table_of(bot, world).send("soon gone")
    fake_discord.delete_message(message.id)
    with pytest.raises(discord.NotFound) as caught:
        await message.edit(content="edited")
    assert caught.value.code == 10008
    assert fake_discord.message(message.id).deleted


async def test_a_500_is_retried_and_a_503_raised(
        fake_discord: FakeDiscord, running: tuple[World, TinyBot]) -> None:
    world, bot = running
    channel = table_of(bot, world)
    fault = fake_discord.inject_error(POST_MESSAGE, status=500, channel_id=world.table.id)
    started = time.monotonic()
    await channel.send("after a hiccup")
    assert fault.hits == 1 and time.monotonic() - started >= 1.0, "discord.py waits 1 s"
    fake_discord.inject_error(POST_MESSAGE, status=503, channel_id=world.table.id)
    with pytest.raises(discord.DiscordServerError):
        await channel.send("lost")
    assert [r.status for r in fake_discord.requests(POST_MESSAGE)] == [500, 200, 503]
    assert [m.content for m in fake_discord.messages(world.table)] == ["after a hiccup"]


# --------------------------------------------------------------------------- timing records


@pytest.mark.parametrize("fake_discord_options", [{"rtt": 0.1}])
async def test_press_waits_and_wire_counts(fake_discord: FakeDiscord,
                                           running: tuple[World, TinyBot]) -> None:
    world, _ = running
    thread = fake_discord.add_channel(world.guild, "quiet")
    since = time.monotonic()
    await (await fake_discord.slash(world.alice, "dmme", channel=world.table)).reply()
    prompt = fake_discord.dms(world.alice)[-1]
    handle = await fake_discord.click(world.alice, prompt, label="Flip")
    await handle.reply()
    board = await (await fake_discord.slash(world.alice, "board", channel=world.table)).reply()
    (waits,) = press_waits(fake_discord.state, thread, [world.alice, world.bob],
                           is_prompt=lambda c: bool(c), since=since)
    assert waits.interaction_id == handle.id and waits.user_id == world.alice.id
    assert waits.own is not None and 0.1 <= waits.own < 0.3, "there and back: one round trip"
    assert waits.next_prompt == waits.own, "the flipped prompt offers the next flip"
    assert waits.thread is None and not waits.submitted
    sent = wire(fake_discord.state, since=since)
    assert sent.clicks == 1 and sent.callbacks == 3 and sent.refused == 0
    assert sent.uploads == 1 and sent.upload_bytes == board.attachments[0].size
    dm_calls = {"POST /users/@me/channels", POST_MESSAGE}
    assert sent.limited_calls == sum(1 for r in fake_discord.requests() if r.route in dm_calls)
