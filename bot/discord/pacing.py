"""The token's global rate limit, kept on the bot's side.

Discord allows a bot token 50 requests a second over all routes, interaction endpoints
apart. discord.py paces each route's bucket from its headers but learns of the global limit
only from a 429, and then holds *every* request, interaction answers too, until the limit
resets: one 429 stalls every press in flight, which then come back together and burst past
the limit again. So the bot paces itself: no more than its share of the budget is sent in
any second (a tenth of it kept for the network, which can bunch requests on their way).
The pacer sits in aiohttp's request tracing (``on_request_start``, discord.py's
``http_trace``), which runs right before a request leaves.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections import deque
from collections.abc import Awaitable, Callable
from types import SimpleNamespace

import aiohttp

HEADROOM = 0.9
"""The share of the budget sent: requests sent evenly can still reach Discord bunched."""
WINDOW = 1.05
"""The second the budget is counted over, and a twentieth: requests take slightly
different times to arrive, so two sent just over a second apart can land within one."""
BUSY = 0.6
"""The share of the budget, used over the last ``WINDOW``, past which the bot is busy: the
live turn posts then wait longer for more lines (``Delivery``), so that their edits leave
room for what people wait for (new prompts, new turns)."""
_API = re.compile(r"/api/v\d+/(?P<route>[^/]+)/")
"""The REST API's paths (the gateway's are not requests of the budget)."""
_EXEMPT = ("interactions", "webhooks")
"""Interaction endpoints: the callback, and the webhooks of an interaction token."""

Sleep = Callable[[float], Awaitable[None]]


def limited(path: str) -> bool:
    """Whether a request to ``path`` counts against the global limit."""
    api = _API.match(path)
    return api is not None and api["route"] not in _EXEMPT


class Pacer:
    """At most ``per_second`` requests in any ``WINDOW``, in the order they were made: the
    bot's own order (a turn's post before the next prompt, an old prompt closed before a
    new one opens) is what people see."""

    def __init__(self, per_second: float, *, clock: Callable[[], float] = time.monotonic,
                 sleep: Sleep = asyncio.sleep) -> None:
        if per_second < 1:
            raise ValueError("per_second must be at least 1")
        self.limit = int(per_second)
        self.clock = clock
        self.sleep = sleep
        self._sent: deque[float] = deque()
        self._turn = asyncio.Lock()
        self.waited = 0
        """Requests that had to wait for the window: how often the budget was full."""

    async def take(self) -> None:
        """Wait until one more request fits in the last ``WINDOW``, and count it."""
        async with self._turn:  # first come, first served
            now = self.clock()
            self._forget(now)
            if len(self._sent) >= self.limit:
                self.waited += 1
                await self.sleep(self._sent[0] + WINDOW - now)
                now = self.clock()
                self._forget(now)
            self._sent.append(now)

    def busy(self) -> bool:
        """Whether more than ``BUSY`` of the budget went out over the last ``WINDOW``."""
        self._forget(self.clock())
        return len(self._sent) > BUSY * self.limit

    def _forget(self, now: float) -> None:
        while self._sent and self._sent[0] <= now - WINDOW:
            self._sent.popleft()

    def trace(self) -> aiohttp.TraceConfig:
        """A trace config for discord.py's ``http_trace`` that paces every request bound to
        the global limit."""
        config = aiohttp.TraceConfig()

        async def start(_session: aiohttp.ClientSession, _context: SimpleNamespace,
                        params: aiohttp.TraceRequestStartParams) -> None:
            if limited(params.url.path):
                await self.take()

        config.on_request_start.append(start)
        return config


def share(per_second: int, shard_ids: tuple[int, ...] | None,
          shard_count: int | None) -> float:
    """This process's requests a second: the token's budget, less the headroom, split among
    the processes by the shards each runs (every process of a bot shares its token)."""
    part = (len(shard_ids) / shard_count
            if shard_ids is not None and shard_count else 1.0)
    return max(1.0, per_second * HEADROOM * part)
