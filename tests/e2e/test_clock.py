"""Clocks through Discord: the ladder's DM, mention and autopilot notice, a restart with
deadlines that fell due while the bot was down, taking a seat back, pause votes and time away.

The bot's clock is a ``Now`` the test moves, and the scheduler sleeps on it: it wakes when the
test moves the time past the rung it sleeps for. The test waits for what it posts (or for the
scheduler to be asleep again), never sleeping.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager

import pytest

from bot.app import ParlorBot
from bot.match.timekeeper import AUTOPILOT_NEWS
from tests.e2e.conftest import QuickImages, World
from tests.e2e.players import Players, open_match, start
from tests.fakediscord import FakeChannel, FakeMessage, FakeUser
from tests.match.clocks import START, Now

MANAGE_GUILD = 1 << 5


def clocked_bot(world: World, now: Now) -> AbstractAsyncContextManager[ParlorBot]:
    @asynccontextmanager
    async def running() -> AsyncIterator[ParlorBot]:
        bot = ParlorBot(world.settings, images=QuickImages(),
                        seed_source=lambda: 20240601, guild_ready_timeout=0.05,
                        clock=now, clock_sleep=now.sleep)
        async with world.fake.run_bot(bot):
            yield bot

    return running()


async def settle(now: Now) -> None:
    """Let the scheduler take everything due by now and go back to sleep."""
    await now.run_to(now.t)


def posts(world: World, where: FakeChannel, text: str) -> list[FakeMessage]:
    return [m for m in world.fake.messages(where) if text in m.content]


async def timed_zura(world: World, host: FakeUser, guest: FakeUser,
                     **options: object) -> tuple[FakeChannel, Players]:
    thread, lobby = await open_match(world.fake, host, world.table, "zura", [guest],
                                     clock="live", **options)
    await start(world.fake, host, lobby)
    return thread, Players(world.fake, thread, [host, guest])


async def logged(world: World, match_id: int) -> list[bool]:
    """The autopilot flag of each logged move, straight from the database."""
    async with world.store() as store:
        return [a.autopilot for a in await store.actions(match_id)]


async def test_the_ladder_dm_mention_and_autopilot_each_once(world: World) -> None:
    fake, now = world.fake, Now()
    async with clocked_bot(world, now):
        thread, players = await timed_zura(world, world.alice, world.bob)
        assert "Clock: live, 2 min per turn" in fake.messages(thread)[0].content
        (user,) = players.to_act()
        table = players.table()
        info = await (await fake.slash(user, "match info", channel=thread)).reply()
        assert f"Clock: due <t:{int(START) + 120}:R>" in info.content

        now.to(START + 60)
        reminder = await fake.wait_for_message(
            lambda m: "Half your time is gone" in m.content, dm=user)
        assert "**Zura #1**" in reminder.content and "<t:" in reminder.content
        now.to(START + 96)
        last = await fake.wait_for_message(lambda m: m.content.startswith("⏳"), channel=thread)
        assert last.pings == [user.id]
        now.to(START + 120)
        notice = await fake.wait_for_message(lambda m: "Time ran out" in m.content,
                                             channel=thread)
        assert notice.pings == [user.id] and "1 of 3 missed turns in a row" in notice.content
        await fake.wait_until(lambda: players.table() != table, what="the next board")
        await settle(now)
        assert len([m for m in fake.dms(user) if "Half your time" in m.content]) == 1
        assert len(posts(world, thread, "⏳")) == 1
        assert len(posts(world, thread, "Time ran out")) == 1
        assert not posts(world, thread, "half your time"), "the DM reached them"
    turn = await logged(world, 1)
    assert len(turn) > 1 and all(turn), "the autopilot answered the whole turn"


async def test_closed_dms_get_the_reminder_in_the_thread(world: World) -> None:
    fake, now = world.fake, Now()
    async with clocked_bot(world, now):
        thread, players = await timed_zura(world, world.cat, world.alice)
        assert players.to_act() == [world.cat]
        now.to(START + 60)
        reminder = await fake.wait_for_message(lambda m: "half your time" in m.content,
                                               channel=thread)
        assert reminder.pings == [world.cat.id] and "My hand" in reminder.content
        assert not fake.dms(world.cat)


async def test_dms_closed_mid_match_ping_once_for_the_reminder(world: World) -> None:
    fake, now = world.fake, Now()
    async with clocked_bot(world, now):
        thread, players = await timed_zura(world, world.alice, world.bob)
        assert players.to_act() == [world.alice]
        await players.prompt(world.alice)  # the deal reached her DMs; then she closes them
        fake.set_dm_open(world.alice, False)
        now.to(START + 60)
        reminder = await fake.wait_for_message(lambda m: "half your time" in m.content,
                                               channel=thread)
        (note,) = posts(world, thread, "can't send you direct messages")
        assert note.pings == [world.alice.id] and reminder.pings == []


async def test_a_restart_fires_overdue_deadlines_once_and_old_buttons_work(
        world: World) -> None:
    fake, now = world.fake, Now()
    async with clocked_bot(world, now):
        live, players = await timed_zura(world, world.alice, world.bob)
        await players.move(players.to_act()[0])
        (late,) = players.to_act()
        late_prompt = await players.prompt(late)
        stale_ids = set(late_prompt.custom_ids)
        slow, slow_lobby = await open_match(fake, world.bob, world.table, "zura", [world.alice],
                                            clock="async")
        await start(fake, world.bob, slow_lobby)
        slow_players = Players(fake, slow, [world.bob, world.alice])
        (waiting,) = slow_players.to_act()
        old_prompt = await slow_players.prompt(waiting)
        before = await logged(world, 1)
        table = players.table()

    now.to(START + 3600)  # down for an hour: the live clock ran out, the async one did not
    async with clocked_bot(world, now):
        notice = await fake.wait_for_message(
            lambda m: f"Time ran out for <@{late.id}>" in m.content, channel=live)
        assert notice.pings == [late.id]
        await fake.wait_until(lambda: players.table() != table, what="the table moving on")
        await settle(now)
        assert len(posts(world, live, "Time ran out")) == 1
        after = await logged(world, 1)
        assert after[:len(before)] == before and len(after) > len(before)
        assert all(after[len(before):]), "the late turn, all of it by the autopilot"

        # The prompt the autopilot answered no longer offers that choice: it moved on.
        assert not set(fake.message(late_prompt).custom_ids) & stale_ids

        slow_table = slow_players.table()
        button = next(b for b in old_prompt.buttons if b.label != "Back")
        if re.match(r"\d+\. ", button.label):  # a hand card: confirm it first
            await (await fake.click(waiting, old_prompt, button.custom_id)).callback()
            button = fake.message(old_prompt).button(label="Confirm")
        await (await fake.click(waiting, old_prompt, button.custom_id)).callback()
        await fake.wait_until(lambda: slow_players.table() != slow_table,
                              what="the old prompt's move on the table")
        await settle(now)
        assert len(posts(world, live, "Time ran out")) == 1
    assert await logged(world, 2) == [False]


async def test_the_ai_keeps_a_missing_seat_until_one_click_takes_it_back(world: World) -> None:
    fake, now = world.fake, Now()
    async with clocked_bot(world, now):
        thread, players = await timed_zura(world, world.alice, world.bob, missed=1)
        (user,) = players.to_act()
        now.to(START + 120)
        notice = await fake.wait_for_message(lambda m: "plays their seat from now on" in
                                             m.content, channel=thread)
        assert notice.pings == [user.id]
        other = world.bob if user is world.alice else world.alice
        refused = await (await fake.click(other, notice, label="Take my seat back")).reply()
        assert refused.ephemeral and "already" in refused.content
        handle = await fake.click(user, notice, label="Take my seat back")
        await handle.callback()
        hand = await handle.followup()
        assert hand.ephemeral and hand.text.startswith("**Zura #1**")
        back = await fake.wait_for_message(lambda m: "takes their seat back" in m.content,
                                           channel=thread)
        assert back.pings == []


async def test_pause_by_vote_and_time_away_through_discord(world: World) -> None:
    fake, now = world.fake, Now()
    mod = world.user("mod")
    fake.add_member(world.guild, mod, permissions=MANAGE_GUILD)
    async with clocked_bot(world, now):
        shown = await (await fake.slash(mod, "settings", {"clock": "standard", "away_days": 2},
                                        channel=world.table)).reply()
        assert "Default clock: standard, 1 h per turn" in shown.content
        assert "up to 2 days per match" in shown.content
        thread, lobby = await open_match(fake, world.alice, world.table, "zura", [world.bob])
        assert "Clock: standard, 1 h per turn" in fake.message(lobby).content
        await start(fake, world.alice, lobby)

        handle = await fake.slash(world.alice, "pause", channel=thread)
        await handle.callback()
        assert (await handle.followup()).content == "Your vote counts."
        vote = await fake.wait_for_message(lambda m: "votes to pause" in m.content,
                                           channel=thread)
        assert "(1 of 2 votes)" in vote.content and vote.pings == []
        await (await fake.click(world.bob, vote, label="Pause too")).callback()
        paused = await fake.wait_for_message(lambda m: m.content.startswith("⏸️"),
                                             channel=thread)
        listing = await (await fake.slash(world.alice, "match list",
                                          channel=world.table)).reply()
        assert listing.content.endswith("· clocks paused")
        now.to(START + 30 * 24 * 3600)
        await settle(now)
        assert not posts(world, thread, "Time ran out")
        await (await fake.click(world.bob, paused, label="Restart the clocks")).callback()
        await (await fake.slash(world.alice, "resume", channel=thread)).callback()
        await fake.wait_for_message(lambda m: m.content.startswith("▶️"), channel=thread)

        away = await fake.slash(world.bob, "away", {"days": 1}, channel=world.table)
        await away.callback()
        assert "your clock stands still until <t:" in (await away.followup()).content
        await fake.wait_for_message(lambda m: f"<@{world.bob.id}> is away until" in m.content,
                                    channel=thread)
        too_long = await (await fake.slash(world.bob, "away", {"days": 3},
                                           channel=world.table)).reply()
        assert too_long.ephemeral and "up to 2 days" in too_long.content
        back = await fake.slash(world.bob, "back", channel=world.table)
        await back.callback()
        assert "your clock runs again" in (await back.followup()).content
        await fake.wait_for_message(lambda m: f"<@{world.bob.id}> is back" in m.content,
                                    channel=thread)


def answered(prompt: FakeMessage) -> FakeMessage | None:
    """The prompt, once it says the AI played the turn for its person."""
    return prompt if AUTOPILOT_NEWS in prompt.text else None


@pytest.fixture
def now() -> Now:
    return Now()


@pytest.fixture
def fake_discord_options(now: Now) -> dict[str, object]:
    """The fake stamps notifications with the bot's clock, so lateness is exact."""
    return {"clock": now}


