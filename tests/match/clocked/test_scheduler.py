"""The scheduler wakes when a rung is due, not on a cadence: each rung fires at its own time,
also for a deadline that an autopilot move opened in the middle of a round.

The service's clock is a ``Now`` the scheduler sleeps on; ``run_to`` moves it one wake at a
time, so a rung fires at the clock time the scheduler chose to wake at (no real waiting).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence

import pytest

from bot.match import MatchService
from bot.match.clock import REMIND_AT, WARN_AT, make_clock
from bot.match.notices import Autopiloted, ClockOut, LastCall, Notice, Reminder
from bot.match.scheduler import Scheduler
from bot.match.timekeeper import Timekeeper
from tests.match.clocks import START, Now, timed_match

HOST, BOB = 100, 101
MINUTE = make_clock("custom", 1, autopilots=3)


class Log:
    """What the scheduler delivered, with the clock time it delivered it at."""

    def __init__(self, now: Now) -> None:
        self.now = now
        self.seen: list[tuple[float, Notice]] = []

    async def __call__(self, batch: Sequence[ClockOut]) -> None:
        self.seen += [(self.now(), n) for n in batch if isinstance(n, Notice)]


@pytest.fixture
async def running(clocks: Timekeeper, now: Now) -> AsyncIterator[Log]:
    log = Log(now)
    task = asyncio.create_task(Scheduler(clocks, log, sleep=now.sleep).run())
    try:
        yield log
    finally:
        task.cancel()


def rung_time(notice: Notice, seconds: float) -> float:
    """When the rung behind ``notice`` was due."""
    if isinstance(notice, Reminder):
        return notice.due_at - seconds * (1 - REMIND_AT)
    if isinstance(notice, LastCall):
        return notice.due_at - seconds * (1 - WARN_AT)
    raise AssertionError(notice)


async def test_every_rung_fires_when_due_including_windows_an_autopilot_opened(
        svc: MatchService, now: Now, running: Log) -> None:
    await timed_match(svc, "highcard", [HOST, BOB], clock=MINUTE)
    await now.run_to(START + 60 * 5)  # nobody presses: each expiry opens the next round
    rungs = [(t, n) for t, n in running.seen if isinstance(n, Reminder | LastCall)]
    expiries = [(t - START, n.seat, n.then) for t, n in running.seen
                if isinstance(n, Autopiloted)]
    assert len(rungs) == 2 * len(expiries)
    for fired, notice in rungs:
        assert fired == rung_time(notice, 60), f"{notice} fired at {fired - START}"
    # highcard: both seats play each round at once, so each round's clocks start together;
    # the third miss in a row hands the seat to the AI, and then no clock runs any more
    assert sorted(expiries) == [(60, 0, None), (60, 1, None), (120, 0, None), (120, 1, None),
                                (180, 0, "ai"), (180, 1, "ai")]


async def test_a_move_wakes_the_scheduler_for_the_next_clock(
        svc: MatchService, now: Now, running: Log) -> None:
    match_id = await timed_match(svc, "highcard", [HOST, BOB], clock=MINUTE)
    await now.run_to(START + 20)
    for user in (HOST, BOB):  # the round ends at +20: the next one's clocks start then
        decision = (await svc.hand(match_id, user)).decisions[0]
        await svc.submit(match_id, user, decision.id, [decision.options[0].key])
    await now.run_to(START + 20 + 31)
    reminded = [t - START for t, n in running.seen if isinstance(n, Reminder)]
    assert reminded == [50, 50]
