"""Post-game reviews on request: checked, computed once in the workers, kept in the store.

A review is asked for by a person seated in a match that is over; it is computed at most
once at a time per seat (a second press meanwhile is told so), one decision per worker call
so the caller can show how far it got, and stored: a later press reads it back and weighs
nothing. The pictures of its moments are the seat's views rebuilt from the log, which is
cheap, so they are not stored.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.engine import View
from bot.engine.said import said
from bot.match.errors import NotSeated, ReviewRefused
from bot.match.live import Matches
from bot.match.replay import ReplayError
from bot.match.review import (
    ITERATIONS,
    WORLDS,
    Moment,
    Turning,
    moments,
    turnings,
    views_before,
    weigh_turning,
)
from bot.store import ACTIVE, LOBBY, ActionRecord, MatchRecord
from bot.workers import Workers

NOT_YOURS = said("Only the players of this match can review it.")
NOT_OVER = said("This match is not over yet: its review opens once it ends.")
RUNNING = said("Your review of this match is already being prepared; it will appear here.")
NO_LOG = said("This match's log is no longer kept, so it cannot be reviewed.")

Progress = Callable[[int, int], Awaitable[None]]
"""Told ``(done, total)`` decisions weighed, after each one."""


@dataclass(frozen=True)
class Reviewed:
    """A seat's review: how many decisions were weighed, the moments shown (worst first),
    the seat's view just before each, and whether it was read back from the store."""

    match_id: int
    game: str
    seat: int
    decisions: int
    moments: tuple[Moment, ...]
    views: dict[int, View]
    cached: bool


class Reviews:
    def __init__(self, matches: Matches, workers: Workers, iterations: int = ITERATIONS,
                 worlds: int = WORLDS) -> None:
        self.matches = matches
        self.workers = workers
        self.store = matches.store
        self.iterations = iterations
        self.worlds = worlds
        self._running: set[tuple[int, int]] = set()

    async def review(self, match_id: int, user_id: int, progress: Progress) -> Reviewed:
        """``user_id``'s review of the match, computed now or read back."""
        live = await self.matches.load(match_id)
        seat = next((s.seat for s in live.seats if s.user_id == user_id), None)
        if seat is None:
            raise NotSeated(NOT_YOURS)
        if live.record.status in (ACTIVE, LOBBY) or live.state is None:
            raise ReviewRefused(NOT_OVER)
        key = (match_id, seat)
        if key in self._running:
            raise ReviewRefused(RUNNING)
        self._running.add(key)
        try:
            log = await self.store.actions(match_id)
            stored = await self.store.get_review(match_id, seat)
            try:
                if stored is not None:
                    body = json.loads(stored)
                    decisions = int(body["decisions"])
                    shown = [Moment.from_json(m) for m in body["moments"]]
                else:
                    decisions, shown = await self._compute(live.game.name, live.record, log,
                                                           seat, progress)
                views = await self.workers.run_or_thread(
                    views_before, live.game.name, live.record, log, seat,
                    [m.seq for m in shown])
            except ReplayError:
                raise ReviewRefused(NO_LOG) from None
        finally:
            self._running.discard(key)
        return Reviewed(match_id, live.game.name, seat, decisions, tuple(shown), views,
                        stored is not None)

    async def _compute(self, game: str, record: MatchRecord, log: list[ActionRecord],
                       seat: int, progress: Progress) -> tuple[int, list[Moment]]:
        """Weigh every decision of the seat, as many at once as there are workers, telling
        ``progress`` after each; keep the moments in the store."""
        work = await self.workers.run_or_thread(turnings, game, record, log, seat)
        done = 0
        await progress(done, len(work))
        gate = asyncio.Semaphore(self.workers.size)

        async def one(turning: Turning) -> Moment:
            nonlocal done
            async with gate:
                moment = await self.workers.run_or_thread(
                    weigh_turning, game, turning, self.iterations, self.worlds)
            done += 1
            await progress(done, len(work))
            return moment

        shown = moments(await asyncio.gather(*(one(t) for t in work)))
        body = {"decisions": len(work), "moments": [m.to_json() for m in shown]}
        await self.store.put_review(record.id, seat, json.dumps(body, separators=(",", ":")))
        return len(work), shown
