"""The presser first, light on Discord (issue 37): a press answers itself before anything
else is sent, an unchanged picture is never uploaded again (after a restart too), other
people's prompts are left alone by moves that change nothing they decide on, a burst of
commits edits the turn post once, and a deleted post is sent again and recorded."""

from __future__ import annotations

import asyncio
import io
from collections.abc import Sequence
from typing import Any

import pytest
from PIL import Image

from bot.app import ParlorBot
from bot.discord import delivery as delivery_module
from bot.discord.shows import showing, shown_lines
from bot.discord.usertext import told
from bot.engine import View
from bot.match import TurnUpdate
from bot.words import ENGLISH, english
from tests.e2e.conftest import QuickImages, World
from tests.e2e.players import Players, has_choices, open_match, settled, start, stepped
from tests.fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser
from tests.fakediscord.state import RequestRecord
from tests.reliability.test_delivery_order import (
    decide,
    turns_of,
    until_turns_change_hands,
    zura_against_ai,
)

HOLD = 1.5
"""Seconds the turn post's lines wait in the tests that hold them (long enough for two
presses on a busy machine)."""
CALLBACK = "POST /interactions/{webhook_id}/{webhook_token}/callback"
EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"
SEND = "POST /channels/{channel_id}/messages"


def edits_in(fake: FakeDiscord, channel_id: int | None, since: int) -> list[RequestRecord]:
    return [r for r in fake.requests()[since:]
            if r.route == EDIT and r.params.get("channel_id") == str(channel_id)]


async def submit(players: Players, user: FakeUser) -> int:
    """Answer one decision of ``user``; the request count just before the press that
    submitted it (after any confirm step)."""
    fake = players.fake
    message = await players.prompt(user)
    while True:
        before = len(fake.requests())
        handle = await players.press(user, message)
        callback = await handle.callback()
        if not stepped(fake, handle, callback.type, message):
            break
        message = fake.message(message)
    await handle.reply()
    await settled(fake)
    return before


async def zura_for_three(world: World) -> tuple[FakeChannel, Players, list[FakeUser]]:
    users = [world.alice, world.bob, world.user("dora")]
    thread, lobby = await open_match(world.fake, users[0], world.table, "zura", users[1:])
    await start(world.fake, users[0], lobby)
    await settled(world.fake)
    return thread, Players(world.fake, thread, users, seed=3), users


async def test_a_press_answers_itself_before_anything_else_is_sent(world: World) -> None:
    fake = world.fake
    async with world.bot():
        thread, players, _ = await zura_for_three(world)
        for _ in range(4):
            user = players.to_act()[0]
            before = await submit(players, user)
            after = fake.requests()[before:]
            # The first call is the press's own answer: the prompt updated in place...
            assert after[0].route == CALLBACK and after[0].json["type"] == 7, after[:3]
            assert after[0].json["data"]["components"], "it carries the new prompt"
            # ...and the turn post follows it, never before it (no defer either).
            assert [r.route for r in after[1:]].count(CALLBACK) == 0
            assert edits_in(fake, thread.id, before), "the turn post shows the move"


async def test_an_unchanged_picture_is_kept_not_uploaded_again_even_after_a_restart(
        world: World) -> None:
    """The stand-in pictures never change, so after its first upload each message keeps
    its attachment: edits and press answers name it by id and upload nothing."""
    fake = world.fake
    async with world.bot():
        thread, players, _ = await zura_for_three(world)
        start_at = len(fake.requests())
        for _ in range(3):
            await submit(players, players.to_act()[0])
        edited = edits_in(fake, thread.id, start_at)
        assert edited and all(r.files == [] for r in edited)
        pressed = [r for r in fake.requests()[start_at:] if r.route == CALLBACK]
        assert pressed and all(r.files == [] for r in pressed if r.json["type"] == 7)
        live = players.live()
        kept = fake.message(live).attachments
    async with world.bot():
        again = len(fake.requests())
        await submit(players, players.to_act()[0])
        edited = edits_in(fake, thread.id, again)
        assert edited and all(r.files == [] for r in edited), "the hash outlived the restart"
    if any(r.params["message_id"] == str(live.id) for r in edited):
        assert fake.message(live).attachments == kept


