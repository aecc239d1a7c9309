"""Missed decisions in a row: the AI takes the seat (or the player forfeits); one click back."""

from __future__ import annotations

import pytest

from bot.match import MatchEnded, MatchError, MatchService, NotSeated, PrivateUpdate
from bot.match.clock import make_clock, parked
from bot.match.notices import Autopiloted, SeatTakenBack
from bot.match.timekeeper import AUTOPILOT_NEWS, Timekeeper
from tests.match.clocks import START, Now, flat, timed_match

HOST, BOB, CAT = 100, 101, 102


async def play(svc: MatchService, match_id: int, user: int) -> None:
    decision = (await svc.hand(match_id, user)).decisions[0]
    await svc.submit(match_id, user, decision.id, [decision.options[0].key])


async def expire(clocks: Timekeeper, now: Now, match_id: int) -> list[Autopiloted]:
    """Move the clock to the soonest deadline's end and tick."""
    soonest = min(d.due_at for d in (await clocks.service.info(match_id)).deadlines)
    now.to(max(now.t, soonest))
    return [o for o in flat(await clocks.tick()) if isinstance(o, Autopiloted)]


async def bob_misses(clocks: Timekeeper, now: Now, match_id: int) -> Autopiloted:
    """HOST plays this round; Bob lets his clock run out."""
    await play(clocks.service, match_id, HOST)
    (notice,) = await expire(clocks, now, match_id)
    assert notice.user_id == BOB
    return notice


async def test_the_ai_takes_the_seat_after_n_misses_and_one_click_brings_it_back(
        svc: MatchService, clocks: Timekeeper, now: Now) -> None:
    match_id = await timed_match(svc, "highcard", [HOST, BOB],
                                 clock=make_clock("live", autopilots=2))
    first = await bob_misses(clocks, now, match_id)
    assert (first.streak, first.then) == (1, None)
    second = await bob_misses(clocks, now, match_id)
    assert (second.streak, second.limit, second.then) == (2, 2, "ai")
    info = await svc.info(match_id)
    assert info.seats[1].is_ai and not info.seats[1].resigned and info.seats[1].user_id == BOB
    assert [d.seat for d in info.deadlines] == [0], "the AI answered Bob's turn at once"
    await play(svc, match_id, HOST)  # round 3: the AI plays Bob's card without a clock
    assert (await svc.info(match_id)).to_act == (0,)

    assert await clocks.take_back(match_id, BOB) == [SeatTakenBack(match_id, 1, BOB)]
    info = await svc.info(match_id)
    assert not info.seats[1].is_ai
    assert [s.autopilots for s in await svc.store.seat_clocks(match_id)] == [0]
    with pytest.raises(MatchError, match="playing your seat already"):
        await clocks.take_back(match_id, BOB)
    await play(svc, match_id, HOST)
    assert sorted(d.seat for d in (await svc.info(match_id)).deadlines) == [0, 1]
    again = await bob_misses(clocks, now, match_id)
    assert (again.streak, again.then) == (1, None), "the count starts over after taking back"


async def test_a_move_of_ones_own_ends_the_streak(
        svc: MatchService, clocks: Timekeeper, now: Now) -> None:
    match_id = await timed_match(svc, "highcard", [HOST, BOB],
                                 clock=make_clock("live", autopilots=2))
    await bob_misses(clocks, now, match_id)
    await play(svc, match_id, BOB)
    await play(svc, match_id, HOST)
    notice = await bob_misses(clocks, now, match_id)
    assert (notice.streak, notice.then) == (1, None)
    assert not (await svc.info(match_id)).seats[1].is_ai


async def test_forfeit_ends_a_two_player_match(
        svc: MatchService, clocks: Timekeeper, now: Now) -> None:
    match_id = await timed_match(svc, "highcard", [HOST, BOB],
                                 clock=make_clock("live", absent="forfeit", autopilots=1))
    await play(svc, match_id, HOST)
    soonest = min(d.due_at for d in await svc.store.deadlines_of([match_id]))
    now.to(soonest)
    out = flat(await clocks.tick())
    notice = next(o for o in out if isinstance(o, Autopiloted))
    assert notice.then == "forfeit"
    ended = next(o for o in out if isinstance(o, MatchEnded))
    assert ended.result.placings == (1, 2) and ended.result.reason == "forfeit"
    assert await svc.store.deadlines_of([match_id]) == []
    assert (await svc.info(match_id)).status == "finished"


