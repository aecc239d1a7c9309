"""Closed DMs are tried again at a person's next decision window ten minutes after they
failed, and a restart keeps that time (issue 15): the bot does not forget that they failed."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from bot.app import ParlorBot
from bot.discord.delivery import RETRY_DMS
from tests.e2e.conftest import QuickImages, World
from tests.e2e.players import Players, has_choices, open_match, start
from tests.fakediscord import FakeUser


class Later:
    """Unix time moved on by ``offset`` seconds: the bot's clock."""

    def __init__(self) -> None:
        self.offset = 0.0

    def __call__(self) -> float:
        return time.time() + self.offset


@asynccontextmanager
async def bot(world: World, clock: Later) -> AsyncIterator[ParlorBot]:
    parlor = ParlorBot(world.settings, images=QuickImages(),
                       seed_source=lambda: 20240601, clock=clock, guild_ready_timeout=0.05)
    async with world.fake.run_bot(parlor):
        yield parlor


def dm_attempts(world: World, user: FakeUser, since: int) -> int:
    """Sends to ``user``'s DMs after request number ``since``, answered or refused."""
    return sum(1 for r in world.fake.state.requests[since:]
               if r.route == "POST /channels/{channel_id}/messages"
               and r.params.get("channel_id") == str(user.dm_channel_id))


async def until_turn_of(players: Players, user: FakeUser) -> None:
    while players.to_act() != [user]:
        await players.move(players.to_act()[0])


async def test_a_restart_keeps_the_ten_minutes_before_dms_are_tried_again(
        world: World) -> None:
    fake, cat, alice = world.fake, world.cat, world.alice
    clock = Later()
    async with bot(world, clock):
        thread, lobby = await open_match(fake, cat, world.table, "zura", [alice])
        await start(fake, cat, lobby)
        players = Players(fake, thread, [cat, alice])
        await until_turn_of(players, alice)
    assert cat.dm_channel_id is not None, "her DMs were tried, and failed"

    clock.offset = RETRY_DMS / 2
    async with bot(world, clock):
        requests, mark = len(fake.state.requests), fake.mark()
        await until_turn_of(players, cat)
        # Five minutes after they failed: her new window is a mention, no DM is tried.
        assert dm_attempts(world, cat, requests) == 0
        assert [n.kind for n in fake.notifications(cat, since=mark)] == ["mention"]
        while players.to_act() == [cat]:  # "My hand" tries DMs (still closed): time restarts
            await players.move(cat)
        fake.set_dm_open(cat, True)
        await until_turn_of(players, alice)
        clock.offset += RETRY_DMS + 1
        mark = fake.mark()
        await until_turn_of(players, cat)
        # Ten minutes on, her next window tries DMs: they work, and the DM is her one ping.
        prompt = await fake.wait_until(
            lambda: next((m for m in fake.dms(cat) if has_choices(m)), None),
            what="her prompt by DM")
        assert [(n.kind, n.message_id) for n in fake.notifications(cat, since=mark)] == [
            ("dm", prompt.id)]
