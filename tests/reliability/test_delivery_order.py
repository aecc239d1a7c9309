"""Changes reach Discord out of order and a restart reconciles while one is on its way (issue
15): the thread still gets one post per turn, the live one last and with its "My hand"
button, and a send that failed halfway through a long turn is finished, not repeated.

The service's changes are made directly and their batches handed to ``Delivery`` in an
explicit order, so each case happens every run; nothing waits on a timer.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

import pytest

from bot.app import ParlorBot
from bot.discord import shows
from bot.discord.delivery import Delivery
from bot.engine import Rng, registry
from bot.match import MatchService, Outbound, TurnUpdate
from bot.match.claims import Lease
from tests.e2e.conftest import World
from tests.e2e.players import Players, is_board, open_match, settled, start
from tests.fakediscord import FakeChannel, FakeDiscord, FakeUser


async def decide(service: MatchService, match_id: int, user: FakeUser) -> list[Outbound]:
    """The user's first open decision, answered as a normal AI would (the batch is kept)."""
    hand = await service.hand(match_id, user.id)
    decision = hand.decisions[0]
    game = registry.get((await service.info(match_id)).game)
    action = game.ai_choose("normal", hand.view, decision, Rng(7))
    return await service.submit(match_id, user.id, decision.id, action.choice)


def turns_of(batch: list[Outbound]) -> list[int]:
    return [o.number for o in batch if isinstance(o, TurnUpdate)]


async def until_turns_change_hands(service: MatchService, delivery: Delivery, match_id: int,
                                   user: FakeUser) -> list[Outbound]:
    """Play the user's decisions, delivering each, up to the one that ends their turn: the
    AI's turn follows in the same change and the user's next turn opens (kept, undelivered)."""
    for _ in range(20):
        batch = await decide(service, match_id, user)
        if len(set(turns_of(batch))) >= 3:
            return batch
        await delivery.deliver(batch)
    raise AssertionError("the user's turn never ended")


async def zura_against_ai(world: World, bot: ParlorBot) -> tuple[FakeChannel, MatchService,
                                                                  Delivery]:
    """Alice's Zura match against one AI, started: its thread, the service and delivery."""
    thread, lobby = await open_match(world.fake, world.alice, world.table, "zura", [],
                                     ai_players=1)
    await start(world.fake, world.alice, lobby)
    assert bot.parlor is not None
    return thread, bot.parlor.service, bot.parlor.delivery


def posts(fake: FakeDiscord, thread: FakeChannel) -> list[str]:
    """Each turn post by what makes it one of a kind: its heading, or a continuation's
    whole text (a long turn's continuations share a heading)."""
    out = []
    for m in fake.messages(thread):
        head = m.text.split("\n", 1)[0]
        if is_board(m):
            out.append(m.text if "(continued)" in head else head)
    return out


def assert_one_post_per_turn_the_live_one_last(fake: FakeDiscord, thread: FakeChannel,
                                               user: FakeUser) -> None:
    seen = posts(fake, thread)
    assert [h for h, n in Counter(seen).items() if n > 1] == [], seen
    live = Players(fake, thread, [user]).live()
    assert [b.label for b in live.buttons] == ["My hand"]
    assert f"To act: <@{user.id}>" in live.text


async def test_an_older_change_delivered_after_a_newer_one_posts_no_turn_twice(
        world: World) -> None:
    fake, alice = world.fake, world.alice
    async with world.bot() as bot:
        thread, service, delivery = await zura_against_ai(world, bot)
        older = await until_turns_change_hands(service, delivery, 1, alice)
        newer = await decide(service, 1, alice)  # the first decision of her next turn
        assert max(turns_of(older)) == min(turns_of(newer))
        await delivery.deliver(newer)
        await delivery.deliver(older)
    assert_one_post_per_turn_the_live_one_last(fake, thread, alice)


