"""The clock scheduler (DESIGN §6): one loop per process that sleeps until the next rung is due.

A fixed cadence made every rung up to a round late (a 1-minute clock's "half your time is gone"
came with a third left), and a deadline opened by an autopilot move waited a whole round more.
Here the loop asks the store for the soonest ``next_at`` and sleeps exactly until then, and any
change under a match's lock (a move, an autopilot move opening the next window, a pause) wakes
it at once to look again. ``longest`` bounds a sleep, so deadlines another process wrote are
seen within it. What a round finds is handed to ``deliver`` (the Discord layer); every rule and
every stored stage stays in ``Timekeeper``, so a restart loses nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Sequence

from bot.match.notices import ClockOut
from bot.match.timekeeper import Timekeeper

log = logging.getLogger(__name__)

Sleep = Callable[[float], Awaitable[None]]
"""Sleeps for seconds of the service's clock (``asyncio.sleep`` for real time)."""
Deliver = Callable[[Sequence[ClockOut]], Awaitable[None]]
Also = Callable[[], Awaitable[None]]
"""More work that keeps time on this loop: events' start times and round deadlines
(``bot.match.tournaments.EventService.tick`` and the delivery of what it did)."""

LONGEST = 10.0
"""Seconds the loop sleeps at most: how soon it sees deadlines written by another process."""
STUCK = 1.0
"""Pause before looking again when something due was not taken (another process races)."""


class Scheduler:
    def __init__(self, clocks: Timekeeper, deliver: Deliver, *,
                 sleep: Sleep = asyncio.sleep, longest: float = LONGEST,
                 also: Also | None = None) -> None:
        self.clocks = clocks
        self.deliver = deliver
        self.also = also
        self.sleep = sleep
        self.longest = longest
        self.rounds = 0
        """Rounds finished (tests and benchmarks read it; nobody sleeps on it)."""
        self._recovered = False
        self._overdue = False
        self._round: asyncio.Future[None] | None = None

    async def run(self) -> None:
        """Rounds forever. Stopping cancels a sleep, never a round halfway through a send."""
        while True:
            self.clocks.clocks_changed.clear()
            self._round = asyncio.ensure_future(self.round())
            await asyncio.shield(self._round)
            await self.nap()

    async def finish(self, grace: float) -> None:
        """Wait (up to ``grace`` seconds) for a round under way to finish its sends."""
        if self._round is not None and not self._round.done():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(self._round), grace)

    async def round(self) -> None:
        """Recover once (the first round after a start), then take whatever is due; then
        the events' turn (its own failure kept apart from the clocks')."""
        try:
            try:
                batches = []
                if not self._recovered:
                    batches = await self.clocks.recover()
                    self._recovered = True
                batches += await self.clocks.tick()
                for batch in batches:
                    await self.deliver(batch)
            except Exception:
                log.exception("a clock round failed")
            if self.also is not None:
                try:
                    await self.also()
                except Exception:
                    log.exception("an event round failed")
        finally:
            self.rounds += 1

    async def nap(self) -> None:
        """Sleep until the soonest rung, or until a change under a match's lock."""
        try:
            soonest = await self.clocks.store.next_clock_at()
        except Exception:
            log.exception("reading the next clock time failed")
            soonest = None
        now = self.clocks.now()
        overdue, self._overdue = self._overdue, soonest is not None and soonest <= now
        if soonest is None:
            delay = self.longest
        elif self._overdue:
            # fell due during the round: look again now; still there after that, a bit later
            delay = min(STUCK, self.longest) if overdue else 0.0
        else:
            delay = min(soonest - now, self.longest)
        changed = asyncio.ensure_future(self.clocks.clocks_changed.wait())
        slept = asyncio.ensure_future(self.sleep(delay))
        try:
            await asyncio.wait((changed, slept), return_when=asyncio.FIRST_COMPLETED)
        finally:
            changed.cancel()
            slept.cancel()
