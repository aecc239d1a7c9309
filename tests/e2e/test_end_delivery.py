"""End notices that a stop cut off are sent by the next start, once (issue 15): the bot stops
between the final move's commit and the end post, then between the sends and their records."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from bot.discord.delivery import Delivery
from bot.match import MatchEnded, Outbound
from bot.store import DeliveryRecord
from bot.store.sql import SqlStore
from tests.e2e.conftest import World
from tests.e2e.players import Players, open_match, start
from tests.fakediscord import FakeMessage, FakeUser


def end_posts(world: World, players: Players) -> list[FakeMessage]:
    return [m for m in world.fake.messages(players.thread) if " is over: " in m.text]


def result_dms(world: World, user: FakeUser) -> list[FakeMessage]:
    return [m for m in world.fake.dms(user) if "you placed" in m.text]


async def test_end_notices_cut_off_by_stops_are_sent_once_on_restart(
        world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    fake, people = world.fake, [world.alice, world.bob]
    deliver = Delivery.deliver

    async def stopped_before_the_end(self: Delivery, outbound: Sequence[Outbound],
                                     **kwargs: Any) -> None:
        """The final move is committed and shown; the stop comes before the end notices."""
        await deliver(self, [o for o in outbound if not isinstance(o, MatchEnded)], **kwargs)

    monkeypatch.setattr(Delivery, "deliver", stopped_before_the_end)
    async with world.bot():
        thread, lobby = await open_match(fake, world.alice, world.table, "aura", [world.bob])
        await start(fake, world.alice, lobby)
        players = Players(fake, thread, people, seed=3)
        while players.to_act():
            await players.move(players.to_act()[0])
    monkeypatch.undo()
    assert not end_posts(world, players)
    assert not [m for u in people for m in result_dms(world, u)]

    put_delivery = SqlStore.put_delivery

    async def stopped_before_the_records(self: SqlStore, record: DeliveryRecord) -> None:
        """The end notices go out, and the stop comes before they are recorded."""
        if not record.slot.startswith(("end", "result:")):
            await put_delivery(self, record)

    monkeypatch.setattr(SqlStore, "put_delivery", stopped_before_the_records)
    async with world.bot():
        await fake.wait_until(lambda: all(result_dms(world, u) for u in people),
                              what="the end notices, on the first restart")
    monkeypatch.undo()
    sent = len(fake.messages(thread)), [len(fake.dms(u)) for u in people]

    async with world.bot() as bot:
        # The start's reconciliation sends them again (Discord knows their nonces: it sends
        # nothing) and records them; once more, nothing is sent at all.
        assert bot.parlor is not None
        await bot.parlor.delivery.reconcile_all()
        await bot.parlor.delivery.reconcile_all()
    async with world.store() as store:
        assert await store.ends_undelivered() == []
    assert (len(fake.messages(thread)), [len(fake.dms(u)) for u in people]) == sent
    [post] = end_posts(world, players)
    assert sorted(post.mentions) == sorted(u.id for u in people)
    for user in people:
        [dm] = result_dms(world, user)
        assert [n.message_id for n in fake.notifications(user)].count(dm.id) == 1
