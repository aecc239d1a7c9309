"""Rate limits both ways: per-user cooldowns on slash commands (a manual clock, no sleeps),
and Discord's 429 answers, which discord.py waits out and retries, so no message is lost."""

from __future__ import annotations

import dataclasses

import pytest

from bot.discord import guards
from bot.discord.guards import Cooldowns, command_path
from bot.store import SqliteStore
from tests.e2e.conftest import World
from tests.e2e.players import Players, open_match, start

POST_MESSAGE = "POST /channels/{channel_id}/messages"


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_window_allows_so_many_uses_then_says_how_long_to_wait() -> None:
    clock = Clock()
    cooldowns = Cooldowns({"play": (3, 60.0)}, (5, 10.0), clock)
    for _ in range(3):  # at 1000, 1010 and 1020
        assert cooldowns.hit(1, "play") == 0.0
        clock.now += 10
    assert cooldowns.hit(1, "play") == pytest.approx(30.0)  # at 1030: until 1060
    assert cooldowns.hit(2, "play") == 0.0, "another user has a window of their own"
    clock.now = 1060.0
    assert cooldowns.hit(1, "play") == 0.0, "the use at 1000 has left the window"
    assert cooldowns.hit(1, "play") == pytest.approx(10.0), "the refusal at 1030 did not count"


def test_subcommands_share_their_group_s_limit_in_windows_of_their_own() -> None:
    cooldowns = Cooldowns({"match": (1, 10.0)}, (5, 10.0), Clock())
    assert cooldowns.limit("match list") == cooldowns.limit("match info") == (1, 10.0)
    assert cooldowns.hit(1, "match list") == 0.0
    assert cooldowns.hit(1, "match info") == 0.0
    assert cooldowns.hit(1, "match list") > 0


def test_expired_windows_are_forgotten(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(guards, "SWEEP_AT", 3)
    clock = Clock()
    cooldowns = Cooldowns({}, (1, 10.0), clock)
    for user in range(3):
        cooldowns.hit(user, "hand")
    clock.now += 11
    cooldowns.hit(99, "hand")
    assert set(cooldowns._uses) == {(99, "hand")}


def test_the_command_path_names_subcommands() -> None:
    data = {"name": "match", "options": [{"type": 1, "name": "info", "options": [
        {"type": 4, "name": "match", "value": 3}]}]}
    assert command_path(data) == "match info"
    assert command_path({"name": "play", "options": [{"type": 3, "name": "game"}]}) == "play"


async def test_a_fourth_play_within_a_minute_waits_and_opens_nothing(world: World) -> None:
    fake, clock = world.fake, Clock()
    async with world.bot() as bot:
        bot.tree.cooldowns.clock = clock
        for _ in range(3):
            opened = await (await fake.slash(world.alice, "play", {"game": "zura"},
                                             channel=world.table)).reply()
            assert "is open" in opened.content
        clock.now += 20
        refused = await (await fake.slash(world.alice, "play", {"game": "zura"},
                                          channel=world.table)).reply()
        assert refused.ephemeral
        assert refused.content == "Easy there: you can use /play again in 40 s."
        other = await (await fake.slash(world.bob, "play", {"game": "zura"},
                                        channel=world.table)).reply()
        assert "is open" in other.content
        choices = await (await fake.autocomplete(world.alice, "play", {"game": "zu"},
                                                 focused="game", channel=world.table)).choices()
        assert choices, "autocomplete is never held back"
        clock.now += 41
        again = await (await fake.slash(world.alice, "play", {"game": "zura"},
                                        channel=world.table)).reply()
        assert "is open" in again.content
    async with SqliteStore(world.db) as store:
        assert [await store.get_match(i) is not None for i in range(1, 7)] == \
            [True] * 5 + [False]


async def test_429_answers_are_waited_out_and_every_message_arrives(world: World) -> None:
    fake = world.fake
    async with world.bot():
        thread, lobby = await open_match(fake, world.alice, world.table, "zura", [world.bob])
        faults = [fake.inject_rate_limit(POST_MESSAGE, retry_after=0.05, times=3,
                                         channel_id=thread.id)]
        await start(fake, world.alice, lobby)
        players = Players(fake, thread, [world.alice, world.bob])
        dms = [fake.dm_channel(user).id for user in (world.alice, world.bob)]
        faults += [fake.inject_rate_limit(POST_MESSAGE, retry_after=0.05, times=2, channel_id=dm)
                   for dm in dms]
        faults.append(fake.inject_rate_limit(POST_MESSAGE, retry_after=0.05, times=1,
                                             is_global=True))
        sent = [len(fake.dms(u)) for u in (world.alice, world.bob)]
        moves = 0
        for _ in range(40):  # until each has a new window, so each DM channel is met
            shown = players.table()
            await players.move(players.to_act()[0])
            moves += 1
            assert players.table() != shown, "a turn post (or its edit) was dropped"
            now = [len(fake.dms(u)) for u in (world.alice, world.bob)]
            if all(n > s for n, s in zip(now, sent, strict=True)):
                break
        else:
            raise AssertionError("a DM was dropped")
    assert [f.hits for f in faults] == [f.times for f in faults], "every 429 was met"
    limited = [r for r in fake.requests() if r.status == 429]
    assert len(limited) == sum(f.times for f in faults)
    for request in limited:  # each refused post was sent again and went through
        assert any(r.path == request.path and r.status == 200 and r.json == request.json
                   for r in fake.requests(request.route)), request
    async with SqliteStore(world.db) as store:
        assert len(await store.actions(1)) == moves


@pytest.mark.parametrize("fake_discord_options", [{"rate_limits": True}])
async def test_under_discords_own_limits_a_match_gets_no_429(world: World) -> None:
    """With the fake enforcing Discord's limits (50 requests/s, 5 messages and 5 edits per
    5 s per channel), the bot paces itself: any 429 would fail the test at teardown."""
    fake = world.fake
    async with world.bot():
        thread, lobby = await open_match(fake, world.alice, world.table, "zura", [world.bob])
        await start(fake, world.alice, lobby)
        players = Players(fake, thread, [world.alice, world.bob])
        for _ in range(6):  # enough to fill the DM channels' buckets of 5 edits
            shown = players.table()
            await players.move(players.to_act()[0])
            assert players.table() != shown, "every move is shown"
    assert fake.rate_limits is not None and fake.rate_limits.emptied, "a bucket ran empty"
    assert not [r for r in fake.requests() if r.status == 429]


@pytest.mark.parametrize("fake_discord_options", [{"rate_limits": True}])
async def test_the_bot_paces_itself_under_its_token_s_global_budget(world: World) -> None:
    """discord.py learns of the global limit only from a 429, and then holds every request,
    press answers too: the bot keeps under it itself (``bot.discord.pacing``). Here the
    budget is narrowed to 8 requests a second, which a match's start alone bursts past."""
    fake = world.fake
    fake.global_budget(8)
    settings = dataclasses.replace(world.settings, global_rate=9)  # 9 less a tenth: 8
    async with world.bot(settings=settings) as bot:
        thread, lobby = await open_match(fake, world.alice, world.table, "zura", [world.bob])
        await start(fake, world.alice, lobby)
        players = Players(fake, thread, [world.alice, world.bob])
        for _ in range(4):
            shown = players.table()
            await players.move(players.to_act()[0])
            assert players.table() != shown, "every move is shown"
        assert bot.pacer.waited, "the budget was full at times: requests waited"
    assert not [r for r in fake.requests() if r.status == 429]