async def test_other_peoples_prompts_are_left_alone_by_a_move_they_do_not_decide_on(
        world: World) -> None:
    """While one person's turn goes on, the others' prompts do not change: the turn post
    shows the moves."""
    fake = world.fake
    async with world.bot():
        thread, players, users = await zura_for_three(world)
        checked = 0
        for _ in range(12):
            user = players.to_act()[0]
            others = [u for u in users if u is not user]
            before = await submit(players, user)
            if players.to_act() != [user]:
                continue  # the turn passed on: the next person's window opens
            checked += 1
            assert edits_in(fake, thread.id, before), "the turn post shows the move"
            for u in others:
                assert edits_in(fake, u.dm_channel_id, before) == []
        assert checked, "no turn went on after a press"


async def test_a_burst_of_commits_edits_the_turn_post_once_and_loses_no_line(
        world: World) -> None:
    """Two presses in a row within the window: the turn post is edited once, with both."""
    fake = world.fake
    async with world.bot(coalesce=HOLD):
        thread, players, _ = await zura_for_three(world)
        for _ in range(20):
            user = players.to_act()[0]
            before = await submit(players, user)
            if players.to_act() == [user]:
                assert edits_in(fake, thread.id, before) == [], "the line waits for more"
                await submit(players, user)
                if players.to_act() == [user]:
                    break
            await asyncio.sleep(HOLD + 0.5)  # the post catches up before the next try
        else:
            raise AssertionError("no turn went on for two presses")
        assert edits_in(fake, thread.id, before) == [], "both lines wait"
        live = players.live()
        shown = live.text.count("\n• ")
        await asyncio.sleep(HOLD + 0.5)
        assert len(edits_in(fake, thread.id, before)) == 1, "then one edit shows them all"
        assert fake.message(live).text.count("\n• ") == shown + 2


async def test_lines_held_when_the_bot_stops_are_shown_by_the_next_start(world: World) -> None:
    fake, alice = world.fake, world.alice
    async with world.bot(coalesce=30.0) as bot:
        thread, service, delivery = await zura_against_ai(world, bot)
        await delivery.deliver(await until_turns_change_hands(service, delivery, 1, alice))
        batch = await decide(service, 1, alice)
        assert len(set(turns_of(batch))) == 1
        live = Players(fake, thread, [alice]).live()
        shown = fake.message(live).text
        await delivery.deliver(batch)
        assert fake.message(live).text == shown, "held"
    async with world.bot():
        await fake.wait_until(lambda: fake.message(live).text != shown or None,
                              what="the held lines after the restart")
    lines = [line for t in batch if isinstance(t, TurnUpdate) for line in t.lines]
    assert lines and fake.message(live).text.count("\n• ") == shown.count("\n• ") + len(lines)


async def test_a_deleted_turn_post_is_sent_again_and_recorded(world: World) -> None:
    fake, alice = world.fake, world.alice
    async with world.bot() as bot:
        thread, service, delivery = await zura_against_ai(world, bot)
        await delivery.deliver(await until_turns_change_hands(service, delivery, 1, alice))
        players = Players(fake, thread, [alice])
        live = players.live()
        fake.inject_error(EDIT, status=404, code=10008, message="Unknown Message",
                          channel_id=thread.id, message_id=live.id)
        first = await decide(service, 1, alice)
        second = await decide(service, 1, alice)
        assert len(set(turns_of(first + second))) == 1, "one turn"
        await delivery.deliver(first)
        fresh = players.live()
        assert fresh.id != live.id
        assert fresh.text.split("\n", 1)[0] == live.text.split("\n", 1)[0], "the same turn"
        before = len(fake.requests())
        await delivery.deliver(second)
        assert [r.params["message_id"] for r in edits_in(fake, thread.id, before)] == [
            str(fresh.id)], "its record names the new post"
        assert len(players.boards()) == len({m.text.split("\n", 1)[0]
                                             for m in players.boards()}) + 1


