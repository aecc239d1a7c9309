"""Work a shutdown waits for: clicks being answered and changes being shown on Discord.

Their moves are committed already; letting them finish (for a grace period) keeps the store
open under them, so a stop does not turn a half-shown change into an error.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator


class InFlight:
    """A count of the tasks inside ``track()``, and a way to wait until it is zero."""

    def __init__(self) -> None:
        self._busy = 0
        self._idle = asyncio.Event()
        self._idle.set()

    @contextlib.contextmanager
    def track(self) -> Iterator[None]:
        self._busy += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._busy -= 1
            if not self._busy:
                self._idle.set()

    async def wait_idle(self, timeout: float) -> None:
        """Return once nothing is tracked, or after ``timeout`` seconds."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._idle.wait(), timeout)
