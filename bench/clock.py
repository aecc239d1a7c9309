"""What play-by-post clocks cost: per move, per scheduler round, and on start.

Every change to a timed match ends by bringing its deadlines in line (read the seat and
deadline rows, write the new clock), so a move costs more than in an untimed match; the
first rows compare the two on the same SQLite file. Then one scheduler round over many
running matches: idle (nothing due), all reminders due at once, all clocks expiring at
once (an AI move each), and the start-up pass that resumes every match. The clock is a
number the benchmark moves, so nothing waits. Uses the test game High Card
(``tests/highcard.py``): run it from the repository root.

Last, lateness in real time: the scheduler (``bot.match.scheduler``) runs for real against
matches on a few-second clock whose players never press, and every reminder and mention is
stamped when it reaches delivery; lateness = that moment - when the rung was due. It covers
windows opened by an autopilot move in the middle of a round. The issue's target is 2 s; the
former fixed 10 s cadence made it up to 10 s (5 s on average).
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path

from bench.report import Row, latency_rows
from bot.engine import registry
from bot.match import MatchService
from bot.match.clock import CUSTOM, REMIND_AT, WARN_AT, MatchClock, make_clock
from bot.match.notices import ClockOut, LastCall, Reminder
from bot.match.scheduler import Scheduler
from bot.match.timekeeper import Timekeeper
from bot.store import SqliteStore
from tests.highcard import GAME

PLAYERS = (1, 2)
START = 1_700_000_000.0


class Now:
    def __init__(self) -> None:
        self.t = START

    def __call__(self) -> float:
        return self.t


async def _moves(svc: MatchService, matches: int, timed: bool) -> list[float]:
    """Two people alternate in High Card; each submit is one move."""
    samples = []
    clock = make_clock("live") if timed else None
    for _ in range(matches):
        info = await svc.create(GAME.name, PLAYERS[0], guild_id=1, clock=clock)
        await svc.join(info.id, PLAYERS[1])
        await svc.start(info.id, PLAYERS[0])
        while (await svc.info(info.id)).status == "active":
            for user in PLAYERS:
                decision = (await svc.hand(info.id, user)).decisions[0]
                start = time.perf_counter()
                await svc.submit(info.id, user, decision.id, [decision.options[0].key])
                samples.append(time.perf_counter() - start)
    return samples


async def _timed(run: Callable[[], Awaitable[object]]) -> tuple[float, object]:
    start = time.perf_counter()
    out = await run()
    return time.perf_counter() - start, out


async def _scheduler_rows(path: Path, matches: int) -> list[Row]:
    now = Now()
    store = SqliteStore(path)
    await store.open()
    try:
        svc = MatchService(store)
        clocks = Timekeeper(svc, now=now)
        for _ in range(matches):
            info = await svc.create(GAME.name, PLAYERS[0], guild_id=1, clock=make_clock("live"))
            await svc.join(info.id, PLAYERS[1])
            await svc.start(info.id, PLAYERS[0])
        idle = [(await _timed(clocks.tick))[0] for _ in range(20)]
        now.t = START + 60
        reminders, out = await _timed(clocks.tick)
        assert isinstance(out, list) and len(out) == 2 * matches
        now.t = START + 120
        expiries, out = await _timed(clocks.tick)
        assert isinstance(out, list) and len(out) == 2 * matches
        restart = Timekeeper(MatchService(store), now=now)
        recover, _ = await _timed(restart.recover)
    finally:
        await store.close()
    rungs = 2 * matches
    return [
        *latency_rows(f"idle round, {matches} running matches", idle),
        Row(f"round with {rungs} reminders due", reminders * 1000, "ms",
            note=f"{reminders / rungs * 1000:.2f} ms per reminder"),
        Row(f"round with {rungs} clocks expiring", expiries * 1000, "ms",
            note=f"{expiries / rungs * 1000:.2f} ms per autopilot move"),
        Row(f"start-up resume of {matches} matches", recover * 1000, "ms",
            note=f"{recover / matches * 1000:.2f} ms per match"),
    ]


async def _lateness_rows(path: Path, matches: int, seconds: int) -> list[Row]:
    """Real time: ``matches`` absent-player matches started over a second, a ``seconds``
    clock each, the scheduler delivering until every seat went to the AI."""
    store = SqliteStore(path)
    await store.open()
    late: list[float] = []

    async def deliver(batch: Sequence[ClockOut]) -> None:
        fired = time.time()
        for item in batch:
            if isinstance(item, Reminder | LastCall):
                share = REMIND_AT if isinstance(item, Reminder) else WARN_AT
                late.append(fired - (item.due_at - seconds * (1 - share)))

    try:
        svc = MatchService(store)
        scheduler = Scheduler(Timekeeper(svc, now=time.time), deliver)
        running = asyncio.create_task(scheduler.run())
        clock = MatchClock(CUSTOM, seconds)
        for _ in range(matches):
            info = await svc.create(GAME.name, PLAYERS[0], guild_id=1, clock=clock)
            await svc.join(info.id, PLAYERS[1])
            await svc.start(info.id, PLAYERS[0])
            await asyncio.sleep(1 / matches)
        while await store.next_clock_at() is not None:
            await asyncio.sleep(seconds / 4)
        running.cancel()
    finally:
        await store.close()
    return [*latency_rows(f"rung lateness (reminder/mention), {seconds} s clock", late,
                          target="≤ 2 s"),
            Row("rungs measured", len(late), "", note=f"{matches} matches, nobody pressing, "
                "the later ones opened by autopilot moves")]


async def _measure(quick: bool) -> list[Row]:
    registry.register(GAME)
    matches = 20 if quick else 150
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        rows: list[Row] = []
        medians = {}
        for label, timed in (("untimed", False), ("timed", True)):
            store = SqliteStore(folder / f"{label}.sqlite3")
            await store.open()
            try:
                svc = MatchService(store)
                Timekeeper(svc, now=Now())
                samples = await _moves(svc, matches, timed)
            finally:
                await store.close()
            medians[label] = statistics.median(samples)
            rows += latency_rows(f"SQLite: submit, {label} match", samples)
        rows.append(Row("timed / untimed submit (medians)", medians["timed"] / medians["untimed"],
                        "x", note=f"{matches} matches of 10 moves each"))
        rows += await _scheduler_rows(folder / "scheduler.sqlite3", matches * 2)
        rows += await _lateness_rows(folder / "lateness.sqlite3", 10 if quick else 40, 4)
    return rows


def run(quick: bool) -> list[Row]:
    return asyncio.run(_measure(quick))