class FreshImages(QuickImages):
    """Boards and hands whose bytes differ every time they are drawn: a picture kept (or
    left out) was kept on purpose, not because the bytes happened to be the same."""

    def __init__(self) -> None:
        super().__init__()
        self.drawn = 0

    def fresh(self, view: View) -> bytes | None:
        self.drawn += 1
        out = io.BytesIO()
        Image.new("L", (4, 3), self.drawn % 256).save(out, format="PNG")
        return out.getvalue() if self.available(view) else None

    async def board(self, view: View, names: Sequence[str], lang: str = ENGLISH) -> bytes | None:
        return self.fresh(view)

    async def hand(self, view: View, names: Sequence[str], lang: str = ENGLISH) -> bytes | None:
        return self.fresh(view)


async def test_a_finished_turn_keeps_its_picture_the_next_post_shows_the_table(
        world: World) -> None:
    """When a turn ends its post gets its last lines and keeps its picture (nothing
    uploaded): the next turn's new post, right below, shows the table after it."""
    fake = world.fake
    async with world.bot(images=FreshImages()):
        thread, players, _ = await zura_for_three(world)
        passed = 0
        for _ in range(8):
            live = players.live()
            kept = [a.id for a in fake.message(live).attachments]
            before = await submit(players, players.to_act()[0])
            if players.live().id == live.id:
                continue
            passed += 1
            last = [r for r in edits_in(fake, thread.id, before)
                    if r.params["message_id"] == str(live.id)]
            assert last and all(r.files == [] for r in last), "nothing uploaded for it"
            assert [a.id for a in fake.message(live).attachments] == kept
            new = [r for r in fake.requests()[before:]
                   if r.route == SEND and r.params.get("channel_id") == str(thread.id)]
            assert new and new[0].files, "the new post carries the table"
        assert passed, "no turn ended"


async def test_a_prompt_whose_window_closes_drops_its_hand_picture(world: World) -> None:
    """The press that ends a person's turn closes their prompt: its answer removes the hand
    picture (nothing uploaded; a closed prompt is not edited for news, so a hand kept there
    would go stale) and their next window opens with the hand as it is then."""
    fake = world.fake
    async with world.bot(images=FreshImages()):
        _, players, _ = await zura_for_three(world)
        closed = 0
        for _ in range(8):
            user = players.to_act()[0]
            message = await players.prompt(user)
            before = await submit(players, user)
            if players.to_act() == [user]:
                continue
            closed += 1
            answer = [r for r in fake.requests()[before:] if r.route == CALLBACK]
            assert answer and answer[0].files == [], "nothing uploaded for the closed prompt"
            assert not has_choices(fake.message(message))
            assert fake.message(message).attachments == [], "its hand is gone"
            nxt = players.to_act()[0]
            assert (await players.prompt(nxt)).attachments, "the next window shows a hand"
        assert closed, "no turn ended"


async def aura_for_two(world: World) -> tuple[FakeChannel, Players, list[FakeUser]]:
    users = [world.alice, world.bob]
    thread, lobby = await open_match(world.fake, users[0], world.table, "aura", users[1:])
    await start(world.fake, users[0], lobby)
    await settled(world.fake)
    return thread, Players(world.fake, thread, users, seed=3), users


async def windows(bot: ParlorBot) -> dict[int, object]:
    """Each seat's prompt window, as its delivery record says."""
    return {int(r.slot.partition(":")[2]): showing(r).get("window")
            for r in await bot.parlor.store.deliveries(1) if r.slot.startswith("prompt:")}