async def test_an_absent_player_gets_each_rung_on_time_once_and_keeps_the_seat_for_n_turns(
        world: World, now: Now) -> None:
    """A 1-minute clock, Bob never presses, Alice always does: per missed turn Bob gets the
    reminder, the mention and the expiry notice, each one notification within 2 s of due, and
    his prompt then says the AI played the turn, without buttons; the AI keeps his seat only
    after his second missed turn (``missed=2``)."""
    fake, alice, bob = world.fake, world.alice, world.bob
    async with clocked_bot(world, now):
        thread, lobby = await open_match(fake, alice, world.table, "zura", [bob],
                                         clock="custom", minutes=1, missed=2)
        await start(fake, alice, lobby)
        players = Players(fake, thread, [alice, bob])
        missed: list[list[tuple[str, float]]] = []
        while len(missed) < 2:
            if players.to_act() == [alice]:
                await players.move(alice)
                continue
            assert players.to_act() == [bob]
            prompt = await players.prompt(bob)  # his window opened: its one new DM
            await settle(now)
            opened, mark = now.t, fake.mark()
            await now.run_to(opened + 61)
            missed.append([(n.kind, n.at - opened) for n in fake.notifications(bob, since=mark)])
            await fake.wait_until(lambda: bob not in players.to_act(), what="the table going on")
            closed = await fake.wait_until(lambda p=prompt: answered(fake.message(p)),
                                           what="his prompt saying the AI played the turn")
            assert closed.custom_ids == [], "no live buttons on a prompt the autopilot answered"
        for rungs in missed:
            assert [kind for kind, _ in rungs] == ["dm", "mention", "mention"]
            for (_, fired), due in zip(rungs, (30, 48, 60), strict=True):
                assert due <= fired <= due + 2
        notices = posts(world, thread, "Time ran out")
        assert ["1 of 2 missed turns in a row" in notices[0].content,
                "plays their seat from now on" in notices[1].content] == [True, True]