async def test_a_reconciliation_while_a_change_is_on_its_way_leaves_its_turns_to_it(
        world: World) -> None:
    """The restart's reconciliation runs while the AI turns a stop cut short are finished
    and on their way (the clocks' recovery): the batch posts them, with their lines."""
    fake, alice = world.fake, world.alice
    async with world.bot() as bot:
        thread, service, delivery = await zura_against_ai(world, bot)
        batch = await until_turns_change_hands(service, delivery, 1, alice)
        await delivery.reconcile(1)
        await delivery.deliver(batch)
        await delivery.reconcile(1)
    assert_one_post_per_turn_the_live_one_last(fake, thread, alice)
    ai_turn = sorted(set(turns_of(batch)))[1]
    [post] = [m for m in fake.messages(thread) if f"· turn {ai_turn} ·" in m.text]
    assert "\n• " in post.text, "the AI's turn shows its moves"


async def test_a_long_turn_cut_off_between_its_posts_is_finished_with_its_button(
        world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """The live post is edited into a full one, then the continuation's send fails: the
    reconciliation that follows sends the continuation, which carries "My hand"."""
    fake, alice = world.fake, world.alice
    async with world.bot() as bot:
        thread, service, delivery = await zura_against_ai(world, bot)
        await delivery.deliver(await until_turns_change_hands(service, delivery, 1, alice))
        first = await decide(service, 1, alice)
        await delivery.deliver(first)
        second = await decide(service, 1, alice)  # her turn goes on: one post, edited
        assert len(set(turns_of(first + second))) == 1
        monkeypatch.setattr(shows, "TEXT_MAX", 60)  # a post per line
        fake.inject_error("POST /channels/{channel_id}/messages", status=403, code=50013,
                          channel_id=thread.id)
        await delivery.deliver(second)
        await delivery.reconcile(1)
    assert_one_post_per_turn_the_live_one_last(fake, thread, alice)


class Stop(Exception):
    """The process stops here (what a SIGKILL leaves behind: the send made, not recorded)."""


async def test_a_stop_between_a_continuation_and_its_record_sends_it_once(
        world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """The continuation of a long turn is sent and the stop comes before the slot records
    it: the reconciliation repeats the send with the same nonce, and Discord makes it once."""
    fake, alice = world.fake, world.alice
    async with world.bot() as bot:
        thread, service, delivery = await zura_against_ai(world, bot)
        await delivery.deliver(await until_turns_change_hands(service, delivery, 1, alice))
        await delivery.deliver(await decide(service, 1, alice))
        second = await decide(service, 1, alice)
        monkeypatch.setattr(shows, "TEXT_MAX", 60)  # a post per line
        record = Delivery._turn_record

        async def stopped(self: Delivery, *args: Any, **kwargs: Any) -> None:
            """Stop at the live post's record (``dirty``, the sixth argument, is False)."""
            if args[5] is False:
                raise Stop
            await record(self, *args, **kwargs)

        monkeypatch.setattr(Delivery, "_turn_record", stopped)
        sent = len(fake.messages(thread))
        with pytest.raises(Stop):
            await delivery.deliver(second)
        assert len(fake.messages(thread)) > sent, "the continuation went out"
        monkeypatch.setattr(Delivery, "_turn_record", record)
        made = len(fake.messages(thread))
        await delivery.reconcile(1)
        assert len(fake.messages(thread)) == made
    assert_one_post_per_turn_the_live_one_last(fake, thread, alice)


async def test_a_stop_waits_for_a_change_still_being_shown(world: World,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """A shutdown while a committed change is still reaching Discord (a slow /play on a busy
    machine) lets it finish before the store closes: no half-shown change, no error."""
    fake, alice = world.fake, world.alice
    async with world.bot() as bot:
        thread, service, delivery = await zura_against_ai(world, bot)
        batch = await decide(service, 1, alice)
        held = asyncio.Event()
        shown = delivery._deliver  # the slow send is simulated right there

        async def slow(*args: Any) -> None:
            await held.wait()
            await shown(*args)

        monkeypatch.setattr(delivery, "_deliver", slow)
        sending = asyncio.create_task(delivery.deliver(batch))
        closing = asyncio.create_task(bot.close())
        for _ in range(20):
            await asyncio.sleep(0)
        assert not closing.done(), "the stop waits for the change being shown"
        held.set()
        await sending  # on the old code: StoreError, the store closed under it
        await closing
    assert_one_post_per_turn_the_live_one_last(fake, thread, alice)


async def test_a_stop_between_a_new_prompt_and_its_record_is_repeated_as_it_is_now(
        world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """Alice's new prompt is sent and the stop comes before its slot records it; she then
    answers it (it works: its buttons carry the decision) and her window moves on to its
    next decision. The next start repeats the send with the same nonce, Discord answers with
    the prompt first made, and that one DM is brought up to the decision now open."""
    fake, alice = world.fake, world.alice
    async with world.bot() as bot:
        _, service, delivery = await zura_against_ai(world, bot)
        batch = await until_turns_change_hands(service, delivery, 1, alice)
        remember = Delivery._remember

        async def stopped(self: Delivery, slots: Any, record: Any) -> None:
            """Stop at the record of a prompt sent (not at its nonce, written before)."""
            if record.slot == "prompt:0" and "sending" not in record.shown:
                raise Stop
            await remember(self, slots, record)

        monkeypatch.setattr(Delivery, "_remember", stopped)
        dms = len(fake.dms(alice))
        with pytest.raises(Stop):
            await delivery.deliver(batch)
        assert len(fake.dms(alice)) == dms + 1, "the new prompt went out"
        monkeypatch.setattr(Delivery, "_remember", remember)
        made = fake.dms(alice)[-1]
        first = {c.split(":")[2] for c in made.custom_ids}
        await decide(service, 1, alice)  # its batch is lost with the stop
    async with world.bot() as bot:  # the start reconciles
        assert bot.parlor is not None
        open_now = (await bot.parlor.service.hand(1, alice.id)).decisions[0].id
        now = await fake.wait_until(
            lambda: {c.split(":")[2] for c in fake.message(made).custom_ids} - first, 5.0,
            what="the prompt brought up to date")
    assert len(fake.dms(alice)) == dms + 1, "the send was made once"
    assert now == {open_now}


async def test_a_start_reconciles_only_the_matches_of_its_own_servers(
        world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """With several processes, each start shows what a stop left unshown in its own servers'
    matches only: another process may be delivering a change of the others right then."""
    fake, alice = world.fake, world.alice
    async with world.bot() as bot:
        thread, service, delivery = await zura_against_ai(world, bot)
        await until_turns_change_hands(service, delivery, 1, alice)  # her new window: lost
    dms = len(fake.dms(alice))
    asked: list[int | None] = []

    def elsewhere(self: ParlorBot, guild_id: int | None) -> bool:
        asked.append(guild_id)
        return False

    monkeypatch.setattr(ParlorBot, "serves", elsewhere)
    async with world.bot():
        await fake.wait_until(lambda: asked, 5.0, what="the start's reconciliation")
    assert asked == [thread.guild_id]
    assert len(fake.dms(alice)) == dms, "another process's match was left alone"
    monkeypatch.undo()
    async with world.bot():
        await fake.wait_until(lambda: len(fake.dms(alice)) > dms, 5.0,
                              what="her new prompt, from the process of her server")


async def test_with_several_processes_one_shows_a_match_at_a_time(world: World) -> None:
    """Two processes delivering one match at once each recorded what it sent over the
    other's (a press in DMs reaches shard 0's process, one in the thread its server's): a
    change waits while another process holds the match's lease, then is shown."""
    fake, alice = world.fake, world.alice
    async with world.bot() as bot:
        _, service, delivery = await zura_against_ai(world, bot)
        await settled(fake)
        delivery.lease = Lease(delivery.store, "delivery", poll=0.01)
        other = Lease(delivery.store, "delivery").hold(1)  # another process, delivering
        await other.__aenter__()
        before = len(fake.requests())
        shown = asyncio.create_task(delivery.deliver(await decide(service, 1, alice)))
        await asyncio.sleep(0.3)
        assert not shown.done() and len(fake.requests()) == before, "it waits its turn"
        await other.__aexit__(None, None, None)
        await asyncio.wait_for(shown, 10)
        assert len(fake.requests()) > before