async def test_the_pressers_next_window_opens_in_the_prompt_they_pressed(world: World) -> None:
    """Aura: a defender's block opens their next decision (another block, a discard) in a
    window of its own. They are looking at the prompt they pressed, so it shows the new
    window in place: no new DM, no notification."""
    fake = world.fake
    async with world.bot() as bot:
        _, players, _ = await aura_for_two(world)
        opened = 0
        for _ in range(30):
            user = players.to_act()[0]
            seat = next(s.seat for s in (await bot.parlor.service.info(1)).seats
                        if s.user_id == user.id)
            message = await players.prompt(user)
            dms, was = len(fake.dms(user)), (await windows(bot))[seat]
            before = await submit(players, user)
            if (await windows(bot))[seat] == was or not has_choices(fake.message(message)):
                continue
            opened += 1
            assert len(fake.dms(user)) == dms, "no new DM for the window"
            assert not [r for r in fake.requests()[before:] if r.route == SEND
                        and r.params.get("channel_id") == str(user.dm_channel_id)]
        assert opened, "no press opened the presser's next window"


async def test_a_closed_prompt_is_not_edited_its_news_wait_for_the_next_prompt(
        world: World) -> None:
    """Aura: news of the person who waits (cards drawn) do not edit their closed prompt;
    their next prompt states them."""
    fake = world.fake
    async with world.bot() as bot:
        _, players, users = await aura_for_two(world)
        delivery = bot.parlor.delivery
        waiting: dict[int, list[str]] = {}
        shown = 0
        for _ in range(40):
            user = players.to_act()[0]
            other = next(u for u in users if u is not user)
            closed = not any(has_choices(m) for m in fake.dms(other))
            before = await submit(players, user)
            if closed and not any(has_choices(m) for m in fake.dms(other)):
                assert edits_in(fake, other.dm_channel_id, before) == [], "left alone"
            info = await bot.parlor.service.info(1)
            names = await delivery.names(info)
            news = {int(r.slot.partition(":")[2]): shown_lines(showing(r), "news")
                    for r in await bot.parlor.store.deliveries(1)
                    if r.slot.startswith("prompt:")}
            for seat, lines in list(waiting.items()):
                if not news.get(seat):  # their next prompt opened: it states them
                    person = next(u for u in users if u.id == info.seats[seat].user_id)
                    prompt = next(m for m in reversed(fake.dms(person)) if has_choices(m))
                    assert all(line in prompt.text for line in lines), (lines, prompt.text)
                    shown += 1
                    del waiting[seat]
            waiting.update({seat: [told(line, names, english()) for line in lines]
                            for seat, lines in news.items() if lines})
        assert shown, "no waiting news were shown in a next prompt"


async def test_a_press_whose_answer_is_refused_is_shown_by_an_edit_of_its_prompt(
        world: World) -> None:
    """Discord refuses an answer that came past its 3 s deadline (10062): the pressed
    prompt is then edited like anyone's, so the person still sees their result."""
    fake = world.fake
    async with world.bot():
        _, players, _ = await zura_for_three(world)
        user = players.to_act()[0]
        message = await players.prompt(user)
        dms = len(fake.dms(user))
        fake.inject_error(CALLBACK, status=404, code=10062, message="Unknown interaction")
        fake.expect_problem("was never acknowledged")
        before = len(fake.requests())
        was = list(message.custom_ids)
        await players.press(user, message)
        await fake.wait_until(
            lambda: fake.message(message).custom_ids != was or None,
            what="the prompt showing the result")
        await settled(fake)
        assert edits_in(fake, user.dm_channel_id, before), "by an edit of the prompt"
        assert len(fake.dms(user)) == dms, "in the same message"


