"""Helpers for the clock tests: a clock moved by hand and a match service with its clocks on a
SQLite file."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.match import MatchService
from bot.match.clock import MatchClock, make_clock
from bot.match.notices import ClockOut
from bot.match.timekeeper import Timekeeper
from bot.store import SqliteStore

START = 1_700_000_000.0
LIVE = make_clock("live")
GUILD = 1


class Now:
    """Unix seconds that only move when a test says so, and sleeps on them.

    ``sleep`` is the scheduler's: it ends when the test moves the time past its end, so a rung
    fires at the clock time the scheduler chose to wake at, and a late wake shows as lateness.
    """

    def __init__(self, t: float = START) -> None:
        self.t = t
        self._sleepers: list[tuple[float, asyncio.Future[None]]] = []
        self._slept = asyncio.Event()

    def __call__(self) -> float:
        return self.t

    def now(self) -> float:
        """The same time as a ``tests.fakediscord`` clock: the fake stamps notifications."""
        return self.t

    def to(self, t: float) -> None:
        """Jump to ``t``, ending every sleep that ends by then."""
        assert t >= self.t, "time only moves forward"
        self.t = t
        for end, future in self._sleepers:
            if end <= t and not future.done():
                future.set_result(None)

    async def sleep(self, seconds: float) -> None:
        future = asyncio.get_running_loop().create_future()
        entry = (self.t + seconds, future)
        self._sleepers.append(entry)
        self._slept.set()
        try:
            await future
        finally:
            self._sleepers.remove(entry)

    async def asleep(self, timeout: float = 5.0) -> None:
        """Wait (real time) until someone sleeps on this clock: the scheduler is idle."""
        async with asyncio.timeout(timeout):
            while not any(not f.done() for _, f in self._sleepers):
                self._slept.clear()
                await self._slept.wait()

    async def run_to(self, t: float, timeout: float = 5.0) -> None:
        """Move to ``t`` one wake at a time: each sleeper wakes at exactly its own end, and
        the next step waits until the woken one sleeps again (its round is done)."""
        while True:
            await self.asleep(timeout)
            ends = [end for end, f in self._sleepers if not f.done() and end <= t]
            if not ends:
                break
            self.to(max(self.t, min(ends)))
        self.to(t)


def flat(batches: list[list[ClockOut]]) -> list[ClockOut]:
    return [item for batch in batches for item in batch]


async def open_service(path: Path, now: Now) -> Timekeeper:
    """The clocks of a new match service (``.service``) on the database at ``path``."""
    store = SqliteStore(path)
    await store.open()
    return Timekeeper(MatchService(store, seed_source=lambda: 4242), now=now)


async def timed_match(svc: MatchService, game: str, users: list[int], *,
                      ai: int = 0, clock: MatchClock = LIVE,
                      options: dict[str, object] | None = None) -> int:
    """A started match hosted by ``users[0]`` with the others joined and ``ai`` AI seats."""
    info = await svc.create(game, users[0], guild_id=GUILD, channel_id=2, options=options,
                            clock=clock)
    for user in users[1:]:
        await svc.join(info.id, user)
    for _ in range(ai):
        await svc.add_ai(info.id, users[0])
    await svc.start(info.id, users[0])
    return info.id
