"""A new process on the same database: every match resumes, overdue rungs fire exactly once."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from bot.match.clock import make_clock
from bot.match.notices import Autopiloted, ClockOut, LastCall, Reminder
from tests.match.clocks import START, Now, flat, open_service, timed_match

HOST, BOB, CAT = 100, 101, 102


async def test_a_new_process_fires_each_overdue_deadline_once(tmp_path: Path) -> None:
    db, now = tmp_path / "parlor.sqlite3", Now()
    first = await open_service(db, now)
    live = await timed_match(first.service, "zura", [HOST, BOB])
    slow = await timed_match(first.service, "aura", [HOST, BOB, CAT],
                             clock=make_clock("standard"))
    async_ = await timed_match(first.service, "highcard", [HOST, BOB],
                               clock=make_clock("async"))
    now.to(START + 60)
    reminded = flat(await first.tick())
    assert [(type(o), o.match_id) for o in reminded] == [(Reminder, live)]
    await first.store.close()

    now.to(START + 2000)  # the bot was down: the live clock ran out, standard is past half
    restarted = await open_service(db, now)
    out = flat(await restarted.recover()) + flat(await restarted.tick())
    assert fired(out) == [("Autopiloted", live), ("Reminder", slow)]
    assert await restarted.tick() == []
    await restarted.store.close()

    again = await open_service(db, now)
    assert fired(flat(await again.recover()) + flat(await again.tick())) == []
    turn = await again.store.actions(live)  # the whole turn (draw, act, flip…) of one seat
    assert len(turn) > 1 and all(a.autopilot for a in turn) and len({a.seat for a in turn}) == 1
    assert await again.store.actions(async_) == []
    await again.store.close()


def fired(out: list[ClockOut]) -> list[tuple[str, int]]:
    return sorted((type(o).__name__, o.match_id) for o in out
                  if isinstance(o, Reminder | LastCall | Autopiloted))


async def test_recovery_gives_clocks_to_decisions_a_stop_left_without(tmp_path: Path) -> None:
    db, now = tmp_path / "parlor.sqlite3", Now()
    clocks = await open_service(db, now)
    match_id = await timed_match(clocks.service, "highcard", [HOST, BOB])
    await clocks.store.delete_deadlines(match_id)  # as if the process died right after a move
    now.to(START + 500)
    assert await clocks.tick() == []
    assert await clocks.recover() == []
    assert {(d.seat, d.due_at) for d in await clocks.store.deadlines_of([match_id])} == {
        (0, START + 620), (1, START + 620)}
    await clocks.store.close()


async def test_two_processes_on_one_database_take_each_rung_once(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    db, now = tmp_path / "parlor.sqlite3", Now()
    one, two = await open_service(db, now), await open_service(db, now)
    match_id = await timed_match(one.service, "highcard", [HOST, BOB, CAT])
    for t in (START + 60, START + 96, START + 120):
        now.to(t)
        a, b = await asyncio.gather(one.tick(), two.tick())
        kinds = sorted(type(o).__name__ for o in flat(a) + flat(b)
                       if isinstance(o, Reminder | LastCall | Autopiloted))
        assert kinds == [{START + 60: "Reminder", START + 96: "LastCall",
                          START + 120: "Autopiloted"}[t]] * 3
    assert [a.autopilot for a in await one.store.actions(match_id)] == [True] * 3
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], "losing a race is fine"
    await one.store.close()
    await two.store.close()