async def test_forfeit_at_a_bigger_table_lets_the_others_play_on(
        svc: MatchService, clocks: Timekeeper, now: Now) -> None:
    match_id = await timed_match(svc, "highcard", [HOST, BOB, CAT],
                                 clock=make_clock("live", absent="forfeit", autopilots=1))
    await play(svc, match_id, HOST)
    await play(svc, match_id, CAT)
    (notice,) = await expire(clocks, now, match_id)
    assert (notice.user_id, notice.then) == (BOB, "forfeit")
    info = await svc.info(match_id)
    assert info.status == "active" and info.seats[1].resigned
    with pytest.raises(NotSeated, match="resigned"):
        await clocks.take_back(match_id, BOB)


async def test_missed_turns_count_windows_not_the_decisions_inside_them(
        svc: MatchService, clocks: Timekeeper, now: Now) -> None:
    """A Zura turn is one window (draw, act, flip…): one clock, one expiry, one missed turn —
    so with three allowed, the AI takes a seat only after its third missed turn."""
    match_id = await timed_match(svc, "zura", [HOST, BOB],
                                 clock=make_clock("custom", 1, autopilots=3))
    misses: list[tuple[int, int, str | None]] = []
    while len(misses) < 6:
        misses += [(n.seat, n.streak, n.then) for n in await expire(clocks, now, match_id)]
    first = misses[0][0]
    other = 1 - first
    assert misses == [(first, 1, None), (other, 1, None), (first, 2, None), (other, 2, None),
                      (first, 3, "ai"), (other, 3, "ai")]
    log = await svc.store.actions(match_id)
    assert len(log) > 2 * len(misses), "each missed turn took several decisions"
    assert (await svc.info(match_id)).deadlines == (), "no clock once the AI plays both"


async def test_a_window_gets_one_clock_for_all_its_decisions(
        svc: MatchService, now: Now) -> None:
    match_id = await timed_match(svc, "zura", [HOST, BOB], clock=make_clock("custom", 1))
    (clock,) = await svc.store.deadlines_of([match_id])
    user = (HOST, BOB)[clock.seat]
    now.to(START + 40)  # a first decision of the turn, 40 s into its minute
    await play(svc, match_id, user)
    hand = await svc.hand(match_id, user)
    assert hand.decisions and hand.decisions[0].window_id == clock.decision_id
    assert await svc.store.deadlines_of([match_id]) == [clock], "the turn's clock runs on"


async def test_a_window_the_autopilot_answered_is_answered_on_when_it_opens_again(
        svc: MatchService, clocks: Timekeeper, now: Now) -> None:
    """Zura's turn goes on after a trade partner answers: the parked window of an expired
    turn opens again, and the autopilot finishes it at once — no new clock, notice or miss."""
    match_id = await timed_match(svc, "highcard", [HOST, BOB])
    bobs = next(d for d in await svc.store.deadlines_of([match_id]) if d.seat == 1)
    await svc.store.save_deadlines(match_id, [parked(bobs, START)], [])  # his turn expired
    assert (await svc.info(match_id)).deadlines == tuple(
        d for d in await svc.store.deadlines_of([match_id]) if d.seat == 0)
    await play(svc, match_id, HOST)  # any change: Bob's parked window is open, so it is due
    (again,) = await svc.store.deadlines_of([match_id])
    assert (again.seat, again.held_at, again.due_at) == (1, None, START)
    out = flat(await clocks.tick())
    assert not [o for o in out if isinstance(o, Autopiloted)], "one expiry, one notice"
    assert [(a.seat, a.autopilot) for a in await svc.store.actions(match_id)] == [
        (0, False), (1, True)]
    assert [s.autopilots for s in await svc.store.seat_clocks(match_id)] == [], "no new miss"


async def test_the_prompt_of_an_expired_window_is_told_who_answered_it(
        svc: MatchService, clocks: Timekeeper, now: Now) -> None:
    match_id = await timed_match(svc, "highcard", [HOST, BOB])
    await play(svc, match_id, HOST)
    now.to(START + 120)
    private = {o.user_id: o for o in flat(await clocks.tick()) if isinstance(o, PrivateUpdate)}
    assert AUTOPILOT_NEWS in map(str, private[BOB].events)
    assert all(AUTOPILOT_NEWS not in map(str, p.events)
               for user, p in private.items() if user != BOB)
