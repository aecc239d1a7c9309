"""The clock's rules as pure functions, and the queries that show clocks to players."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.engine import BadOptions
from bot.match.clock import (
    DAY,
    EXPIRE,
    REMIND,
    REMINDED,
    WARN,
    WARNED,
    MatchClock,
    away_until,
    back,
    climbed,
    due_rung,
    hold,
    make_clock,
    new_deadline,
    release,
    server_clock,
    time_left,
    votes_needed,
)
from bot.store import DeadlineRecord, GuildSettings, SeatClock
from tests.match.clocks import START, Now, open_service, timed_match


def test_presets_and_custom_clocks() -> None:
    assert [make_clock(p).seconds for p in ("live", "standard", "async")] == [120, 3600, 86400]
    assert make_clock("custom", 90) == MatchClock("custom", 5400)
    assert make_clock("live", 5) == MatchClock("live", 120), "minutes only shape custom"
    for bad in (lambda: make_clock("blitz"), lambda: make_clock("custom"),
                lambda: make_clock("custom", 0), lambda: make_clock("live", absent="kick"),
                lambda: make_clock("live", autopilots=0)):
        with pytest.raises(BadOptions):
            bad()
    clock = make_clock("standard", absent="forfeit", autopilots=2)
    assert MatchClock.from_json(clock.to_json()) == clock
    assert MatchClock.from_json({}) is None


def test_the_server_default_fills_what_play_leaves_open() -> None:
    server = GuildSettings(1, clock_preset="custom", clock_minutes=45)
    assert server_clock(server).seconds == 45 * 60
    assert server_clock(server, "live").preset == "live"
    assert server_clock(GuildSettings(1), minutes=10) == MatchClock("custom", 600)
    assert server_clock(GuildSettings(1)) == make_clock("async")
    assert server_clock(GuildSettings(1), "custom") == MatchClock("custom", 3600)


def test_the_ladder_rungs_and_a_late_scheduler() -> None:
    d = new_deadline(1, "d", 0, 100, now=1000)
    assert (d.due_at, d.next_at) == (1100, 1050)
    assert due_rung(d, 100, 1049) is None
    assert due_rung(d, 100, 1050) == REMIND
    reminded = climbed(d, REMIND, 100)
    assert (reminded.stage, reminded.next_at) == (REMINDED, 1080)
    assert due_rung(reminded, 100, 1079) is None
    assert due_rung(reminded, 100, 1080) == WARN
    warned = climbed(reminded, WARN, 100)
    assert (warned.stage, warned.next_at) == (WARNED, 1100)
    assert due_rung(warned, 100, 1099) is None and due_rung(warned, 100, 1100) == EXPIRE
    assert due_rung(d, 100, 1085) == WARN, "a missed reminder is skipped"
    assert climbed(d, WARN, 100).stage == WARNED
    assert due_rung(d, 100, 5000) == EXPIRE
    assert due_rung(hold(d, 1010), 100, 5000) is None


@given(st.floats(0, 1e6), st.floats(0, 1e6), st.floats(1, 1e5))
def test_a_clock_that_stood_keeps_the_time_it_had(stop: float, stood: float,
                                                  seconds: float) -> None:
    d = new_deadline(1, "d", 0, seconds, now=0.0)
    held = hold(d, stop)
    assert hold(held, stop + 5) == held, "the first stop counts"
    assert time_left(held, stop + stood + 1) == time_left(d, stop)
    again = release(held, stop + stood)
    assert again.held_at is None
    # times near 10^6 s carry about 10^-10 s of rounding: compare to a microsecond
    assert again.due_at - again.next_at == pytest.approx(d.due_at - d.next_at, abs=1e-6)
    assert time_left(again, stop + stood) == pytest.approx(time_left(d, stop), abs=1e-6)
    assert release(d, 5.0) == d


def test_votes_and_time_away_allowance() -> None:
    assert [votes_needed(n) for n in (1, 2, 3, 4)] == [1, 2, 2, 3]
    fresh = SeatClock(1, 0)
    assert away_until(fresh, 0, days=1, limit_days=3) == DAY
    assert away_until(fresh, 0, days=5, limit_days=3) == 3 * DAY
    away = SeatClock(1, 0, away_since=0.0, away_until=DAY)
    assert away_until(away, DAY / 2, days=9, limit_days=3) == 3 * DAY, "counted from the start"
    spent = back(away, DAY / 2)
    assert (spent.away_since, spent.away_until, spent.away_used) == (None, None, DAY / 2)
    assert back(away, 5 * DAY).away_used == DAY, "never more than was planned"
    assert away_until(SeatClock(1, 0, away_used=3 * DAY), 0, 1, 3) is None
    assert back(fresh, 10) == fresh


async def test_waiting_matches_sort_by_who_must_act_then_time_left(tmp_path: Path) -> None:
    now = Now()
    clocks = await open_service(tmp_path / "parlor.sqlite3", now)
    svc = clocks.service
    slow = await timed_match(svc, "highcard", [100, 101], clock=make_clock("async"))
    now.to(START + 10)
    fast = await timed_match(svc, "highcard", [100, 102], clock=make_clock("live"))
    theirs = await timed_match(svc, "highcard", [101, 100], clock=make_clock("standard"))
    decision = (await svc.hand(theirs, 100)).decisions[0]
    await svc.submit(theirs, 100, decision.id, [decision.options[0].key])
    lobby = (await svc.create("highcard", 100, guild_id=1)).id
    infos = await svc.matches_of(100)
    assert [i.id for i in infos] == [fast, slow, theirs, lobby]
    assert infos[0].deadline_for(100) == DeadlineRecord(fast, infos[0].deadlines[0].decision_id,
                                                        0, START + 130, START + 70)
    other = infos[2].deadline_for(100)
    assert other is not None and other.seat == 0, "theirs when none is open for me"
    await clocks.vote_pause(fast, 100, True)
    await clocks.vote_pause(fast, 102, True)
    assert [i.id for i in await svc.matches_of(100)] == [slow, fast, theirs, lobby], (
        "a stopped clock is not urgent")
    assert (await svc.info(fast)).paused
    await svc.store.close()
