"""The ladder through the service, for every game and table size: each rung once, in order.

Time only moves when the test says so; nothing sleeps.
"""

from __future__ import annotations

import pytest

from bot.engine import StaleDecision
from bot.match import MatchService, PublicUpdate
from bot.match.notices import Autopiloted, LastCall, Reminder
from bot.match.timekeeper import Timekeeper
from tests.match.clocks import START, Now, flat, timed_match

USERS = [100, 101, 102, 103]
TABLES = [("zura", 2), ("zura", 3), ("zura", 4), ("aura", 2), ("aura", 3), ("aura", 4),
          ("auroria", 2)]


@pytest.mark.parametrize(("game", "players"), TABLES)
async def test_each_rung_fires_once_and_in_order(svc: MatchService, clocks: Timekeeper, now: Now,
                                                 game: str, players: int) -> None:
    users = USERS[:players]
    match_id = await timed_match(svc, game, users)
    first = await svc.store.deadlines_of([match_id])
    assert first, "someone must act first"
    assert all(d.due_at == START + 120 and d.stage == 0 for d in first)
    seats = {(d.decision_id, d.seat) for d in first}

    seen: list[tuple[str, int, float]] = []
    for t in (START + 59, START + 60, START + 60, START + 95, START + 96, START + 96):
        now.to(t)
        for item in flat(await clocks.tick()):
            assert isinstance(item, Reminder | LastCall)
            assert item.user_id == users[item.seat] and item.due_at == START + 120
            seen.append((type(item).__name__, item.seat, t))
    people = sorted(seat for _, seat in seats)
    assert seen == ([("Reminder", s, START + 60) for s in people]
                    + [("LastCall", s, START + 96) for s in people])

    now.to(START + 120)
    out = flat(await clocks.tick())
    piloted = [o for o in out if isinstance(o, Autopiloted)]
    assert sorted(p.seat for p in piloted) == people
    assert all(p.streak == 1 and p.limit == 3 and p.then is None for p in piloted)
    assert any(isinstance(o, PublicUpdate) for o in out), "the table moves on"
    log = await svc.store.actions(match_id)
    assert {a.seat for a in log if a.autopilot} == set(people)
    assert all(a.user_id is None for a in log if a.autopilot)
    still_open = {(d.window_id, d.player) for s in people
                  for d in (await svc.hand(match_id, users[s])).decisions}
    assert still_open.isdisjoint(seats), "the autopilot answers the whole window"
    assert not [o for o in flat(await clocks.tick()) if isinstance(o, Autopiloted)]
    assert len(await svc.store.actions(match_id)) == len(log), "expiry acts once"

    later = (await svc.info(match_id)).deadlines
    assert {(d.decision_id, d.seat) for d in later}.isdisjoint(seats)
    assert all(d.due_at == START + 240 for d in later), "a new window gets a full clock"


async def test_an_answered_prompt_loses_its_clock_and_old_buttons_explain(
        svc: MatchService, clocks: Timekeeper, now: Now) -> None:
    match_id = await timed_match(svc, "highcard", [100, 101])
    hand = await svc.hand(match_id, 100)
    await svc.submit(match_id, 100, hand.decisions[0].id, [hand.decisions[0].options[0].key])
    (left,) = await svc.store.deadlines_of([match_id])
    assert left.seat == 1 and left.due_at == START + 120, "the other seat keeps its own clock"
    stale = (await svc.hand(match_id, 101)).decisions[0]
    now.to(START + 120)
    out = flat(await clocks.tick())
    assert [o.seat for o in out if isinstance(o, Autopiloted)] == [1]
    with pytest.raises(StaleDecision, match="Time ran out"):
        await svc.submit(match_id, 101, stale.id, [stale.options[0].key])


async def test_a_late_scheduler_takes_only_the_latest_rung(svc: MatchService, clocks: Timekeeper,
                                                           now: Now) -> None:
    match_id = await timed_match(svc, "highcard", [100, 101])
    now.to(START + 100)
    out = flat(await clocks.tick())
    assert sorted(type(o).__name__ for o in out) == ["LastCall", "LastCall"]
    now.to(START + 500)
    out = flat(await clocks.tick())
    assert sorted(o.seat for o in out if isinstance(o, Autopiloted)) == [0, 1]
    assert not any(isinstance(o, Reminder | LastCall) for o in out)
    assert len([a for a in await svc.store.actions(match_id) if a.autopilot]) == 2


async def test_reminders_follow_the_dm_setting(
        svc: MatchService, clocks: Timekeeper, now: Now) -> None:
    await timed_match(svc, "highcard", [100, 101])
    await svc.set_dm_ok(101, False)
    now.to(START + 60)
    reminders = {o.user_id: o.dm_ok for o in flat(await clocks.tick()) if isinstance(o, Reminder)}
    assert reminders == {100: True, 101: False}


async def test_ai_seats_and_untimed_matches_have_no_clocks(svc: MatchService) -> None:
    timed = await timed_match(svc, "highcard", [100], ai=1)
    assert [d.seat for d in await svc.store.deadlines_of([timed])] == [0]
    info = await svc.create("highcard", 100, guild_id=1)
    await svc.join(info.id, 101)
    await svc.start(info.id, 100)
    assert await svc.store.deadlines_of([info.id]) == []
    assert (await svc.info(info.id)).clock is None


async def test_a_match_called_off_or_over_keeps_no_clocks(svc: MatchService, clocks: Timekeeper,
                                                          now: Now) -> None:
    called_off = await timed_match(svc, "highcard", [100, 101])
    resigned = await timed_match(svc, "highcard", [100, 101])
    await svc.cancel(called_off, 100)
    await svc.resign(resigned, 101)
    assert await svc.store.deadlines_of([called_off, resigned]) == []
    now.to(START + 10_000)
    assert await clocks.tick() == []