async def test_a_persons_next_press_is_answered_while_their_last_one_is_still_shown(
        world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """Someone pressing on through their turn is answered at once, though the delivery of
    their previous press is still editing the thread post: that delivery touches their
    prompt no more, so their answer does not wait behind it (the presser first)."""
    fake = world.fake
    async with world.bot() as bot:
        thread, _, delivery = await zura_against_ai(world, bot)
        await settled(fake)
        players = Players(fake, thread, [world.alice], seed=3)
        posting, go_on = asyncio.Event(), asyncio.Event()
        post = delivery._turn_post

        async def held_post(*args: Any, **kwargs: Any) -> set[int]:
            posting.set()
            await go_on.wait()
            return await post(*args, **kwargs)

        monkeypatch.setattr(delivery, "_turn_post", held_post)
        for _ in range(20):
            posting.clear()
            go_on.clear()
            message, _ = await answer(players, world.alice,
                                      await players.prompt(world.alice))
            await asyncio.wait_for(posting.wait(), 10)  # answered; its post is held
            if has_choices(fake.message(message)):  # their turn goes on in this prompt
                break
            go_on.set()
            await settled(fake)
        else:
            raise AssertionError("no press left Alice a decision in the same prompt")
        # The next press is answered while the post of the one before is still held: by
        # its own update (7), not deferred (6) for want of an answer in time.
        _, callback = await answer(players, world.alice, fake.message(message))
        assert callback == 7 and not go_on.is_set()
        go_on.set()
        await settled(fake)
        assert edits_in(fake, thread.id, 0), "the held posts are shown in the end"


async def answer(players: Players, user: FakeUser,
                 message: FakeMessage) -> tuple[FakeMessage, int]:
    """Press through ``message``'s steps to the press that submits it; once that press is
    acknowledged, the message it was made on and its callback's type."""
    fake = players.fake
    while True:
        handle = await players.press(user, message)
        callback = await handle.callback()
        if not stepped(fake, handle, callback.type, message):
            return message, callback.type
        message = fake.message(message)


async def test_while_the_bot_is_busy_leaving_to_act_waits_with_the_lines_joining_it_does_not(
        world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    """Aura's simultaneous blocks, while the token's budget fills (``busy_now``): the first
    blocker leaves "To act" with their lines a moment later (they know they blocked), and
    the last one's blocks, which bring the attacker back, edit the post at once. When the
    bot is not busy, leaving "To act" edits the post at once too."""
    monkeypatch.setattr(delivery_module, "BUSY_COALESCE", 2.5)
    fake, users = world.fake, [world.alice, world.bob, world.user("dora")]
    busy = False
    async with world.bot(coalesce=HOLD) as bot:
        assert bot.parlor is not None
        bot.parlor.delivery.busy_now = lambda: busy
        thread, lobby = await open_match(fake, users[0], world.table, "aura", users[1:],
                                         variants="simultaneous_blocks=true")
        await start(fake, users[0], lobby)
        await settled(fake)
        players = Players(fake, thread, users, seed=3)
        checked = []
        while len(checked) < 2:
            acting = players.to_act()
            assert acting, "the match ended before two rounds of blocks"
            if len(acting) == 1:  # who acts shows at once: a person joins "To act"
                await submit(players, acting[0])
                continue
            await asyncio.sleep(HOLD + 0.5)  # held lines are shown before the check
            busy = not checked
            first, last = acting
            before = await submit(players, first)
            if not busy:
                assert edits_in(fake, thread.id, before), "leaving To act: at once"
                assert players.to_act() == [last]
            else:
                assert edits_in(fake, thread.id, before) == [], "leaving To act waits"
                await fake.wait_until(lambda last=last: players.to_act() == [last], 5.0,
                                      what="the first blocker gone from To act")
                assert len(edits_in(fake, thread.id, before)) == 1, "in one edit"
            while players.to_act() == [last]:  # the last blocker: the attacker comes back
                before = await submit(players, last)
            assert edits_in(fake, thread.id, before), "joining To act: at once, even busy"
            checked.append(busy)
        assert checked == [True, False]
