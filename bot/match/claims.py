"""Work done once across the bot's processes (several may serve one bot on PostgreSQL): a
seat's review, a hint for one decision.

Such work is kept in the store when it is done, and while it runs a claim in the store says
who is doing it (``Store.claim_work``: one atomic statement). A press that finds the work kept
reads it back; one that finds it claimed by another call, in this process or another, is
refused in one sentence; otherwise it claims the work, looks once more (it may have been
finished elsewhere meanwhile), works it out and lets the claim go. A claim is renewed while
the work goes on and lapses ``CLAIM_SECONDS`` after a process doing it died.
"""

from __future__ import annotations

import uuid
from collections.abc import Awaitable, Callable
from typing import TypeVar

from bot.match.errors import MatchError
from bot.store import Store

T = TypeVar("T")

CLAIM_SECONDS = 120.0
"""How long a claim holds without news: far longer than one step of the work takes (a hint's
search, one decision of a review; the claim is renewed after each), short enough that work
whose process died can soon be asked for again."""

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
