"""Work done once across the bot's processes (several may serve one bot on PostgreSQL): a
seat's review, a hint for one decision; and work one process at a time does (``Lease``): a
match's delivery.

Such work is kept in the store when it is done, and while it runs a claim in the store says
who is doing it (``Store.claim_work``: one atomic statement). A press that finds the work kept
reads it back; one that finds it claimed by another call, in this process or another, is
refused in one sentence; otherwise it claims the work, looks once more (it may have been
finished elsewhere meanwhile), works it out and lets the claim go. A claim is renewed while
the work goes on and lapses ``CLAIM_SECONDS`` after a process doing it died.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import TypeVar

from bot.match.errors import MatchError
from bot.store import Store

T = TypeVar("T")

CLAIM_SECONDS = 120.0
"""How long a claim holds without news: far longer than one step of the work takes (a hint's
search, one decision of a review; the claim is renewed after each), short enough that work
whose process died can soon be asked for again."""

LEASE_SECONDS = 30.0
"""How long a process's lease on a match holds: far longer than one delivery takes, short
enough that a match whose process died mid-delivery is soon delivered by another."""
LEASE_POLL = 0.05
"""Seconds between a waiting process's tries for a lease another process holds."""
LEASE_SEAT = -1
"""The seat a lease is claimed for: the whole match, no seat's."""

Renew = Callable[[], Awaitable[None]]
"""Renews the caller's claim for another ``CLAIM_SECONDS``."""


async def once(store: Store, match_id: int, seat: int, work: str,
               kept: Callable[[], Awaitable[T | None]],
               compute: Callable[[Renew], Awaitable[T]], busy: MatchError) -> tuple[T, bool]:
    """The seat's ``work``: what ``kept`` reads back from the store (True), or what
    ``compute`` works out and keeps under this call's claim (False); ``busy`` is raised while
    another call holds the claim."""
    found = await kept()
    if found is not None:
        return found, True
    owner = uuid.uuid4().hex
    if not await store.claim_work(match_id, seat, work, owner, CLAIM_SECONDS):
        raise busy
    try:
        found = await kept()
        if found is not None:
            return found, True

        async def renew() -> None:
            await store.claim_work(match_id, seat, work, owner, CLAIM_SECONDS)

        return await compute(renew), False
    finally:
        await store.release_work(match_id, seat, work, owner)


class Lease:
    """One process at a time does a match's ``work``. Delivery records what each message
    shows as it sends it: two processes delivering one match at once (a press in DMs
    reaches shard 0's process, one in the thread its server's) each wrote their record over
    the other's, and a post or prompt could stay a change behind. Any number of this
    process's tasks share its hold (a press answered while a delivery of the same match goes
    on); another process waits until the last of them lets go, or the lease lapses."""

    def __init__(self, store: Store, work: str, seconds: float = LEASE_SECONDS,
                 poll: float = LEASE_POLL) -> None:
        self.store = store
        self.work = work
        self.seconds = seconds
        self.poll = poll
        self.owner = uuid.uuid4().hex
        self._holders: dict[int, int] = {}
        """Match → this process's tasks holding its lease."""
        self._taking: dict[int, asyncio.Lock] = {}
        """Match → the lock under which its lease is taken and let go."""

    @asynccontextmanager
    async def hold(self, match_id: int) -> AsyncIterator[None]:
        """The match's lease for this process while the block runs."""
        lock = self._taking.setdefault(match_id, asyncio.Lock())
        async with lock:
            if match_id not in self._holders:
                while not await self.store.claim_work(match_id, LEASE_SEAT, self.work,
                                                      self.owner, self.seconds):
                    await asyncio.sleep(self.poll)
            self._holders[match_id] = self._holders.get(match_id, 0) + 1
        try:
            yield
        finally:
            async with lock:
                self._holders[match_id] -= 1
                if not self._holders[match_id]:
                    del self._holders[match_id]
                    await self.store.release_work(match_id, LEASE_SEAT, self.work, self.owner)
