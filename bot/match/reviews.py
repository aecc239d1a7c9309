"""Post-game reviews on request: checked, computed once in the workers, kept in the store.

A review is asked for by a person seated in a match that is over; it is computed at most
once at a time per seat, by whichever process claimed it in the store first
(``bot.match.claims``): a second press meanwhile, anywhere, is told so. The claim is renewed
after each decision weighed. It is computed one decision per worker call so the caller can
show how far it got, and stored: a later press reads it back and weighs nothing. The
pictures and words of its moments are rebuilt from the log, which is cheap, so they are not
stored.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.engine.said import said
from bot.match.claims import Renew, once
from bot.match.errors import NotSeated, ReviewRefused
from bot.match.live import Matches
from bot.match.replay import ReplayError
from bot.match.review import (
    ITERATIONS,
    WORLDS,
    Moment,
    Scene,
    Turning,
    moments,
    scenes_before,
    turnings,
    weigh_turning,
)
from bot.store import ACTIVE, LOBBY, ActionRecord, MatchRecord
from bot.workers import Workers

logger = logging.getLogger(__name__)

NOT_YOURS = said("Only the players of this match can review it.")
NOT_OVER = said("This match is not over yet: its review opens once it ends.")
RUNNING = said("Your review of this match is already being prepared; it will appear here.")
NO_LOG = said("This match's log is no longer kept, so it cannot be reviewed.")

Kept = tuple[int, list[Moment]]
"""A review as the store keeps it: how many decisions were weighed, and its moments."""
Progress = Callable[[int, int], Awaitable[None]]
"""Told ``(done, total)`` decisions weighed, after each one."""


@dataclass(frozen=True)
class Reviewed:
    """A seat's review: how many decisions were weighed, the moments shown (worst first),
    the seat's view and decision just before each, and whether it was read back from the
    store."""

    match_id: int
    game: str
    seat: int
    decisions: int
    moments: tuple[Moment, ...]
    scenes: dict[int, Scene]
    cached: bool


class Reviews:
    def __init__(self, matches: Matches, workers: Workers, iterations: int = ITERATIONS,
                 worlds: int = WORLDS) -> None:
        self.matches = matches
        self.workers = workers
        self.store = matches.store
        self.iterations = iterations
        self.worlds = worlds

    async def review(self, match_id: int, user_id: int, progress: Progress) -> Reviewed:
        """``user_id``'s review of the match, computed now or read back."""
        live = await self.matches.load(match_id)
        seat = next((s.seat for s in live.seats if s.user_id == user_id), None)
        if seat is None:
            raise NotSeated(NOT_YOURS)
        if live.record.status in (ACTIVE, LOBBY) or live.state is None:
            raise ReviewRefused(NOT_OVER)
        log = await self.store.actions(match_id)

        async def kept() -> Kept | None:
            return _read(await self.store.get_review(match_id, seat))

        async def compute(renew: Renew) -> Kept:
            async def renewing(done: int, total: int) -> None:
                await renew()
                await progress(done, total)

            return await self._compute(live.game.name, live.record, log, seat, renewing)

        try:
            (decisions, shown), cached = await once(self.store, match_id, seat, "review", kept,
                                                    compute, ReviewRefused(RUNNING))
            scenes = await self.workers.run_or_thread(
                scenes_before, live.game.name, live.record, log, seat, [m.seq for m in shown])
        except ReplayError:
            raise ReviewRefused(NO_LOG) from None
        return Reviewed(match_id, live.game.name, seat, decisions, tuple(shown), scenes, cached)

    async def _compute(self, game: str, record: MatchRecord, log: list[ActionRecord],
                       seat: int, progress: Progress) -> Kept:
        """Weigh every decision of the seat, as many at once as there are workers, telling
        ``progress`` after each; keep the review in the store."""
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


def _read(body: str | None) -> Kept | None:
    """A stored review, or None when there is none or it cannot be read back (kept by an
    older version in another shape, or damaged): then it is computed again."""
    if body is None:
        return None
    try:
        data = json.loads(body)
        return int(data["decisions"]), [Moment.from_json(m) for m in data["moments"]]
    except (ValueError, TypeError, KeyError) as exc:
        logger.warning("a stored review could not be read back (%s: %s); weighing it again",
                       type(exc).__name__, exc)
        return None
